/**
 * Settlement math of the house sportsbook (spec §3 bet result codes): pure, integer and exact.
 *
 *   W  win         stake × E
 *   LW half win    stake/2 × E + stake/2
 *   LL half loss   stake/2
 *   L  loss        0
 *   P  push        stake
 *   D  cancelled   stake (D0 … DZ carry the cancel reason)
 *   A  restored    the bet goes back to unsettled (resettlement follows)
 *
 * Prices are canonical European milli-odds (odds.ts). A parlay multiplies its legs' factors; a void
 * leg (P, D) acts as odds 1. Payouts are in fen, rounded DOWN to the fen (the house keeps at most a
 * fraction of one fen per bet, never pays out more than the exact amount).
 */
import { MILLI } from './odds.ts';

export type SettledResult = 'W' | 'LW' | 'LL' | 'L' | 'P' | 'D';
export type ResultCode = SettledResult | 'A' | CancelCode;
/** D0 … D9, DA … DZ: cancellation with a reason code (the reasons are the operator's list). */
export type CancelCode = `D${string}`;

export const RESULT_CODES: readonly SettledResult[] = ['W', 'LW', 'LL', 'L', 'P', 'D'];

export function isCancelCode(code: string): code is CancelCode {
  return /^D[0-9A-Z]$/.test(code);
}

export function isResultCode(code: string): code is ResultCode {
  return code === 'A' || (RESULT_CODES as readonly string[]).includes(code) || isCancelCode(code);
}

/** Collapses a cancel reason to D (the money treats every cancellation the same). */
export function baseResult(code: SettledResult | CancelCode): SettledResult {
  return isCancelCode(code) ? 'D' : code;
}

/** A leg's payout factor as an exact ratio p/q of the stake. */
export function legFactor(result: SettledResult | CancelCode, milli: number): { p: bigint; q: bigint } {
  const o = BigInt(milli);
  const m = BigInt(MILLI);
  switch (baseResult(result)) {
    case 'W':
      return { p: o, q: m };
    case 'LW':
      return { p: o + m, q: 2n * m };
    case 'LL':
      return { p: 1n, q: 2n };
    case 'L':
      return { p: 0n, q: 1n };
    case 'P':
    case 'D':
      return { p: 1n, q: 1n };
  }
}

export interface Leg {
  result: SettledResult | CancelCode;
  /** Canonical European milli-odds the leg was accepted at. */
  milli: number;
}

/** Payout in fen of a single or a parlay: stake × product of the legs' factors, rounded down. */
export function payoutFen(stakeFen: number, legs: readonly Leg[]): number {
  if (!Number.isSafeInteger(stakeFen) || stakeFen < 0) throw new RangeError(`bad stake ${stakeFen}`);
  if (legs.length === 0) throw new RangeError('a bet has at least one leg');
  let p = BigInt(stakeFen);
  let q = 1n;
  for (const leg of legs) {
    const f = legFactor(leg.result, leg.milli);
    p *= f.p;
    q *= f.q;
  }
  return Number(p / q);
}

/** Valid turnover of a settled single (what rebates and wagering count): 0 when void, half when half. */
export function validTurnoverFen(stakeFen: number, result: SettledResult | CancelCode): number {
  switch (baseResult(result)) {
    case 'W':
    case 'L':
      return stakeFen;
    case 'LW':
    case 'LL':
      return Math.floor(stakeFen / 2);
    case 'P':
    case 'D':
      return 0;
  }
}

/** The result of one side of a line: > 0 win, 0 push, < 0 loss. */
function sideResult(margin: number): 'win' | 'push' | 'loss' {
  return margin > 0 ? 'win' : margin === 0 ? 'push' : 'loss';
}

