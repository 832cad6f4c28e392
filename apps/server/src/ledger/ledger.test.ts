import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../lib/crypto.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { accountId, houseAccount, memberAccount } from './accounts.ts';
import { z } from 'zod';
import { ledgerTransaction } from './groupCommit.ts';
import { moneyStep } from './idempotency.ts';
import { stableStringify } from '../lib/stableStringify.ts';
import { LedgerError, balanceOf, hold, post, postHold, reverse, voidHold } from './ledger.ts';
import { verifyLedger } from './verify.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.s.handle.db;
const clearing = houseAccount('clearing', 'sandbox');
let n = 0;
const member = () => `m${++n}-${Date.now().toString(36)}`;
const deposit = (memberId: string, amount: number, idemKey: string | null = null) =>
  db()
    .transaction()
    .execute((tx) =>
      post(tx, {
        kind: 'deposit',
        currency: 'CNY',
        refType: 'test',
        refId: memberId,
        memberId,
        idemKey,
        lines: [
          { account: clearing, amount: -amount },
          { account: memberAccount(memberId, 'central'), amount },
        ],
      }),
    );

describe('journals', () => {
  it('post moves money between accounts and records balance after', async () => {
    const m = member();
    const r = await deposit(m, 12_345);
    expect(r.balances.get(accountId(memberAccount(m, 'central')))).toBe(12_345);
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(12_345);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('a journal over new, funded and short accounts: the new ones created, a short one refused, the gross lines chained', async () => {
    const m = member();
    await deposit(m, 1_000);
    // central (funded) pays 500 to a new bonus account and 400 to a new venue account over two lines.
    const central = memberAccount(m, 'central');
    const bonus = memberAccount(m, 'bonus');
    const venue = memberAccount(m, 'venue', 'CNY', 'ZZ');
    const lines = [
      { account: central, amount: -900 },
      { account: bonus, amount: 500 },
      { account: venue, amount: 300 },
      { account: venue, amount: 100 },
    ];
    const r = await db()
      .transaction()
      .execute((tx) => post(tx, { kind: 'mix', currency: 'CNY', refType: 't', refId: m, memberId: m, lines }));
    expect([accountId(central), accountId(bonus), accountId(venue)].map((id) => r.balances.get(id))).toEqual([100, 500, 400]);
    const after = await db()
      .selectFrom('ledger_postings')
      .select(['account_id', 'amount', 'balance_after'])
      .where('journal_id', '=', r.journalId)
      .orderBy('id')
      .execute();
    expect(after.filter((p) => p.account_id === accountId(venue)).map((p) => [Number(p.amount), Number(p.balance_after)])).toEqual([
      [300, 300],
      [100, 400],
    ]);
    // The short member account refuses: nothing of the journal stays (central keeps its 100).
    await expect(
      db()
        .transaction()
        .execute((tx) =>
          post(tx, {
            kind: 'short',
            currency: 'CNY',
            refType: 't',
            refId: m,
            lines: [
              { account: bonus, amount: 100 },
              { account: central, amount: -400 },
              { account: clearing, amount: 300 },
            ],
          }),
        ),
    ).rejects.toMatchObject({ reason: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(db(), central)).toBe(100);
    expect(await balanceOf(db(), bonus)).toBe(500);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('refuses unbalanced, fractional, zero and mixed-currency journals', async () => {
    const m = memberAccount(member(), 'central');
    const bad = async (lines: { account: typeof m; amount: number }[], currency: 'CNY' | 'USDT' = 'CNY') =>
      db()
        .transaction()
        .execute((tx) => post(tx, { kind: 'x', currency, refType: 't', refId: 't', lines }));
    await expect(
      bad([
        { account: clearing, amount: -10 },
        { account: m, amount: 9 },
      ]),
    ).rejects.toMatchObject({ reason: 'UNBALANCED' });
    await expect(
      bad([
        { account: clearing, amount: -1.5 },
        { account: m, amount: 1.5 },
      ]),
    ).rejects.toMatchObject({ reason: 'BAD_AMOUNT' });
    await expect(
      bad([
        { account: clearing, amount: 0 },
        { account: m, amount: 0 },
      ]),
    ).rejects.toMatchObject({ reason: 'BAD_AMOUNT' });
    await expect(
      bad(
        [
          { account: clearing, amount: -1 },
          { account: m, amount: 1 },
        ],
        'USDT',
      ),
    ).rejects.toMatchObject({ reason: 'CURRENCY' });
    await expect(bad([{ account: m, amount: 0 }])).rejects.toMatchObject({ reason: 'UNBALANCED' });
  });

  it('never lets a member balance go negative, and writes nothing of a refused journal', async () => {
    const m = member();
    await deposit(m, 100);
    const before = await h.count('ledger_journals');
    const err = await db()
      .transaction()
      .execute((tx) =>
        post(tx, {
          kind: 'transfer',
          currency: 'CNY',
          refType: 't',
          refId: 't',
          memberId: m,
          lines: [
            { account: memberAccount(m, 'central'), amount: -101 },
            { account: memberAccount(m, 'venue', 'CNY', 'CRTY'), amount: 101 },
          ],
        }),
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(LedgerError);
    expect(err.reason).toBe('INSUFFICIENT_FUNDS');
    expect(err.code).toBe(6007);
    expect(err.messageFor('zh-CN')).toBe('余额不足');
    expect(await h.count('ledger_journals')).toBe(before);
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(100);
  });

  it('the database itself refuses a negative member balance (CHECK constraint)', async () => {
    const m = member();
    await deposit(m, 5);
    await expect(
      sql`update ledger_accounts set balance = -1 where id = ${accountId(memberAccount(m, 'central'))}`.execute(db()),
    ).rejects.toThrow();
  });

  it('a correction is a new reversing journal', async () => {
    const m = member();
    const r = await deposit(m, 700);
    const rev = await db()
      .transaction()
      .execute((tx) => reverse(tx, r.journalId, 'duplicate credit'));
    expect(rev).not.toBe(r.journalId);
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(0);
    const j = await db().selectFrom('ledger_journals').selectAll().where('id', '=', rev).executeTakeFirstOrThrow();
    expect(j.reverses).toBe(r.journalId);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe('holds (pending amounts)', () => {
  it('hold → post moves the stake out; hold → void returns it; a hold settles once', async () => {
    const m = member();
    await deposit(m, 1_000);
    const a = await db()
      .transaction()
      .execute((tx) => hold(tx, { memberId: m, amount: 300, currency: 'CNY', refType: 'bet', refId: 'b1' }));
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(700);
    expect(await balanceOf(db(), memberAccount(m, 'locked'))).toBe(300);
    expect(await verifyLedger(db())).toEqual([]);
    await db()
      .transaction()
      .execute((tx) => postHold(tx, a, houseAccount('sportsbook'), 'bet.lost'));
    await expect(
      db()
        .transaction()
        .execute((tx) => voidHold(tx, a, 'bet.void')),
    ).rejects.toMatchObject({ reason: 'HOLD_NOT_PENDING' });
    const b = await db()
      .transaction()
      .execute((tx) => hold(tx, { memberId: m, amount: 200, currency: 'CNY', refType: 'withdraw', refId: 'w1' }));
    await db()
      .transaction()
      .execute((tx) => voidHold(tx, b, 'withdraw.rejected'));
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(700);
    expect(await balanceOf(db(), memberAccount(m, 'locked'))).toBe(0);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

const journal = z.object({ journalId: z.string() });
const amountOf = z.object({ amount: z.number() });

describe('idempotency', () => {
  it('same key and body → same answer, money moved once; other body → 6009', async () => {
    const m = member();
    const run = (amount: number) =>
      moneyStep(
        db(),
        async (tx, requestKey) => {
          const r = await post(tx, {
            kind: 'deposit',
            currency: 'CNY',
            refType: 't',
            refId: m,
            memberId: m,
            requestKey,
            lines: [
              { account: clearing, amount: -amount },
              { account: memberAccount(m, 'central'), amount },
            ],
          });
          return { journalId: r.journalId };
        },
        { scope: m, key: 'key-00000001', request: { amount }, store: { after: (v) => v }, decode: journal.parse },
      );
    const first = await run(50);
    const again = await run(50);
    // The first call ran its step; the retry answers the stored answer, typed, without running it.
    expect(first.fresh).toBe(true);
    expect(again).toEqual({ fresh: false, stored: first.fresh && first.value });
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(50);
    await expect(run(51)).rejects.toMatchObject({ code: 6009 });
    // Twins at the same time: one effect.
    const twins = await Promise.all(
      [0, 1, 2, 3].map(() =>
        moneyStep(
          db(),
          async (tx, requestKey) => {
            const r = await post(tx, {
              kind: 'deposit',
              currency: 'CNY',
              refType: 't',
              refId: m,
              memberId: m,
              requestKey,
              lines: [
                { account: clearing, amount: -5 },
                { account: memberAccount(m, 'central'), amount: 5 },
              ],
            });
            return { journalId: r.journalId };
          },
          { scope: m, key: 'key-00000002', request: { amount: 5 }, store: { after: (v) => v }, decode: journal.parse },
        ),
      ),
    );
    expect(twins.filter((t) => t.fresh)).toHaveLength(1);
    expect(new Set(twins.map((t) => (t.fresh ? t.value : t.stored).journalId)).size).toBe(1);
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(55);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('stores a short request fingerprint; a key stored with the older full hex digest still replays and conflicts', async () => {
    const m = member();
    const step = (amount: number) =>
      moneyStep(db(), async () => ({ amount }), {
        scope: m,
        key: 'key-00000003',
        request: { amount },
        store: { before: { amount } },
        decode: amountOf.parse,
      });
    await step(7);
    const row = await db()
      .selectFrom('idempotency_keys')
      .select(['request_hash'])
      .where('scope', '=', m)
      .where('key', '=', 'key-00000003')
      .executeTakeFirstOrThrow();
    expect(row.request_hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // A row from before the short fingerprint: sha256 hex of the canonical request.
    await db()
      .insertInto('idempotency_keys')
      .values({
        scope: m,
        key: 'key-00000004',
        request_hash: sha256Hex(stableStringify({ amount: 8 })),
        status_code: 6000,
        response: JSON.stringify({ amount: 8 }),
        created_at: Date.now(),
      })
      .execute();
    let ran = false;
    const old = (amount: number) =>
      moneyStep(
        db(),
        async () => {
          ran = true;
          return { amount: -1 };
        },
        { scope: m, key: 'key-00000004', request: { amount }, store: { after: (v) => v }, decode: amountOf.parse },
      );
    expect(await old(8)).toEqual({ fresh: false, stored: { amount: 8 } });
    await expect(old(9)).rejects.toMatchObject({ code: 6009 });
    expect(ran).toBe(false);
  });
});

describe('concurrency', () => {
  it('100 concurrent transfers on one wallet of 50: exactly 50 succeed, nothing lost', async () => {
    const m = member();
    await deposit(m, 50);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        db()
          .transaction()
          .execute((tx) =>
            post(tx, {
              kind: 'transfer',
              currency: 'CNY',
              refType: 'transfer',
              refId: String(i),
              memberId: m,
              lines: [
                { account: memberAccount(m, 'central'), amount: -1 },
                { account: memberAccount(m, 'venue', 'CNY', 'CRTY'), amount: 1 },
              ],
            }),
          ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.reason === 'INSUFFICIENT_FUNDS'),
    ).toBe(true);
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(0);
    expect(await balanceOf(db(), memberAccount(m, 'venue', 'CNY', 'CRTY'))).toBe(50);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('steps sharing a commit (group commit) stay atomic each: the one that fails leaves nothing, the others all land', async () => {
    const m = member();
    await deposit(m, 10);
    const move = (i: number, amount: number) =>
      ledgerTransaction(db(), (tx) =>
        post(tx, {
          kind: 'transfer',
          currency: 'CNY',
          refType: 'transfer',
          refId: `g${i}`,
          memberId: m,
          lines: [
            { account: memberAccount(m, 'central'), amount: -amount },
            { account: memberAccount(m, 'venue', 'CNY', 'SBZR'), amount },
          ],
        }),
      );
    const failing = ledgerTransaction(db(), async (tx) => {
      await post(tx, {
        kind: 'transfer',
        currency: 'CNY',
        refType: 'transfer',
        refId: 'g-bad',
        memberId: m,
        lines: [
          { account: memberAccount(m, 'central'), amount: -1 },
          { account: memberAccount(m, 'venue', 'CNY', 'SBZR'), amount: 1 },
        ],
      });
      throw new Error('step failed after writing');
    });
    // Started in one turn of the event loop: on SQLite they run in one transaction, one savepoint each.
    const results = await Promise.allSettled([move(1, 2), failing, move(2, 3), move(3, 20)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((results[3] as PromiseRejectedResult).reason.reason).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(5);
    expect(await balanceOf(db(), memberAccount(m, 'venue', 'CNY', 'SBZR'))).toBe(5);
    const refs = await db()
      .selectFrom('ledger_journals')
      .select('ref_id')
      .where('member_id', '=', m)
      .where('kind', '=', 'transfer')
      .orderBy('ref_id')
      .execute();
    expect(refs.map((r) => r.ref_id)).toEqual(['g1', 'g2']);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('a shared commit runs each step once when none fails; when one fails the steps before it run again (SQLite) and still land once', async () => {
    const m = member();
    await deposit(m, 100);
    const runs = new Map<string, number>();
    const step = (ref: string, fail = false) =>
      ledgerTransaction(db(), async (tx) => {
        runs.set(ref, (runs.get(ref) ?? 0) + 1);
        await post(tx, {
          kind: 'transfer',
          currency: 'CNY',
          refType: 'transfer',
          refId: ref,
          memberId: m,
          lines: [
            { account: memberAccount(m, 'central'), amount: -1 },
            { account: memberAccount(m, 'venue', 'CNY', 'SBZR'), amount: 1 },
          ],
        });
        if (fail) throw new Error('refused after writing');
        return ref;
      });
    // Past the savepoint period a failure of an earlier test may have started.
    await new Promise((r) => setTimeout(r, 1_100));
    const metric = async (name: string) =>
      Number((await h.app.inject({ method: 'GET', url: '/metrics' })).body.match(new RegExp(`^${name} (\\d+)$`, 'm'))?.[1]);
    const before = { commits: await metric('portal_db_group_commits_total'), steps: await metric('portal_db_group_commit_steps_total') };
    expect(await Promise.all([step('ok-a1'), step('ok-a2'), step('ok-a3')])).toEqual(['ok-a1', 'ok-a2', 'ok-a3']);
    expect([...runs.values()]).toEqual([1, 1, 1]);
    // /metrics counts SQLite's shared commits and their steps (one commit carried the three steps here).
    const after = { commits: await metric('portal_db_group_commits_total'), steps: await metric('portal_db_group_commit_steps_total') };
    expect({ commits: after.commits - before.commits, steps: after.steps - before.steps }).toEqual(
      h.s.handle.dialect === 'sqlite' ? { commits: 1, steps: 3 } : { commits: 0, steps: 0 },
    );

    runs.clear();
    const results = await Promise.allSettled([step('ok-b1'), step('bad-b2', true), step('ok-b3')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const sqlite = h.s.handle.dialect === 'sqlite';
    // SQLite: the optimistic run stopped at the failure and rolled back as a whole, then the batch ran
    // again with a savepoint per step (the step after the failing one had not run yet).
    expect(Object.fromEntries(runs)).toEqual(sqlite ? { 'ok-b1': 2, 'bad-b2': 2, 'ok-b3': 1 } : { 'ok-b1': 1, 'bad-b2': 1, 'ok-b3': 1 });
    const refs = await db()
      .selectFrom('ledger_journals')
      .select('ref_id')
      .where('member_id', '=', m)
      .where('kind', '=', 'transfer')
      .orderBy('ref_id')
      .execute();
    expect(refs.map((r) => r.ref_id)).toEqual(['ok-a1', 'ok-a2', 'ok-a3', 'ok-b1', 'ok-b3']);
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(95);

    // Right after a failure, batches start with savepoints: a failing step no longer makes the others run twice.
    runs.clear();
    await Promise.allSettled([step('ok-c1'), step('bad-c2', true), step('ok-c3')]);
    expect(Object.fromEntries(runs)).toEqual({ 'ok-c1': 1, 'bad-c2': 1, 'ok-c3': 1 });
    expect(await balanceOf(db(), memberAccount(m, 'central'))).toBe(93);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe('verify', () => {
  it('finds a cached balance that differs from its postings', async () => {
    const hh = await createHarness();
    try {
      const m = member();
      await hh.s.handle.db.transaction().execute((tx) =>
        post(tx, {
          kind: 'deposit',
          currency: 'CNY',
          refType: 't',
          refId: 't',
          memberId: m,
          lines: [
            { account: clearing, amount: -10 },
            { account: memberAccount(m, 'central'), amount: 10 },
          ],
        }),
      );
      await sql`update ledger_accounts set balance = balance + 1 where id = ${accountId(memberAccount(m, 'central'))}`.execute(
        hh.s.handle.db,
      );
      const problems = await verifyLedger(hh.s.handle.db);
      expect(problems.map((p) => p.check)).toEqual(expect.arrayContaining(['balance equals postings', 'house + members = 0']));
    } finally {
      await hh.close();
    }
  });
});
