/**
 * The route table (spec §2): every public and login-required route with its spec route name, its
 * guards by name, and whether the tab bar keeps it mounted. Pages are loaded lazily (route-level code
 * splitting keeps the home route small).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { GuardName } from './guards.ts';

export type RouteName =
  | 'loading'
  | 'home'
  | 'sport'
  | 'realbet'
  | 'chess'
  | 'gaming'
  | 'lottery'
  | 'egame'
  | 'fishing'
  | 'venture'
  | 'localSport'
  | 'pgGame'
  | 'dzGame'
  | 'sponsor'
  | 'agent'
  | 'appdownload'
  | 'discount'
  | 'activityRacePage'
  | 'activityLandPage'
  | 'firstDeposit'
  | 'againDeposit'
  | 'drawGift'
  | 'newTask'
  | 'signGift'
  | 'friendInvitation'
  | 'bettingGift'
  | 'help'
  | `help_${HelpCode}`
  | 'userinfo'
  | 'auth'
  | 'addBankCard'
  | 'virtualCoinCard'
  | 'alipayManage'
  | 'accountManage'
  | 'introTutorial'
  | 'exchange'
  | 'vip'
  | 'vipDetail'
  | 'welfare'
  | 'wallet'
  | 'transRecord'
  | 'betRecord'
  | 'giftRecord'
  | 'message'
  | 'feedback'
  | 'feedbackList'
  | 'saveMoney'
  | 'transferMoney'
  | 'takeMoney'
  | 'rechargeWait'
  | 'transferWait'
  | 'huiwangWait'
  | 'xnbskWait'
  | 'virtualWait'
  | 'game'
  | 'notFound'
  | 'login'
  | 'Redirect'
  | 'RedirectRoot';

/** Help-centre child pages in spec §2 order (kh … zxkf). Content comes from features/help. */
export const HELP_CODES = [
  'kh',
  'ck',
  'qk',
  'zz',
  'yhgz',
  'tjllq',
  'xnbcqkjc',
  'tytzjc',
  'tysstqth',
  'fjcjc',
  'rqgl',
  'dxqgl',
  'cpwt',
  'dzjj',
  'tywt',
  'zrwt',
  'qtwt',
  'bczr',
  'gywm',
  'gztk',
  'hzhb',
  'ysgz',
  'zxkf',
] as const;
export type HelpCode = (typeof HELP_CODES)[number];

/** How the shell frames the page. */
export type Frame = 'home' | 'page' | 'full' | 'mine' | 'bare';

export interface RouteDef {
  name: RouteName;
  /** Absolute path pattern (react-router syntax). */
  path: string;
  Component: ComponentType | LazyExoticComponent<ComponentType>;
  guards?: GuardName[];
  /** Default true: the tab bar keeps the page mounted (and its state) while another tab shows. */
  keepAlive?: boolean;
  /** Default 'page'. */
  frame?: Frame;
  /** Shown in the tab bar and header menus; default false for transitional routes. */
  tab?: boolean;
  /** Section code of the header nav this page belongs to (marks it active). */
  section?: string;
  /** Rendered inside a shared layout route with an <Outlet/> (the help centre's side menu). */
  layout?: 'help';
}

type Module = Record<string, unknown>;
/** lazy() for a named export. */
function lz<M extends Module>(load: () => Promise<M>, name: string): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const component = (await load())[name];
    if (typeof component !== 'function' && typeof component !== 'object') throw new Error(`page ${name} is not exported`);
    return { default: component as ComponentType };
  });
}

const home = () => import('../features/home/HomePage.tsx');
const game = () => import('../features/game/pages.tsx');
const info = () => import('../features/info/index.ts');
const activity = () => import('../features/activity/pages.tsx');
const sport = () => import('../features/sport/index.ts');
const wallet = () => import('../features/wallet/index.ts');
const vip = () => import('../features/vip/index.ts');
const messages = () => import('../features/messages/index.ts');
const mineAccount = () => import('../features/mine/account.tsx');
const shell = () => import('../ui/layout/pages.tsx');
const help = () => import('./helpPages.tsx');

