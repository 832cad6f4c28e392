/**
 * The engines of tennis, volleyball, table tennis, snooker, baseball and ice hockey, each played
 * through whole matches: deterministic from (seed, gameId), scores that only grow, sets and innings
 * by the rules, a result equal to the last live score, coherent prices that move with the score, and
 * every offered selection code settling against the result.
 */
import { describe, expect, it } from 'vitest';
import type { FeedMarket, FeedResult } from '../../providers/oddsFeed.ts';
import { baseballOutcomes, baseballSim, type BaseballPlan } from './baseball.ts';
import { pHomeWins } from './book.ts';
import { leaguesOf } from './catalog.ts';
import type { Fixture, MatchView, SportEngine } from './engine.ts';
import { hockeySim, type HockeyPlan } from './hockey.ts';
import { isSelectionCode, settleSelection } from './markets.ts';
import { tableTennisSim, volleyballSim } from './rally.ts';
import { rngFor } from './rng.ts';
import type { SetPlan } from './sets.ts';
import { snookerSim, type SnookerPlan } from './snooker.ts';
import { holdChance, tennisSim } from './tennis.ts';

const MARGIN = 0.05;
const MINUTE = 60_000;

/** n fixtures of an engine over its leagues and pairings (home and away never the same). */
function fixtures(engine: SportEngine, n: number): Fixture[] {
  const leagues = leaguesOf(engine.gameType);
  return Array.from({ length: n }, (_, i) => {
    const league = leagues[i % leagues.length]!;
    const h = (i * 5) % league.teams.length;
    const c = (h + 1 + ((i * 3) % (league.teams.length - 1))) % league.teams.length;
    return {
      gameId: `${engine.gameType}-${1000 + i}`,
      gameType: engine.gameType,
      league,
      team_h: league.teams[h]!,
      team_c: league.teams[c]!,
      startAt: 0,
    };
  });
}

const planOf = <P>(engine: SportEngine<P>, f: Fixture, seed = 'engines') => engine.plan(f, rngFor(seed, f.gameId));

interface Played {
  views: MatchView[];
  final: MatchView;
  result: FeedResult;
  codes: Set<string>;
}

/** The match viewed at each of `times` (ascending, from before the start), then at its latest end. */
function play<P>(engine: SportEngine<P>, f: Fixture, plan: P, times: number[]): Played {
  const views = times.map((t) => engine.view(f, plan, t, MARGIN));
  const final = engine.view(f, plan, engine.durationMs + engine.overrunMs, MARGIN);
  const codes = new Set(views.flatMap((v) => v.markets().flatMap((m) => m.selections.map((s) => s.w))));
  return { views, final, result: final.result!, codes };
}

const price = (v: MatchView, w: string) =>
  v
    .markets()
    .flatMap((m) => m.selections)
    .find((s) => s.w === w)?.r;
const implied = (m: FeedMarket) => m.selections.reduce((s, x) => s + 1000 / x.r, 0);
/** Home's money-line chance without the margin; null unless both sides are offered. */
function homeChance(v: MatchView): number | null {
  const h = price(v, 'ML:H');
  const c = price(v, 'ML:C');
  return h && c ? 1 / h / (1 / h + 1 / c) : null;
}

/** Two-way markets whose sides carry exactly the margin: money line, odd/even, handicaps and totals on half lines. */
function twoWay(mk: FeedMarket): boolean {
  if (mk.selections.length !== 2 || mk.selections.some((s) => s.r > 30_000)) return false;
  if (mk.type === 'ML' || mk.type === 'OE') return true;
  return (mk.type === 'AH' || mk.type === 'OU') && Math.abs(Number(mk.selections[0]!.w.split(':')[2]) % 1) === 0.5;
}

