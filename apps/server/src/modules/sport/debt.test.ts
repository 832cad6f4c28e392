import { yuan } from '@portal/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberAccount } from '../../ledger/accounts.ts';
import { debtAccount } from '../../ledger/debt.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { runOps } from '../../ops/dispatch.ts';
import { FUND_PASSWORD, ok, readyToWithdraw } from '../../test/flows.ts';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import { settleSelection } from '../../venues/sportsbook/markets.ts';
import { item, key, manualClock, player, prematch, resource, selection, venueFen, type Player } from './testKit.ts';
import { turnoverRepository } from '../turnover/repository.ts';

let h: Harness;
let sim: ReturnType<typeof manualClock>['sim'];
beforeAll(async () => {
  h = await createHarness();
  sim = manualClock(h).sim;
});
afterAll(async () => {
  await h?.close();
});

const F = '/fd/api/v1/';
const printed: unknown[] = [];
const ops = (argv: string[]) =>
  runOps(argv, { handle: h.s.handle, config: h.config, operator: 'test', services: h.s, print: (v) => printed.push(v) });
const db = () => h.s.handle.db;
const bal = (id: string, kind: 'central' | 'locked') => balanceOf(db(), memberAccount(id, kind));
/** What the member owes, in fen (the house's receivable for the member holds its negative). */
const owed = async (id: string) => 0 - (await balanceOf(db(), debtAccount(id)));
/** The member's net position: every member account (central, venue, locked) less what the member owes (the receivable). */
const memberTotal = async (id: string) =>
  Number(
    (
      await sql<{
        t: number;
      }>`select coalesce(sum(balance), 0) as t from ledger_accounts where (owner_type = 'member' and owner_id = ${id}) or (owner_type = 'house' and kind = 'receivable' and ref = ${id})`.execute(
        db(),
      )
    ).rows[0]!.t,
  );
const booksTotal = async () =>
  Number(
    (await sql<{ t: number }>`select coalesce(sum(balance), 0) as t from ledger_accounts where currency = 'CNY'`.execute(db())).rows[0]!.t,
  );
const transfer = (p: Player, ty: 1 | 2, amount: string) =>
  h.call(`${F}transfer/utcTransfer`, { channelCode: 'CRTY', amount, ty }, { token: p.token, headers: { 'idempotency-key': key() } });

let eventSkip = 20;
/** A member with 1000 in the sportsbook who won a 100 bet (settled): answers the bet, its payout and the scores of a win and a loss. */
async function winner() {
  const p = await player(h, 100_000);
  const e = prematch(sim, 'FT', eventSkip++);
  const s = selection(e, 'AH');
  const bet = await resource(h, p, 'bet', { mode: 'single', items: [item(e, s.w, s.r)], stake: '100', idempotencyKey: key() });
  expect(bet.status_code, JSON.stringify(bet)).toBe(6000);
  const leg = (home: number, away: number) =>
    settleSelection(s.w, { gameId: e.gameId, scoreH: home, scoreC: away, htH: null, htC: null, winner: null });
  const [win, lose] =
    leg(9, 0) === 'W'
      ? [
          ['9', '0'],
          ['0', '9'],
        ]
      : [
          ['0', '9'],
          ['9', '0'],
        ];
  expect(await ops(['sport:result', e.gameId, ...win!])).toBe(0);
  const payout = (await venueFen(h, p.userId)) - 90_000;
  expect(payout).toBeGreaterThan(10_000);
  return { p, betId: bet.data.ticket_id as string, gameId: e.gameId, payout, win: win!, lose: lose! };
}

