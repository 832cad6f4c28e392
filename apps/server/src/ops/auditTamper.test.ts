import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { staffSession } from '../console/testKit.ts';
import { runOpsCommand } from '../test/flows.ts';
import { createHarness, usePostgres, type Harness } from '../test/harness.ts';
import { recordAudit } from './audit.ts';
import { anchorAudit } from './auditAnchor.ts';
import { auditRowHash, verifyAuditChain, type ChainedFields } from './auditChain.ts';

/**
 * Issue 27 finding 15: the audit log against someone with database access (who drops the append-only triggers).
 * Each case runs on its own database: SQLite, and PostgreSQL with DB=postgres.
 */
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function logWithRows(n: number): Promise<{ h: Harness; file: string }> {
  const file = join(mkdtempSync(join(tmpdir(), 'audit-anchor-')), 'anchors.log');
  h = await createHarness({ AUDIT_ANCHOR_FILE: file });
  for (let i = 0; i < n; i++)
    await recordAudit(h.s.handle.db, { actor: 'ops-test', action: 'test:row', target: `t${i}`, outcome: 'ok', detail: { i } });
  return { h, file };
}

/** What a database owner does first: drop the triggers that keep the table append-only. */
async function dropAppendOnly(h: Harness): Promise<void> {
  const db = h.s.handle.db;
  if (usePostgres) await sql`drop trigger audit_log_no_update on audit_log`.execute(db);
  else {
    await sql`drop trigger audit_log_no_update`.execute(db);
    await sql`drop trigger audit_log_no_delete`.execute(db);
  }
}

/** `npm run ops -- audit:verify` as the operator runs it: its exit code and the problem it names. */
const verify = async (h: Harness) => {
  const r = await runOpsCommand(h, 'ops-test', 'audit:verify');
  const exit = r.code;
  const text = String(r.out.find((o) => typeof o === 'string'));
  const m = /BROKEN at row \S+ \((\S+)\)/.exec(text);
  return { exit: Number(exit), ok: !m, problem: m?.[1] ?? null, text };
};

type Row = ChainedFields & { id: number; prev_hash: string; hash: string };

describe('audit:verify against a database owner', () => {
  it('passes on an untouched log, with its rows sealed and the head anchored', async () => {
    const { h, file } = await logWithRows(5);
    expect(await anchorAudit(h.s.handle.db, file, h.config.auditKey)).toMatchObject({ count: 5 });
    // Unchanged head: nothing new appended.
    expect(await anchorAudit(h.s.handle.db, file, h.config.auditKey)).toBeNull();
    const rows = await h.s.handle.db.selectFrom('audit_log').select('mac').execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.mac ?? ''))).toBe(true);
    const r = await verify(h);
    expect(r).toMatchObject({ exit: 0, ok: true });
    expect(r.text).toContain('1 anchor(s) hold');
  });

  it('fails when the newest rows are deleted (truncation below the anchor)', async () => {
    const { h, file } = await logWithRows(6);
    await anchorAudit(h.s.handle.db, file, h.config.auditKey);
    await dropAppendOnly(h);
    const db = h.s.handle.db;
    const last = await db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(2).execute();
    await db.deleteFrom('audit_log').where('id', '>=', Number(last[1]!.id)).execute();
    // The plain chain still holds (this is what passed on main) …
    expect((await verifyAuditChain(db)).ok).toBe(true);
    // … the anchored check does not.
    expect(await verify(h)).toMatchObject({ exit: 1, ok: false, problem: 'anchor' });
  });

  it('fails when a row is edited and every later hash recomputed (no key: the seals break)', async () => {
    const { h, file } = await logWithRows(6);
    await anchorAudit(h.s.handle.db, file, h.config.auditKey);
    await dropAppendOnly(h);
    const db = h.s.handle.db;
    const rows = (await db.selectFrom('audit_log').selectAll().orderBy('id').execute()) as unknown as Row[];
    let prev = '';
    for (const r of rows) {
      const edited = r.target === 't2' ? { ...r, detail: JSON.stringify({ i: 'rewritten' }) } : r;
      const hash = auditRowHash(prev, edited);
      await db.updateTable('audit_log').set({ detail: edited.detail, prev_hash: prev, hash }).where('id', '=', Number(r.id)).execute();
      prev = hash;
    }
    expect((await verifyAuditChain(db)).ok).toBe(true);
    const r = await verify(h);
    expect(r).toMatchObject({ exit: 1, ok: false, problem: 'mac' });
    // Even with the seals copied away (mac set to null on the edited rows), the anchor's hash no longer matches.
    await db.updateTable('audit_log').set({ mac: null }).execute();
    expect(await verify(h)).toMatchObject({ exit: 1, ok: false, problem: 'anchor' });
  });

  it('a forged or edited anchor line makes the file untrusted', async () => {
    const { h, file } = await logWithRows(3);
    await anchorAudit(h.s.handle.db, file, h.config.auditKey);
    const line = JSON.parse(readFileSync(file, 'utf8').trim()) as { count: number };
    writeFileSync(file, `${JSON.stringify({ ...line, count: 1 })}\n`);
    expect(await verify(h)).toMatchObject({ exit: 1, ok: false });
  });

  it('the console check is the same (audit/verify answers the anchor failure)', async () => {
    const { h, file } = await logWithRows(2);
    await anchorAudit(h.s.handle.db, file, h.config.auditKey);
    await dropAppendOnly(h);
    const auditor = await staffSession(h, { roles: ['auditor'] });
    await h.s.handle.db.deleteFrom('audit_log').execute();
    expect((await auditor.call('audit/verify')).data).toMatchObject({ ok: false, problem: 'anchor' });
  });
});
