import { lazy } from 'react';
import { DashboardOutlined, LineChartOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../types.ts';

const DashboardPage = lazy(() => import('./DashboardPage.tsx'));
const DailyReportPage = lazy(() => import('./DailyReportPage.tsx'));

export const reportsPages: ConsolePage[] = [
  {
    key: 'dashboard',
    path: 'dashboard',
    title: '仪表盘',
    icon: <DashboardOutlined />,
    permission: 'dashboard.read',
    element: <DashboardPage />,
    group: 'overview',
  },
  {
    key: 'reports-daily',
    path: 'reports/daily',
    title: '日报表',
    icon: <LineChartOutlined />,
    permission: 'reports.read',
    element: <DailyReportPage />,
    group: 'reports',
  },
];