/** Every engine's common rules over a match played at `times`. */
function checkMatch<P>(engine: SportEngine<P>, f: Fixture, plan: P, times: number[], m: Played): void {
  expect(m.views[0]!.status).toBe('scheduled');
  expect(m.final.status).toBe('finished');
  const order = { scheduled: 0, live: 1, finished: 2 };
  for (let i = 1; i < m.views.length; i++) {
    const [a, b] = [m.views[i - 1]!, m.views[i]!];
    expect(order[b.status]).toBeGreaterThanOrEqual(order[a.status]);
    expect(b.step).toBeGreaterThanOrEqual(a.step);
    if (JSON.stringify(a.data) !== JSON.stringify(b.data)) expect(b.step).toBeGreaterThan(a.step);
    for (const k of ['sc_FT_H', 'sc_FT_C', 'sc_set_H', 'sc_set_A'] as const)
      expect(b.data[k], `${f.gameId} ${k}`).toBeGreaterThanOrEqual(a.data[k]);
    expect(b.result === null).toBe(b.status !== 'finished');
    if (b.status === 'live') expect(b.data.isLive && ['LIVE', 'HALF_TIME'].includes(b.data.gameStatus)).toBe(true);
  }
  expect(m.final.data.gameStatus).toBe('FINISHED');
  expect(m.final.markets()).toEqual([]);
  expect(m.result.scoreH === m.result.scoreC && m.result.winner === null).toBe(false);
  for (const v of m.views) {
    for (const mk of v.markets().filter(twoWay)) {
      expect(implied(mk), `${f.gameId} ${mk.type}`).toBeGreaterThan(1 + MARGIN - 0.002);
      expect(implied(mk), `${f.gameId} ${mk.type}`).toBeLessThan(1 + MARGIN + 0.01);
    }
  }
  // Every code offered during the match is a valid code and settles against the result.
  expect(m.codes.size).toBeGreaterThan(3);
  for (const w of m.codes) {
    expect(isSelectionCode(w), w).toBe(true);
    expect(settleSelection(w, m.result), `${f.gameId} ${w}`).not.toBeNull();
  }
  // Deterministic: the same seed and id play the same match; another seed another one.
  expect(planOf(engine, f)).toEqual(plan);
  expect(planOf(engine, f, 'other')).not.toEqual(plan);
  const i = Math.floor(times.length / 2);
  const again = engine.view(f, planOf(engine, f), times[i]!, MARGIN);
  expect(again.data).toEqual(m.views[i]!.data);
  expect(again.markets()).toEqual(m.views[i]!.markets());
}

/** Sample times: before the start, then every stepMs to the latest end. */
function every(engine: SportEngine, stepMs: number): number[] {
  const out = [-MINUTE];
  for (let t = 0; t <= engine.durationMs + engine.overrunMs; t += stepMs) out.push(t);
  return out;
}

/** Views at every unit's end (set sports, snooker visits): exactly one unit between two views. */
const unitTimes = (ends: number[]) => [-MINUTE, 0, ...ends];

