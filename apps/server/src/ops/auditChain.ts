/**
 * The audit log's hash chain (issue 17 item 7). Each row carries the previous row's hash and its own:
 * sha256(prev_hash ‖ the row's fields as canonical JSON). Editing a row breaks its hash; deleting or inserting
 * one breaks the next row's link. `verifyAuditChain` walks the log in id order (in pages: the log grows for ever).
 */
import { createHash } from 'node:crypto';
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

const PAGE = 2_000;
type Row = ChainedFields & { id: number; prev_hash: string; hash: string };

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
  problem: string | null;
}

export async function verifyAuditChain(db: UntypedDb): Promise<ChainReport> {
  let prev = '';
  let rows = 0;
  for await (const r of rowsInOrder(db)) {
    rows++;
    if (r.prev_hash !== prev) return { ok: false, rows, brokenAt: Number(r.id), problem: 'link' };
    if (auditRowHash(prev, r) !== r.hash) return { ok: false, rows, brokenAt: Number(r.id), problem: 'hash' };
    prev = r.hash;
  }
  return { ok: true, rows, brokenAt: null, problem: null };
}
