/**
 * A round of 2,000 bettors settles exactly once when the settling node is SIGKILLed in the middle of the round and
 * another node takes over: the first node (its own process) commits some batches and dies inside the next; the
 * second settles what is left. Every hold is posted once, every bettor's wallet is funding − stake + return, each
 * bettor's round is recorded once, and the books balance. Both engines (a SQLite file, or a PostgreSQL schema).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../db/connect.ts';
import { migrate } from '../../db/migrate.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { exited, usePostgres } from '../../test/liveServer.ts';
import { SETTLE_BATCH_MEMBERS, judge, settleRound } from './settle.ts';
import { roundId } from './state.ts';
import { BETTOR_FUND_FEN, SETTLE_TABLE, bettorWallet, drawnRoundWithBettors } from './settleKit.ts';

const PG_URL = process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CHILD = resolve(import.meta.dirname, '../../test/settleChild.ts');
const BETTORS = 2_000;
const t = SETTLE_TABLE;
const SEQ = 7;
const rid = roundId(t.code, SEQ);

let handle: DbHandle;
let url = '';
let schema: string | null = null;
const work = mkdtempSync(join(tmpdir(), 'portal-settle-'));
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(q);
  await c.end();
};

beforeAll(async () => {
  if (usePostgres) {
    schema = `t_settle_${randomBytes(5).toString('hex')}`;
    await admin(`create schema ${schema}`);
    url = PG_URL;
    handle = connect(url, { schema, poolMax: 4 });
  } else {
    url = join(work, 'portal.sqlite');
    handle = connect(url);
  }
  await migrate(handle);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  if (schema) await admin(`drop schema if exists ${schema} cascade`);
  rmSync(work, { recursive: true, force: true });
});

it('a round of 2,000 bettors settles exactly once when its settling node is SIGKILLed mid-round and another takes over', async () => {
  const db = handle.db;
  const { outcome, stakes } = await drawnRoundWithBettors(db, SEQ, BETTORS);
  // Node 1 settles in its own process and is killed once it has committed a batch (inside the next).
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, DB_URL: url, DB_SCHEMA: schema ?? '', ROUND_ID: rid, TABLE_CODE: t.code },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
  const batches = await new Promise<number>((resolveBatches, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const n = out.split('\n').filter((l) => l.startsWith('batch')).length;
      if (n >= 1) {
        child.kill('SIGKILL');
        resolveBatches(n);
      }
    });
    child.once('exit', (code) => reject(new Error(`the settling node ended before a batch (exit ${code}): ${errors.slice(0, 500)}`)));
  });
  await exited(child);
  expect(batches).toBeGreaterThanOrEqual(1);
  const pendingAfterKill = Number(
    (
      await db
        .selectFrom('table_bets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('round_id', '=', rid)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
    ).n,
  );
  // Killed mid-round: some batches committed, the rest left whole (never half a batch).
  expect(pendingAfterKill).toBeLessThan(BETTORS);
  expect(pendingAfterKill % SETTLE_BATCH_MEMBERS).toBe(0);

  // Node 2 takes over and settles what is left.
  const round = (await db.selectFrom('table_rounds').selectAll().where('id', '=', rid).executeTakeFirstOrThrow())!;
  const done = await settleRound(db, t, round, Date.now());
  expect(done.members).toBe(pendingAfterKill);
  expect((await db.selectFrom('table_rounds').select('status').where('id', '=', rid).executeTakeFirstOrThrow()).status).toBe('settled');

  // Exactly once: every hold posted once, every bettor's wallet right, one round record each.
  const holds = await db.selectFrom('ledger_holds').select(['status']).where('ref_type', '=', 'table_bet').execute();
  expect(holds.length).toBe(BETTORS);
  expect(holds.every((x) => x.status === 'posted')).toBe(true);
  const settled = await db
    .selectFrom('table_bets')
    .select(['member_id', 'payout', 'status', 'amount', 'bet_type'])
    .where('round_id', '=', rid)
    .execute();
  expect(settled.filter((b) => b.status === 'pending')).toEqual([]);
  for (const b of settled.slice(0, 200)) {
    const j = judge(t, outcome, b);
    expect(Number(b.payout)).toBe(j.payout);
    expect(await balanceOf(db, bettorWallet(b.member_id))).toBe(BETTOR_FUND_FEN - Number(b.amount) + j.payout);
  }
  const paid = settled.reduce((a, b) => a + Number(b.payout), 0);
  const total = await db
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.sum<number>('amount').as('n'))
    .where('account_id', 'like', `member:settle-%:venue:${t.channelCode}:CNY`)
    .executeTakeFirstOrThrow();
  expect(Number(total.n)).toBe(BETTORS * BETTOR_FUND_FEN - stakes.reduce((a, b) => a + b, 0) + paid);
  const records = await db
    .selectFrom('casino_rounds')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'like', `${rid}:%`)
    .executeTakeFirstOrThrow();
  expect(Number(records.n)).toBe(BETTORS);
  expect(await verifyLedger(db)).toEqual([]);
}, 240_000);