describe.each([
  ['TN', tennisSim, 24],
  ['VB', volleyballSim, 18],
  ['TT', tableTennisSim, 18],
] as const)('%s: a race of sets', (_type, engine, n) => {
  const engineAny = engine as SportEngine<SetPlan>;
  it('plays by the rules: sets to the format, set scores to the target, the result is the last live score', () => {
    for (const f of fixtures(engineAny, n)) {
      const plan = planOf(engineAny, f);
      const times = unitTimes(plan.ends);
      const m = play(engineAny, f, plan, times);
      checkMatch(engineAny, f, plan, times, m);
      const need = plan.need;
      expect(Math.max(m.result.scoreH, m.result.scoreC)).toBe(need);
      expect(Math.min(m.result.scoreH, m.result.scoreC)).toBeLessThan(need);
      expect([m.final.data.sc_FT_H, m.final.data.sc_FT_C]).toEqual([m.result.scoreH, m.result.scoreC]);
      expect(m.final.data.sc_set_H + m.final.data.sc_set_A).toBe(m.result.scoreH + m.result.scoreC);
      // Each set ends exactly when the rule says: the unit that closes it makes a winning score.
      for (let i = 2; i < m.views.length; i++) {
        const [a, b] = [m.views[i - 1]!.data, m.views[i]!.data];
        const homeUnit = plan.won[i - 2] === 1;
        const [x, y] = [a.sc_game_H + (homeUnit ? 1 : 0), a.sc_game_A + (homeUnit ? 0 : 1)];
        const setDone = b.sc_set_H + b.sc_set_A > a.sc_set_H + a.sc_set_A;
        const set = a.sc_set_H + a.sc_set_A + 1;
        const [hi, lo] = [Math.max(x, y), Math.min(x, y)];
        if (engineAny.gameType === 'TN') {
          expect(setDone).toBe((hi === 6 && lo <= 4) || hi === 7);
          expect(hi).toBeLessThanOrEqual(7);
        } else {
          const target = engineAny.gameType === 'VB' ? (set === 5 ? 15 : 25) : 11;
          expect(setDone, `${f.gameId} set ${set} ${x}-${y}`).toBe(hi >= target && hi - lo >= 2);
        }
        if (setDone) expect(b.se_now).toBe(b.sc_set_H === need || b.sc_set_A === need ? 'FT' : `S${set + 1}`);
        else expect([b.sc_game_H, b.sc_game_A]).toEqual([x, y]);
      }
    }
  });

  it("prices move with the score: home's money-line chance rises with every unit it wins and falls with every unit it loses", () => {
    let moved = 0;
    for (const f of fixtures(engineAny, 6)) {
      const plan = planOf(engineAny, f);
      const views = unitTimes(plan.ends).map((t) => engineAny.view(f, plan, t, MARGIN));
      for (let i = 2; i < views.length; i++) {
        const [before, after] = [homeChance(views[i - 1]!), homeChance(views[i]!)];
        if (before === null || after === null) continue;
        if (plan.won[i - 2] === 1) expect(after).toBeGreaterThanOrEqual(before - 1e-3);
        else expect(after).toBeLessThanOrEqual(before + 1e-3);
        if (Math.abs(after - before) > 0.01) moved++;
      }
    }
    expect(moved).toBeGreaterThan(20);
  });

  it('the stronger player (side) is the pre-match favourite, and each match ends within durationMs + overrunMs', () => {
    for (const f of fixtures(engineAny, n)) {
      const plan = planOf(engineAny, f);
      expect(plan.ends[plan.ends.length - 1]!).toBeLessThanOrEqual(engineAny.durationMs + engineAny.overrunMs);
      const pre = homeChance(engineAny.view(f, plan, -MINUTE, MARGIN))!;
      const hi = f.league.teams.indexOf(f.team_h) < f.league.teams.indexOf(f.team_c);
      if (Math.abs(f.league.teams.indexOf(f.team_h) - f.league.teams.indexOf(f.team_c)) >= 3) expect(pre > 0.5).toBe(hi);
    }
  });
});

