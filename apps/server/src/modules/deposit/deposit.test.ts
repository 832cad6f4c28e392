import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => Object.assign(h.s.sandboxPayments!.opts, { maxDelayMs: 0, duplicateRate: 0, outOfOrderRate: 0 }));

const P = '/fd/api/v1/payment/';
let ipSeq = 0;
const newMember = () => h.member(undefined, undefined, { ip: `10.88.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}` });
const pay = (token: string, body: Record<string, unknown>, key = `k-${randomUUID()}`) =>
  h.call(`${P}pay`, body, { token, headers: { 'idempotency-key': key } });
/** A button of the sandbox pay page, posted as a browser posts a form: urlencoded, empty body. */
const press = async (orderNo: string, action: 'pay' | 'fail' | 'abandon') => {
  const r = await h.app.inject({
    method: 'POST',
    url: `/sandbox/pay/${orderNo}/${action}`,
    payload: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/html/);
  await h.s.sandboxPayments!.settle();
};
const central = (userId: string) => balanceOf(h.s.handle.db, memberAccount(userId, 'central'));

describe('deposit channels', () => {
  it('payment/types lists generic channels with min/max, presets, fee and networks', async () => {
    const m = await newMember();
    const r = await h.call(`${P}types`, {}, { token: m.token });
    expect(r.data.map((c: { id: string }) => c.id)).toEqual(['bank', 'ewallet', 'usdt']);
    expect(r.data[0]).toMatchObject({ min: '100.00', max: '50000.00', presets: ['100', '500', '1000', '5000', '10000'], feeRate: '0' });
    expect(r.data[2].networks).toEqual(['TRC20', 'ERC20']);
  });
});

describe('orders', () => {
  it('pay → the sandbox page → a signed notification credits the member exactly once', async () => {
    const m = await newMember();
    const key = `k-${randomUUID()}`;
    const r = await pay(m.token, { channelId: 'bank', amount: '200' }, key);
    expect(r.data).toMatchObject({ status: 'pending', amount: '200.00', payUrl: `/sandbox/pay/${r.data.orderNo}` });
    expect((await pay(m.token, { channelId: 'bank', amount: '200' }, key)).data.orderNo).toBe(r.data.orderNo);
    const pageRes = await h.app.inject({ method: 'GET', url: r.data.payUrl });
    expect(pageRes.body).toContain(r.data.orderNo);
    expect(pageRes.body).toContain('模拟支付成功');
    await press(r.data.orderNo, 'pay');
    const s = await h.call(`${P}getDepositOrderStatus`, { orderNo: r.data.orderNo }, { token: m.token });
    expect(s.data.status).toBe('paid');
    expect(await central(m.userId)).toBe(20_000);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('duplicate and out-of-order notifications: credited once, a stale "failed" changes nothing', async () => {
    const m = await newMember();
    Object.assign(h.s.sandboxPayments!.opts, { maxDelayMs: 20, duplicateRate: 1, outOfOrderRate: 1 });
    const r = await pay(m.token, { channelId: 'ewallet', amount: '88.8' });
    await press(r.data.orderNo, 'pay');
    expect(await central(m.userId)).toBe(8_880);
    const notes = await h.s.handle.db
      .selectFrom('payment_notifications')
      .select(['event', 'outcome'])
      .where('order_no', '=', r.data.orderNo)
      .execute();
    expect(notes.length).toBe(3);
    expect(notes.filter((n) => n.outcome === 'credited')).toHaveLength(1);
    expect((await h.call(`${P}getDepositOrderStatus`, { orderNo: r.data.orderNo }, { token: m.token })).data.status).toBe('paid');
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('money that arrives after the player closed the order, or after a failure, is still credited', async () => {
    const m = await newMember();
    const a = await pay(m.token, { channelId: 'bank', amount: '100' });
    await h.call(`${P}closeOrder`, { orderNo: a.data.orderNo }, { token: m.token });
    expect((await h.call(`${P}getDepositOrderStatus`, { orderNo: a.data.orderNo }, { token: m.token })).data.status).toBe('closed');
    await press(a.data.orderNo, 'pay');
    const b = await pay(m.token, { channelId: 'bank', amount: '100' });
    await press(b.data.orderNo, 'fail');
    expect((await h.call(`${P}getDepositOrderStatus`, { orderNo: b.data.orderNo }, { token: m.token })).data.status).toBe('failed');
    await press(b.data.orderNo, 'pay');
    expect(await central(m.userId)).toBe(20_000);
  });

  it('a forged notification is refused (6008) and credits nothing', async () => {
    const m = await newMember();
    const r = await pay(m.token, { channelId: 'bank', amount: '100' });
    const body = { orderNo: r.data.orderNo, event: 'paid', amount: 10_000, providerRef: 'x', sentAt: Date.now() };
    const res = await h.app.inject({
      method: 'POST',
      url: '/fd/callback/sandbox',
      headers: { 'content-type': 'application/json', 'x-signature': 'f'.repeat(64) },
      payload: JSON.stringify(body),
    });
    expect(res.json().status_code).toBe(6008);
    expect(await central(m.userId)).toBe(0);
  });

  it('amount limits with the channel figures; USDT needs a network and shows address and USDT amount', async () => {
    const m = await newMember();
    const low = await pay(m.token, { channelId: 'bank', amount: '99.99' });
    expect(low.status_code).toBe(6007);
    expect(low.message).toBe('单笔存款金额为100-50,000元');
    expect((await pay(m.token, { channelId: 'usdt', amount: '720' })).message).toBe('请选择网络');
    const u = await pay(m.token, { channelId: 'usdt', amount: '720', network: 'TRC20' });
    expect(u.data).toMatchObject({ network: 'TRC20', usdtAmount: '100.000000' });
    expect(u.data.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$|^Tx*/);
    const e = await pay(m.token, { channelId: 'usdt', amount: '720', network: 'ERC20' });
    expect(e.data.address).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it("no member can read or close another member's order", async () => {
    const a = await newMember();
    const b = await newMember();
    const r = await pay(a.token, { channelId: 'bank', amount: '100' });
    expect((await h.call(`${P}getDepositOrderStatus`, { orderNo: r.data.orderNo }, { token: b.token })).status_code).toBe(6004);
    expect((await h.call(`${P}closeOrder`, { orderNo: r.data.orderNo }, { token: b.token })).status_code).toBe(6004);
  });
});

describe('funds letter', () => {
  it('a credited deposit sends one fd letter (amount, order number) whatever the number of callbacks', async () => {
    const m = await newMember();
    Object.assign(h.s.sandboxPayments!.opts, { maxDelayMs: 20, duplicateRate: 1, outOfOrderRate: 1 });
    const r = await pay(m.token, { channelId: 'bank', amount: '1000' });
    const orderNo = r.data.orderNo as string;
    await press(orderNo, 'pay');
    // The provider retrying again, several at once, and the credit hooks run once more (a retried event).
    const again = { orderNo, event: 'paid' as const, amount: 100_000, providerRef: 'retry', sentAt: Date.now() };
    expect(await Promise.all([1, 2, 3].map(() => h.s.deposits.notified('sandbox', again)))).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    const order = await h.s.handle.db.selectFrom('deposit_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    expect(await h.s.messages.sendFundsLetter({ kind: 'deposit_credited', order })).toBe(false);
    const letters = await h.call('/site/api/v1/site/letter/list', { type: 'fd' }, { token: m.token });
    expect(letters.data.list).toEqual([
      expect.objectContaining({
        type: 'fd',
        title: '存款到账通知',
        isRead: false,
        content: `您的存款已到账，金额 1,000 元，订单号 ${orderNo}。款项已存入中心钱包，如有疑问，请联系在线客服。`,
      }),
    ]);
    expect(await central(m.userId)).toBe(100_000);
  });
});

describe('deposit reconciler (a notification that never arrives)', () => {
  /** The provider's notifications are lost on the way (our process died, or the provider gave up). */
  const lostNotifications = async (run: () => Promise<void>) => {
    const deliver = h.s.sandboxPayments!.deliver;
    h.s.sandboxPayments!.deliver = null;
    try {
      await run();
    } finally {
      h.s.sandboxPayments!.deliver = deliver;
    }
  };
  const status = async (orderNo: string) =>
    (await h.s.handle.db.selectFrom('deposit_orders').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).status;
  const notes = (orderNo: string) =>
    h.s.handle.db.selectFrom('payment_notifications').select(['event', 'outcome', 'via']).where('order_no', '=', orderNo).execute();

  it("credits a paid order from the provider's records once; running again changes nothing", async () => {
    const m = await newMember();
    const r = await pay(m.token, { channelId: 'bank', amount: '300' });
    await lostNotifications(() => press(r.data.orderNo, 'pay'));
    expect(await status(r.data.orderNo)).toBe('pending');
    expect(await central(m.userId)).toBe(0);
    // Younger than the grace period: left to the provider's own notifications.
    await h.s.reconcileDeposits({ graceMs: 60_000 });
    expect(await status(r.data.orderNo)).toBe('pending');
    const first = await h.s.reconcileDeposits({ graceMs: 0 });
    expect(first.credited).toBe(1);
    expect(await status(r.data.orderNo)).toBe('paid');
    expect(await central(m.userId)).toBe(30_000);
    expect((await h.s.reconcileDeposits({ graceMs: 0 })).credited).toBe(0);
    // The notification the provider finally sends after all changes nothing either.
    h.s.sandboxPayments!.notify(r.data.orderNo, 'paid', 30_000);
    await h.s.sandboxPayments!.settle();
    expect(await central(m.userId)).toBe(30_000);
    expect(await notes(r.data.orderNo)).toEqual([
      { event: 'paid', outcome: 'credited', via: 'query' },
      { event: 'paid', outcome: 'duplicate', via: 'notify' },
    ]);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('late money for an expired order is credited; a failed payment ends a pending order once', async () => {
    const m = await newMember();
    const late = await pay(m.token, { channelId: 'bank', amount: '100' });
    const failed = await pay(m.token, { channelId: 'bank', amount: '100' });
    await h.s.handle.db.updateTable('deposit_orders').set({ status: 'expired' }).where('order_no', '=', late.data.orderNo).execute();
    await lostNotifications(async () => {
      await press(late.data.orderNo, 'pay');
      await press(failed.data.orderNo, 'fail');
    });
    await h.s.reconcileDeposits({ graceMs: 0 });
    expect([await status(late.data.orderNo), await status(failed.data.orderNo)]).toEqual(['paid', 'failed']);
    expect(await central(m.userId)).toBe(10_000);
    await h.s.reconcileDeposits({ graceMs: 0 });
    expect(await notes(failed.data.orderNo)).toEqual([{ event: 'failed', outcome: 'ignored', via: 'query' }]);
  });

  it("a payment stays made on the provider's side: a later failed attempt does not undo it", async () => {
    const m = await newMember();
    const r = await pay(m.token, { channelId: 'ewallet', amount: '50' });
    await lostNotifications(async () => {
      await press(r.data.orderNo, 'pay');
      await press(r.data.orderNo, 'fail');
    });
    expect(await h.s.sandboxPayments!.queryOrder(r.data.orderNo)).toMatchObject({ event: 'paid', amount: 5_000 });
    await h.s.reconcileDeposits({ graceMs: 0 });
    expect(await central(m.userId)).toBe(5_000);
  });

  it('asks the least recently asked orders first, a bounded batch per run', async () => {
    const m = await newMember();
    const a = await pay(m.token, { channelId: 'bank', amount: '100' });
    const b = await pay(m.token, { channelId: 'bank', amount: '100' });
    const db = h.s.handle.db;
    // Every other unpaid order of this file was asked just now; a long ago, b a little later.
    await db
      .updateTable('deposit_orders')
      .set({ checked_at: Date.now() })
      .where('status', 'in', ['pending', 'closed', 'expired'])
      .execute();
    await db.updateTable('deposit_orders').set({ checked_at: 1_000 }).where('order_no', '=', a.data.orderNo).execute();
    await db.updateTable('deposit_orders').set({ checked_at: 2_000 }).where('order_no', '=', b.data.orderNo).execute();
    const checkedAt = async (orderNo: string) =>
      Number(
        (await db.selectFrom('deposit_orders').select('checked_at').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).checked_at,
      );
    expect((await h.s.reconcileDeposits({ graceMs: 0, batch: 1 })).asked).toBe(1);
    expect(await checkedAt(a.data.orderNo)).toBeGreaterThan(2_000);
    expect(await checkedAt(b.data.orderNo)).toBe(2_000);
    expect((await h.s.reconcileDeposits({ graceMs: 0, batch: 1 })).asked).toBe(1);
    expect(await checkedAt(b.data.orderNo)).toBeGreaterThan(2_000);
  });
});
