/**
 * Set sports — tennis (TN), volleyball (VB), table tennis (TT) — and the frame race of snooker: a
 * match is a race to `need` sets (frames); a set is a race of units (tennis games, volleyball and
 * table-tennis rally points) to a target, won by two, or closed at a cap (tennis: the tiebreak at 6-6
 * is the set's 13th unit, 7-6).
 *
 * The plan plays the match unit by unit once (each unit's winner and end time); the live state is the
 * replay of the units the clock has reached: sets won in sc_set_H/A and sc_FT_H/C, the current set's
 * units in sc_game_H/A, se_now 'S1', 'S2'… Prices come from the exact Markov chain of the race: the
 * current set from its score (each unit's chance from the sport's model), later sets from their
 * fresh-set chance, give the distribution of final set scores; book.ts prices the money line, the set
 * handicap and the total sets from it, on half lines, so they move with every unit.
 */
import type { FeedMarket } from '../../providers/oddsFeed.ts';
import { emptyScores, gameStatusOf, statusAt, type Fixture, type MatchView, type SportEngine } from './engine.ts';
import { balancedLine, coverChance, handicap, memoPrices, moneyLine, overChance, pHomeWins, total, type Outcome } from './book.ts';
import type { Rng } from './rng.ts';

export interface SetRule {
  /** Units that win a set, by two clear. */
  target: number;
  /** A set also ends when a side reaches this many (tennis 7: 7-5, or 7-6 by the tiebreak). */
  cap?: number;
}

export const setWon = (r: SetRule, a: number, b: number) => (a >= r.target && a - b >= 2) || a === r.cap;

/**
 * P(home wins the set from a-b); unitP(k) = P(home wins the unit after k units of the set). Level at
 * target-1 or later without a cap is deuce: it is decided by two units in a row, so the chance is
 * the closed form over a pair of units (one serve each in tennis tiebreaks and table tennis).
 */
export function setChance(r: SetRule, a: number, b: number, unitP: (k: number) => number): number {
  const memo = new Map<number, number>();
  const go = (x: number, y: number): number => {
    if (setWon(r, x, y)) return 1;
    if (setWon(r, y, x)) return 0;
    if (r.cap === undefined && x === y && x >= r.target - 1) {
      const p = unitP(x + y);
      const q = unitP(x + y + 1);
      return (p * q) / (p * q + (1 - p) * (1 - q));
    }
    const key = x * 1_000 + y;
    let v = memo.get(key);
    if (v === undefined) {
      const p = unitP(x + y);
      v = p * go(x + 1, y) + (1 - p) * go(x, y + 1);
      memo.set(key, v);
    }
    return v;
  };
  return go(a, b);
}

/** The final set scores of a race to `need` from sh-sc: the current set won with pNow, set n (1-based) later with fresh(n). */
export function matchOutcomes(need: number, sh: number, sc: number, pNow: number, fresh: (set: number) => number): Outcome[] {
  const out: Outcome[] = [];
  let level = new Map<number, number>([[sh, 1]]); // home's sets → chance, after `played` sets
  for (let played = sh + sc; level.size > 0; played++) {
    const next = new Map<number, number>();
    for (const [h, pr] of level) {
      const c = played - h;
      if (h === need || c === need) {
        out.push([h, c, pr]);
        continue;
      }
      const p = played === sh + sc ? pNow : fresh(played + 1);
      next.set(h + 1, (next.get(h + 1) ?? 0) + pr * p);
      next.set(h, (next.get(h) ?? 0) + pr * (1 - p));
    }
    level = next;
  }
  return out;
}

export interface SetPlan {
  /** Sets that win the match. */
  need: number;
  /** Per unit of the match, in order: 1 when home won it. */
  won: number[];
  /** Per unit: ms from the start when it ended. */
  ends: number[];
  /** P(home wins set n from 0-0) at index n-1, for the sets not yet started. */
  fresh: number[];
}

export interface SetScore {
  sets: [number, number];
  /** Units of the current set (of the last set once the match is over). */
  cur: [number, number];
  /** The current set's number (1-based). */
  set: number;
  over: boolean;
}

const startScore = (): SetScore => ({ sets: [0, 0], cur: [0, 0], set: 1, over: false });

/** The score after one more unit. */
function advance(s: SetScore, home: boolean, rule: SetRule, need: number): void {
  const i = home ? 0 : 1;
  s.cur[i]++;
  if (!setWon(rule, s.cur[i], s.cur[1 - i]!)) return;
  s.sets[i]++;
  if (s.sets[i] === need) s.over = true;
  else {
    s.set++;
    s.cur = [0, 0];
  }
}

/** The score after the first n units. */
export function replay(p: Pick<SetPlan, 'need' | 'won'>, ruleOf: (set: number) => SetRule, n: number): SetScore {
  const s = startScore();
  for (let u = 0; u < n && !s.over; u++) advance(s, p.won[u] === 1, ruleOf(s.set), p.need);
  return s;
}

/**
 * Plays a match: draw(u, k) gives unit u's (the k-th of its set) winner and length; setBreakMs
 * between sets. A match longer than maxMs is played faster (every end scaled), so each plan ends by maxMs.
 */
