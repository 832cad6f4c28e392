import type { UntypedDb } from '../../db/prepared.ts';
import { sqliteOf, type SqliteStatements } from '../../db/prepared.ts';

/**
 * The lean session check (every call of a lean route: sportsbook bets, venue transfers) remembered per
 * embedded SQLite database, so that a player's calls read the session and member once instead of on every
 * call (bench:sport: the lookup was ~8% of a bet's CPU). What is remembered is exactly what the database
 * would answer, never older:
 *  - every write to sessions or members goes through user/repository.ts, which forgets the entries
 *    (invalidate) before and after its statement, so a read racing with it is not kept either; a touch
 *    (last_seen_at) updates the one entry instead. The full lookup also carries the VIP grade: its writers,
 *    vip/repository.ts raise() and set() (the console), forget the same way (write member_vip nowhere else);
 *  - another process writing the same database (an operator tool disabling a member, revoking sessions) changes
 *    SQLite's data_version: anything remembered before is dropped. Reading it starts and ends a read
 *    transaction (two lock syscalls, ~5% of a bet when done on every call), so it is read at most once per
 *    millisecond: another process's commit is seen by the lookups that start 1 ms after it, or sooner;
 *  - the expiry rules are applied by the caller to the remembered times on every call, as to fresh ones.
 * On PostgreSQL with Redis (several nodes, each could revoke) the same cache is kept per node, fresh by other
 * means (modules/user/sessionSync.ts): a committed write to sessions, members or member_vip on any node
 * (db/writeWatch.ts sees it after its COMMIT) forgets the entries on that node and, through Redis pub/sub, on
 * every other; while a node's subscription to Redis is down it remembers nothing. PostgreSQL without Redis
 * does not use it: each lookup reads the database.
 */
/** data_version is read at most this often (see above). */
export const VERSION_EVERY_MS = 1;

export class LeanSessionCache<T> {
  private readonly entries = new Map<string, T>();
  private generation = 0;
  private version = -1;
  private versionReadAt = -Infinity;

  /**
   * `sqlite`: the embedded database, whose data_version tells another process's commits; null for a cache kept
   * fresh from outside (PostgreSQL: sessionSync.ts), which remembers nothing while `trusted()` is false.
   */
  constructor(
    private readonly sqlite: SqliteStatements | null,
    private readonly max = 50_000,
    private readonly trusted: () => boolean = () => true,
  ) {}

  /** What was remembered for this token, if nothing has changed since (call before reading the database). */
  get(tokenHash: string): T | undefined {
    if (!this.sqlite) {
      if (this.trusted()) return this.entries.get(tokenHash);
      if (this.entries.size) this.invalidate();
      return undefined;
    }
    const now = performance.now();
    if (now - this.versionReadAt >= VERSION_EVERY_MS) {
      this.versionReadAt = now;
      const v = this.dataVersion();
      if (v !== this.version) {
        this.version = v;
        this.invalidate();
      }
    }
    return this.entries.get(tokenHash);
  }

  /** The point a read starts from: remember() keeps its answer only if nothing was written since. */
  mark(): number {
    return this.generation;
  }

  remember(tokenHash: string, value: T, mark: number): void {
    if (mark !== this.generation || (!this.sqlite && !this.trusted())) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, value);
  }

  /** A write is about to change a remembered row: reads started before it are not kept (entries stay). */
  fence(): void {
    this.generation++;
  }

  /** The entry after a write this process made to its row (e.g. last_seen_at), if it is remembered. */
  update(tokenHash: string, change: (v: T) => T): void {
    const v = this.entries.get(tokenHash);
    if (v !== undefined) this.entries.set(tokenHash, change(v));
  }

  /** A session or member row changed in this process: forget everything remembered. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Changes when another connection (another process) commits to the database file. */
  private dataVersion(): number {
    const row = this.sqlite!.prepare('pragma data_version').all([])[0] as { data_version: number };
    return row.data_version;
  }
}

const caches = new WeakMap<object, LeanSessionCache<unknown>>();

/**
 * The cache of a database (shared by its transactions): SQLite's own, or on PostgreSQL the one sessionSync.ts
 * shared (undefined until then: each lookup reads the database).
 */
export function leanCacheOf<T>(db: UntypedDb): LeanSessionCache<T> | undefined {
  const key = db.getExecutor().adapter;
  let c = caches.get(key) as LeanSessionCache<T> | undefined;
  if (!c) {
    const sqlite = sqliteOf(db);
    if (!sqlite) return undefined;
    c = new LeanSessionCache<T>(sqlite);
    caches.set(key, c as LeanSessionCache<unknown>);
  }
  return c;
}

/** A cache for this PostgreSQL database, kept fresh by the caller (sessionSync.ts); `stop` forgets it. */
export function shareSessionCache<T>(db: UntypedDb, trusted: () => boolean): { cache: LeanSessionCache<T>; stop(): void } {
  const key = db.getExecutor().adapter;
  const cache = new LeanSessionCache<T>(null, 50_000, trusted);
  caches.set(key, cache as LeanSessionCache<unknown>);
  return {
    cache,
    stop() {
      cache.invalidate();
      if (caches.get(key) === cache) caches.delete(key);
    },
  };
}
