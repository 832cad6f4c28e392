/**
 * bench:sport's push half (BENCH_BARE_ROUTE=1, never in production): POST /bench/realtime/drive
 * publishes `ratePerS` versioned changes per second for `seconds` on the bus, round-robin over
 * `events` invented in-play football events (ids BENCH-<n>) shaped like a real one of the feed
 * (same markets), through the same path as the feed's changes: bus → hub → every subscribed socket.
 * `gameType` (issue 32) copies an event of that game type instead — an e-sports title's series with its
 * map state and per-map markets (bench:sport's e-sports phase: 40 live maps).
 */
import type { FastifyInstance } from 'fastify';
import type { FeedEvent, FeedGameType } from '../providers/oddsFeed.ts';
import type { Bus } from './bus.ts';
import type { RealtimeHub } from './hub.ts';
import { SPORT_TOPIC, pushOf } from './sport.ts';

const TICK_MS = 20;
/** Caps so the route cannot be turned into a load generator against the node itself. */
const MAX_RATE = 2_000;
const MAX_SECONDS = 60;
const MAX_EVENTS = 200;

/** Game types the driver copies: football (the default) and the e-sports titles. */
const DRIVEN_TYPES: readonly FeedGameType[] = ['FT', 'EL', 'EK', 'ED', 'EC', 'EV'];

export function registerBenchDriver(
  app: FastifyInstance,
  bus: Bus,
  hub: RealtimeHub,
  template: (gameType: FeedGameType) => FeedEvent | null,
): void {
  let version = 0;
  app.post('/bench/realtime/drive', async (req) => {
    const b = (req.body ?? {}) as { ratePerS?: number; seconds?: number; events?: number; gameType?: string };
    const gameType = DRIVEN_TYPES.find((g) => g === b.gameType) ?? 'FT';
    const rate = Math.min(MAX_RATE, Math.max(1, Number(b.ratePerS) || 20));
    const seconds = Math.min(MAX_SECONDS, Math.max(1, Number(b.seconds) || 10));
    const events = Math.min(MAX_EVENTS, Math.max(1, Number(b.events) || 20));
    const t = template(gameType);
    if (!t) return { ok: false, reason: 'no feed event to copy' };
    const endAt = Date.now() + seconds * 1000;
    const before = { ...hub.stats };
    const startedAt = Date.now();
    let published = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (Date.now() >= endAt) {
          clearInterval(timer);
          resolve();
          return;
        }
        // Owed by the clock, not by ticks: a node too busy to tick on time publishes the backlog (and the latency shows it).
        const owed = Math.floor(((Date.now() - startedAt) / 1000) * rate) - published;
        for (let k = 0; k < owed; k++) {
          const n = published % events;
          version += 1;
          const e: FeedEvent = { ...t, gameId: `BENCH-${n}`, gameType, showType: 'RB', status: 'live', version };
          bus.publishLocal(SPORT_TOPIC, JSON.stringify(pushOf(e, Date.now(), false)));
          published += 1;
        }
      }, TICK_MS);
    });
    return {
      ok: true,
      published,
      events,
      sends: hub.stats.sends - before.sends,
      slowDrops: hub.stats.slowDrops - before.slowDrops,
      connections: hub.connections,
    };
  });
}
