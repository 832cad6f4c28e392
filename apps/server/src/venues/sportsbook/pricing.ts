/**
 * Football pricing for the house sportsbook: a Poisson goals model. The remaining goals
 * of each side are Poisson with the side's expected goals scaled by the time left, added to the
 * current score; every market is priced from that one score distribution, so prices are coherent
 * with each other and move with the score and the clock.
 *
 * Handicap and total markets are priced from the SAME settlement rules the bets are settled with
 * (@portal/rules asianHandicapResult / overUnderResult), quarter lines included: the fair price is
 * the one whose expected payout is 1, the offered price the one whose expected payout is
 * 1 / (1 + margin). Prices are canonical milli-odds, rounded down.
 */
import { MAX_MILLI_ODDS, MILLI, MIN_MILLI_ODDS, asianHandicapResult, overUnderResult, type SettledResult } from '@portal/rules';
import { inBand } from './band.ts';
import { redCardFactor, remainingShare } from './footballModel.ts';

/** Goals counted per side: P(more than 15 more goals) is negligible for any real football λ. */
const MAX_GOALS = 15;
export const MATCH_MINUTES = 90;
export const HALF_MINUTES = 45;

export interface MatchState {
  /** Expected goals of each side over a whole match (pre-match strength). */
  lambdaHome: number;
  lambdaAway: number;
  scoreHome: number;
  scoreAway: number;
  /** Minutes played (0 before kick-off; capped at 90). */
  minute: number;
  /** Red cards shown so far to each side (footballModel.ts: they move the rest of the match's scoring rates). */
  redHome?: number;
  redAway?: number;
}

