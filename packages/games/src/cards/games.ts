/**
 * 百人牛牛 and 二八杠 as the shared tables' data (paytable.ts): a spot bet's outcome classes with their exact
 * weights, for the figures, the stake units and the printed odds. The 牛牛 counts are the enumeration's
 * (niuniuRtp.ts, a few seconds) written down; `cards.test.ts` and `npm run games:rtp` enumerate them again.
 */
import type { TableBet, TableGame } from '../tables/paytable.ts';
import { NIUNIU_SPOTS, NIUNIU_SPOT_NAMES, niuniuReturn } from './niuniu.ts';
import type { NiuniuPairCounts } from './niuniuRtp.ts';
import { PAI28_RETURN, PAI28_SPOTS, PAI28_SPOT_NAMES, pai28Odds } from './pai28.ts';
import { SANGONG_RETURN, SANGONG_SPOTS, SANGONG_SPOT_NAMES, sangongOdds } from './sangong.ts';

/** Ordered pairs (spot, banker) of disjoint hands × 12, by the spot's result and the winner's multiple (1–5). */
export const NIUNIU_PAIR_COUNTS: NiuniuPairCounts = {
  win: [0, 12717933410400, 7778541399744, 3347612059776, 50319892800, 25469857920],
  lose: [0, 12717933410400, 7778541399744, 3347612059776, 50319892800, 25469857920],
  total: 47839753241280,
};

/** One spot's outcome: it beat the banker or not, and the winner's multiple. */
export interface SpotClass {
  win: boolean;
  multiple: number;
}

export const niuniuSpotBets = (): TableBet<SpotClass>[] =>
  NIUNIU_SPOTS.map((key) => ({ key, name: NIUNIU_SPOT_NAMES[key], returns: (o: SpotClass) => niuniuReturn(o.win, o.multiple) }));

export const NIUNIU_GAME: TableGame<SpotClass> = {
  code: 'niuniu',
  name: '百人牛牛',
  *outcomes() {
    for (let m = 1; m <= 5; m++) {
      yield [{ win: true, multiple: m }, NIUNIU_PAIR_COUNTS.win[m]!] as const;
      yield [{ win: false, multiple: m }, NIUNIU_PAIR_COUNTS.lose[m]!] as const;
    }
  },
  bets: niuniuSpotBets(),
};

export const pai28SpotBets = (): TableBet<SpotClass>[] =>
  PAI28_SPOTS.map((key) => ({ key, name: PAI28_SPOT_NAMES[key], returns: (o: SpotClass) => (o.win ? PAI28_RETURN : 0) }));

let pai28Counts: { wins: number; total: number } | null = null;

export const PAI28_GAME: TableGame<SpotClass> = {
  code: 'pai28',
  name: '百人二八杠',
  *outcomes() {
    const c = (pai28Counts ??= pai28Odds());
    yield [{ win: true, multiple: 1 }, c.wins] as const;
    yield [{ win: false, multiple: 1 }, c.total - c.wins] as const;
  },
  bets: pai28SpotBets(),
};

let sangongCounts: { wins: number; total: number } | null = null;

export const SANGONG_GAME: TableGame<SpotClass> = {
  code: 'sangong',
  name: '百人三公',
  *outcomes() {
    const c = (sangongCounts ??= sangongOdds());
    yield [{ win: true, multiple: 1 }, c.wins] as const;
    yield [{ win: false, multiple: 1 }, c.total - c.wins] as const;
  },
  bets: SANGONG_SPOTS.map((key) => ({ key, name: SANGONG_SPOT_NAMES[key], returns: (o: SpotClass) => (o.win ? SANGONG_RETURN : 0) })),
};
