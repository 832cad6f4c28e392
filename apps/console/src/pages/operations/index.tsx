import { lazy } from 'react';
import {
  CrownOutlined,
  FlagOutlined,
  GiftOutlined,
  IdcardOutlined,
  SafetyOutlined,
  TrophyOutlined,
  AppstoreOutlined,
} from '@ant-design/icons';
import type { ConsolePage } from '../types.ts';

const PromotionsPage = lazy(() => import('./PromotionsPage.tsx'));
const FlaggedPage = lazy(() => import('./FlaggedPage.tsx'));
const VipPage = lazy(() => import('./VipPage.tsx'));
const GamesPage = lazy(() => import('./GamesPage.tsx'));
const SportPage = lazy(() => import('./SportPage.tsx'));
const KycPage = lazy(() => import('./KycPage.tsx'));
const ProtectionPage = lazy(() => import('./ProtectionPage.tsx'));

/** Operations: promotions, VIP, games and venues, the sportsbook desk, compliance. */
export const operationsPages: ConsolePage[] = [
  {
    key: 'promotions',
    path: 'promo/list',
    title: '活动管理',
    icon: <GiftOutlined />,
    permission: 'promo.read',
    element: <PromotionsPage />,
    group: 'promo',
  },
  {
    key: 'promo-flagged',
    path: 'promo/flagged',
    title: '待审奖励',
    icon: <FlagOutlined />,
    permission: 'promo.read',
    element: <FlaggedPage />,
    group: 'promo',
  },
  {
    key: 'vip',
    path: 'promo/vip',
    title: 'VIP等级与返水',
    icon: <CrownOutlined />,
    permission: 'vip.read',
    element: <VipPage />,
    group: 'promo',
  },
  {
    key: 'games',
    path: 'games/list',
    title: '游戏与场馆',
    icon: <AppstoreOutlined />,
    permission: 'games.read',
    element: <GamesPage />,
    group: 'games',
  },
  {
    key: 'sport',
    path: 'games/sport',
    title: '体育赛果',
    icon: <TrophyOutlined />,
    permission: 'sport.read',
    element: <SportPage />,
    group: 'games',
  },
  {
    key: 'kyc',
    path: 'compliance/kyc',
    title: '实名审核',
    icon: <IdcardOutlined />,
    permission: 'protection.read',
    element: <KycPage />,
    group: 'compliance',
  },
  {
    key: 'protection',
    path: 'compliance/protection',
    title: '玩家保护',
    icon: <SafetyOutlined />,
    permission: 'protection.read',
    element: <ProtectionPage />,
    group: 'compliance',
  },
];