export function playSets(
  need: number,
  ruleOf: (set: number) => SetRule,
  draw: (u: number, k: number) => { home: boolean; ms: number },
  setBreakMs: number,
  maxMs: number,
): Pick<SetPlan, 'won' | 'ends'> {
  const won: number[] = [];
  const ends: number[] = [];
  let t = 0;
  for (const s = startScore(); !s.over;) {
    const unit = draw(won.length, s.cur[0] + s.cur[1]);
    const set = s.set;
    advance(s, unit.home, ruleOf(set), need);
    won.push(unit.home ? 1 : 0);
    t += unit.ms;
    ends.push(t);
    if (s.set !== set) t += setBreakMs;
  }
  return { won, ends: fitWithin(ends, maxMs) };
}

/** Ends (ascending ms) of a match, played faster when needed so the last ends by maxMs. */
export function fitWithin(ends: number[], maxMs: number): number[] {
  const last = ends[ends.length - 1] ?? 0;
  return last > maxMs ? ends.map((e) => Math.floor((e * maxMs) / last)) : ends;
}

/** Units ended by `elapsed` ms (ends ascending). */
export function unitsBy(ends: readonly number[], elapsed: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid]! <= elapsed) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Half lines of a best-of: set handicaps ±1.5 … ±(need − 0.5), totals need + 0.5 … 2·need − 1.5. */
export function setLines(need: number): { handicaps: number[]; totals: number[] } {
  const handicaps: number[] = [];
  for (let l = 1.5; l < need; l++) handicaps.push(-l, l);
  const totals: number[] = [];
  for (let l = need + 0.5; l < 2 * need - 1; l++) totals.push(l);
  return { handicaps, totals };
}

/** Money line, handicap and total of a race's final distribution (sets, frames); a market with no side left is not offered. */
export function raceMarkets(
  f: Fixture,
  need: number,
  outcomes: readonly Outcome[],
  margin: number,
  names: { handicap: string; total: string },
): FeedMarket[] {
  const lines = setLines(need);
  const out = [
    moneyLine(f, pHomeWins(outcomes), margin),
    handicap(f, outcomes, balancedLine(lines.handicaps, coverChance(outcomes)), margin, names.handicap),
  ];
  if (lines.totals.length > 0) out.push(total(outcomes, balancedLine(lines.totals, overChance(outcomes)), margin, names.total));
  return out.filter((m) => m.selections.length > 0);
}

/**
 * The view of a race after `units` units (rallies, games, visits): the step grows with each; sets
 * (frames) won in sc_set_H/A and sc_FT_H/C, the current set's units in sc_game_H/A; the result is the
 * sets won — what money line, handicap and total settle on.
 */
export function raceView(
  f: Fixture,
  status: MatchView['status'],
  units: number,
  se: string,
  sets: readonly number[],
  cur: readonly number[],
  markets: () => FeedMarket[],
): MatchView {
  const [h = 0, c = 0] = sets;
  return {
    status,
    suspended: false,
    step: status === 'scheduled' ? 1 : 2 + units + (status === 'finished' ? 1 : 0),
    data: {
      ...emptyScores,
      re_time: status === 'live' ? se : '',
      t_count: 0,
      se_now: se,
      HalfTime: 0,
      gameStatus: gameStatusOf(status),
      sc_FT_H: h,
      sc_FT_C: c,
      sc_FT_A: `${h}-${c}`,
      sc_set_H: h,
      sc_set_A: c,
      sc_game_H: cur[0] ?? 0,
      sc_game_A: cur[1] ?? 0,
      isLive: status === 'live',
    },
    markets,
    result: status === 'finished' ? { gameId: f.gameId, scoreH: h, scoreC: c, htH: null, htC: null, winner: null } : null,
  };
}

export interface SetSport<P extends SetPlan> {
  gameType: SportEngine['gameType'];
  slotMs: number;
  horizonMs: number;
  durationMs: number;
  overrunMs: number;
  names: { handicap: string; total: string };
  rule(p: P, set: number): SetRule;
  plan(f: Fixture, rng: Rng): P;
  /** P(home wins unit u of the match, the k-th of its set). */
  unitP(p: P, u: number, k: number): number;
}

/** A set sport's engine: the live state by replay, prices from the race chain. */
export function setSportEngine<P extends SetPlan>(s: SetSport<P>): SportEngine<P> {
  return {
    gameType: s.gameType,
    slotMs: s.slotMs,
    horizonMs: s.horizonMs,
    durationMs: s.durationMs,
    overrunMs: s.overrunMs,
    plan: (f, rng) => s.plan(f, rng),
    view(f, p, now, margin): MatchView {
      const elapsed = now - f.startAt;
      const status = statusAt(elapsed, p.ends[p.ends.length - 1]!);
      const n = status === 'scheduled' ? 0 : unitsBy(p.ends, elapsed);
      const sc = replay(p, (set) => s.rule(p, set), n);
      const se = status === 'scheduled' ? '' : sc.over ? 'FT' : `S${sc.set}`;
      const markets = () =>
        status === 'finished'
          ? []
          : memoPrices(`${f.gameId}|${n}|${margin}`, () => {
              const k = sc.cur[0] + sc.cur[1];
              const pNow = setChance(s.rule(p, sc.set), sc.cur[0], sc.cur[1], (kk) => s.unitP(p, n + kk - k, kk));
              return raceMarkets(
                f,
                p.need,
                matchOutcomes(p.need, sc.sets[0], sc.sets[1], pNow, (set) => p.fresh[set - 1]!),
                margin,
                s.names,
              );
            });
      return raceView(f, status, n, se, sc.sets, sc.cur, markets);
    },
  };
}
