/**
 * The built-in odds feed (sandbox provider): a believable live book that is a pure function of a seed
 * and the clock. Fixtures sit on fixed time slots per sport (rotating leagues, real club names), each
 * match is drawn once from its id, so every node with the same seed shows the same book, a restart
 * loses nothing, and results exist for every match that ever ran. Early (FU), today (FT) and in-play
 * (RB) are views of the same slots; outrights (FSFT/FSFU) run in 3-day cycles.
 *
 * The clock is injected: real time in the server, a manual or faster one in tests.
 */
import { EventEmitter } from 'node:events';
import type { FeedChange, FeedEvent, FeedGameType, FeedOutright, FeedResult, FeedShowType, OddsFeed } from '../../providers/oddsFeed.ts';
import { LEAGUES, leagueById, leaguesOf, strength, type League } from './catalog.ts';
import { baseballSim } from './baseball.ts';
import { basketballSim } from './basketball.ts';
import type { Fixture, MatchView, SportEngine } from './engine.ts';
import { footballSim, virtualFootballSim } from './football.ts';
import { hockeySim } from './hockey.ts';
import { priceOf } from './pricing.ts';
import { inBand, offeredMarkets } from './band.ts';
import { tableTennisSim, volleyballSim } from './rally.ts';
import { rngFor } from './rng.ts';
import { snookerSim } from './snooker.ts';
import { tennisSim } from './tennis.ts';
import { esportsEngines } from './esports/engine.ts';
import { businessDay } from '@portal/rules';

export interface SimulatorOptions {
  now: () => number;
  margin: number;
  seed: string;
}

const ENGINES = new Map<FeedGameType, SportEngine>([
  ['FT', footballSim],
  ['BK', basketballSim],
  ['VF', virtualFootballSim],
  ['TN', tennisSim],
  ['VB', volleyballSim],
  ['TT', tableTennisSim],
  ['SK', snookerSim],
  ['BS', baseballSim],
  ['OP', hockeySim],
  ...esportsEngines.map((e) => [e.gameType, e as SportEngine] as const),
]);
/** A match that has ended is still looked at (tick() reports its end) for this long. */
const REPORT_GRACE_MS = 15 * 60_000;
/** How far back a match may have started and still be running: its duration and overrun (overtimes, extra innings, long sets). */
const lookBackMs = (engine: SportEngine) => engine.durationMs + engine.overrunMs + REPORT_GRACE_MS;
const OUTRIGHT_CYCLE_MS = 3 * 86_400_000;
/** Outrights close at 23:59 of the business day (UTC+8): one closing today is on offer all day long. */
const OUTRIGHT_CLOSE_UTC_MS = (15 * 60 + 59) * 60_000;
const OUTRIGHT_LEAGUES = ['UCL', 'EPL', 'SERIEA', 'LALIGA', 'BUNDES', 'LIGUE1', 'CSL', 'NBA', 'ELWC', 'EKPL', 'EDIN', 'ECBO', 'EVCH'];
/**
 * Outright cycles are staggered a day apart by league (0, 1 or 2 days) and close at 23:59 Beijing time
 * (business days are UTC+8, @portal/rules businessDay): some outright closes on every
 * business day, so 今日冠军 (FSFT, closing today) is never empty two days out of three as it was when every
 * league's cycle ended on the same day.
 */
const outrightOffset = (leagueId: string) => (Math.max(0, OUTRIGHT_LEAGUES.indexOf(leagueId)) % 3) * 86_400_000 + OUTRIGHT_CLOSE_UTC_MS;
const PLAN_CACHE_MAX = 20_000;

export class SportsbookSimulator implements OddsFeed {
  private readonly plans = new Map<string, unknown>();
  /** Events of matches not started yet, as event() built them (valid until kick-off, on the business day `day`). */
  private readonly preMatch = new Map<string, { event: FeedEvent; day: string }>();
  private readonly emitter = new EventEmitter();
  private readonly versions = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(readonly opts: SimulatorOptions) {
    this.emitter.setMaxListeners(0);
  }

  /** The games this simulator offers: every spec §3 game type but FS (outrights, below). */
  static readonly GAME_TYPES: readonly FeedGameType[] = [...ENGINES.keys()];

  /**
   * The match of a time slot. Leagues take the slots in turn; within a league, matches follow a round robin
   * (circle method) from a seeded shuffle of its teams, so a club plays once per round of its league's
   * matches — random pairs had the same two clubs meet at 06:45 and again at 09:15 — home and away alternating.
   */
  private fixture(engine: SportEngine, slot: number): Fixture {
    const leagues = leaguesOf(engine.gameType);
    const league = leagues[slot % leagues.length]!;
    const [home, away] = roundRobinPair(this.teamOrder(engine.gameType, league), Math.floor(slot / leagues.length));
    return {
      gameId: `${engine.gameType}-${slot}`,
      gameType: engine.gameType,
      league,
      team_h: home,
      team_c: away,
      startAt: slot * engine.slotMs,
    };
  }

  private readonly orders = new Map<string, string[]>();

