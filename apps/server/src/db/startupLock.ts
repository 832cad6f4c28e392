import { sql } from 'kysely';
import type { DbHandle } from './connect.ts';

/** An arbitrary constant of this project: the advisory lock the nodes' start-up (migrate, seed) takes turns under. */
const STARTUP_LOCK = 727_350;

/**
 * Runs `fn` (migrate and seed) while no other node of the same PostgreSQL database does: nodes started together
 * (per schema) take turns, the first migrates, the others find nothing left to do. A session-level advisory lock on a
 * connection of its own (released when `fn` ends, or by PostgreSQL when the node dies). SQLite: one process
 * owns the file's writes at a time anyway.
 */
export async function underStartupLock<T>(handle: DbHandle, fn: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres') return fn();
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK}, hashtext(current_schema()))`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK}, hashtext(current_schema()))`.execute(conn);
    }
  });
}
