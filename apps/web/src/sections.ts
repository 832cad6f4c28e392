/**
 * Top navigation (spec §1 sections, §2 routes). Plain links for now: the route table with named
 * guards replaces them when the React Router app lands.
 */
export interface NavItem {
  /** Spec §2 venue type code where the section has one. */
  code?: string;
  label: string;
  href: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { code: 'HOME', label: '首页', href: '/' },
  { code: 'TY', label: '体育', href: '/game/sport' },
  { code: 'ZR', label: '真人', href: '/game/realbet' },
  { code: 'QP', label: '棋牌', href: '/game/chess' },
  { code: 'DZ', label: '电子', href: '/game/egame' },
  { code: 'DJ', label: '电竞', href: '/game/gaming' },
  { code: 'CP', label: '彩票', href: '/game/lottery' },
  { code: 'BY', label: '捕鱼', href: '/game/fishing' },
  { label: '优惠', href: '/activity/discount' },
  { label: '赞助', href: '/sponsor' },
  { label: 'APP下载', href: '/download' },
  { label: '客服', href: '/app/help/zxkf' },
];

/** Game categories shown as tiles on the landing page. */
export const GAME_TILES: readonly { code: string; label: string; blurb: string; href: string }[] = [
  { code: 'TY', label: '体育', blurb: '足球 · 篮球 · 网球', href: '/game/sport' },
  { code: 'ZR', label: '真人', blurb: '百家乐 · 龙虎 · 轮盘', href: '/game/realbet' },
  { code: 'QP', label: '棋牌', blurb: '斗地主 · 麻将 · 牛牛', href: '/game/chess' },
  { code: 'DZ', label: '电子', blurb: '老虎机 · 奖池游戏', href: '/game/egame' },
  { code: 'DJ', label: '电竞', blurb: 'LOL · DOTA2 · CS2', href: '/game/gaming' },
  { code: 'CP', label: '彩票', blurb: '快三 · 时时彩', href: '/game/lottery' },
  { code: 'BY', label: '捕鱼', blurb: '多人联机捕鱼', href: '/game/fishing' },
];

/** The nav item for a path: exact for home, prefix for the rest. */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.href === '/') return pathname === '/';
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
