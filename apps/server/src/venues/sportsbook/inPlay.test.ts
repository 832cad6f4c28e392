/**
 * In-play football trading: the 1X2 is priced from the match model — score, time left, red cards —
 * with the margin, offered with all three sides or not at all, each side within the model's band of fair prices;
 * the main handicap and total lines are offered balanced or not at all; the simulator plays the model it prices.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MAIN_LINE_RATIO, inBand } from './band.ts';
import { drawRedCards, footballGoals } from './football.ts';
import { remainingShare } from './footballModel.ts';
import { priceFootball, scoreGrid, sumGrid, type MatchState } from './pricing.ts';
import { rngFor } from './rng.ts';
import { SportsbookSimulator } from './simulator.ts';

const MARGIN = 0.05;
const AVERAGE = { lambdaHome: 1.45, lambdaAway: 1.15 };
const european = (milli: number | null) => (milli === null ? null : milli / 1000);

/** The model's fair prices (1 / chance) of home, draw and away. */
function fair(s: MatchState): [number, number, number] {
  const grid = scoreGrid(s);
  const home = sumGrid(grid, (h, a) => h > a);
  const draw = sumGrid(grid, (h, a) => h === a);
  return [1 / home, 1 / draw, 1 / (1 - home - draw)];
}

const state = fc.record({
  lambdaHome: fc.double({ min: 0.5, max: 2.6, noNaN: true }),
  lambdaAway: fc.double({ min: 0.5, max: 2.6, noNaN: true }),
  scoreHome: fc.integer({ min: 0, max: 4 }),
  scoreAway: fc.integer({ min: 0, max: 4 }),
  minute: fc.integer({ min: 0, max: 88 }),
  redHome: fc.integer({ min: 0, max: 2 }),
  redAway: fc.integer({ min: 0, max: 2 }),
});

describe('in-play 1X2 from the match model', () => {
  it('property: all three sides or none; each offered side in band, at most its fair price and at least fair / (1 + margin)', () => {
    fc.assert(
      fc.property(state, (s) => {
        const p = priceFootball(s, MARGIN);
        const offered = p.h2h.filter((m) => m !== null);
        if (offered.length === 0) return true;
        if (offered.length !== 3) return false;
        const f = fair(s);
        return p.h2h.every((m, i) => {
          const o = m! / 1000;
          return inBand('1X2', m!) && o <= f[i]! + 1e-9 && o >= f[i]! / (1 + MARGIN) - 0.001;
        });
      }),
      { numRuns: 500 },
    );
  });

  it("the walk-through's matches: a leader at 83' is ~1.08, a 1–0 at 53' ~1.3, 0–2 at half time offers all three", () => {
    const late = priceFootball({ ...AVERAGE, scoreHome: 2, scoreAway: 1, minute: 83 }, MARGIN).h2h.map(european);
    expect(late.every((o) => o !== null)).toBe(true);
    expect(late[0]).toBeGreaterThanOrEqual(1.05);
    expect(late[0]).toBeLessThanOrEqual(1.15);
    const lead = priceFootball({ ...AVERAGE, scoreHome: 1, scoreAway: 0, minute: 53 }, MARGIN).h2h.map(european);
    expect(lead[0]).toBeGreaterThan(1.2);
    expect(lead[0]).toBeLessThan(1.7);
    const away = priceFootball({ ...AVERAGE, scoreHome: 0, scoreAway: 2, minute: 45 }, MARGIN).h2h.map(european);
    expect(away.every((o) => o !== null)).toBe(true);
    expect(away[2]).toBeLessThan(away[1]!);
    expect(away[1]).toBeLessThan(away[0]!);
  });

  it('a red card lengthens the carded side and shortens its opponent; the clock runs faster late in each half', () => {
    const base = { ...AVERAGE, scoreHome: 0, scoreAway: 0, minute: 30 };
    const even = priceFootball(base, MARGIN).h2h;
    const sentOff = priceFootball({ ...base, redHome: 1 }, MARGIN).h2h;
    expect(sentOff[0]!).toBeGreaterThan(even[0]!);
    expect(sentOff[2]!).toBeLessThan(even[2]!);
    expect(remainingShare(0)).toBeCloseTo(1, 9);
    expect(remainingShare(90)).toBe(0);
    // The last 15 minutes on the clock (stoppage folded in) carry more than a sixth of the goals.
    expect(remainingShare(75)).toBeGreaterThan(0.25);
    expect(remainingShare(40, 45)).toBeGreaterThan(5 / 90);
  });

  it('the simulator plays the model it prices: goals spread by the clock, a red card thins its side', () => {
    const rng = rngFor('in-play-model', 'plans');
    let late = 0;
    let all = 0;
    let home = 0;
    let redHomeGoals = 0;
    let redMatches = 0;
    const N = 20_000;
    for (let i = 0; i < N; i++) {
      const goals = { ...AVERAGE, homeGoals: footballGoals(rng, AVERAGE.lambdaHome), awayGoals: footballGoals(rng, AVERAGE.lambdaAway) };
      const plan = drawRedCards(rng, goals);
      for (const g of [...plan.homeGoals, ...plan.awayGoals]) {
        all++;
        if (g > 75) late++;
      }
      home += plan.homeGoals.length;
      if (plan.homeReds.length > 0) {
        redMatches++;
        redHomeGoals += plan.homeGoals.length;
      }
    }
    expect(late / all).toBeCloseTo(remainingShare(75), 1);
    // Red cards cost goals: fewer home goals in matches with a home red card; about a side in ten is sent off.
    expect(redHomeGoals / redMatches).toBeLessThan(home / N);
    expect(redMatches / N).toBeGreaterThan(0.07);
    expect(redMatches / N).toBeLessThan(0.14);
  });
});

describe('a simulated day of live football', () => {
  const DAY_START = Date.parse('2026-03-11T00:00:00+08:00');
  let now = DAY_START;
  const sim = new SportsbookSimulator({ now: () => now, margin: MARGIN, seed: 'in-play-day' });
  const live: ReturnType<typeof sim.list>['events'] = [];
  for (now = DAY_START; now < DAY_START + 86_400_000; now += 7 * 60_000)
    for (const gameType of ['FT', 'VF'] as const) live.push(...sim.list({ gameType, showType: 'RB', pageSize: 100 }).events);

  it('every live 1X2 offers home, draw and away together; red cards are on the wire', () => {
    const h2h = live.flatMap((e) => e.markets.filter((m) => m.type === '1X2').map((m) => ({ e, m })));
    expect(h2h.length).toBeGreaterThan(100);
    expect(h2h.filter(({ m }) => m.selections.length !== 3).map(({ e }) => `${e.gameId} ${e.data.re_time}`)).toEqual([]);
    expect(live.some((e) => (e.data.redcard_H ?? 0) + (e.data.redcard_C ?? 0) > 0)).toBe(true);
  });

  it(`every live main handicap and total is balanced: its prices within ${MAX_MAIN_LINE_RATIO}× of each other, so no side under 1.50`, () => {
    const lines = live.flatMap((e) => e.markets.filter((m) => m.type === 'AH' || m.type === 'OU'));
    expect(lines.length).toBeGreaterThan(100);
    const leaning = lines.filter((m) => {
      const [a, b] = m.selections.map((s) => s.r) as [number, number];
      return Math.max(a, b) / Math.min(a, b) > MAX_MAIN_LINE_RATIO || Math.min(a, b) < 1500;
    });
    expect(leaning.map((m) => m.selections.map((s) => `${s.w}@${s.r}`).join(' '))).toEqual([]);
  });
});
