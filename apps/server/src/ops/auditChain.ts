/**
 * The audit log's hash chain. Each row carries the previous row's hash and its own:
 * sha256(prev_hash ‖ the row's fields as canonical JSON). Editing a row breaks its hash; deleting or inserting
 * one breaks the next row's link. `verifyAuditChain` walks the log in id order (in pages: the log grows for ever).
 *
 * Issue 27 finding 15: someone with database access could edit a row and recompute every later hash (plain
 * SHA-256), or delete the newest rows. Since migration 0043 every row also carries `mac` = HMAC-SHA256(AUDIT_KEY,
 * hash) with a key kept outside the database, and the head (count + hash) is anchored in an append-only file
 * (ops/auditAnchor.ts) that verification reads: a re-hashed edit breaks a mac, a truncation falls short of an anchor.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { UntypedDb } from '../db/prepared.ts';

export interface ChainedFields {
  at: number;
  actor: string;
  actor_kind: string;
  site_code: number | null;
  action: string;
  target: string;
  detail: string;
  before: string;
  after: string;
  outcome: string;
}

export function auditRowHash(prevHash: string, r: ChainedFields): string {
  const fields = [
    Number(r.at),
    r.actor,
    r.actor_kind,
    r.site_code === null || r.site_code === undefined ? null : Number(r.site_code),
    r.action,
    r.target,
    r.detail,
    r.before,
    r.after,
    r.outcome,
  ];
  return createHash('sha256').update(prevHash).update('\n').update(JSON.stringify(fields)).digest('hex');
}

/** The keyed seal of a row's hash (finding 15). */
export const auditRowMac = (key: string, hash: string): string => createHmac('sha256', key).update(`audit-row\n${hash}`).digest('hex');

export function macMatches(expected: string, actual: string | null | undefined): boolean {
  if (!actual || actual.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(actual));
}

const PAGE = 2_000;
type Row = ChainedFields & { id: number; prev_hash: string; hash: string; mac?: string | null };

async function* rowsInOrder(db: UntypedDb): AsyncGenerator<Row> {
  let after = -1;
  for (;;) {
    const rows = (await db.selectFrom('audit_log').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute()) as Row[];
    for (const r of rows) yield r;
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** Migration 0036: chain the rows written before the chain existed (before the append-only triggers). */
export async function chainAuditRows(db: UntypedDb): Promise<void> {
  let prev = '';
  const updates: Array<{ id: number; prev: string; hash: string }> = [];
  for await (const r of rowsInOrder(db)) {
    const hash = auditRowHash(prev, { ...r, site_code: null, actor_kind: 'ops', before: 'null', after: 'null' });
    updates.push({ id: Number(r.id), prev, hash });
    prev = hash;
  }
  for (const u of updates) {
    await sql`update audit_log set prev_hash = ${u.prev}, hash = ${u.hash} where id = ${u.id}`.execute(db);
  }
}

export interface ChainReport {
  ok: boolean;
  rows: number;
  /** The id of the first row whose hash or link does not hold. */
  brokenAt: number | null;
  /** link | hash | mac (a keyed seal missing or wrong: re-hashed or forged) | anchor (see ops/auditAnchor.ts) */
  problem: string | null;
}

/** What an anchor pins: after `count` rows the row `id` had this hash. */
export interface HeadPin {
  count: number;
  id: number;
  hash: string;
}

/**
 * Walks the chain: every link and hash; with a key, every row since the first sealed one carries a good mac (rows
 * before migration 0043 have none; a later row without one is a forgery); with anchors, each pinned row is where
 * the anchor says and the log is at least as long as the longest anchor (a truncation fails).
 */
export async function verifyAuditChain(db: UntypedDb, o: { key?: string; anchors?: HeadPin[] } = {}): Promise<ChainReport> {
  let prev = '';
  let rows = 0;
  let sealed = false;
  let lastId = 0;
  const pins = new Map((o.anchors ?? []).map((a) => [a.id, a]));
  for await (const r of rowsInOrder(db)) {
    rows++;
    lastId = Number(r.id);
    if (r.prev_hash !== prev) return { ok: false, rows, brokenAt: Number(r.id), problem: 'link' };
    if (auditRowHash(prev, r) !== r.hash) return { ok: false, rows, brokenAt: Number(r.id), problem: 'hash' };
    if (o.key !== undefined) {
      sealed ||= !!r.mac;
      if (sealed && !macMatches(auditRowMac(o.key, r.hash), r.mac)) return { ok: false, rows, brokenAt: Number(r.id), problem: 'mac' };
    }
    const pin = pins.get(Number(r.id));
    if (pin && (pin.hash !== r.hash || pin.count !== rows)) return { ok: false, rows, brokenAt: Number(r.id), problem: 'anchor' };
    pins.delete(Number(r.id));
    prev = r.hash;
  }
  // An anchored row that is no longer there: the log was cut short (or the row deleted).
  const missing = [...pins.values()].sort((a, b) => a.id - b.id)[0];
  if (missing) return { ok: false, rows, brokenAt: missing.id > lastId ? lastId + 1 : missing.id, problem: 'anchor' };
  return { ok: true, rows, brokenAt: null, problem: null };
}
