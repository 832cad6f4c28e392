import { lazy } from 'react';
import { AuditOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../types.ts';

const AuditPage = lazy(() => import('./AuditPage.tsx'));

export const auditPages: ConsolePage[] = [
  {
    key: 'audit',
    path: 'audit',
    title: '审计日志',
    icon: <AuditOutlined />,
    permission: 'audit.read',
    element: <AuditPage />,
    group: 'system',
  },
];
