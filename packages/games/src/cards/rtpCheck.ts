/**
 * The 棋牌 tables in `npm run games:rtp`: each spot bet's exact RTP (百人牛牛 by the pair enumeration, 二八杠 over
 * every ordered pair of hands) against a simulation of whole rounds dealt as the table deals them, and the counts
 * written in games.ts enumerated again.
 */
import type { Rng } from '../rng/rng.ts';
import type { TableBet } from '../tables/paytable.ts';
import { tableRtp } from '../tables/paytable.ts';
import { checkTable, type TableCheck } from '../rtp/tables.ts';
import { NIUNIU_GAME, NIUNIU_PAIR_COUNTS, PAI28_GAME, SANGONG_GAME } from './games.ts';
import { dealNiuniu, NIUNIU_SPOTS, NIUNIU_SPOT_NAMES, niuniuReturn, type NiuniuRound } from './niuniu.ts';
import { niuniuPairCounts, niuniuRtpOf } from './niuniuRtp.ts';
import { dealSangong, SANGONG_RETURN, SANGONG_SPOTS, SANGONG_SPOT_NAMES, type SangongRound } from './sangong.ts';
import { dealPai28, PAI28_RETURN, PAI28_SPOTS, PAI28_SPOT_NAMES, type Pai28Round } from './pai28.ts';

/** Every spot of both tables, simulated from whole dealt rounds. */
export function checkCardTables(rng: Rng, rounds: number): TableCheck[] {
  const nn: TableBet<NiuniuRound>[] = NIUNIU_SPOTS.map((key, i) => ({
    key,
    name: NIUNIU_SPOT_NAMES[key],
    returns: (o) => niuniuReturn(o.results[i]!.win, o.results[i]!.multiple),
  }));
  const p28: TableBet<Pai28Round>[] = PAI28_SPOTS.map((key, i) => ({
    key,
    name: PAI28_SPOT_NAMES[key],
    returns: (o) => (o.results[i]!.win ? PAI28_RETURN : 0),
  }));
  const sg: TableBet<SangongRound>[] = SANGONG_SPOTS.map((key, i) => ({
    key,
    name: SANGONG_SPOT_NAMES[key],
    returns: (o) => (o.results[i]!.win ? SANGONG_RETURN : 0),
  }));
  return [
    checkTable('niuniu', '百人牛牛 (per deposit = 5 底注)', nn, tableRtp(NIUNIU_GAME), () => dealNiuniu(rng), rounds),
    checkTable('pai28', '百人二八杠', p28, tableRtp(PAI28_GAME), () => dealPai28(rng), rounds),
    checkTable('sangong', '百人三公', sg, tableRtp(SANGONG_GAME), () => dealSangong(rng), rounds),
  ];
}

/** The 牛牛 enumeration run again: its counts must be the ones the tables use. Answers problems (none: []). */
export function niuniuEnumerationProblems(): { problems: string[]; perDeposit: number; perBase: number; ms: number } {
  const started = performance.now();
  const p = niuniuPairCounts();
  const ms = performance.now() - started;
  const problems =
    JSON.stringify(p) === JSON.stringify(NIUNIU_PAIR_COUNTS) ? [] : [`百人牛牛 pair counts ${JSON.stringify(p)} differ from games.ts`];
  const { perDeposit, perBase } = niuniuRtpOf(p);
  return { problems, perDeposit, perBase, ms };
}
