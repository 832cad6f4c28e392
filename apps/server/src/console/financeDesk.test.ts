/** Finance console reads: deposit orders and their manual reconcile, statements, house accounts, ledger check. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../ops/audit.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { withdrawalOf } from './financeTestKit.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let fin: StaffSession;
let fin7001: StaffSession;
let risk: StaffSession;
let auditor: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  fin = await staffSession(h, { roles: ['finance'] });
  fin7001 = await staffSession(h, { roles: ['finance'], sites: [7001] });
  risk = await staffSession(h, { roles: ['risk'], sites: [7000] });
  auditor = await staffSession(h, { roles: ['auditor'] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const D = 'finance/deposit/';
const order = async (token: string, amount: string) =>
  (await h.call('/fd/api/v1/payment/pay', { channelId: 'bank', amount }, { token, headers: { 'idempotency-key': `k-${randomUUID()}` } }))
    .data.orderNo as string;

describe('deposit orders', () => {
  it('search by username, state and order; a notification lost on the way is credited once by a manual reconcile', async () => {
    const m = await h.member();
    const lost = await order(m.token, '300');
    const deliver = h.s.sandboxPayments!.deliver;
    h.s.sandboxPayments!.deliver = null; // the provider's notification never arrives
    try {
      await h.app.inject({ method: 'POST', url: `/sandbox/pay/${lost}/pay`, payload: '' });
      await h.s.sandboxPayments!.settle();
    } finally {
      h.s.sandboxPayments!.deliver = deliver;
    }
    const open = await order(m.token, '200');
    const mine = await fin.call(`${D}list`, { username: m.name.toUpperCase() });
    expect(mine.data.list[0].channelName).not.toBe('bank'); // the channel's name, not its code
    expect(mine.data).toMatchObject({
      total: 2,
      list: [
        { orderNo: open, username: m.name },
        { orderNo: lost, status: 'pending', amount: 30_000 },
      ],
    });
    expect((await fin.call(`${D}list`, { username: m.name, status: 'paid' })).data.total).toBe(0);
    expect((await fin.call(`${D}list`, { orderNo: lost, channelId: 'bank', from: Date.now() - 60_000 })).data.total).toBe(1);

    expect((await fin.call(`${D}reconcile`, { orderNo: lost })).status_code).toBe(6007); // a reason is required
    const r = await fin.call(`${D}reconcile`, { orderNo: lost, reason: '会员来电称已付款' });
    expect(r.data).toMatchObject({ outcome: 'credited', order: { status: 'paid' } });
    expect((await fin.call(`${D}reconcile`, { orderNo: lost, reason: '再次核对' })).data.outcome).toBe('duplicate');
    expect((await fin.call(`${D}reconcile`, { orderNo: open, reason: '核对' })).data.outcome).toBe('unknown');
    const [row] = await listAudit(h.s.handle.db, { action: 'finance/deposit/reconcile', actor: fin.username });
    expect(row).toMatchObject({ target: open, site_code: 7000, outcome: 'ok' });
    expect(JSON.parse(row!.after!)).toMatchObject({ reason: '核对', outcome: 'unknown' });

    const detail = await fin.call(`${D}detail`, { orderNo: lost });
    expect(detail.data.notifications).toEqual([
      expect.objectContaining({ event: 'paid', outcome: 'credited', via: 'query' }),
      expect.objectContaining({ event: 'paid', outcome: 'duplicate', via: 'query' }),
    ]);
    const st = await fin.call('finance/ledger/statement', { username: m.name });
    expect(st.data.list).toEqual([expect.objectContaining({ kind: 'deposit', refId: lost, amount: 30_000, balanceAfter: 30_000 })]);

    // Brand scope: a 7001 staff member sees none of it.
    expect((await fin7001.call(`${D}detail`, { orderNo: lost })).status_code).toBe(6004);
    expect((await fin7001.call(`${D}reconcile`, { orderNo: open, reason: 'x' })).status_code).toBe(6004);
    expect((await fin7001.call(`${D}list`, { username: m.name })).data.total).toBe(0);
    expect((await fin7001.call('finance/ledger/statement', { username: m.name })).status_code).toBe(6004);
  });
});

describe('ledger', () => {
  it("a member's statement: every posting with its running balance, newest first, by date range", async () => {
    const w = await withdrawalOf(h, 400, 100_000);
    const st = await risk.call('finance/ledger/statement', { username: w.name, pageSize: 10 });
    expect(st.data.member).toEqual({ username: w.name, siteCode: 7000 });
    expect(st.data.accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'central', balance: 60_000 }),
        expect.objectContaining({ kind: 'locked', balance: 40_000 }),
      ]),
    );
    expect(
      st.data.list.map((l: { account: string; amount: number; balanceAfter: number }) => [l.account, l.amount, l.balanceAfter]),
    ).toEqual([
      ['locked:CNY', 40_000, 40_000],
      ['central:CNY', -40_000, 60_000],
      ['central:CNY', 100_000, 100_000],
    ]);
    expect((await risk.call('finance/ledger/statement', { username: w.name, from: Date.now() + 60_000 })).data.total).toBe(0);
    expect((await risk.call('finance/ledger/statement', { username: 'nobody-here' })).status_code).toBe(6004);
  });

  it('house accounts and ledger:verify: for staff of every brand; the books are clean', async () => {
    const house = await auditor.call('finance/ledger/house', {});
    expect(house.data.list.length).toBeGreaterThan(0);
    const total = house.data.list
      .filter((a: { currency: string }) => a.currency === 'CNY')
      .reduce((s: number, a: { balance: number }) => s + a.balance, 0);
    expect(total + house.data.memberTotal).toBe(0); // the books balance: house + members = 0
    const v = await fin.call('finance/ledger/verify', {});
    expect(v.data).toMatchObject({ problems: [] });
    expect((await risk.call('finance/ledger/verify', {})).status_code).toBe(6003);
    expect((await risk.call('finance/ledger/house', {})).status_code).toBe(6003);
  });
});
