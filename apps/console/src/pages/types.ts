import type { ReactNode } from 'react';
import type { Permission } from '@portal/contract/console';

/** The side menu's groups, in menu order. */
export const PAGE_GROUPS = {
  overview: '总览',
  finance: '财务',
  members: '会员',
  risk: '风控',
  promo: '活动与VIP',
  content: '内容',
  games: '游戏与体育',
  service: '客服',
  compliance: '合规',
  reports: '报表',
  system: '系统',
} as const;
export type PageGroup = keyof typeof PAGE_GROUPS;

/** One screen of the console: a route under /console and, unless `hidden`, a side-menu entry. */
export interface ConsolePage {
  /** Unique; also the menu item's key. 'dashboard' is the home page when the role may open it. */
  key: string;
  /** Route path under /console, without the leading slash ('staff', 'finance/withdrawals', 'members/:username'). */
  path: string;
  /** Chinese menu and page title. */
  title: string;
  icon?: ReactNode;
  /** What the staff member must hold to see the menu entry and open the route. */
  permission: Permission;
  /** The page (wrap a lazy() component: the layout suspends on it). */
  element: ReactNode;
  group: PageGroup;
  /** A route without a menu entry (a detail page). */
  hidden?: boolean;
}
