/**
 * Issue 13 item 4: the deposit page's bonus list (querySiteDepositRewardConfigList) and the opt-in with the
 * order (payment/pay's activityId): the credited order pays the bonus once, through the outbox's promo.deposit
 * effect, the books balanced; a member who does not qualify is refused with the reason and no order is made.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { call, central, deposit, info, promoMember, required, rewards, type M } from './testKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const LIST = '/site/api/v1/user/querySiteDepositRewardConfigList';
const pay = (m: M, yuan: number, activityId?: string, key = `k-${randomUUID()}`) =>
  h.call(
    '/fd/api/v1/payment/pay',
    { channelId: yuan < 100 ? 'ewallet' : 'bank', amount: String(yuan), ...(activityId ? { activityId } : {}) },
    { ...m.o, headers: { 'idempotency-key': key } },
  );
async function payPage(orderNo: string) {
  Object.assign(h.s.sandboxPayments!.opts, { maxDelayMs: 0, duplicateRate: 0, outOfOrderRate: 0 });
  const res = await h.app.inject({ method: 'POST', url: `/sandbox/pay/${orderNo}/pay` });
  expect(res.statusCode).toBe(200);
  await h.s.sandboxPayments!.settle();
}
const orders = (m: M) => h.s.handle.db.selectFrom('deposit_orders').selectAll().where('member_id', '=', m.userId).execute();

describe('deposit promotions on the deposit page', () => {
  it('a new member sees the first-deposit bonus available and the re-deposit bonus with its reason (zh-CN, zh-TW)', async () => {
    const m = await promoMember(h);
    const list = await call(h, m, LIST);
    expect(list.data.map((p: { activityId: string; available: boolean; reason: string }) => [p.activityId, p.available, p.reason])).toEqual(
      [
        ['first-deposit-7000', true, ''],
        ['re-deposit-7000', false, '再存优惠适用于首次存款之后的存款'],
      ],
    );
    const tw = await h.call(LIST, {}, { ...m.o, headers: { 'x-lang': 'zh-TW' } });
    expect(tw.data[1].reason).toBe('再存優惠適用於首次存款之後的存款');
  });

  it('opting in with the first deposit: the order carries the promotion, the bonus is credited once when it lands, books balanced', async () => {
    const m = await promoMember(h);
    const key = `k-${randomUUID()}`;
    const r = await pay(m, 1000, 'first-deposit-7000', key);
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    expect(r.data.activityId).toBe('first-deposit-7000');
    // A retry of the same request is the same order (one binding per order).
    const again = await pay(m, 1000, 'first-deposit-7000', key);
    expect(again.data.orderNo).toBe(r.data.orderNo);
    expect(await orders(m)).toHaveLength(1);
    expect((await info(h, m, 'first-deposit-7000')).data.joined).toBe(true);
    await payPage(r.data.orderNo);
    expect(await central(h, m)).toBe(100_000 + 88_800);
    expect(await required(h, m)).toBe(100_000 + 1_888_000);
    // The effect again (a redelivery of the outbox) pays nothing more.
    expect(await h.s.promotions.processDepositEvent(r.data.orderNo)).toEqual([]);
    await h.app.inject({ method: 'POST', url: `/sandbox/pay/${r.data.orderNo}/pay` });
    await h.s.sandboxPayments!.settle();
    const rs = await rewards(h, m.userId);
    expect(rs.map((x) => [x.promotion_id, Number(x.amount), x.ref])).toEqual([['first-deposit-7000', 88_800, r.data.orderNo]]);
    expect(await central(h, m)).toBe(100_000 + 88_800);
    // Now the first-deposit bonus is gone from the member's choices, the re-deposit one is open.
    const list = await call(h, m, LIST);
    expect(list.data.map((p: { available: boolean; joined: boolean }) => [p.available, p.joined])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('a re-deposit opted in pays 15% once a day; the next opt-in that day is refused with the reason', async () => {
    const m = await promoMember(h);
    await deposit(h, m, 200);
    const r = await pay(m, 1000, 're-deposit-7000');
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    await payPage(r.data.orderNo);
    expect((await rewards(h, m.userId)).map((x) => Number(x.amount))).toEqual([15_000]);
    expect(await central(h, m)).toBe(120_000 + 15_000);
    const next = await pay(m, 1000, 're-deposit-7000');
    expect([next.status_code, next.message]).toEqual([6012, '今日再存优惠已领取，请明日再来']);
  });

  it('not qualified: a clear code and message, and no order', async () => {
    const m = await promoMember(h);
    const low = await pay(m, 99, 'first-deposit-7000');
    expect([low.status_code, low.message]).toEqual([6012, '存款金额须满100元才能参与该优惠']);
    const early = await pay(m, 500, 're-deposit-7000');
    expect([early.status_code, early.message]).toEqual([6012, '再存优惠适用于首次存款之后的存款']);
    const notDeposit = await pay(m, 500, 'sign-in-7000');
    expect([notDeposit.status_code, notDeposit.message]).toEqual([6007, '该活动不是存款优惠']);
    expect((await pay(m, 500, 'first-deposit-7001')).status_code).toBe(6004);
    expect(await orders(m)).toEqual([]);
    // Refused opt-ins joined nothing.
    expect((await info(h, m, 'first-deposit-7000')).data.joined).toBe(false);
    await deposit(h, m, 100);
    const late = await pay(m, 1000, 'first-deposit-7000');
    expect([late.status_code, late.message]).toEqual([6012, '该活动仅限首次存款前申请']);
    const tw = await h.call(
      '/fd/api/v1/payment/pay',
      { channelId: 'bank', amount: '1000', activityId: 'first-deposit-7000' },
      { ...m.o, headers: { 'idempotency-key': `k-${randomUUID()}`, 'x-lang': 'zh-TW' } },
    );
    expect(tw.message).toBe('該活動僅限首次存款前申請');
  });

  it('an order without a promotion pays none the member did not opt into', async () => {
    const m = await promoMember(h);
    await deposit(h, m, 1000);
    expect(await rewards(h, m.userId)).toEqual([]);
    expect(await central(h, m)).toBe(100_000);
  });
});
