import { BetterSqlite3 } from './sqliteDriver.ts';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type PgModule from 'pg';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { dirname } from 'node:path';
import { registerSqlite } from './prepared.ts';
import type { Database } from './schema.ts';
import { WriteWatch, watchedPool } from './writeWatch.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DbOrTx = Db | Tx;
export type Dialect = 'sqlite' | 'postgres';

/**
 * node-postgres, loaded by the first PostgreSQL connection: a SQLite node (the default set-up) never
 * holds it (idle RSS).
 */
let pgModule: typeof PgModule | null = null;
function pg(): typeof PgModule {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof PgModule;
    // int8 (bigint, count(*)) as JS numbers: every bigint we store is an epoch-ms or a count, far below 2^53.
    pgModule.types.setTypeParser(20, (v) => Number(v));
  }
  return pgModule;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL: committed writes to watched tables, for this node's caches (db/writeWatch.ts). */
  writes?: WriteWatch;
  /** SQLite: the whole database as one image (`ConnectOptions.image` opens a copy in memory). */
  serialize?(): Buffer;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  schema?: string;
  poolMax?: number;
  /** SQLite in memory: start from this image of a database (`DbHandle.serialize`) instead of an empty one. */
  image?: Buffer;
  /**
   * SQLite file: checkpoint the WAL from a worker thread (db/checkpointer.ts) instead of inside request
   * commits. The server turns it on; short-lived processes (the ops CLI) keep SQLite's automatic ones.
   */
  backgroundCheckpoints?: boolean | { file?: string | URL; intervalMs?: number };
}

/** The built worker next to the bundle (dist/checkpointer.js); absent when running from TypeScript sources. */
const CHECKPOINTER = new URL('./checkpointer.js', import.meta.url);
const AUTO_CHECKPOINT_PAGES = 1000;

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

export function connect(url: string, opts: ConnectOptions = {}): DbHandle {
  if (isPostgresUrl(url)) {
    const pool = new (pg().Pool)({
      connectionString: url,
      max: opts.poolMax ?? 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    const writes = new WriteWatch();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: watchedPool(pool, writes) }) });
    return { db, dialect: 'postgres', writes, close: () => db.destroy() };
  }
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const sqlite = url === ':memory:' && opts.image ? new BetterSqlite3(opts.image) : new BetterSqlite3(url);
  // New databases only (an existing file keeps its page size; WAL mode fixes it). A commit writes each
  // page it changed to the WAL, two writes per page; a money step changes ~10 pages that are spread
  // over many indexes (keyed by member), so smaller pages make commits cheaper (~20% measured for a
  // 25-page commit on 2 KiB pages) while rows stay far below a page.
  sqlite.pragma('page_size = 2048');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads through a memory map instead of a read() per page: cheaper hot lookups (sessions on every call).
  sqlite.pragma('mmap_size = 268435456');
  // A page changed since the last checkpoint is read from the WAL (a pread, not the memory map) when it
  // is not in the page cache: keep the hot pages of a busy node (accounts, sessions, index tops) cached
  // instead of SQLite's default 2 MiB.
  sqlite.pragma('cache_size = -32768');
  // Savepoint journals in memory: the group commit (ledger/groupCommit.ts) runs each money step in its own
  // savepoint, and SQLite copies every page a step first writes to the sub-journal — a temporary file
  // (a pwrite per page) once it passes 64 KiB, which cost about a quarter of a transfer's database time.
  // A batch's sub-journal is bounded by its steps (MAX_STEPS) times the pages one step writes.
  sqlite.pragma('temp_store = MEMORY');
  const statements = cachedStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  registerSqlite(db, statements);
  const checkpointer = url !== ':memory:' && opts.backgroundCheckpoints ? startCheckpointer(sqlite, url, opts.backgroundCheckpoints) : null;
  return {
    db,
    dialect: 'sqlite',
    serialize: () => sqlite.serialize(),
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

function startCheckpointer(sqlite: BetterSqlite3.Database, file: string, o: true | { file?: string | URL; intervalMs?: number }) {
  const worker = (o === true ? undefined : o.file) ?? CHECKPOINTER;
  if (typeof worker !== 'string' && !existsSync(worker)) return null;
  const w = new Worker(worker, { workerData: { file, intervalMs: (o === true ? undefined : o.intervalMs) ?? 100 } });
  w.unref(); // never what keeps a process alive
  sqlite.pragma('wal_autocheckpoint = 0');
  let running = true;
  const fallBack = () => {
    if (!running) return;
    running = false;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  w.on('error', fallBack);
  w.on('exit', fallBack);
  return {
    worker: w,
    async stop() {
      if (!running) return;
      const stopped = new Promise<void>((resolve) => {
        w.on('message', (m: { type: string }) => {
          if (m.type === 'stopped') resolve();
        });
        w.on('exit', () => resolve());
      });
      w.postMessage('stop');
      await stopped;
      running = false;
      await w.terminate();
    },
  };
}

/**
 * Kysely prepares a statement on every query; better-sqlite3 statements are reusable, and preparing is
 * a good share of a short query's cost. Keep the most recent ones (queries are built from a fixed set
 * of shapes, so the cache stays small; the cap is a guard).
 */
/** SQLite statements run by this process (every one goes through a statement cache): /metrics, bench:casino's statements per spin. */
export const sqliteStats = { statements: 0 };

function cachedStatements(sqlite: BetterSqlite3.Database, max = 500) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      sqliteStats.statements++;
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