  /** The league's teams in a seeded order (the round robin's seating): fixed per seed, so every node agrees. */
  private teamOrder(gameType: FeedGameType, league: League): string[] {
    const key = `${gameType}|${league.id}`;
    let order = this.orders.get(key);
    if (!order) {
      const rng = rngFor(this.opts.seed, `${key}-order`);
      order = [...league.teams];
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      this.orders.set(key, order);
    }
    return order;
  }

  private planOf(engine: SportEngine, f: Fixture): unknown {
    let p = this.plans.get(f.gameId);
    if (p === undefined) {
      if (this.plans.size >= PLAN_CACHE_MAX) this.plans.clear();
      p = engine.plan(f, rngFor(this.opts.seed, f.gameId));
      this.plans.set(f.gameId, p);
    }
    return p;
  }

  private parse(gameId: string): { engine: SportEngine; f: Fixture } | null {
    const m = /^([A-Z]{2})-(\d{1,12})$/.exec(gameId);
    const engine = m ? ENGINES.get(m[1] as FeedGameType) : undefined;
    if (!m || !engine) return null;
    const slot = Number(m[2]);
    // Only fixtures that have been published (within the horizon) exist.
    if (slot * engine.slotMs > this.opts.now() + engine.horizonMs) return null;
    return { engine, f: this.fixture(engine, slot) };
  }

  private view(engine: SportEngine, f: Fixture): MatchView {
    return engine.view(f, this.planOf(engine, f), this.opts.now(), this.opts.margin);
  }

  private showTypeOf(f: Fixture, v: MatchView): FeedShowType {
    if (v.status !== 'scheduled') return 'RB';
    return businessDay(f.startAt) === businessDay(this.opts.now()) ? 'FT' : 'FU';
  }

  private toEvent(engine: SportEngine, f: Fixture, v: MatchView): FeedEvent {
    return {
      gameId: f.gameId,
      gameType: f.gameType,
      leagueId: f.league.id,
      league: f.league.name,
      team_h: f.team_h,
      team_c: f.team_c,
      startAt: f.startAt,
      showType: this.showTypeOf(f, v),
      status: v.status,
      suspended: v.suspended,
      version: v.step,
      data: { ...v.data, league_id: f.league.id, gameType: engine.gameType },
      // Only prices inside the band are offered (band.ts): the rest are suspended, whatever the engine priced.
      markets: offeredMarkets(v.markets()),
    };
  }

  private fixturesAround(engine: SportEngine, fromMs: number, toMs: number): Fixture[] {
    const out: Fixture[] = [];
    for (let slot = Math.ceil(fromMs / engine.slotMs); slot * engine.slotMs <= toMs; slot++) out.push(this.fixture(engine, slot));
    return out;
  }

  list(q: { gameType: FeedGameType; showType: FeedShowType; leagueId?: string; pageNum?: number; pageSize?: number }): {
    total: number;
    events: FeedEvent[];
  } {
    const engine = ENGINES.get(q.gameType);
    if (!engine) return { total: 0, events: [] };
    const now = this.opts.now();
    const from = q.showType === 'RB' ? now - lookBackMs(engine) : now;
    const to = q.showType === 'RB' ? now : now + engine.horizonMs;
    const open: Array<{ f: Fixture; v: MatchView }> = [];
    for (const f of this.fixturesAround(engine, from, to)) {
      if (q.leagueId && f.league.id !== q.leagueId) continue;
      const v = this.view(engine, f);
      if (v.status !== 'finished' && this.showTypeOf(f, v) === q.showType) open.push({ f, v });
    }
    // Prices only for the page asked for (pricing is the costly part; it is cached per state).
    const size = q.pageSize ?? 20;
    const page = open.slice(((q.pageNum ?? 1) - 1) * size, (q.pageNum ?? 1) * size);
    return { total: open.length, events: page.map(({ f, v }) => this.toEvent(engine, f, v)) };
  }

  /**
   * One event as it is now. A match not started yet is the same event until its kick-off (or the business
   * day's end, which turns FU into FT): it is built once and shared (consumers only read it) — bet placement
   * prices every leg through here, and building the event was ~11 µs of a bet.
   */
  event(gameId: string): FeedEvent | null {
    const now = this.opts.now();
    const hit = this.preMatch.get(gameId);
    if (hit && now < hit.event.startAt && businessDay(now) === hit.day) return hit.event;
    const p = this.parse(gameId);
    if (!p) return null;
    const v = this.view(p.engine, p.f);
    const e = this.toEvent(p.engine, p.f, v);
    if (v.status === 'scheduled') {
      if (this.preMatch.size >= PLAN_CACHE_MAX) this.preMatch.clear();
      this.preMatch.set(gameId, { event: e, day: businessDay(now) });
    } else if (hit) {
      this.preMatch.delete(gameId);
    }
    return e;
  }

  leagues(gameType?: FeedGameType) {
    return LEAGUES.filter((l) => (gameType ? l.gameType === gameType : true)).map((l) => ({
      leagueId: l.id,
      name: l.name,
      gameType: l.gameType,
      quick: l.quick,
    }));
  }

