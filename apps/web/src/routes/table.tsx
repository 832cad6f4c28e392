/**
 * The route table (spec §2): every public and login-required route with its spec route name (paths in
 * routes/paths.ts), its page, its guards by name, and whether the tab bar keeps it mounted. Pages are
 * loaded lazily (route-level code splitting keeps the home route small). Imported only by the router
 * setup (routes/elements.tsx, routes/resolve.ts): features name routes through routes/paths.ts.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { GuardName } from './guards.ts';
import { HELP_CODES, routePath, type RouteName } from './paths.ts';

/** How the shell frames the page. */
export type Frame = 'home' | 'page' | 'full' | 'mine' | 'bare';

export interface RouteDef {
  name: RouteName;
  /** Absolute path pattern (react-router syntax), from routes/paths.ts. */
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
const fishing = () => import('../features/fishing/index.ts');
const info = () => import('../features/info/index.ts');
const activity = () => import('../features/activity/pages.tsx');
const sport = () => import('../features/sport/index.ts');
const esports = () => import('../features/esports/index.ts');
const wallet = () => import('../features/wallet/index.ts');
const vip = () => import('../features/vip/index.ts');
const messages = () => import('../features/messages/index.ts');
const mineAccount = () => import('../features/mine/account.tsx');
const protection = () => import('../features/protection/index.ts');
const shell = () => import('../shell/pages.tsx');
const help = () => import('./helpPages.tsx');
const live = () => import('../features/live/index.ts');

const LOGIN: GuardName[] = ['requireLogin'];
const BOUND: GuardName[] = ['requireBoundPhone'];

/** Activity pages taking an {id} (spec §2). */
const ACTIVITY_ID_PAGES: RouteName[] = [
  'activityRacePage',
  'activityLandPage',
  'firstDeposit',
  'againDeposit',
  'newTask',
  'drawGift',
  'signGift',
  'bettingGift',
];

type PageModule = () => Promise<Module>;
/** Login-required pages under /mine (name, page module, page export, guards). */
const MINE_PAGES: [RouteName, PageModule, string, GuardName[]][] = [
  ['virtualCoinCard', wallet, 'VirtualCoinCardPage', BOUND],
  ['alipayManage', wallet, 'AlipayManagePage', BOUND],
  ['accountManage', wallet, 'AccountManagePage', BOUND],
  ['introTutorial', wallet, 'IntroTutorialPage', BOUND],
  ['addBankCard', wallet, 'AddBankCardPage', BOUND],
  ['vip', vip, 'VipPage', LOGIN],
  ['vipDetail', vip, 'VipDetailPage', LOGIN],
  ['welfare', vip, 'WelfarePage', LOGIN],
  ['protection', protection, 'ProtectionPage', LOGIN],
  ['wallet', wallet, 'WalletPage', LOGIN],
  ['transRecord', wallet, 'TransRecordPage', LOGIN],
  ['betRecord', sport, 'BetRecordPage', LOGIN],
  ['giftRecord', activity, 'GiftRecordPage', LOGIN],
  ['message', messages, 'MessagePage', LOGIN],
  ['feedback', messages, 'FeedbackPage', LOGIN],
  ['feedbackList', messages, 'FeedbackListPage', LOGIN],
  ['saveMoney', wallet, 'SaveMoneyPage', LOGIN],
  ['transferMoney', wallet, 'TransferMoneyPage', LOGIN],
  ['takeMoney', wallet, 'TakeMoneyPage', LOGIN],
  ['rechargeWait', wallet, 'RechargeWaitPage', LOGIN],
  ['transferWait', wallet, 'TransferWaitPage', LOGIN],
  ['virtualWait', wallet, 'VirtualWaitPage', LOGIN],
  ['huiwangWait', wallet, 'HuiwangWaitPage', LOGIN],
  ['xnbskWait', wallet, 'XnbskWaitPage', LOGIN],
];

/** Game categories (name, page export, header section). */
const GAME_CATEGORIES: [RouteName, string, string][] = [
  ['sport', 'SportPage', 'TY'],
  ['realbet', 'RealbetPage', 'ZR'],
  ['chess', 'ChessPage', 'QP'],
  ['gaming', 'GamingPage', 'DJ'],
  ['lottery', 'LotteryPage', 'CP'],
  ['egame', 'EgamePage', 'DZ'],
  ['fishing', 'FishingPage', 'BY'],
];

type Entry = Omit<RouteDef, 'path'>;

const ENTRIES: Entry[] = [
  { name: 'home', Component: lz(home, 'HomePage'), frame: 'home', tab: true, section: 'HOME' },
  { name: 'loading', Component: lz(shell, 'LoadingPage'), keepAlive: false, frame: 'bare' },
  { name: 'login', Component: lz(shell, 'LoginPage'), keepAlive: false, frame: 'bare' },
  ...GAME_CATEGORIES.map(([name, exp, section]): Entry => ({
    name,
    Component: lz<Module>(name === 'sport' ? sport : game, exp),
    tab: true,
    section,
    ...(name === 'sport' ? { guards: ['skipSportEntry'] as GuardName[] } : {}),
  })),
  { name: 'venture', Component: lz(game, 'VenturePage'), tab: true },
  { name: 'localSport', Component: lz(sport, 'LocalSportPage'), guards: LOGIN, frame: 'full', tab: true, section: 'TY' },
  // issue 32: an e-sports series (match page) of the house book.
  { name: 'esportsMatch', Component: lz(esports, 'MatchPage'), guards: LOGIN, frame: 'full', keepAlive: false, tab: true, section: 'DJ' },
  { name: 'game', Component: lz(game, 'GameHostPage'), guards: LOGIN, frame: 'full', keepAlive: false, tab: true },
  { name: 'pgGame', Component: lz(game, 'SlotHostPage'), frame: 'full', keepAlive: false, tab: true, section: 'DZ' },
  { name: 'dzGame', Component: lz(game, 'SlotHostPage'), frame: 'full', keepAlive: false, tab: true, section: 'DZ' },
  { name: 'zrTable', Component: lz(game, 'TablePage'), frame: 'full', keepAlive: false, tab: true, section: 'ZR' },
  // 棋牌 (issue 31): its 百人 tables on the table page, the PvP 斗地主 table — the header highlights 棋牌.
  { name: 'qpTable', Component: lz(game, 'TablePage'), frame: 'full', keepAlive: false, tab: true, section: 'QP' },
  { name: 'qpDoudizhu', Component: lz(game, 'DoudizhuPage'), guards: LOGIN, frame: 'full', keepAlive: false, tab: true, section: 'QP' },
  { name: 'cpGame', Component: lz(game, 'LotteryGamePage'), frame: 'full', keepAlive: false, tab: true, section: 'CP' },
  { name: 'byGame', Component: lz(fishing, 'FishingGamePage'), frame: 'full', keepAlive: false, tab: true, section: 'BY' },
  { name: 'sponsor', Component: lz(info, 'SponsorPage'), tab: true, section: 'sponsor' },
  { name: 'agent', Component: lz(info, 'AgentPage'), tab: true },
  // The built-in service desk (not in the spec's route list: where 在线客服 leads without an external address).
  { name: 'support', Component: lz(messages, 'SupportPage'), tab: true },
  // Live rooms (issue 34): a host talks a match through beside a moderated chat.
  { name: 'live', Component: lz(live, 'LiveListPage'), tab: true },
  { name: 'liveRoom', Component: lz(live, 'LiveRoomPage'), keepAlive: false, tab: true },
  { name: 'appdownload', Component: lz(info, 'DownloadPage'), tab: true, section: 'download' },
  { name: 'discount', Component: lz(activity, 'DiscountPage'), tab: true, section: 'discount' },
  ...ACTIVITY_ID_PAGES.map((name): Entry => ({ name, Component: lz(activity, 'ActivityDetailPage'), tab: true, section: 'discount' })),
  { name: 'friendInvitation', Component: lz(activity, 'FriendInvitationPage'), tab: true, section: 'discount' },
  { name: 'help', Component: lz(help, 'HelpIndex'), tab: true, layout: 'help' },
  ...HELP_CODES.map((code): Entry => ({ name: `help_${code}`, Component: lz(help, 'HelpChild'), tab: true, layout: 'help' })),
  { name: 'userinfo', Component: lz(mineAccount, 'UserInfoPage'), guards: LOGIN, frame: 'mine', tab: true },
  { name: 'auth', Component: lz(mineAccount, 'AuthPage'), guards: LOGIN, frame: 'mine', tab: true },
  ...MINE_PAGES.map(([name, load, exp, guards]): Entry => ({ name, Component: lz(load, exp), guards, frame: 'mine', tab: true })),
  { name: 'RedirectRoot', Component: lz(shell, 'RedirectPage'), guards: LOGIN, keepAlive: false, frame: 'bare' },
  { name: 'Redirect', Component: lz(shell, 'RedirectPage'), guards: LOGIN, keepAlive: false, frame: 'bare' },
  { name: 'notFound', Component: lz(shell, 'NotFoundPage'), keepAlive: false, tab: false, frame: 'bare' },
];

/** Every route with its path; the catch-all stays last. */
export const ROUTES: RouteDef[] = ENTRIES.map((entry) => ({ ...entry, path: routePath(entry.name) }));
