import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Longest detail kept per row: operator arguments are short; a runaway payload must not bloat the log. */
const DETAIL_MAX_CHARS = 8_000;

export interface AuditEntry {
  actor: string;
  action: string;
  target?: string;
  detail?: unknown;
  outcome: 'ok' | 'failed';
}

/** Append one row to the operator audit log (never updated, never deleted by the product). */
export async function recordAudit(db: Kysely<Database>, e: AuditEntry, now = Date.now()): Promise<void> {
  const detail = JSON.stringify(e.detail ?? {}).slice(0, DETAIL_MAX_CHARS);
  await db
    .insertInto('audit_log')
    .values({ at: now, actor: e.actor, action: e.action, target: e.target ?? '', detail, outcome: e.outcome })
    .execute();
}

export interface AuditFilter {
  action?: string;
  limit?: number;
}

export async function listAudit(db: Kysely<Database>, f: AuditFilter = {}) {
  let q = db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(Math.min(f.limit ?? 50, 1000));
  if (f.action) q = q.where('action', '=', f.action);
  return q.execute();
}
