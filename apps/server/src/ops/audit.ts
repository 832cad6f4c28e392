import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { auditRowHash, auditRowMac } from './auditChain.ts';

/** Where the audit key and the anchor file of a database come from (config: AUDIT_KEY, AUDIT_ANCHOR_FILE). */
export interface AuditSettings {
  key: string;
  anchorFile: string | null;
}
const settingsOf = new WeakMap<object, AuditSettings>();

/** Called once per database handle (services.ts, the ops CLI): the key never lives in the database. */
export function configureAudit(db: Kysely<Database>, s: AuditSettings): void {
  settingsOf.set(db, s);
}

export function auditSettings(db: Kysely<Database>): AuditSettings {
  const s = settingsOf.get(db);
  // Fail loud: a row appended without its keyed seal would make the log fail verification later.
  if (!s) throw new Error('audit log: no key configured for this database (configureAudit)');
  return s;
}

/** Longest detail kept per row: operator arguments are short; a runaway payload must not bloat the log. */
const DETAIL_MAX_CHARS = 8_000;
/** PostgreSQL advisory lock key that serializes appends (each row links to the one before). */
const AUDIT_LOCK_KEY = 730_117;

export interface AuditEntry {
  actor: string;
  action: string;
  target?: string;
  detail?: unknown;
  outcome: 'ok' | 'failed';
  /** 'ops' (the command line, default) or 'staff' (the console). */
  actorKind?: 'ops' | 'staff';
  siteCode?: number | null;
  before?: unknown;
  after?: unknown;
}

const json = (v: unknown) => JSON.stringify(v ?? null).slice(0, DETAIL_MAX_CHARS);

/**
 * Append one row to the audit log, chained to the previous row (ops/auditChain.ts). Appends are serialized:
 * an advisory lock on PostgreSQL, an immediate (write-locked) transaction on SQLite — the ops CLI and the
 * server may append to the same file at once.
 */
export async function recordAudit(db: Kysely<Database>, e: AuditEntry, now = Date.now()): Promise<void> {
  const { key } = auditSettings(db);
  const fields = {
    at: now,
    actor: e.actor,
    actor_kind: e.actorKind ?? 'ops',
    site_code: e.siteCode ?? null,
    action: e.action,
    target: e.target ?? '',
    detail: JSON.stringify(e.detail ?? {}).slice(0, DETAIL_MAX_CHARS),
    before: json(e.before),
    after: json(e.after),
    outcome: e.outcome,
  };
  const append = async (q: Kysely<Database>) => {
    const last = await q.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
    const prev_hash = last?.hash ?? '';
    const hash = auditRowHash(prev_hash, fields);
    await q
      .insertInto('audit_log')
      .values({ ...fields, prev_hash, hash, mac: auditRowMac(key, hash) })
      .execute();
  };
  if (db.getExecutor().adapter.constructor.name.startsWith('Postgres')) {
    await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`.execute(tx);
      await append(tx);
    });
    return;
  }
  await db.connection().execute(async (c) => {
    await sql`begin immediate`.execute(c);
    try {
      await append(c);
      await sql`commit`.execute(c);
    } catch (err) {
      await sql`rollback`.execute(c);
      throw err;
    }
  });
}

export interface AuditFilter {
  action?: string;
  actor?: string;
  siteCode?: number;
  /** Brand scope: only these brands' rows (and none of the deployment-wide ones). */
  sites?: number[] | null;
  from?: number;
  to?: number;
  limit?: number;
  offset?: number;
}

function filtered(db: Kysely<Database>, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.action) q = q.where('action', '=', f.action);
  if (f.actor) q = q.where('actor', '=', f.actor);
  if (f.siteCode !== undefined) q = q.where('site_code', '=', f.siteCode);
  if (f.sites) q = f.sites.length ? q.where('site_code', 'in', f.sites) : q.where(sql<boolean>`1 = 0`);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<', f.to);
  return q;
}

export async function listAudit(db: Kysely<Database>, f: AuditFilter = {}) {
  return filtered(db, f)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(Math.min(f.limit ?? 50, 1000))
    .offset(f.offset ?? 0)
    .execute();
}

export async function countAudit(db: Kysely<Database>, f: AuditFilter = {}): Promise<number> {
  const r = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
