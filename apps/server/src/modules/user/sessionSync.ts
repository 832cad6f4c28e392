/**
 * The session cache on PostgreSQL + Redis (several nodes): each node remembers the session lookups it made
 * (sessionCache.ts) and forgets them all whenever a session, member or VIP row changes anywhere —
 *  - on this node: db/writeWatch.ts reports each committed insert, update or delete of sessions, members or
 *    member_vip (after its COMMIT, so nothing older can be read and kept again), whoever wrote it (the account
 *    module, the console, protection, the VIP job);
 *  - on the others: the same report is published on the bus (Redis pub/sub) and every node forgets at once.
 * While a node's subscription to Redis is down (messages would be lost to it) it remembers nothing, and forgets
 * everything once more when the subscription is confirmed again. As a last guard against a message lost
 * between nodes that stayed connected (a publish that failed), every entry is forgotten every FORGET_ALL_MS.
 * The periodic touch of last_seen_at (sessions.ts, once a minute per session) is not a change for the cache:
 * each node applies its own touches to its entries, and the idle expiry is far longer than a touch period.
 */
import type { DbHandle } from '../../db/connect.ts';
import type { Bus } from '../../realtime/bus.ts';
import { shareSessionCache, type LeanSessionCache } from './sessionCache.ts';

export const SESSIONS_TOPIC = 'sessions.changed';
export const FORGET_ALL_MS = 5_000;
/** The touch (sessionRepository.touch): only last_seen_at of one session. */
const TOUCH = /^update "sessions" set "last_seen_at" = \$1 where "token_hash" = \$2 and "revoked_at" is null$/;

export interface SessionSync {
  cache: LeanSessionCache<unknown>;
  /** Changes announced on the bus by this node, and announcements received (this node's own included): tests. */
  readonly published: number;
  readonly received: number;
  stop(): void;
}

/** Null where it does not apply: SQLite (its own cache), or no Redis bus (one node: each lookup reads the database). */
export function syncSessions(handle: DbHandle, bus: Bus, onError: (e: unknown) => void = () => undefined): SessionSync | null {
  if (handle.dialect !== 'postgres' || !handle.writes || !bus.onLink) return null;
  let up = false;
  let confirmed = false;
  let received = 0;
  let published = 0;
  const shared = shareSessionCache<unknown>(handle.db, () => up && confirmed);
  const cache = shared.cache;
  const offTopic = bus.subscribe(SESSIONS_TOPIC, () => {
    received++;
    cache.invalidate();
  });
  void bus.ready?.().then(
    () => {
      confirmed = true;
      cache.invalidate();
    },
    () => undefined,
  );
  const offLink = bus.onLink((u) => {
    up = u;
    cache.invalidate();
  });
  const offWatch = handle.writes.watch(
    ['sessions', 'members', 'member_vip'],
    () => {
      cache.invalidate();
      published++;
      bus.publish(SESSIONS_TOPIC, '1').catch(onError);
    },
    TOUCH,
  );
  const sweep = setInterval(() => cache.invalidate(), FORGET_ALL_MS);
  sweep.unref();
  return {
    cache,
    get published() {
      return published;
    },
    get received() {
      return received;
    },
    stop() {
      clearInterval(sweep);
      offWatch();
      offLink();
      offTopic();
      shared.stop();
    },
  };
}
