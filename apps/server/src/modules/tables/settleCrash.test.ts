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
import { drawTableRound, seedCommitment, tableRoundSeeds } from '@portal/games';
import { connect, type DbHandle } from '../../db/connect.ts';
import { migrate } from '../../db/migrate.ts';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf, post } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { NO_GATE, stake } from '../../ledger/wager.ts';
import { exited, usePostgres } from '../../test/liveServer.ts';
import { TABLES } from './config.ts';
import { SETTLE_BATCH_MEMBERS, judge, settleRound } from './settle.ts';
import { roundId } from './state.ts';

const PG_URL = process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CHILD = resolve(import.meta.dirname, '../../test/settleChild.ts');
const BETTORS = 2_000;
const FUND = 10_000;
const t = TABLES.find((x) => x.code === 'SB1')!;
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

const member = (i: number) => `settle-${String(i).padStart(5, '0')}`;
const wallet = (m: string) => memberAccount(m, 'venue', 'CNY', t.channelCode);

it('a round of 2,000 bettors settles exactly once when its settling node is SIGKILLed mid-round and another takes over', async () => {
  const db = handle.db;
  const serverSeed = randomBytes(32).toString('hex');
  const drawn = drawTableRound('sicbo', tableRoundSeeds(serverSeed, t.code, SEQ), null);
  const now = Date.now();
  await db
    .insertInto('table_rounds')
    .values({
      id: rid,
      table_code: t.code,
      seq: SEQ,
      status: 'drawn',
      server_seed: serverSeed,
      seed_hash: seedCommitment(serverSeed),
      shoe_before: null,
      shoe_after: null,
      opens_at: now - 20_000,
      closes_at: now - 10_000,
      draw_at: now - 10_000,
      outcome: JSON.stringify(drawn.outcome),
      steps: '[]',
      coup: null,
      drawn_at: now - 9_000,
      settled_at: null,
      cancelled_by: null,
      created_at: now - 20_000,
    })
    .execute();
  // 2,000 bettors, each funded and holding one bet: 大 or 小, 10 to 50 yuan.
  const bets = Array.from({ length: BETTORS }, (_, i) => ({ m: member(i), type: i % 2 ? 'big' : 'small', amount: 1_000 * (1 + (i % 5)) }));
  for (let i = 0; i < BETTORS; i += 500) {
    await moneyStep(db, async (tx) => {
      for (const b of bets.slice(i, i + 500)) {
        await post(tx, {
          kind: 'test.fund',
          currency: 'CNY',
          refType: 'test',
          refId: b.m,
          lines: [
            { account: houseAccount('clearing', 'test'), amount: -FUND },
            { account: wallet(b.m), amount: FUND },
          ],
        });
        const { holdIds } = await stake(
          tx,
          { memberId: b.m, wallet: wallet(b.m), refType: 'table_bet', holds: [{ refId: b.m, amountFen: b.amount }] },
          NO_GATE,
          now,
        );
        await tx
          .insertInto('table_bets')
          .values({
            id: `${b.m}-0`,
            round_id: rid,
            table_code: t.code,
            seq: SEQ,
            member_id: b.m,
            site_code: 7000,
            channel_code: t.channelCode,
            bet_type: b.type,
            amount: b.amount,
            hold_id: holdIds[0]!,
            status: 'pending',
            payout: 0,
            chase_id: null,
            created_at: now,
            settled_at: null,
          })
          .execute();
      }
    });
  }

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
    const j = judge(t, drawn.outcome, b);
    expect(Number(b.payout)).toBe(j.payout);
    expect(await balanceOf(db, wallet(b.member_id))).toBe(FUND - Number(b.amount) + j.payout);
  }
  const paid = settled.reduce((a, b) => a + Number(b.payout), 0);
  const total = await db
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.sum<number>('amount').as('n'))
    .where('account_id', 'like', `member:settle-%:venue:${t.channelCode}:CNY`)
    .executeTakeFirstOrThrow();
  expect(Number(total.n)).toBe(BETTORS * FUND - bets.reduce((a, b) => a + b.amount, 0) + paid);
  const records = await db
    .selectFrom('casino_rounds')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'like', `${rid}:%`)
    .executeTakeFirstOrThrow();
  expect(Number(records.n)).toBe(BETTORS);
  expect(await verifyLedger(db)).toEqual([]);
}, 240_000);