  private outrightOf(league: League, cycle: number): FeedOutright {
    const weights = league.teams.map((t) => strength(league, t) ** 6);
    const total = weights.reduce((s, w) => s + w, 0);
    const closeAt = (cycle + 1) * OUTRIGHT_CYCLE_MS + outrightOffset(league.id);
    return {
      gameId: `FS-${league.id}-${cycle}`,
      leagueId: league.id,
      league: league.name,
      name: `${league.name} 冠军`,
      closeAt,
      showType: businessDay(closeAt - 1) === businessDay(this.opts.now()) ? 'FSFT' : 'FSFU',
      version: 1,
      selections: league.teams.flatMap((t, i) => {
        const r = priceOf(weights[i]! / total, this.opts.margin * 3);
        return r === null || !inBand('FS', r) ? [] : [{ w: `FS:T${i}`, rtype: `T${i}`, name: t, r }];
      }),
    };
  }

  outrights(showType?: 'FSFT' | 'FSFU'): FeedOutright[] {
    return OUTRIGHT_LEAGUES.flatMap((id) => {
      const cycle = this.outrightCycle(id);
      return [cycle, cycle + 1].map((c) => this.outrightOf(leagueById.get(id)!, c));
    }).filter((o) => (showType ? o.showType === showType : true));
  }

  /** The league's open outright cycle now (cycles are staggered by league: outrightOffset). */
  private outrightCycle(leagueId: string): number {
    return Math.floor((this.opts.now() - outrightOffset(leagueId)) / OUTRIGHT_CYCLE_MS);
  }

  outright(gameId: string): FeedOutright | null {
    const m = /^FS-([A-Z0-9]+)-(\d{1,9})$/.exec(gameId);
    const league = m ? leagueById.get(m[1]!) : undefined;
    if (!m || !league || !OUTRIGHT_LEAGUES.includes(league.id)) return null;
    const cycle = Number(m[2]);
    if (cycle > this.outrightCycle(league.id) + 1) return null;
    return this.outrightOf(league, cycle);
  }

  result(gameId: string): FeedResult | null {
    if (gameId.startsWith('FS-')) {
      const o = this.outright(gameId);
      if (!o || this.opts.now() < o.closeAt) return null;
      // The winner is drawn once from the fair chances (the same for every node and every ask).
      const rng = rngFor(this.opts.seed, `${gameId}-winner`);
      const league = leagueById.get(o.leagueId)!;
      const weights = league.teams.map((t) => strength(league, t) ** 6);
      let x = rng() * weights.reduce((s, w) => s + w, 0);
      let i = 0;
      while (i < weights.length - 1 && (x -= weights[i]!) > 0) i++;
      return { gameId, scoreH: 0, scoreC: 0, htH: null, htC: null, winner: `T${i}` };
    }
    const p = this.parse(gameId);
    return p ? this.view(p.engine, p.f).result : null;
  }

  onChange(listener: (c: FeedChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  /** Reports every event whose version moved since the last tick (live ones, and those just started or ended). */
  tick(): void {
    const now = this.opts.now();
    const seen = new Set<string>();
    for (const engine of ENGINES.values()) {
      for (const f of this.fixturesAround(engine, now - lookBackMs(engine), now + engine.slotMs)) {
        const v = this.view(engine, f);
        seen.add(f.gameId);
        const before = this.versions.get(f.gameId);
        if (before === v.step) continue;
        this.versions.set(f.gameId, v.step);
        if (before === undefined && v.status === 'scheduled') continue;
        this.emitter.emit('change', {
          gameId: f.gameId,
          version: v.step,
          status: v.status,
          suspended: v.suspended,
          data: { ...v.data, league_id: f.league.id, gameType: engine.gameType },
        } satisfies FeedChange);
      }
    }
    for (const id of this.versions.keys()) if (!seen.has(id)) this.versions.delete(id);
  }

  start(intervalMs = 1_000): void {
    if (this.timer) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/**
 * The k-th match of a round robin of `teams` (circle method: the first seat stays, the others rotate one place
 * per round; an odd count sits one team out each round). A round has floor(n/2) matches in which every team
 * plays once at most; after n-1 rounds (n even) every pair has met once; home and away swap every other round.
 */
export function roundRobinPair(teams: readonly string[], k: number): [string, string] {
  const seats: Array<string | null> = teams.length % 2 === 0 ? [...teams] : [...teams, null];
  const n = seats.length;
  const round = Math.floor(k / Math.floor(teams.length / 2)) % (n - 1);
  const at = (p: number): string | null => (p === 0 ? seats[0]! : seats[1 + ((p - 1 + round) % (n - 1))]!);
  const pairs: Array<[string, string]> = [];
  for (let p = 0; p < n / 2; p++) {
    const a = at(p);
    const b = at(n - 1 - p);
    if (a !== null && b !== null) pairs.push(round % 2 === 0 ? [a, b] : [b, a]);
  }
  return pairs[k % pairs.length]!;
}