/** Combines the two halves of a quarter line (or one whole line, counted twice). */
function combine(a: 'win' | 'push' | 'loss', b: 'win' | 'push' | 'loss'): SettledResult {
  const key = [a, b].sort().join('+');
  const table: Record<string, SettledResult> = {
    'win+win': 'W',
    'push+win': 'LW',
    'loss+push': 'LL',
    'loss+loss': 'L',
    'push+push': 'P',
  };
  // Halves of a quarter line are half a goal apart, so one cannot win while the other loses.
  const r = table[key];
  if (!r) throw new Error(`impossible line halves ${key}`);
  return r;
}

/** Lines are quarters: −2.25, −0.5, 0, 0.75 … (multiples of 0.25), held as integer quarters to stay exact. */
export function isQuarterLine(line: number): boolean {
  return Number.isFinite(line) && Number.isInteger(line * 4);
}

/** Splits a line into its two half-stake lines, in quarters: −0.25 → [−0.5, 0]; −0.5 → [−0.5, −0.5]. */
function halves(line: number): [number, number] {
  if (!isQuarterLine(line)) throw new RangeError(`not a quarter line: ${line}`);
  const q = Math.round(line * 4);
  return q % 2 === 0 ? [q, q] : [q - 1, q + 1];
}

/**
 * Asian handicap for the side backed: `line` is that side's handicap (−0.75: gives three quarters of a
 * goal), `diff` the goals of the backed side minus the other's.
 */
export function asianHandicapResult(line: number, diff: number): SettledResult {
  const [a, b] = halves(line);
  return combine(sideResult(diff * 4 + a), sideResult(diff * 4 + b));
}

/** Over/under a total (quarter lines allowed): `total` goals (or points) against `line`. */
export function overUnderResult(side: 'over' | 'under', line: number, total: number): SettledResult {
  const [a, b] = halves(line);
  const sign = side === 'over' ? 1 : -1;
  return combine(sideResult(sign * (total * 4 - a)), sideResult(sign * (total * 4 - b)));
}

/** Every combination of `k` of the indices 0..n−1, in order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  if (k >= 1 && k <= n) walk(0);
  return out;
}

export interface SeriesType {
  /** '3串1', '3串4', '4串11' … */
  name: string;
  /** Sizes of the combinations it contains. */
  sizes: number[];
  /** Number of bets (combinations) it places. */
  bets: number;
}

/** The largest slip a series can be built from (spec §9: at most 10 slip items). */
export const MAX_SERIES_LEGS = 10;

/**
 * Series types offered for `n` selections (n ≥ 2): each 'k串1' for k = 2..n (every combination of k,
 * C(n,k) bets; n串1 is the parlay), and the full cover 'n串(2ⁿ − n − 1)' of every size from 2 to n
 * (3串4 = 3 doubles + 1 treble; 4串11 = 6 doubles + 4 trebles + 1 fourfold).
 */
export function seriesTypes(n: number): SeriesType[] {
  if (!Number.isInteger(n) || n < 2 || n > MAX_SERIES_LEGS) return [];
  const choose = (k: number) => combinations(n, k).length;
  const out: SeriesType[] = [];
  for (let k = 2; k <= n; k++) out.push({ name: `${k}串1`, sizes: [k], bets: choose(k) });
  if (n >= 3) {
    const sizes = Array.from({ length: n - 1 }, (_, i) => i + 2);
    const bets = 2 ** n - n - 1;
    out.push({ name: `${n}串${bets}`, sizes, bets });
  }
  return out;
}

/** The legs (by index) of every bet a series places. */
export function seriesBets(n: number, sizes: readonly number[]): number[][] {
  return sizes.flatMap((k) => combinations(n, k));
}

/** Payout in fen of a series: each combination is a parlay of `stakePerBetFen`. */
export function seriesPayoutFen(stakePerBetFen: number, legs: readonly Leg[], sizes: readonly number[]): number {
  return seriesBets(legs.length, sizes).reduce(
    (sum, combo) =>
      sum +
      payoutFen(
        stakePerBetFen,
        combo.map((i) => legs[i]!),
      ),
    0,
  );
}
