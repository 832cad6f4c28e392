/**
 * Anchors of the audit log's head. The head — how many rows, the newest row's id and hash —
 * is appended as one line to a file outside the database (AUDIT_ANCHOR_FILE), fsynced, sealed with the audit key:
 * someone who can rewrite the database cannot take rows back out of the log (a truncation falls short of the
 * newest anchor) or re-hash it (an anchored hash no longer matches). Each node appends every AUDIT_ANCHOR_MS when
 * the head moved; `audit:anchor` does it by hand; `audit:verify` reads the file. Put the file where the database's
 * writer cannot rewrite it (another host's mount, an append-only file: `chattr +a`).
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import type { UntypedDb } from '../db/prepared.ts';
import { macMatches, verifyAuditChain, type ChainReport, type HeadPin } from './auditChain.ts';

export interface Anchor extends HeadPin {
  at: number;
  mac: string;
}

const anchorMac = (key: string, a: Omit<Anchor, 'mac'>) =>
  createHmac('sha256', key).update(`audit-anchor\n${a.at}|${a.count}|${a.id}|${a.hash}`).digest('hex');

/** The log's head now: its number of rows and its newest row (null for an empty log). */
export async function auditHead(db: UntypedDb): Promise<HeadPin | null> {
  const last = (await db.selectFrom('audit_log').select(['id', 'hash']).orderBy('id', 'desc').limit(1).executeTakeFirst()) as
    { id: number; hash: string } | undefined;
  if (!last) return null;
  const n = (await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '<=', last.id)
    .executeTakeFirstOrThrow()) as { n: number };
  return { count: Number(n.n), id: Number(last.id), hash: last.hash };
}

/** The anchors of a file; a line whose seal is wrong makes the whole file untrusted (answered as `forged`). */
export function readAnchors(file: string, key: string): { anchors: Anchor[]; forged: number } {
  if (!existsSync(file)) return { anchors: [], forged: 0 };
  const anchors: Anchor[] = [];
  let forged = 0;
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let a: Anchor;
    try {
      a = JSON.parse(line) as Anchor;
    } catch {
      // A torn last line (a crash while appending) is not a forgery; a torn line in the middle is.
      if (i !== lines.length - 1) forged++;
      return;
    }
    if (macMatches(anchorMac(key, { at: a.at, count: a.count, id: a.id, hash: a.hash }), a.mac)) anchors.push(a);
    else forged++;
  });
  return { anchors, forged };
}

/** Appends the head to the file (fsynced) unless it is the file's newest anchor already. Answers the anchor written. */
export async function anchorAudit(db: UntypedDb, file: string, key: string, now = Date.now()): Promise<Anchor | null> {
  const head = await auditHead(db);
  if (!head) return null;
  const { anchors } = readAnchors(file, key);
  const newest = anchors[anchors.length - 1];
  if (newest && newest.id === head.id && newest.count === head.count) return null;
  const body = { at: now, ...head };
  const anchor: Anchor = { ...body, mac: anchorMac(key, body) };
  const fd = openSync(file, 'a', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(anchor)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return anchor;
}

/** The full check (`audit:verify`, the console's 校验哈希链): chain, keyed seals and the anchor file of this node. */
export async function verifyAuditLog(
  db: UntypedDb,
  s: { key: string; anchorFile: string | null },
): Promise<ChainReport & { anchors: number }> {
  const { anchors, forged } = s.anchorFile ? readAnchors(s.anchorFile, s.key) : { anchors: [], forged: 0 };
  const r = await verifyAuditChain(db, { key: s.key, anchors });
  if (r.ok && forged > 0) return { ...r, ok: false, problem: 'anchor-forged', anchors: anchors.length };
  return { ...r, anchors: anchors.length };
}
