/**
 * Route names and their paths (spec §2), pure data: what features and the navigation helpers import.
 * The page components of each route live in the route table (routes/table.tsx), which only the
 * router setup imports — so a feature naming a route never pulls in every other feature.
 */

/** Help-centre child pages in spec §2 order (kh … zxkf), then 公平验证 gpyz. Content comes from features/help. */
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
  // 公平验证: re-derive any round from its seeds in the browser.
  'gpyz',
] as const;
export type HelpCode = (typeof HELP_CODES)[number];

/** Absolute path pattern (react-router syntax) of every route but the help children, in table order. */
const PATHS = {
  home: '/',
  loading: '/loading',
  login: '/login',
  sport: '/game/sport',
  realbet: '/game/realbet',
  chess: '/game/chess',
  gaming: '/game/gaming',
  lottery: '/game/lottery',
  egame: '/game/egame',
  fishing: '/game/fishing',
  venture: '/game/venture',
  localSport: '/game/sport/:enName',
  // issue 32: an e-sports series of the house book (not in the spec's route list; reached from the 电竞 lobby).
  esportsMatch: '/game/gaming/:gameId',
  game: '/game/:info',
  pgGame: '/pg/game',
  dzGame: '/dz/game',
  zrTable: '/zr/table',
  // 棋牌 (issue 31): the house 百人 tables and the PvP 斗地主 table sit under the 棋牌 section.
  qpTable: '/qp/table',
  qpDoudizhu: '/qp/doudizhu',
  cpGame: '/cp/game',
  byGame: '/by/game',
  sponsor: '/sponsor',
  agent: '/agent',
  appdownload: '/download',
  discount: '/activity/discount',
  activityRacePage: '/activity/racePage/:id',
  activityLandPage: '/activity/activityLandPage/:id',
  firstDeposit: '/activity/firstDeposit/:id',
  againDeposit: '/activity/againDeposit/:id',
  newTask: '/activity/newTask/:id',
  drawGift: '/activity/drawGift/:id',
  signGift: '/activity/signGift/:id',
  bettingGift: '/activity/bettingGift/:id',
  friendInvitation: '/activity/friendInvitation',
  help: '/app/help',
  userinfo: '/mine/userinfo',
  auth: '/mine/auth',
  protection: '/mine/protection',
  virtualCoinCard: '/mine/virtualCoinCard',
  alipayManage: '/mine/alipayManage',
  accountManage: '/mine/accountManage/:id',
  introTutorial: '/mine/introTutorial',
  addBankCard: '/mine/addBankCard',
  vip: '/mine/vip',
  vipDetail: '/mine/vip/detail',
  welfare: '/mine/welfare',
  wallet: '/mine/wallet',
  transRecord: '/mine/transRecord',
  betRecord: '/mine/betRecord',
  giftRecord: '/mine/giftRecord',
  message: '/mine/message',
  feedback: '/mine/feedback',
  feedbackList: '/mine/feedback/list',
  support: '/support',
  // Live rooms (issue 34; not in the spec's route list): the list and a room.
  live: '/live',
  liveRoom: '/live/:roomId',
  saveMoney: '/mine/savemoney',
  transferMoney: '/mine/transfermoney',
  takeMoney: '/mine/takemoney',
  rechargeWait: '/mine/rechargeWait',
  transferWait: '/mine/transferWait',
  virtualWait: '/mine/virtualWait',
  huiwangWait: '/mine/huiwangWait',
  xnbskWait: '/mine/xnbskWait',
  RedirectRoot: '/redirect',
  Redirect: '/redirect/*',
  notFound: '*',
} as const;

export type RouteName = keyof typeof PATHS | `help_${HelpCode}`;

const BY_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(PATHS),
  ...HELP_CODES.map((code): [string, string] => [`help_${code}`, `${PATHS.help}/${code}`]),
]);

/** The path pattern of a named route ('accountManage' → '/mine/accountManage/:id'); throws on an unknown name. */
export function routePath(name: RouteName): string {
  const path = BY_NAME.get(name);
  if (path === undefined) throw new Error(`unknown route name: ${name}`);
  return path;
}
