import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DbOrTx = Db | Tx;
export type Dialect = 'sqlite' | 'postgres';

// int8 (bigint, count(*)) as JS numbers: every bigint we store is an epoch-ms or a count, far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  schema?: string;
  poolMax?: number;
}

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

export function connect(url: string, opts: ConnectOptions = {}): DbHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolMax ?? 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const sqlite = new BetterSqlite3(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads through a memory map instead of a read() per page: cheaper hot lookups (sessions on every call).
  sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely prepares a statement on every query; better-sqlite3 statements are reusable, and preparing is
 * a good share of a short query's cost. Keep the most recent ones (queries are built from a fixed set
 * of shapes, so the cache stays small; the cap is a guard).
 */
function cachedStatements(sqlite: BetterSqlite3.Database, max = 500) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
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
