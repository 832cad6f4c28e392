/** The simulator offers every spec §3 game type: early, today and in-play lists on a fixed clock, events, results and changes. */
import { describe, expect, it } from 'vitest';
import type { FeedChange, FeedGameType } from '../../providers/oddsFeed.ts';
import { settleSelection } from './markets.ts';
import { leaguesOf } from './catalog.ts';
import { SportsbookSimulator, roundRobinPair } from './simulator.ts';
import { businessDay } from '@portal/rules';

const NOON = Date.parse('2026-03-10T12:00:00+08:00');
const NEW_TYPES: FeedGameType[] = ['TN', 'VB', 'TT', 'SK', 'BS', 'OP'];

function simAt(ms: number) {
  let now = ms;
  const sim = new SportsbookSimulator({ now: () => now, margin: 0.05, seed: 'sim-test' });
  return {
    sim,
    set: (t: number) => {
      now = t;
    },
  };
}

describe('SportsbookSimulator', () => {
  it('lists every game type of spec §3 but the champion one, and the five e-sports titles', () => {
    expect([...SportsbookSimulator.GAME_TYPES].sort()).toEqual([
      'BK',
      'BS',
      'EC',
      'ED',
      'EK',
      'EL',
      'EV',
      'FT',
      'OP',
      'SK',
      'TN',
      'TT',
      'VB',
      'VF',
    ]);
  });

  it.each(NEW_TYPES)("%s: a handful in play, a day of today's fixtures, early ones; leagues with real names", (gameType) => {
    const { sim } = simAt(NOON);
    const rb = sim.list({ gameType, showType: 'RB', pageSize: 100 });
    const today = sim.list({ gameType, showType: 'FT', pageSize: 100 });
    const early = sim.list({ gameType, showType: 'FU', pageSize: 100 });
    expect(rb.total).toBeGreaterThanOrEqual(2);
    expect(rb.total).toBeLessThanOrEqual(10);
    expect(today.total).toBeGreaterThanOrEqual(10);
    expect(early.total).toBeGreaterThan(today.total);
    for (const e of rb.events) {
      expect(e).toMatchObject({ gameType, showType: 'RB', status: 'live', data: { isLive: true, gameType } });
      expect(e.data.se_now).not.toBe('');
      expect(sim.event(e.gameId)).toEqual(e);
      expect(sim.result(e.gameId)).toBeNull();
    }
    for (const e of today.events) {
      expect(e).toMatchObject({ status: 'scheduled', data: { isLive: false, gameStatus: 'NOT_STARTED' } });
      expect(businessDay(e.startAt)).toBe(businessDay(NOON));
      // A money line whose favourite would be under 1.01 is not offered (band.ts); one offered has both sides.
      expect(e.markets.find((m) => m.type === 'ML')?.selections ?? [1, 2]).toHaveLength(2);
      expect(e.team_h).not.toBe(e.team_c);
    }
    for (const e of early.events) expect(businessDay(e.startAt) > businessDay(NOON)).toBe(true);
    expect(today.events.filter((e) => e.markets.some((m) => m.type === 'ML')).length).toBeGreaterThan(today.events.length / 2);
    // A match all but decided may have every market suspended (prices out of the band: band.ts); most are priced.
    expect(rb.events.filter((e) => e.markets.length > 0).length).toBeGreaterThanOrEqual(Math.ceil(rb.events.length / 2));
    const leagues = sim.leagues(gameType);
    expect(leagues.length).toBeGreaterThanOrEqual(2);
    expect(new Set(rb.events.concat(today.events).map((e) => e.leagueId)).size).toBeGreaterThanOrEqual(2);
  });

  it.each(NEW_TYPES)('%s: an in-play event ends with a result that settles what it offered', (gameType) => {
    const { sim, set } = simAt(NOON);
    const e = sim.list({ gameType, showType: 'RB' }).events[0]!;
    set(NOON + 6 * 3_600_000);
    const r = sim.result(e.gameId)!;
    expect(r).not.toBeNull();
    const last = sim.event(e.gameId)!;
    expect(last.status).toBe('finished');
    expect(last.markets).toEqual([]);
    if (gameType !== 'OP') expect([r.scoreH, r.scoreC]).toEqual([last.data.sc_FT_H, last.data.sc_FT_C]);
    for (const m of e.markets) for (const s of m.selections) expect(settleSelection(s.w, r), s.w).not.toBeNull();
  });

  it('a match not started yet is the same event until kick-off: early (FU) turns today (FT) at the business day, live at the start', () => {
    const { sim, set } = simAt(NOON);
    const HOUR = 3_600_000;
    // An early match whose last hour before kick-off is on its own business day.
    const early = sim
      .list({ gameType: 'FT', showType: 'FU', pageSize: 100 })
      .events.find((e) => businessDay(e.startAt - HOUR) === businessDay(e.startAt))!;
    const first = sim.event(early.gameId)!;
    expect(first).toEqual(early);
    expect(sim.event(early.gameId)).toBe(first); // built once
    // The day it is played on: the same prices, now listed as today's.
    set(early.startAt - HOUR);
    const today = sim.event(early.gameId)!;
    expect(today).toMatchObject({ status: 'scheduled', showType: 'FT', markets: first.markets });
    // Kicked off: no longer the pre-match event.
    set(early.startAt + 60_000);
    expect(sim.event(early.gameId)).toMatchObject({ status: 'live', showType: 'RB' });
    // A clock set back (tests do) sees the event of its own day.
    set(NOON);
    expect(sim.event(early.gameId)).toMatchObject({ status: 'scheduled', showType: 'FU' });
  });

  it.each([20, 19, 2, 3])('round robin of %i teams: each plays once per round; every pair meets once per cycle', (n) => {
    const teams = Array.from({ length: n }, (_, i) => `T${i}`);
    const perRound = Math.floor(n / 2);
    const rounds = n % 2 === 0 ? n - 1 : n;
    const met = new Set<string>();
    for (let r = 0; r < rounds; r++) {
      const playing = new Set<string>();
      for (let i = 0; i < perRound; i++) {
        const [h, c] = roundRobinPair(teams, r * perRound + i);
        expect(h).not.toBe(c);
        expect(playing.has(h) || playing.has(c), `round ${r}: ${h} or ${c} twice`).toBe(false);
        playing.add(h);
        playing.add(c);
        met.add([h, c].sort().join('-'));
      }
    }
    expect(met.size).toBe((n * (n - 1)) / 2);
  });

  it("within a round of a league's matches no club plays twice (random pairs had the same clubs meet twice a day)", () => {
    const { sim } = simAt(NOON);
    const leagues = leaguesOf('FT');
    const events = [
      ...sim.list({ gameType: 'FT', showType: 'FT', pageSize: 100 }).events,
      ...sim.list({ gameType: 'FT', showType: 'FU', pageSize: 100 }).events,
    ];
    const rounds = new Map<string, Array<{ gameId: string; team_h: string; team_c: string }>>();
    for (const e of events) {
      const league = leagues.find((l) => l.id === e.leagueId)!;
      const k = Math.floor(Number(e.gameId.split('-')[1]) / leagues.length); // the league's k-th match
      const key = `${e.leagueId}#${Math.floor(k / Math.floor(league.teams.length / 2))}`;
      rounds.set(key, [...(rounds.get(key) ?? []), e]);
    }
    expect([...rounds.values()].some((r) => r.length > 2)).toBe(true);
    for (const [round, list] of rounds) {
      const clubs = list.flatMap((e) => [e.team_h, e.team_c]);
      expect(new Set(clubs).size, `${round}: ${list.map((e) => `${e.gameId} ${e.team_h}-${e.team_c}`).join(', ')}`).toBe(clubs.length);
    }
  });

  it("tick reports the new sports' live changes", () => {
    const { sim, set } = simAt(NOON);
    const seen = new Set<string>();
    sim.onChange((c: FeedChange) => seen.add(c.data.gameType));
    sim.tick();
    set(NOON + 10 * 60_000);
    sim.tick();
    for (const g of NEW_TYPES) expect(seen.has(g), g).toBe(true);
  });
});