const LOGIN: GuardName[] = ['requireLogin'];
const BOUND: GuardName[] = ['requireBoundPhone'];

/** Activity pages taking an {id} (spec §2). */
const ACTIVITY_ID_PAGES: [RouteName, string][] = [
  ['activityRacePage', 'racePage'],
  ['activityLandPage', 'activityLandPage'],
  ['firstDeposit', 'firstDeposit'],
  ['againDeposit', 'againDeposit'],
  ['newTask', 'newTask'],
  ['drawGift', 'drawGift'],
  ['signGift', 'signGift'],
  ['bettingGift', 'bettingGift'],
];

type PageModule = () => Promise<Module>;
/** Login-required pages under /mine (name, path, page module, page export, guards). */
const MINE_PAGES: [RouteName, string, PageModule, string, GuardName[]][] = [
  ['virtualCoinCard', 'virtualCoinCard', wallet, 'VirtualCoinCardPage', BOUND],
  ['alipayManage', 'alipayManage', wallet, 'AlipayManagePage', BOUND],
  ['accountManage', 'accountManage/:id', wallet, 'AccountManagePage', BOUND],
  ['introTutorial', 'introTutorial', wallet, 'IntroTutorialPage', BOUND],
  ['addBankCard', 'addBankCard', wallet, 'AddBankCardPage', BOUND],
  ['exchange', 'exchange', vip, 'ExchangePage', LOGIN],
  ['vip', 'vip', vip, 'VipPage', LOGIN],
  ['vipDetail', 'vip/detail', vip, 'VipDetailPage', LOGIN],
  ['welfare', 'welfare', vip, 'WelfarePage', LOGIN],
  ['wallet', 'wallet', wallet, 'WalletPage', LOGIN],
  ['transRecord', 'transRecord', wallet, 'TransRecordPage', LOGIN],
  ['betRecord', 'betRecord', sport, 'BetRecordPage', LOGIN],
  ['giftRecord', 'giftRecord', activity, 'GiftRecordPage', LOGIN],
  ['message', 'message', messages, 'MessagePage', LOGIN],
  ['feedback', 'feedback', messages, 'FeedbackPage', LOGIN],
  ['feedbackList', 'feedback/list', messages, 'FeedbackListPage', LOGIN],
  ['saveMoney', 'savemoney', wallet, 'SaveMoneyPage', LOGIN],
  ['transferMoney', 'transfermoney', wallet, 'TransferMoneyPage', LOGIN],
  ['takeMoney', 'takemoney', wallet, 'TakeMoneyPage', LOGIN],
  ['rechargeWait', 'rechargeWait', wallet, 'RechargeWaitPage', LOGIN],
  ['transferWait', 'transferWait', wallet, 'TransferWaitPage', LOGIN],
  ['virtualWait', 'virtualWait', wallet, 'VirtualWaitPage', LOGIN],
  ['huiwangWait', 'huiwangWait', wallet, 'HuiwangWaitPage', LOGIN],
  ['xnbskWait', 'xnbskWait', wallet, 'XnbskWaitPage', LOGIN],
];

const GAME_CATEGORIES: [RouteName, string, string, string][] = [
  ['sport', 'sport', 'SportPage', 'TY'],
  ['realbet', 'realbet', 'RealbetPage', 'ZR'],
  ['chess', 'chess', 'ChessPage', 'QP'],
  ['gaming', 'gaming', 'GamingPage', 'DJ'],
  ['lottery', 'lottery', 'LotteryPage', 'CP'],
  ['egame', 'egame', 'EgamePage', 'DZ'],
  ['fishing', 'fishing', 'FishingPage', 'BY'],
];

