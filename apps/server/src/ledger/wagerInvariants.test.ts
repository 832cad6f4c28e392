/**
 * The invariants the wager path (ledger/wager.ts) asserts in production code — the lock order, a hold still pending
 * with its amount, a stake covered before its win — and members in debt wagering concurrently (PostgreSQL: no
 * deadlock, no lost update; breaking the lock order once in playInstant makes this fail with LOCK_ORDER).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connect.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { houseAccount, memberAccount } from './accounts.ts';
import { coverWithDebt } from './debt.ts';
import { ledgerRefused } from './errors.ts';
import { moneyStep } from './idempotency.ts';
import { balanceOf, post, reverse } from './ledger.ts';
import { LockTrail, lockDebts } from './locks.ts';
import { verifyLedger } from './verify.ts';
import { book, fund, owe, wallet } from './wagerKit.ts';
import { NO_GATE, playInstant, settleHolds, stake } from './wager.ts';

let h: Harness;
const db = (): Db => h.s.handle.db;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('invariants asserted in the path', () => {
  it('lock order: a debt account after another account throws LOCK_ORDER, and the step rolls back', async () => {
    const trail = new LockTrail();
    trail.debt('house:-:receivable:a:CNY');
    trail.account('member:a:venue:X:CNY');
    expect(() => trail.debt('house:-:receivable:b:CNY')).toThrow(/LOCK_ORDER/);
    expect(() => trail.account('member:a:locked::CNY')).toThrow(/LOCK_ORDER/);
    trail.account('member:a:venue:X:CNY'); // an account already held may be touched again
    const m = 'lockorder-1';
    const before = await balanceOf(db(), wallet(m, 'slot'));
    const err = await moneyStep(db(), async (tx) => {
      const t = new LockTrail();
      await post(
        tx,
        {
          kind: 'test.fund',
          currency: 'CNY',
          refType: 'model',
          refId: 'lo',
          lines: [
            { account: houseAccount('clearing', 'model'), amount: -500 },
            { account: wallet(m, 'slot'), amount: 500 },
          ],
        },
        Date.now(),
        t,
      );
      await lockDebts(tx, t, [m], 'CNY'); // the debt account after other accounts: refused
    }).catch((e: unknown) => e);
    expect(ledgerRefused(err, 'LOCK_ORDER')).toBe(true);
    expect(await balanceOf(db(), wallet(m, 'slot'))).toBe(before);
  });

  it('a hold settled twice: the second settlement throws HOLD_NOT_PENDING and moves nothing', async () => {
    const m = 'twice-1';
    await fund(db(), 'tw', [{ account: wallet(m, 'table'), fen: 1_000 }]);
    const { holdIds } = await moneyStep(db(), (tx) =>
      stake(
        tx,
        { memberId: m, wallet: wallet(m, 'table'), refType: 'table_bet', holds: [{ refId: 'tw1', amountFen: 400 }] },
        NO_GATE,
        Date.now(),
      ),
    );
    const item = { holdId: holdIds[0]!, memberId: m, wallet: wallet(m, 'table'), amountFen: 400, returnFen: 800 };
    const j = { book: book('table'), kind: 'casino.table', refType: 'table_round', refId: 'tw' };
    await moneyStep(db(), (tx) => settleHolds(tx, [item], j, Date.now()));
    const err = await moneyStep(db(), (tx) => settleHolds(tx, [item], j, Date.now())).catch((e: unknown) => e);
    expect(ledgerRefused(err, 'HOLD_NOT_PENDING')).toBe(true);
    // A hold whose amount is not what the settlement says is refused too.
    const again = await moneyStep(db(), (tx) =>
      stake(
        tx,
        { memberId: m, wallet: wallet(m, 'table'), refType: 'table_bet', holds: [{ refId: 'tw2', amountFen: 100 }] },
        NO_GATE,
        Date.now(),
      ),
    );
    const wrong = await moneyStep(db(), (tx) =>
      settleHolds(tx, [{ ...item, holdId: again.holdIds[0]!, amountFen: 99 }], j, Date.now()),
    ).catch((e: unknown) => e);
    expect(ledgerRefused(wrong, 'HOLD_NOT_PENDING')).toBe(true);
    expect(await balanceOf(db(), wallet(m, 'table'))).toBe(1_000 - 400 + 800 - 100);
    expect(await balanceOf(db(), memberAccount(m, 'locked'))).toBe(100);
  });

  it('members in debt wagering concurrently: spins, table bets settled as a set and corrections never deadlock or lose an update', async () => {
    const players = ['debtor-a', 'debtor-b'];
    const funded = 200_000;
    for (const m of players) {
      await fund(db(), `c${m}`, [
        { account: wallet(m, 'slot'), fen: funded },
        { account: wallet(m, 'table'), fen: funded },
      ]);
      await owe(db(), `cd${m}`, m, 50_000);
    }
    const steps: Promise<unknown>[] = [];
    let corrections = 0;
    for (let i = 0; i < 12; i++) {
      for (const m of players) {
        // A winning spin (the debt account first), a table bet and its settlement as a set, and a correction of an earlier win.
        const spin = moneyStep(db(), async (tx) => {
          const r = await playInstant(
            tx,
            {
              memberId: m,
              wallet: wallet(m, 'slot'),
              book: book('slot'),
              stakeFen: 1_000,
              returnFen: 3_000,
              kind: 'casino.round',
              refType: 'casino_round',
              refId: `cc-${m}-${i}`,
            },
            NO_GATE,
            Date.now(),
          );
          return r.journalId;
        });
        steps.push(spin);
        steps.push(
          (async () => {
            const { holdIds } = await moneyStep(db(), (tx) =>
              stake(
                tx,
                { memberId: m, wallet: wallet(m, 'table'), refType: 'table_bet', holds: [{ refId: `ct-${m}-${i}`, amountFen: 2_000 }] },
                NO_GATE,
                Date.now(),
              ),
            );
            await moneyStep(db(), (tx) =>
              settleHolds(
                tx,
                [{ holdId: holdIds[0]!, memberId: m, wallet: wallet(m, 'table'), amountFen: 2_000, returnFen: 4_000 }],
                { book: book('table'), kind: 'casino.table', refType: 'table_round', refId: `ct-${m}-${i}` },
                Date.now(),
              ),
            );
          })(),
        );
        // Every third win is corrected (reversed, a shortfall becoming debt) while the other steps still run.
        if (i % 3 === 2)
          steps.push(
            spin.then(async (journalId) => {
              await moneyStep(db(), (tx) => reverse(tx, journalId, 'correction', Date.now(), (lines) => coverWithDebt(tx, lines)));
              corrections++;
            }),
          );
      }
    }
    const results = await Promise.allSettled(steps);
    const failures = results
      .filter((r) => r.status === 'rejected')
      .map((r) => {
        const e = (r as PromiseRejectedResult).reason as { code?: string; detail?: string };
        return `${String(e)} ${e.code ?? ''} ${e.detail ?? ''}`;
      });
    // Joined into one string: a failure names its error, code and detail in the suite's one-line summary.
    expect(failures.join(' | ')).toBe('');
    expect(corrections).toBe(8);
    expect(await verifyLedger(db())).toEqual([]);
    // No lost update: each member's wallets, debt and the journals' postings agree.
    for (const m of players) {
      const postings = await db()
        .selectFrom('ledger_postings')
        .select((eb) => eb.fn.sum<number>('amount').as('n'))
        .where('account_id', 'in', [`member:${m}:venue:WDZ:CNY`, `member:${m}:venue:WZR:CNY`, `member:${m}:locked::CNY`])
        .executeTakeFirstOrThrow();
      const sum =
        (await balanceOf(db(), wallet(m, 'slot'))) +
        (await balanceOf(db(), wallet(m, 'table'))) +
        (await balanceOf(db(), memberAccount(m, 'locked')));
      expect(Number(postings.n)).toBe(sum);
      expect(await balanceOf(db(), memberAccount(m, 'locked'))).toBe(0);
    }
  });
});
