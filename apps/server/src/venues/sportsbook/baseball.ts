/**
 * Baseball (BS) simulation: nine innings, each a top (away bats) and a bottom (home bats) of about 9
 * minutes. A half-inning scores with a side's chance (league-average 28 %, shifted by the strength of
 * the batting side against the fielding one) and then 1 + geometric runs; extra innings (a runner on
 * second) score more often, and are played until a side leads after one — the bottom of the 9th or
 * later is not played, or ends at the winning run (walk-off), once the home side leads.
 *
 * Live state: inningNum 1.. (past 9 only when level after nine), se_now 'TOP' / 'BOT', runs in
 * sc_FT_H/C. Prices: the runs still to come are the convolution of the remaining half-innings' run
 * distributions (the current one in proportion of its time left); a level score after the last
 * inning goes to extra innings, won by home with the chance of outscoring the visitors in one (by
 * one run). Money line, run line ±1.5 (the favourite gives it) and total on a half line, all from
 * that distribution. The model leaves out the unplayed bottom of the 9th and the walk-off's cut:
 * the total leans a fraction of a run high, the money line is not affected.
 */
import type { FeedMarket } from '../../providers/oddsFeed.ts';
import { strength } from './catalog.ts';
import { balancedLine, coverChance, handicap, memoPrices, moneyLine, overChance, pHomeWins, total, type Outcome } from './book.ts';
import { emptyScores, gameStatusOf, statusAt, type Fixture, type MatchView, type SportEngine } from './engine.ts';
import type { Rng } from './rng.ts';

