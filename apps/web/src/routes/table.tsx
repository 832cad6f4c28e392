/**
 * The route table (spec §2): every public and login-required route with its spec route name, its
 * guards by name, and whether the tab bar keeps it mounted. Pages are loaded lazily (route-level code
 * splitting keeps the home route small).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { GuardName } from './guards.ts';

export type RouteName =
  | 'loading' | 'home' | 'sport' | 'realbet' | 'chess' | 'gaming' | 'lottery' | 'egame' | 'fishing' | 'venture'
  | 'localSport' | 'pgGame' | 'dzGame' | 'sponsor' | 'agent' | 'appdownload' | 'discount' | 'activityRacePage'
  | 'activityLandPage' | 'firstDeposit' | 'againDeposit' | 'drawGift' | 'newTask' | 'signGift' | 'friendInvitation'
  | 'bettingGift' | 'help' | `help_${HelpCode}` | 'userinfo' | 'auth' | 'addBankCard' | 'virtualCoinCard' | 'alipayManage'
  | 'accountManage' | 'introTutorial' | 'exchange' | 'vip' | 'vipDetail' | 'welfare' | 'wallet' | 'transRecord'
  | 'betRecord' | 'giftRecord' | 'message' | 'feedback' | 'feedbackList' | 'saveMoney' | 'transferMoney' | 'takeMoney'
  | 'rechargeWait' | 'transferWait' | 'huiwangWait' | 'xnbskWait' | 'virtualWait' | 'game' | 'notFound' | 'login'
  | 'Redirect' | 'RedirectRoot';

/** Help-centre child pages in spec §2 order (kh … zxkf). Content comes from features/help. */
export const HELP_CODES = [
  'kh', 'ck', 'qk', 'zz', 'yhgz', 'tjllq', 'xnbcqkjc', 'tytzjc', 'tysstqth', 'fjcjc', 'rqgl', 'dxqgl', 'cpwt', 'dzjj',
  'tywt', 'zrwt', 'qtwt', 'bczr', 'gywm', 'gztk', 'hzhb', 'ysgz', 'zxkf',
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
const mine = () => import('../features/mine/pages.tsx');
const mineAccount = () => import('../features/mine/account.tsx');
const shell = () => import('../ui/layout/pages.tsx');
const help = () => import('./helpPages.tsx');

const LOGIN: GuardName[] = ['requireLogin'];
const BOUND: GuardName[] = ['requireBoundPhone'];

/** Activity pages taking an {id} (spec §2). */
const ACTIVITY_ID_PAGES: [RouteName, string][] = [
  ['activityRacePage', 'racePage'], ['activityLandPage', 'activityLandPage'], ['firstDeposit', 'firstDeposit'],
  ['againDeposit', 'againDeposit'], ['newTask', 'newTask'], ['drawGift', 'drawGift'], ['signGift', 'signGift'],
  ['bettingGift', 'bettingGift'],
];

/** Login-required pages under /mine (name, path, page export, guards). */
const MINE_PAGES: [RouteName, string, string, GuardName[]][] = [
  ['virtualCoinCard', 'virtualCoinCard', 'VirtualCoinCardPage', BOUND],
  ['alipayManage', 'alipayManage', 'AlipayManagePage', BOUND],
  ['accountManage', 'accountManage/:id', 'AccountManagePage', BOUND],
  ['introTutorial', 'introTutorial', 'IntroTutorialPage', BOUND],
  ['addBankCard', 'addBankCard', 'AddBankCardPage', BOUND],
  ['exchange', 'exchange', 'ExchangePage', LOGIN],
  ['vip', 'vip', 'VipPage', LOGIN],
  ['vipDetail', 'vip/detail', 'VipDetailPage', LOGIN],
  ['welfare', 'welfare', 'WelfarePage', LOGIN],
  ['wallet', 'wallet', 'WalletPage', LOGIN],
  ['transRecord', 'transRecord', 'TransRecordPage', LOGIN],
  ['betRecord', 'betRecord', 'BetRecordPage', LOGIN],
  ['giftRecord', 'giftRecord', 'GiftRecordPage', LOGIN],
  ['message', 'message', 'MessagePage', LOGIN],
  ['feedback', 'feedback', 'FeedbackPage', LOGIN],
  ['feedbackList', 'feedback/list', 'FeedbackListPage', LOGIN],
  ['saveMoney', 'savemoney', 'SaveMoneyPage', LOGIN],
  ['transferMoney', 'transfermoney', 'TransferMoneyPage', LOGIN],
  ['takeMoney', 'takemoney', 'TakeMoneyPage', LOGIN],
  ['rechargeWait', 'rechargeWait', 'RechargeWaitPage', LOGIN],
  ['transferWait', 'transferWait', 'TransferWaitPage', LOGIN],
  ['virtualWait', 'virtualWait', 'VirtualWaitPage', LOGIN],
  ['huiwangWait', 'huiwangWait', 'HuiwangWaitPage', LOGIN],
  ['xnbskWait', 'xnbskWait', 'XnbskWaitPage', LOGIN],
];

const GAME_CATEGORIES: [RouteName, string, string, string][] = [
  ['sport', 'sport', 'SportPage', 'TY'], ['realbet', 'realbet', 'RealbetPage', 'ZR'], ['chess', 'chess', 'ChessPage', 'QP'],
  ['gaming', 'gaming', 'GamingPage', 'DJ'], ['lottery', 'lottery', 'LotteryPage', 'CP'], ['egame', 'egame', 'EgamePage', 'DZ'],
  ['fishing', 'fishing', 'FishingPage', 'BY'],
];

export const ROUTES: RouteDef[] = [
  { name: 'home', path: '/', Component: lz(home, 'HomePage'), frame: 'home', tab: true, section: 'HOME' },
  { name: 'loading', path: '/loading', Component: lz(shell, 'LoadingPage'), keepAlive: false, frame: 'bare' },
  { name: 'login', path: '/login', Component: lz(shell, 'LoginPage'), keepAlive: false, frame: 'bare' },
  ...GAME_CATEGORIES.map(([name, path, exp, section]): RouteDef => ({ name, path: `/game/${path}`, Component: lz(game, exp), tab: true, section })),
  { name: 'venture', path: '/game/venture', Component: lz(game, 'VenturePage'), tab: true },
  { name: 'localSport', path: '/game/sport/:enName', Component: lz(game, 'LocalSportPage'), guards: LOGIN, frame: 'full', tab: true, section: 'TY' },
  { name: 'game', path: '/game/:info', Component: lz(game, 'GameHostPage'), guards: LOGIN, frame: 'full', keepAlive: false, tab: true },
  { name: 'pgGame', path: '/pg/game', Component: lz(game, 'SlotHostPage'), frame: 'full', keepAlive: false, tab: true, section: 'DZ' },
  { name: 'dzGame', path: '/dz/game', Component: lz(game, 'SlotHostPage'), frame: 'full', keepAlive: false, tab: true, section: 'DZ' },
  { name: 'sponsor', path: '/sponsor', Component: lz(info, 'SponsorPage'), tab: true, section: 'sponsor' },
  { name: 'agent', path: '/agent', Component: lz(info, 'AgentPage'), tab: true },
  { name: 'appdownload', path: '/download', Component: lz(info, 'DownloadPage'), tab: true, section: 'download' },
  { name: 'discount', path: '/activity/discount', Component: lz(activity, 'DiscountPage'), tab: true, section: 'discount' },
  ...ACTIVITY_ID_PAGES.map(([name, seg]): RouteDef => ({ name, path: `/activity/${seg}/:id`, Component: lz(activity, 'ActivityDetailPage'), tab: true, section: 'discount' })),
  { name: 'friendInvitation', path: '/activity/friendInvitation', Component: lz(activity, 'FriendInvitationPage'), tab: true, section: 'discount' },
  { name: 'help', path: '/app/help', Component: lz(help, 'HelpIndex'), tab: true, layout: 'help' },
  ...HELP_CODES.map((code): RouteDef => ({ name: `help_${code}`, path: `/app/help/${code}`, Component: lz(help, 'HelpChild'), tab: true, layout: 'help' })),
  { name: 'userinfo', path: '/mine/userinfo', Component: lz(mineAccount, 'UserInfoPage'), guards: LOGIN, frame: 'mine', tab: true },
  { name: 'auth', path: '/mine/auth', Component: lz(mineAccount, 'AuthPage'), guards: LOGIN, frame: 'mine', tab: true },
  ...MINE_PAGES.map(([name, path, exp, guards]): RouteDef => ({ name, path: `/mine/${path}`, Component: lz(mine, exp), guards, frame: 'mine', tab: true })),
  { name: 'RedirectRoot', path: '/redirect', Component: lz(shell, 'RedirectPage'), guards: LOGIN, keepAlive: false, frame: 'bare' },
  { name: 'Redirect', path: '/redirect/*', Component: lz(shell, 'RedirectPage'), guards: LOGIN, keepAlive: false, frame: 'bare' },
  { name: 'notFound', path: '*', Component: lz(shell, 'NotFoundPage'), keepAlive: false, tab: false, frame: 'bare' },
];

export const ROUTE_BY_NAME: ReadonlyMap<RouteName, RouteDef> = new Map(ROUTES.map((r) => [r.name, r]));