describe('tennis', () => {
  it('holds serve with the closed form of its point chance', () => {
    expect(holdChance(0.5)).toBeCloseTo(0.5, 12);
    expect(holdChance(0.64)).toBeGreaterThan(0.8);
    expect(holdChance(0.64)).toBeLessThan(0.85);
  });

  it('best of 3 on the tours, best of 5 at the Grand Slam; matches last a believable time', () => {
    const hours: Record<number, number[]> = { 2: [], 3: [] };
    for (const f of fixtures(tennisSim, 90)) {
      const plan = planOf(tennisSim, f);
      expect(plan.need).toBe(f.league.id === 'GSM' ? 3 : 2);
      hours[plan.need]!.push(plan.ends[plan.ends.length - 1]! / 3_600_000);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    expect(Math.min(...hours[2]!)).toBeGreaterThan(0.75);
    expect(median(hours[2]!)).toBeGreaterThan(1.2);
    expect(median(hours[2]!)).toBeLessThan(2);
    expect(median(hours[3]!)).toBeGreaterThan(2);
    expect(median(hours[3]!)).toBeLessThan(3.3);
  });
});

describe('snooker', () => {
  const plans = fixtures(snookerSim, 16).map((f) => ({ f, plan: planOf(snookerSim, f) as SnookerPlan }));

  it('frames to the format: best of 7, the Masters best of 11; points of a frame never beyond the table', () => {
    for (const { f, plan } of plans) {
      const times = unitTimes(plan.ends);
      const m = play(snookerSim, f, plan, times);
      checkMatch(snookerSim, f, plan, times, m);
      expect(Math.max(m.result.scoreH, m.result.scoreC)).toBe(f.league.id === 'SMS' ? 6 : 4);
      expect([m.final.data.sc_FT_H, m.final.data.sc_FT_C]).toEqual([m.result.scoreH, m.result.scoreC]);
      for (const v of m.views) {
        expect(v.data.sc_game_H + v.data.sc_game_A).toBeLessThanOrEqual(147 + 7);
        if (v.status === 'live') expect(v.data.se_now).toBe(`F${v.data.sc_set_H + v.data.sc_set_A + 1}`);
      }
      // A frame goes to the one with more points when it ends.
      for (let i = 1; i < m.views.length; i++) {
        const [a, b] = [m.views[i - 1]!.data, m.views[i]!.data];
        if (b.sc_set_H > a.sc_set_H) expect(a.sc_game_H + plan.pts[i - 2]! * (plan.who[i - 2] === 0 ? 1 : 0)).toBeGreaterThan(a.sc_game_A);
        if (b.sc_set_A > a.sc_set_A) expect(a.sc_game_A + plan.pts[i - 2]! * (plan.who[i - 2] === 1 ? 1 : 0)).toBeGreaterThan(a.sc_game_H);
      }
    }
  });

  it('prices move with the frame: points scored by home raise its chance', () => {
    let moved = 0;
    for (const { f, plan } of plans.slice(0, 6)) {
      const views = unitTimes(plan.ends).map((t) => snookerSim.view(f, plan, t, MARGIN));
      for (let i = 2; i < views.length; i++) {
        const [before, after] = [homeChance(views[i - 1]!), homeChance(views[i]!)];
        if (before === null || after === null || plan.pts[i - 2] === 0) continue;
        if (plan.who[i - 2] === 0) expect(after).toBeGreaterThanOrEqual(before - 1e-3);
        else expect(after).toBeLessThanOrEqual(before + 1e-3);
        moved++;
      }
    }
    expect(moved).toBeGreaterThan(50);
  });
});

describe('baseball', () => {
  const HALF = 9 * MINUTE;

  it('nine innings, extra ones only when level after nine; top and bottom; the result is the last live score', () => {
    let extras = 0;
    for (const f of fixtures(baseballSim, 30)) {
      const plan = planOf(baseballSim, f) as BaseballPlan;
      const times = every(baseballSim, MINUTE);
      const m = play(baseballSim, f, plan, times);
      checkMatch(baseballSim, f, plan, times, m);
      expect([m.final.data.sc_FT_H, m.final.data.sc_FT_C]).toEqual([m.result.scoreH, m.result.scoreC]);
      const live = m.views.filter((v) => v.status === 'live');
      const innings = live.map((v) => v.data.inningNum);
      expect(Math.max(...innings)).toBeGreaterThanOrEqual(9);
      expect(innings.every((n, i) => i === 0 || n === innings[i - 1] || n === innings[i - 1]! + 1)).toBe(true);
      for (const v of live) expect(['TOP', 'BOT']).toContain(v.data.se_now);
      const afterNine = baseballSim.view(f, plan, 18 * HALF, MARGIN);
      if (Math.max(...innings) > 9) {
        extras++;
        expect(afterNine.data.sc_FT_H).toBe(afterNine.data.sc_FT_C);
        expect(afterNine.status).toBe('live');
      } else expect(afterNine.status === 'finished' || afterNine.data.sc_FT_H !== afterNine.data.sc_FT_C).toBe(true);
      // The bottom of the ninth is not played when the home side leads after the top.
      const topNine = baseballSim.view(f, plan, 17 * HALF, MARGIN);
      if (topNine.data.sc_FT_H > topNine.data.sc_FT_C) expect(topNine.status).toBe('finished');
      expect(live.some((v) => v.data.se_now === 'TOP') && live.some((v) => v.data.se_now === 'BOT')).toBe(true);
    }
    expect(extras).toBeGreaterThan(0);
  });

  it('prices: a run for home raises its chance; run line ±1.5 with the favourite giving it', () => {
    const f = fixtures(baseballSim, 1)[0]!;
    const plan = planOf(baseballSim, f) as BaseballPlan;
    for (const [half, done] of [
      [0, 0],
      [7, 0.5],
      [16, 0.2],
      [17, 0.8],
    ] as const) {
      const level = pHomeWins(baseballOutcomes(plan, 2, 2, half, done));
      expect(pHomeWins(baseballOutcomes(plan, 3, 2, half, done))).toBeGreaterThan(level + 0.05);
      expect(pHomeWins(baseballOutcomes(plan, 2, 3, half, done))).toBeLessThan(level - 0.05);
      expect(baseballOutcomes(plan, 2, 2, half, done).reduce((s, [, , p]) => s + p, 0)).toBeCloseTo(1, 4);
    }
    for (const g of fixtures(baseballSim, 10)) {
      const v = baseballSim.view(g, planOf(baseballSim, g), -MINUTE, MARGIN);
      const ah = v.markets().find((x) => x.type === 'AH')!;
      const fav = homeChance(v)! >= 0.5 ? 'H' : 'C';
      expect(ah.selections.find((s) => s.w.startsWith(`AH:${fav}:`))!.w).toBe(`AH:${fav}:-1.5`);
    }
  });
});

describe('ice hockey (OP)', () => {
  it('three periods, overtime and shootout only when level; the result is the regulation score and the winner', () => {
    let decided = 0;
    for (const f of fixtures(hockeySim, 16)) {
      const plan = planOf(hockeySim, f) as HockeyPlan;
      const times = every(hockeySim, 105_000);
      const m = play(hockeySim, f, plan, times);
      checkMatch(hockeySim, f, plan, times, m);
      const regulation = [plan.homeGoals.length, plan.awayGoals.length];
      expect([m.result.scoreH, m.result.scoreC]).toEqual(regulation);
      const [h, c] = [m.final.data.sc_FT_H, m.final.data.sc_FT_C];
      expect(m.result.winner).toBe(h > c ? 'H' : 'C');
      if (regulation[0] === regulation[1]) {
        decided++;
        expect(Math.abs(h - c)).toBe(1);
        expect(h + c).toBe(regulation[0]! * 2 + 1);
        expect(m.views.some((v) => v.data.se_now === 'OT')).toBe(true);
      } else {
        expect([h, c]).toEqual(regulation);
        expect(m.views.some((v) => ['OT', 'SO'].includes(v.data.se_now))).toBe(false);
      }
      const periods = [...new Set(m.views.filter((v) => v.status === 'live').map((v) => v.data.se_now))];
      expect(periods.slice(0, 3)).toEqual(['P1', 'P2', 'P3']);
      // After regulation only the money line (overtime and shootout included) is offered.
      for (const v of m.views)
        if (v.status === 'live' && ['OT', 'SO'].includes(v.data.se_now)) expect(v.markets().map((x) => x.type)).toEqual(['ML']);
    }
    expect(decided).toBeGreaterThan(0);
  });

  it('prices: a goal shortens the scorer; the money line adds the overtime share of a draw to 1X2', () => {
    let goals = 0;
    for (const f of fixtures(hockeySim, 8)) {
      const plan = planOf(hockeySim, f) as HockeyPlan;
      const views = every(hockeySim, 105_000).map((t) => hockeySim.view(f, plan, t, MARGIN));
      const pre = views[0]!;
      const [h, n, c] = ['1X2:H', '1X2:N', '1X2:C'].map((w) => 1000 / price(pre, w)!);
      const ml = homeChance(pre)!;
      expect(ml).toBeGreaterThan(h! / (h! + n! + c!));
      expect(ml).toBeLessThan((h! + n!) / (h! + n! + c!));
      for (let i = 1; i < views.length; i++) {
        const [a, b] = [views[i - 1]!, views[i]!];
        const [before, after] = [homeChance(a), homeChance(b)];
        if (before === null || after === null || b.status !== 'live') continue;
        const [home, away] = [b.data.sc_FT_H - a.data.sc_FT_H, b.data.sc_FT_C - a.data.sc_FT_C];
        if (home > 0 && away === 0) {
          goals++;
          expect(after).toBeGreaterThan(before);
        }
        if (away > 0 && home === 0) {
          goals++;
          expect(after).toBeLessThan(before);
        }
      }
    }
    expect(goals).toBeGreaterThan(10);
  });
});