export interface BaseballPlan {
  /** P(a half-inning scores) of home and away batting, in regulation. */
  scoring: [number, number];
  /** Per half-inning played (top 1, bottom 1, top 2, …): ms into it of each run. */
  halves: number[][];
  /** ms from the first pitch to the last out (or the walk-off run). */
  endMs: number;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HALF_MINUTES = 9;
const HALF_MS = HALF_MINUTES * MINUTE;
const INNINGS = 9;
/** Extra innings are played up to this one; level after its top, the home side walks off in its bottom. */
const MAX_INNING = 20;
/** Runs after the first of a scoring half-inning: geometric with mean 0.78 (1.78 runs a scoring inning). */
const MORE = 0.78 / 1.78;
/** The runner on second of extra innings: a half-inning scores this many times as often. */
const EXTRA_FACTOR = 2.2;
const MAX_RUNS = 25;

function halfRuns(rng: Rng, scoring: number): number {
  if (rng() >= scoring) return 0;
  return 1 + Math.floor(Math.log(1 - rng()) / Math.log(MORE));
}

/** Runs of one half-inning: P(k) for k = 0..MAX_RUNS. */
function halfDist(scoring: number): number[] {
  return Array.from({ length: MAX_RUNS + 1 }, (_, k) => (k === 0 ? 1 - scoring : scoring * (1 - MORE) * MORE ** (k - 1)));
}

function convolve(a: number[], b: number[]): number[] {
  const out = new Array<number>(MAX_RUNS + 1).fill(0);
  a.forEach((pa, i) => {
    if (pa > 0) for (let j = 0; i + j <= MAX_RUNS; j++) out[i + j]! += pa * b[j]!;
  });
  return out;
}

const extraChance = (scoring: number) => Math.min(0.9, scoring * EXTRA_FACTOR);

function plan(f: Fixture, rng: Rng): BaseballPlan {
  const sh = strength(f.league, f.team_h);
  const sc = strength(f.league, f.team_c);
  const scoring: [number, number] = [0.28 * 1.02 * (sh / sc) ** 0.35, 0.28 * 0.98 * (sc / sh) ** 0.35];
  const halves: number[][] = [];
  const runs = [0, 0];
  const at = (n: number) => Array.from({ length: n }, () => Math.floor((0.1 + 0.8 * rng()) * HALF_MS)).sort((a, b) => a - b);
  for (let inning = 1; ; inning++) {
    const chance = (side: 0 | 1) => (inning > INNINGS ? extraChance(scoring[side]) : scoring[side]);
    const top = halfRuns(rng, chance(1));
    halves.push(at(top));
    runs[1]! += top;
    if (inning >= INNINGS && runs[0]! > runs[1]!) return { scoring, halves, endMs: halves.length * HALF_MS };
    let bottom = halfRuns(rng, chance(0));
    if (inning === MAX_INNING && runs[0]! + bottom === runs[1]!) bottom++;
    const walkOff = inning >= INNINGS && runs[0]! + bottom > runs[1]!;
    if (walkOff) bottom = runs[1]! - runs[0]! + 1; // the game ends at the winning run
    const times = at(bottom);
    halves.push(times);
    runs[0]! += bottom;
    if (walkOff) return { scoring, halves, endMs: (halves.length - 1) * HALF_MS + times[times.length - 1]! + 30 * SECOND };
    if (inning >= INNINGS && runs[0] !== runs[1]) return { scoring, halves, endMs: halves.length * HALF_MS };
  }
}

/** Final-score distribution from the start of half-inning `half` (0-based), `done` of it played. */
export function baseballOutcomes(p: BaseballPlan, runsH: number, runsC: number, half: number, done: number): Outcome[] {
  const lastInning = Math.max(INNINGS, Math.floor(half / 2) + 1);
  let home = [1, ...new Array<number>(MAX_RUNS).fill(0)];
  let away = [...home];
  for (let j = half; j < 2 * lastInning; j++) {
    const side = j % 2 === 0 ? 1 : 0;
    const chance = (j >= 2 * INNINGS ? extraChance(p.scoring[side]) : p.scoring[side]) * (j === half ? 1 - done : 1);
    if (side === 0) home = convolve(home, halfDist(chance));
    else away = convolve(away, halfDist(chance));
  }
  const xh = halfDist(extraChance(p.scoring[0]));
  const xa = halfDist(extraChance(p.scoring[1]));
  let homeInning = 0;
  let awayInning = 0;
  xh.forEach((ph, i) =>
    xa.forEach((pa, j) => {
      if (i > j) homeInning += ph * pa;
      else if (j > i) awayInning += ph * pa;
    }),
  );
  const pExtra = homeInning / (homeInning + awayInning);
  const out: Outcome[] = [];
  home.forEach((ph, x) =>
    away.forEach((pa, y) => {
      const pr = ph * pa;
      if (pr < 1e-12) return;
      const h = runsH + x;
      const c = runsC + y;
      if (h !== c) out.push([h, c, pr]);
      else out.push([h + 1, c, pr * pExtra], [h, c + 1, pr * (1 - pExtra)]);
    }),
  );
  return out;
}

/** Home's half-line run handicaps around the current run difference. */
const runLines = (lead: number) => Array.from({ length: 21 }, (_, i) => -lead + i - 10 + 0.5);

function priced(f: Fixture, p: BaseballPlan, runsH: number, runsC: number, half: number, minute: number, margin: number): FeedMarket[] {
  return memoPrices(`${f.gameId}|${runsH}|${runsC}|${half}|${minute}|${margin}`, () => {
    const outcomes = baseballOutcomes(p, runsH, runsC, half, minute / HALF_MINUTES);
    const pHome = pHomeWins(outcomes);
    const totals = Array.from({ length: 21 }, (_, i) => runsH + runsC + i + 0.5);
    return [
      moneyLine(f, pHome, margin),
      // Pre-match the run line is the customary ±1.5 (the favourite giving it); in play it moves with the score
      // to the half line nearest an even chance (it stayed ±1.5 whatever the score).
      handicap(
        f,
        outcomes,
        half === 0 && minute === 0 ? (pHome >= 0.5 ? -1.5 : 1.5) : balancedLine(runLines(runsH - runsC), coverChance(outcomes)),
        margin,
        '让分',
      ),
      total(outcomes, balancedLine(totals, overChance(outcomes)), margin, '大小'),
    ].filter((m) => m.selections.length > 0);
  });
}

/** A game every 40 minutes: 2 h 42 min for nine innings, extra innings 18 minutes each. */
export const baseballSim: SportEngine<BaseballPlan> = {
  gameType: 'BS',
  slotMs: 40 * MINUTE,
  horizonMs: 3 * 86_400_000,
  durationMs: 2 * INNINGS * HALF_MS,
  overrunMs: 2 * (MAX_INNING - INNINGS) * HALF_MS,
  plan,
  view(f, p, now, margin): MatchView {
    const elapsed = now - f.startAt;
    const status = statusAt(elapsed, p.endMs);
    const at = Math.min(Math.max(elapsed, 0), p.endMs);
    const half = Math.min(Math.floor(at / HALF_MS), p.halves.length - 1);
    const minute = Math.floor((at - half * HALF_MS) / MINUTE);
    const scored = (side: 0 | 1) =>
      p.halves.reduce((s, runs, j) => s + (j % 2 === 1 - side ? runs.filter((t) => j * HALF_MS + t <= at).length : 0), 0);
    const runsH = status === 'scheduled' ? 0 : scored(0);
    const runsC = status === 'scheduled' ? 0 : scored(1);
    const inning = Math.floor(half / 2) + 1;
    const se = status === 'scheduled' ? '' : status === 'finished' ? 'FT' : half % 2 === 0 ? 'TOP' : 'BOT';
    return {
      status,
      suspended: false,
      step: status === 'scheduled' ? 1 : 2 + Math.floor(at / MINUTE) + (status === 'finished' ? 1 : 0),
      data: {
        ...emptyScores,
        re_time: status === 'live' ? se : '',
        t_count: 0,
        se_now: se,
        HalfTime: 0,
        gameStatus: gameStatusOf(status),
        inningNum: status === 'scheduled' ? 0 : inning,
        sc_FT_H: runsH,
        sc_FT_C: runsC,
        sc_FT_A: `${runsH}-${runsC}`,
        isLive: status === 'live',
      },
      markets: () => (status === 'finished' ? [] : priced(f, p, runsH, runsC, half, minute, margin)),
      result: status === 'finished' ? { gameId: f.gameId, scoreH: runsH, scoreC: runsC, htH: null, htC: null, winner: null } : null,
    };
  },
};
