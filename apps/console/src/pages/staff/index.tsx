import { lazy } from 'react';
import { TeamOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../types.ts';

const StaffPage = lazy(() => import('./StaffPage.tsx'));

export const staffPages: ConsolePage[] = [
  {
    key: 'staff',
    path: 'staff',
    title: '员工账号',
    icon: <TeamOutlined />,
    permission: 'staff.read',
    element: <StaffPage />,
    group: 'system',
  },
];
