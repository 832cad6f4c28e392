import { lazy } from 'react';
import { TeamOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../types.ts';

const MembersPage = lazy(() => import('./MembersPage.tsx'));
const MemberDetailPage = lazy(() => import('./MemberDetailPage.tsx'));

export const membersPages: ConsolePage[] = [
  {
    key: 'members',
    path: 'members',
    title: '会员列表',
    icon: <TeamOutlined />,
    permission: 'member.read',
    element: <MembersPage />,
    group: 'members',
  },
  {
    key: 'member',
    path: 'members/:siteCode/:username',
    title: '会员详情',
    permission: 'member.read',
    element: <MemberDetailPage />,
    group: 'members',
    hidden: true,
  },
];
