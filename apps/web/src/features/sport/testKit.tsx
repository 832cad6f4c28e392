/** Component-test kit of the sport pages: a venue session, fixtures in the sportsbook's answer shapes, the resource router. */
import { beforeEach, vi } from 'vitest';
import { withWalletTestSession } from '../wallet/testKit.tsx';
import { resetSlipForTests } from './store.ts';
import type { SportMarketWire as Market, SportGameWire as SportGame } from '@portal/contract';
import { resetVenueForTests } from './venue.ts';

/**
 * A test file of whole sport pages: a member session, a fresh slip (Hong Kong odds) and venue per test.
 * Whole-page tests click through antd on a shared 2-core machine: they get room beyond the 5 s default.
 */
export function setupSportPageTests(): void {
  vi.setConfig({ testTimeout: 15_000 });
  withWalletTestSession();
  beforeEach(() => {
    resetSlipForTests('H');
    resetVenueForTests();
  });
}

export const LAUNCH = {
  url: '',
  data: { enName: 'CRTY', token: 'VT1', expiresAt: Date.now() + 3_600_000, oddsTypes: ['H', 'E', 'I', 'M'] },
};

export function market(type: string, sels: Array<[string, string, number]>, kind: Market['kind'] = 'main'): Market {
  return {
    type,
    name: { '1X2': '独赢', AH: '让球', OU: '大小', OE: '单双', ML: '独赢' }[type] ?? type,
    kind,
    selections: sels.map(([w, name, r]) => ({ w, name, r })),
  };
}

export function game(n: number, over: Partial<SportGame> = {}): SportGame {
  const h = `主队${n}`;
  const c = `客队${n}`;
  return {
    gameId: `g${n}`,
    gameType: 'FT',
    league: n % 2 ? '英格兰超级联赛' : '西班牙甲级联赛',
    league_id: n % 2 ? 'EPL' : 'LALIGA',
    team_h: h,
    team_c: c,
    startAt: Date.UTC(2026, 10, 22, 12, n),
    showType: 'FT',
    status: 'scheduled',
    suspended: false,
    version: 1,
    re_time: '',
    t_count: 0,
    se_now: '',
    HalfTime: 0,
    inningNum: 0,
    gameStatus: 'NOT_STARTED',
    sc_FT_H: 0,
    sc_FT_C: 0,
    sc_FT_A: '0-0',
    sc_set_H: 0,
    sc_set_A: 0,
    sc_game_H: 0,
    sc_game_A: 0,
    isLive: false,
    markets: [
      market('1X2', [
        ['1X2:H', h, 1950],
        ['1X2:N', '和局', 3400],
        ['1X2:C', c, 3900],
      ]),
      market('AH', [
        ['AH:H:-0.5', `${h} -0.5`, 1950],
        ['AH:C:0.5', `${c} +0.5`, 1900],
      ]),
      market('OU', [
        ['OU:O:2.5', '大 2.5', 1880],
        ['OU:U:2.5', '小 2.5', 1970],
      ]),
      market('OE', [
        ['OE:O', '单', 1930],
        ['OE:E', '双', 1930],
      ]),
    ],
    ...over,
  };
}

/** The fields of an in-play event, and a money line (the markets of the sports without a draw). */
export const LIVE = { status: 'live' as const, showType: 'RB', isLive: true, gameStatus: 'LIVE' as const };
export const MONEY_LINE = [
  market('ML', [
    ['ML:H', '主', 1500],
    ['ML:C', '客', 2500],
  ]),
];

export const OUTRIGHT = {
  gameId: 'o1',
  leagueId: 'EPL',
  league: '英格兰超级联赛',
  name: '英超冠军',
  closeAt: Date.UTC(2027, 4, 1),
  showType: 'FSFU',
  version: 1,
  selections: [
    { w: 'FS:MCI', name: '曼城', r: 3200, rtype: 'MCI' },
    { w: 'FS:ARS', name: '阿森纳', r: 4500, rtype: 'ARS' },
  ],
};

const LEAGUES = [
  { leagueId: 'EPL', name: '英格兰超级联赛', gameType: 'FT', quick: true },
  { leagueId: 'LALIGA', name: '西班牙甲级联赛', gameType: 'FT', quick: true },
  { leagueId: 'NBA', name: '美国职业篮球联赛', gameType: 'BK', quick: false },
  { leagueId: 'MLB', name: '美国职业棒球大联盟', gameType: 'BS', quick: false },
];

type Req = { method: string; Request: Record<string, unknown> };
export type Handlers = Partial<Record<string, (r: Req['Request']) => unknown>>;

/** A resource answer per method; games default to `games`. */
export function resourceRoute(games: SportGame[], handlers: Handlers = {}) {
  return (body: unknown): { status_code: number; data?: unknown; message?: string } => {
    const { method, Request } = body as Req;
    const h = handlers[method];
    if (h) {
      const a = h(Request);
      return a && typeof a === 'object' && 'status_code' in a ? (a as { status_code: number }) : { status_code: 6000, data: a };
    }
    switch (method) {
      case 'leagues':
        return { status_code: 6000, data: LEAGUES.filter((l) => !Request.gameType || l.gameType === Request.gameType) };
      case 'games':
        return { status_code: 6000, data: { total: games.length, list: games.filter((g) => g.gameType === Request.gameType) } };
      case 'champion':
        return { status_code: 6000, data: [OUTRIGHT] };
      case 'balance':
        return { status_code: 6000, data: { channelCode: 'CRTY', balance: '500.00' } };
      default:
        return { status_code: 6004, message: '数据未找到' };
    }
  };
}