export const ROUTES: RouteDef[] = [
  { name: 'home', path: '/', Component: lz(home, 'HomePage'), frame: 'home', tab: true, section: 'HOME' },
  { name: 'loading', path: '/loading', Component: lz(shell, 'LoadingPage'), keepAlive: false, frame: 'bare' },
  { name: 'login', path: '/login', Component: lz(shell, 'LoginPage'), keepAlive: false, frame: 'bare' },
  ...GAME_CATEGORIES.map(([name, path, exp, section]): RouteDef => ({
    name,
    path: `/game/${path}`,
    Component: lz<Module>(name === 'sport' ? sport : game, exp),
    tab: true,
    section,
  })),
  { name: 'venture', path: '/game/venture', Component: lz(game, 'VenturePage'), tab: true },
  {
    name: 'localSport',
    path: '/game/sport/:enName',
    Component: lz(sport, 'LocalSportPage'),
    guards: LOGIN,
    frame: 'full',
    tab: true,
    section: 'TY',
  },
  { name: 'game', path: '/game/:info', Component: lz(game, 'GameHostPage'), guards: LOGIN, frame: 'full', keepAlive: false, tab: true },
  { name: 'pgGame', path: '/pg/game', Component: lz(game, 'SlotHostPage'), frame: 'full', keepAlive: false, tab: true, section: 'DZ' },
  { name: 'dzGame', path: '/dz/game', Component: lz(game, 'SlotHostPage'), frame: 'full', keepAlive: false, tab: true, section: 'DZ' },
  { name: 'sponsor', path: '/sponsor', Component: lz(info, 'SponsorPage'), tab: true, section: 'sponsor' },
  { name: 'agent', path: '/agent', Component: lz(info, 'AgentPage'), tab: true },
  { name: 'appdownload', path: '/download', Component: lz(info, 'DownloadPage'), tab: true, section: 'download' },
  { name: 'discount', path: '/activity/discount', Component: lz(activity, 'DiscountPage'), tab: true, section: 'discount' },
  ...ACTIVITY_ID_PAGES.map(([name, seg]): RouteDef => ({
    name,
    path: `/activity/${seg}/:id`,
    Component: lz(activity, 'ActivityDetailPage'),
    tab: true,
    section: 'discount',
  })),
  {
    name: 'friendInvitation',
    path: '/activity/friendInvitation',
    Component: lz(activity, 'FriendInvitationPage'),
    tab: true,
    section: 'discount',
  },
  { name: 'help', path: '/app/help', Component: lz(help, 'HelpIndex'), tab: true, layout: 'help' },
  ...HELP_CODES.map((code): RouteDef => ({
    name: `help_${code}`,
    path: `/app/help/${code}`,
    Component: lz(help, 'HelpChild'),
    tab: true,
    layout: 'help',
  })),
  { name: 'userinfo', path: '/mine/userinfo', Component: lz(mineAccount, 'UserInfoPage'), guards: LOGIN, frame: 'mine', tab: true },
  { name: 'auth', path: '/mine/auth', Component: lz(mineAccount, 'AuthPage'), guards: LOGIN, frame: 'mine', tab: true },
  ...MINE_PAGES.map(([name, path, load, exp, guards]): RouteDef => ({
    name,
    path: `/mine/${path}`,
    Component: lz(load, exp),
    guards,
    frame: 'mine',
    tab: true,
  })),
  { name: 'RedirectRoot', path: '/redirect', Component: lz(shell, 'RedirectPage'), guards: LOGIN, keepAlive: false, frame: 'bare' },
  { name: 'Redirect', path: '/redirect/*', Component: lz(shell, 'RedirectPage'), guards: LOGIN, keepAlive: false, frame: 'bare' },
  { name: 'notFound', path: '*', Component: lz(shell, 'NotFoundPage'), keepAlive: false, tab: false, frame: 'bare' },
];

export const ROUTE_BY_NAME: ReadonlyMap<RouteName, RouteDef> = new Map(ROUTES.map((r) => [r.name, r]));