describe('member debt from a restored payout already spent', () => {
  it('restore takes what the sportsbook wallet holds and books the rest as debt; deposits repay it first, once; no money out meanwhile', async () => {
    const { p, betId, payout } = await winner();
    // The member moves all but 50 out of the sportsbook; the debt left is more than the first deposit below.
    ok(await transfer(p, 2, yuan(90_000 + payout - 5_000)));
    expect(payout - 5_000, 'the odds of the simulated event pay too little for this test').toBeGreaterThan(10_000);
    const before = { member: await memberTotal(p.userId), books: await booksTotal() };
    expect(await ops(['sport:restore', betId])).toBe(0);
    expect(await venueFen(h, p.userId)).toBe(0);
    expect(await owed(p.userId)).toBe(payout - 5_000);
    // Exactly the payout left the member, nothing was created or lost.
    expect(await memberTotal(p.userId)).toBe(before.member - payout);
    expect(await booksTotal()).toBe(0);
    expect(before.books).toBe(0);
    expect(await verifyLedger(db())).toEqual([]);
    const balance = ok(await h.call(`${F}transfer/getBalance`, { withLockMoney: 1 }, { token: p.token }));
    expect(balance.data.debtMoney).toBe(yuan(payout - 5_000));

    // No money out of the central wallet while in debt: a transfer to a venue, a withdrawal.
    const cardId = await readyToWithdraw(h, p.token);
    const central = await bal(p.userId, 'central');
    const refusedIn = await transfer(p, 1, '10');
    expect(refusedIn).toMatchObject({ status_code: 6012, message: '账户存在待还欠款，请先充值还款' });
    const withdraw = () =>
      h.call(
        `${F}withdraw/new`,
        { amount: '100', method: 'bank', targetId: cardId, secondPassword: md5(FUND_PASSWORD) },
        { token: p.token, headers: { 'idempotency-key': key() } },
      );
    expect(await withdraw()).toMatchObject({ status_code: 6012, message: '账户存在待还欠款，请先充值还款' });
    expect(
      (
        await h.call(
          `${F}withdraw/new`,
          { amount: '100', method: 'bank', targetId: cardId, secondPassword: md5(FUND_PASSWORD) },
          { token: p.token, headers: { 'idempotency-key': key(), 'accept-language': 'zh-TW' } },
        )
      ).message,
    ).toBe('賬戶存在待還欠款，請先充值還款');
    expect(await bal(p.userId, 'central')).toBe(central);
    expect(await bal(p.userId, 'locked')).toBe(0);

    // Deposits: every callback delivered twice. The first (100) repays part, the second (200) the rest.
    const sandbox = h.s.sandboxPayments!;
    Object.assign(sandbox.opts, { maxDelayMs: 0, duplicateRate: 1, outOfOrderRate: 0 });
    const deposit = async (amount: string) => {
      const o = ok(
        await h.call(`${F}payment/pay`, { channelId: 'bank', amount }, { token: p.token, headers: { 'idempotency-key': key() } }),
      ).data;
      sandbox.notify(o.orderNo, 'paid', Math.round(Number(amount) * 100));
      await sandbox.settle();
      const notes = await db().selectFrom('payment_notifications').select('outcome').where('order_no', '=', o.orderNo).execute();
      expect(notes.map((n) => n.outcome).sort()).toEqual(['credited', 'duplicate']);
      return o.orderNo as string;
    };
    const turnoverBefore = (await turnoverRepository.get(db(), p.userId)).required;
    await deposit('100');
    expect(await owed(p.userId)).toBe(payout - 15_000);
    expect(await bal(p.userId, 'central')).toBe(central);
    expect((await transfer(p, 1, '10')).status_code).toBe(6012);
    const second = await deposit('200');
    expect(await owed(p.userId)).toBe(0);
    expect(await bal(p.userId, 'central')).toBe(central + 30_000 - (payout - 5_000));
    // The repayment is a line of the deposit's own journal (one journal per order).
    const journals = await db().selectFrom('ledger_journals').select('id').where('ref_id', '=', second).execute();
    expect(journals).toHaveLength(1);
    // Only what reached the wallet must be wagered before it is withdrawn.
    expect((await turnoverRepository.get(db(), p.userId)).required - turnoverBefore).toBe(30_000 - (payout - 5_000));
    expect((await h.call(`${F}transfer/getBalance`, {}, { token: p.token })).data.debtMoney).toBeUndefined();

    // Repaid: money may leave again.
    expect(ok(await transfer(p, 1, '10')).data.status).toBe('completed');
    await turnoverRepository.add(db(), p.userId, 'done', 1_000_000);
    expect(ok(await withdraw()).data.status).toBe('pending');
    expect(await verifyLedger(db())).toEqual([]);
    expect(await booksTotal()).toBe(0);
  });

  it('resettled as a win, the payout repays the debt first; the operator lists members in debt', async () => {
    const { p, betId, gameId, payout, win, lose } = await winner();
    ok(await transfer(p, 2, yuan(90_000 + payout - 5_000)));
    expect(await ops(['sport:restore', betId])).toBe(0);
    expect(await owed(p.userId)).toBe(payout - 5_000);
    printed.length = 0;
    expect(await ops(['debt:list'])).toBe(0);
    expect(printed[0]).toEqual(
      expect.arrayContaining([expect.objectContaining({ memberId: p.userId, owed: yuan(payout - 5_000), currency: 'CNY' })]),
    );

    // Settled again as the same win: the payout clears the debt, the rest reaches the sportsbook wallet.
    expect(await ops(['sport:result', gameId, ...win])).toBe(0);
    expect(await owed(p.userId)).toBe(0);
    expect(await venueFen(h, p.userId)).toBe(5_000);
    expect(await verifyLedger(db())).toEqual([]);
    printed.length = 0;
    expect(await ops(['debt:list'])).toBe(0);
    expect(JSON.stringify(printed)).not.toContain(p.userId);

    // Corrected to a loss: the payout (part of which repaid the debt) is reversed — the debt is back.
    expect(await ops(['sport:result', gameId, ...lose])).toBe(0);
    expect(await venueFen(h, p.userId)).toBe(0);
    expect(await owed(p.userId)).toBe(payout - 5_000);
    expect(await verifyLedger(db())).toEqual([]);
    expect(await booksTotal()).toBe(0);
  });

  it('a restore the sportsbook wallet covers books no debt', async () => {
    const { p, betId, payout } = await winner();
    ok(await transfer(p, 2, '100'));
    expect(await ops(['sport:restore', betId])).toBe(0);
    expect(await venueFen(h, p.userId)).toBe(80_000);
    expect(await owed(p.userId)).toBe(0);
    const reversal = await db()
      .selectFrom('ledger_journals')
      .select('id')
      .where('ref_id', '=', betId)
      .where('kind', '=', 'sport.payout.reversal')
      .executeTakeFirstOrThrow();
    const postings = await db()
      .selectFrom('ledger_postings')
      .select(['account_id', 'amount'])
      .where('journal_id', '=', reversal.id)
      .execute();
    expect(postings.map((x) => Number(x.amount)).sort((a, b) => a - b)).toEqual([-payout, payout]);
    expect(postings.some((x) => x.account_id.includes(':receivable:'))).toBe(false);
    expect(
      await db().selectFrom('ledger_accounts').select('id').where('ref', '=', p.userId).where('kind', '=', 'receivable').execute(),
    ).toEqual([]);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it("ledger:verify: no member account may go negative (a debt is the house's receivable)", async () => {
    const { p } = await winner();
    const venue = `member:${p.userId}:venue:CRTY:CNY`;
    // Books kept balanced by hand surgery on the cached balances: only the sign rules can break.
    await db().updateTable('ledger_accounts').set({ allow_negative: 1 }).where('id', '=', venue).execute();
    const problems = await verifyLedger(db());
    expect(problems.map((x) => x.check)).toContain('no member account may go negative');
    await db().updateTable('ledger_accounts').set({ allow_negative: 0 }).where('id', '=', venue).execute();
    expect(await verifyLedger(db())).toEqual([]);
  });
});