/** P(X = k) for k = 0..MAX_GOALS of a Poisson(λ). */
export function poisson(lambda: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= MAX_GOALS; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/**
 * Final-score distribution: cell [h][a] = P(final score h–a) (cells below the current score are 0). The goals
 * still to come are Poisson with each side's expected goals times the share of a match's goals left on the clock
 * (footballModel.ts: more late in each half) and its red-card factor.
 */
export function scoreGrid(s: MatchState, untilMinute = MATCH_MINUTES): number[][] {
  const left = remainingShare(s.minute, untilMinute);
  const redH = s.redHome ?? 0;
  const redA = s.redAway ?? 0;
  const ph = poisson(s.lambdaHome * left * redCardFactor(redH, redA));
  const pa = poisson(s.lambdaAway * left * redCardFactor(redA, redH));
  const grid: number[][] = [];
  for (let h = 0; h <= MAX_GOALS + s.scoreHome; h++) {
    const row: number[] = [];
    for (let a = 0; a <= MAX_GOALS + s.scoreAway; a++) {
      const dh = h - s.scoreHome;
      const da = a - s.scoreAway;
      row.push(dh < 0 || da < 0 ? 0 : (ph[dh] ?? 0) * (pa[da] ?? 0));
    }
    grid.push(row);
  }
  return grid;
}

/** P(the final score satisfies pick) over a score grid. */
export function sumGrid(grid: number[][], pick: (h: number, a: number) => boolean): number {
  let p = 0;
  grid.forEach((row, h) =>
    row.forEach((v, a) => {
      if (v > 0 && pick(h, a)) p += v;
    }),
  );
  return p;
}

/** Offered price of a simple event of probability p (win or lose): 1 / (p (1 + margin)), rounded down. */
export function priceOf(p: number, margin: number): number | null {
  if (!(p > 0)) return null;
  const milli = Math.floor(MILLI / (p * (1 + margin)));
  // Out of the canonical range: not offered (was clamped to 1000.00 — a price no one priced).
  return milli >= MIN_MILLI_ODDS && milli <= MAX_MILLI_ODDS ? milli : null;
}

/**
 * Offered price of a selection settled by `result` over the score grid (W/LW/LL/L/P outcomes):
 * solves pW·o + pLW·(o+1)/2 + pLL/2 = 1/(1+margin) for o over the chances given no push (the margin is
 * on the stake in action). Null when the selection cannot win
 * or the price would not pay more than the stake back.
 */
export function priceBySettlement(grid: number[][], result: (h: number, a: number) => SettledResult, margin: number): number | null {
  const p: Record<SettledResult, number> = { W: 0, LW: 0, LL: 0, L: 0, P: 0, D: 0 };
  grid.forEach((row, h) =>
    row.forEach((v, a) => {
      if (v > 0) p[result(h, a)] += v;
    }),
  );
  // The margin is taken on the stake in action only: a push hands the stake back, so it is left out (the
  // chances are those given the line is not pushed). Taken on the whole stake, a line that pushes often (a
  // level handicap at 0-0 late on, -2 at 2-0) came out lopsided (0.08 against 0.60 HK at a fair 50/50).
  const action = 1 - p.P;
  if (!(action > 1e-9)) return null;
  const winWeight = (p.W + p.LW / 2) / action;
  if (winWeight <= 0) return null;
  const odds = (1 / (1 + margin) - (p.LW / 2 + p.LL / 2) / action) / winWeight;
  const milli = Math.floor(odds * MILLI);
  return milli >= MIN_MILLI_ODDS && milli <= MAX_MILLI_ODDS ? milli : null;
}

export interface FootballPrices {
  /** 1X2: home, draw, away. */
  h2h: [number | null, number | null, number | null];
  /** Asian handicap at the main line (home's handicap): home and away prices. */
  handicap: { line: number; home: number | null; away: number | null };
  /** Over/under at the main total. */
  total: { line: number; over: number | null; under: number | null };
  oddEven: { odd: number | null; even: number | null };
  /** Correct score 'h-a' for 0..4 each, and any other score. */
  correctScore: Record<string, number | null>;
}

/** The quarter line whose two sides' fair prices are closest to each other (|log ratio| smallest). */
function mainLine(candidates: number[], balance: (line: number) => number): number {
  let best = candidates[0]!;
  for (const line of candidates) if (Math.abs(balance(line)) < Math.abs(balance(best))) best = line;
  return best;
}

const quarterLines = (from: number, to: number) => Array.from({ length: Math.round((to - from) * 4) + 1 }, (_, i) => from + i / 4);

/** The grid folded to the distribution of one number of the final score (goal difference, total goals). */
function distribution(grid: number[][], of: (h: number, a: number) => number): number[][] {
  const by = new Map<number, number>();
  grid.forEach((row, h) =>
    row.forEach((v, a) => {
      if (v > 0) by.set(of(h, a), (by.get(of(h, a)) ?? 0) + v);
    }),
  );
  return [...by.entries()].map(([x, p]) => [x, p]);
}

/**
 * priceBySettlement over a folded distribution: handicaps settle on the goal difference and totals on
 * the total alone, so the price is the same as over the whole grid for a fraction of the work.
 */
export function priceByOutcome(dist: number[][], result: (x: number) => SettledResult, margin: number): number | null {
  return priceBySettlement([dist.map(([, p]) => p!)], (_h, i) => result(dist[i]![0]!), margin);
}

/** Prices every full-time market of a football match from its state. */
export function priceFootball(s: MatchState, margin: number): FootballPrices {
  const grid = scoreGrid(s);
  const pHome = sumGrid(grid, (h, a) => h > a);
  const pDraw = sumGrid(grid, (h, a) => h === a);
  const pAway = 1 - pHome - pDraw;
  const lead = s.scoreHome - s.scoreAway;
  const expectedDiff = lead + (s.lambdaHome - s.lambdaAway) * remainingShare(s.minute);
  const fair = (a: number | null, b: number | null) => (a === null || b === null ? Number.POSITIVE_INFINITY : Math.log(a / b));
  const diffs = distribution(grid, (h, a) => h - a);
  const totals = distribution(grid, (h, a) => h + a);
  const home = (line: number, m: number) => priceByOutcome(diffs, (d) => asianHandicapResult(line, d), m);
  const away = (line: number, m: number) => priceByOutcome(diffs, (d) => asianHandicapResult(-line, -d), m);
  const over = (line: number, m: number) => priceByOutcome(totals, (t) => overUnderResult('over', line, t), m);
  const under = (line: number, m: number) => priceByOutcome(totals, (t) => overUnderResult('under', line, t), m);
  const hdpLine = mainLine(
    quarterLines(-expectedDiff - 2, -expectedDiff + 2).map((l) => Math.round(l * 4) / 4),
    (line) => fair(home(line, 0), away(line, 0)),
  );
  const goals = s.scoreHome + s.scoreAway;
  const totalLine = mainLine(quarterLines(Math.max(0.5, goals + 0.5), goals + 6), (line) => fair(over(line, 0), under(line, 0)));
  const pOdd = sumGrid(grid, (h, a) => (h + a) % 2 === 1);
  const correctScore: Record<string, number | null> = {};
  let pListed = 0;
  for (let h = 0; h <= 4; h++) {
    for (let a = 0; a <= 4; a++) {
      const p = grid[h]?.[a] ?? 0;
      pListed += p;
      correctScore[`${h}-${a}`] = priceOf(p, margin * 2);
    }
  }
  correctScore.other = priceOf(1 - pListed, margin * 2);
  return {
    h2h: threeWay('1X2', [pHome, pDraw, pAway], margin),
    handicap: { line: hdpLine, home: home(hdpLine, margin), away: away(hdpLine, margin) },
    total: { line: totalLine, over: over(totalLine, margin), under: under(totalLine, margin) },
    oddEven: { odd: priceOf(pOdd, margin), even: priceOf(1 - pOdd, margin) },
    correctScore,
  };
}

/** First-half 1X2 (only while the first half is open): the same model up to minute 45. */
export function priceFirstHalf(s: MatchState, margin: number): [number | null, number | null, number | null] | null {
  if (s.minute >= HALF_MINUTES) return null;
  const grid = scoreGrid(s, HALF_MINUTES);
  const pHome = sumGrid(grid, (h, a) => h > a);
  const pDraw = sumGrid(grid, (h, a) => h === a);
  return threeWay('HT1X2', [pHome, pDraw, 1 - pHome - pDraw], margin);
}

/**
 * A 1X2 market from the model's chances: each price 1 / (p (1 + margin)), rounded down — offered whole or not at
 * all. When one side's price falls outside the band (a favourite under 1.01 once the result is
 * all but known, a side that can no longer win) the market is suspended as a whole: a home win alone at the floor,
 * its rivals dropped, is no market.
 */
export function threeWay(type: '1X2' | 'HT1X2', chances: readonly [number, number, number], margin: number): H2h {
  const prices = chances.map((p) => priceOf(p, margin));
  return prices.every((m) => m !== null && inBand(type, m)) ? (prices as H2h) : [null, null, null];
}
type H2h = [number | null, number | null, number | null];
