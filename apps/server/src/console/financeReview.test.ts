/**
 * The four-eyes withdrawal review through the console: the full path, self-approval refused, the
 * brand threshold's second approver, an unknown payout outcome, reject releasing the hold once, brand scope. The
 * books are checked after every path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/verify.ts';
import { listAudit } from '../ops/audit.ts';
import { runOpsCommand } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { memberStatus, moneyOf, withdrawalOf } from './financeTestKit.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let riskA: StaffSession;
let riskB: StaffSession;
let fin: StaffSession;
let boss: StaffSession;
let fin7001: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  riskA = await staffSession(h, { roles: ['risk'], sites: [7000] });
  riskB = await staffSession(h, { roles: ['risk'], sites: [7000] });
  fin = await staffSession(h, { roles: ['finance'], sites: [7000] });
  boss = await staffSession(h, { roles: ['super_admin'] });
  fin7001 = await staffSession(h, { roles: ['finance'], sites: [7001] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const W = 'finance/withdraw/';
const stageOf = async (orderNo: string) => (await boss.call(`${W}detail`, { orderNo })).data.order.stage as string;
const books = async () => expect(await verifyLedger(h.s.handle.db)).toEqual([]);

describe('withdrawal review', () => {
  it('full path: risk locks and approves, finance locks and pays; every step audited with before/after', async () => {
    const m = await withdrawalOf(h, 500);
    const detail = await riskA.call(`${W}detail`, { orderNo: m.orderNo });
    expect(detail.data.order).toMatchObject({ stage: 'pending', username: m.name, amount: 50_000, needsSecondApproval: false });
    expect(detail.data.member).toMatchObject({ username: m.name, balance: 2_950_000, locked: 50_000, turnoverRequired: 0 });
    expect(detail.data.member.hints).toContain('no_deposit');
    expect(JSON.stringify(detail.data)).not.toContain(m.userId); // members by username only

    expect((await riskA.call(`${W}lock`, { orderNo: m.orderNo })).data).toMatchObject({
      stage: 'risk_review',
      riskLockedBy: riskA.username,
    });
    expect((await riskA.call(`${W}approve`, { orderNo: m.orderNo })).data).toMatchObject({
      stage: 'approved',
      firstApprover: riskA.username,
    });
    expect(await memberStatus(h, m.token, m.orderNo)).toBe('approved');
    expect((await fin.call(`${W}payLock`, { orderNo: m.orderNo })).data).toMatchObject({ stage: 'paying', payLockedBy: fin.username });
    expect((await fin.call(`${W}pay`, { orderNo: m.orderNo })).data).toMatchObject({ stage: 'paid', payoutState: 'paid' });
    expect(await memberStatus(h, m.token, m.orderNo)).toBe('paid');
    expect(await moneyOf(h, m.userId)).toEqual({ central: 2_950_000, locked: 0 });

    const [row] = await listAudit(h.s.handle.db, { action: 'finance/withdraw/approve' });
    expect(row).toMatchObject({ actor: riskA.username, target: m.orderNo, site_code: 7000, outcome: 'ok' });
    expect(JSON.parse(row!.before!)).toMatchObject({ stage: 'risk_review' });
    expect(JSON.parse(row!.after!)).toMatchObject({ stage: 'approved' });
    const queue = await fin.call(`${W}list`, { stage: 'paid', orderNo: m.orderNo });
    expect(queue.data).toMatchObject({ total: 1, list: [{ orderNo: m.orderNo, username: m.name }] });
    await books();
  });

  it('a lock held by another is refused; no one approves their own review twice, and an approver cannot pay', async () => {
    const m = await withdrawalOf(h, 800);
    expect((await riskB.call(`${W}approve`, { orderNo: m.orderNo })).message).toBe('请先锁定订单再审核');
    await riskA.call(`${W}lock`, { orderNo: m.orderNo });
    for (const step of ['lock', 'approve']) {
      const r = await riskB.call(`${W}${step}`, { orderNo: m.orderNo });
      expect(r.status_code).toBe(6003);
      expect(r.message).toBe(`该订单已被 ${riskA.username} 锁定`);
    }
    expect((await riskB.call(`${W}riskReject`, { orderNo: m.orderNo, reason: '可疑' })).status_code).toBe(6003);
    expect(await stageOf(m.orderNo)).toBe('risk_review');

    // A super admin holds both permissions: having approved, they may not pay.
    const s = await withdrawalOf(h, 300);
    await boss.call(`${W}lock`, { orderNo: s.orderNo });
    await boss.call(`${W}approve`, { orderNo: s.orderNo });
    const self = await boss.call(`${W}payLock`, { orderNo: s.orderNo });
    expect(self).toMatchObject({ status_code: 6003, message: '审核人不能为同一订单出款' });
    expect(await stageOf(s.orderNo)).toBe('approved');
    const [refused] = await listAudit(h.s.handle.db, { action: 'finance/withdraw/payLock' });
    expect(refused).toMatchObject({ actor: boss.username, target: s.orderNo, outcome: 'failed' });

    // The command line goes through the same rules, as a real staff member (a one-time token from the console).
    const c = await withdrawalOf(h, 200);
    const finAll = await staffSession(h, { roles: ['finance'] });
    const token = async (st: StaffSession) => ({ token: (await st.call('auth/cliToken')).data.token as string });
    expect((await runOpsCommand(h, await token(boss), 'withdraw:approve', c.orderNo)).code).toBe(0);
    expect((await runOpsCommand(h, await token(boss), 'withdraw:payout', c.orderNo)).code).not.toBe(0);
    expect((await runOpsCommand(h, await token(finAll), 'withdraw:payout', c.orderNo)).code).toBe(0);
    expect(await stageOf(c.orderNo)).toBe('paid');
    await books();
  });

  it("above the brand's threshold one approval is not enough: a second, different risk approver", async () => {
    const big = await withdrawalOf(h, 15_000); // default threshold 10,000 yuan
    await riskA.call(`${W}lock`, { orderNo: big.orderNo });
    const first = await riskA.call(`${W}approve`, { orderNo: big.orderNo });
    expect(first.data).toMatchObject({ stage: 'second_review', firstApprover: riskA.username, needsSecondApproval: true });
    expect(await memberStatus(h, big.token, big.orderNo)).toBe('pending');
    expect((await fin.call(`${W}payLock`, { orderNo: big.orderNo })).message).toBe('订单状态已变更，请刷新后重试');
    const again = await riskA.call(`${W}approve`, { orderNo: big.orderNo });
    expect(again.status_code).toBe(6003);
    expect(await stageOf(big.orderNo)).toBe('second_review');
    expect((await riskB.call(`${W}approve`, { orderNo: big.orderNo })).data).toMatchObject({
      stage: 'approved',
      secondApprover: riskB.username,
    });
    await fin.call(`${W}payLock`, { orderNo: big.orderNo });
    expect((await fin.call(`${W}pay`, { orderNo: big.orderNo })).data.stage).toBe('paid');

    // The threshold is the brand's setting (withdrawSecondApprovalFen).
    const flags = h.s.sites.get(7000)!.flags;
    flags.withdrawSecondApprovalFen = 50_000;
    try {
      const small = await withdrawalOf(h, 600);
      expect((await riskA.call(`${W}detail`, { orderNo: small.orderNo })).data.thresholdFen).toBe(50_000);
      await riskA.call(`${W}lock`, { orderNo: small.orderNo });
      expect((await riskA.call(`${W}approve`, { orderNo: small.orderNo })).data.stage).toBe('second_review');
    } finally {
      delete flags.withdrawSecondApprovalFen;
    }
    await books();
  });

  it('a payout without an answer stays 出款处理中 — never refunded — until a reconcile asks the provider', async () => {
    const payouts = h.s.sandboxPayouts!;
    const approved = async () => {
      const m = await withdrawalOf(h, 400);
      await riskA.call(`${W}lock`, { orderNo: m.orderNo });
      await riskA.call(`${W}approve`, { orderNo: m.orderNo });
      await fin.call(`${W}payLock`, { orderNo: m.orderNo });
      return m;
    };
    const m = await approved();
    payouts.mode = 'timeout'; // the provider pays, the answer is lost
    try {
      expect((await fin.call(`${W}pay`, { orderNo: m.orderNo })).data).toMatchObject({ stage: 'paying', payoutState: 'unknown' });
    } finally {
      payouts.mode = 'paid';
    }
    expect(await moneyOf(h, m.userId)).toEqual({ central: 2_960_000, locked: 40_000 });
    expect((await fin.call(`${W}payReject`, { orderNo: m.orderNo, reason: '超时' })).message).toBe('出款结果未知，不能拒绝，请先对账');
    expect((await fin.call(`${W}pay`, { orderNo: m.orderNo })).message).toBe('出款结果未知，请先对账');
    expect((await fin.call(`${W}reconcile`, { orderNo: m.orderNo })).data).toMatchObject({ stage: 'paid', payoutState: 'paid' });
    expect(await moneyOf(h, m.userId)).toEqual({ central: 2_960_000, locked: 0 });
    expect((await fin.call(`${W}reconcile`, { orderNo: m.orderNo })).message).toBe('该订单无需对账');

    // The request never reached the provider: the reconcile finds no record — not sent; finance pays again.
    const lost = await approved();
    payouts.mode = 'lost';
    try {
      expect((await fin.call(`${W}pay`, { orderNo: lost.orderNo })).data.payoutState).toBe('unknown');
    } finally {
      payouts.mode = 'paid';
    }
    expect((await fin.call(`${W}reconcile`, { orderNo: lost.orderNo })).data).toMatchObject({ stage: 'paying', payoutState: 'failed' });
    expect((await fin.call(`${W}pay`, { orderNo: lost.orderNo })).data.stage).toBe('paid');

    // A definite failure: the order stays with finance, who may refuse it (the funds return).
    const failed = await approved();
    payouts.mode = 'failed';
    try {
      expect((await fin.call(`${W}pay`, { orderNo: failed.orderNo })).data).toMatchObject({ stage: 'paying', payoutState: 'failed' });
    } finally {
      payouts.mode = 'paid';
    }
    expect((await fin.call(`${W}payReject`, { orderNo: failed.orderNo, reason: '收款账户异常' })).data.stage).toBe('rejected');
    expect(await moneyOf(h, failed.userId)).toEqual({ central: 3_000_000, locked: 0 });
    await books();
  });

  it('reject needs a reason and releases the hold exactly once; of a payout and a reject at once, one wins', async () => {
    const m = await withdrawalOf(h, 700);
    expect((await riskA.call(`${W}riskReject`, { orderNo: m.orderNo, reason: ' ' })).status_code).toBe(6007);
    const [a, b] = await Promise.all([
      riskA.call(`${W}riskReject`, { orderNo: m.orderNo, reason: '资料不符' }),
      riskB.call(`${W}riskReject`, { orderNo: m.orderNo, reason: '重复' }),
    ]);
    expect([a.status_code, b.status_code].sort()).toEqual([6000, 6007]);
    expect(await moneyOf(h, m.userId)).toEqual({ central: 3_000_000, locked: 0 });
    expect(await memberStatus(h, m.token, m.orderNo)).toBe('rejected');
    expect((await riskA.call(`${W}riskReject`, { orderNo: m.orderNo, reason: '再次' })).status_code).toBe(6007);

    for (let i = 0; i < 3; i++) {
      const r = await withdrawalOf(h, 300);
      await riskA.call(`${W}lock`, { orderNo: r.orderNo });
      await riskA.call(`${W}approve`, { orderNo: r.orderNo });
      await fin.call(`${W}payLock`, { orderNo: r.orderNo });
      const [pay, reject] = await Promise.all([
        fin.call(`${W}pay`, { orderNo: r.orderNo }),
        fin.call(`${W}payReject`, { orderNo: r.orderNo, reason: '风险' }),
      ]);
      expect([pay.status_code, reject.status_code].filter((c) => c === 6000)).toHaveLength(1);
      const money = await moneyOf(h, r.userId);
      const stage = await stageOf(r.orderNo);
      expect(stage === 'paid' ? money : { ...money, stage }).toEqual(
        stage === 'paid' ? { central: 2_970_000, locked: 0 } : { central: 3_000_000, locked: 0, stage: 'rejected' },
      );
    }
    await books();
  });

  it("brand scope: finance of 7001 neither sees nor acts on 7000's orders (6004)", async () => {
    const m = await withdrawalOf(h, 200);
    expect((await fin7001.call(`${W}detail`, { orderNo: m.orderNo })).status_code).toBe(6004);
    expect((await fin7001.call(`${W}payLock`, { orderNo: m.orderNo })).status_code).toBe(6004);
    expect((await fin7001.call(`${W}payReject`, { orderNo: m.orderNo, reason: 'x' })).status_code).toBe(6004);
    expect((await fin7001.call(`${W}list`, { orderNo: m.orderNo })).data.total).toBe(0);
    expect((await fin7001.call(`${W}list`, { siteCode: 7000 })).status_code).toBe(6003);
    expect((await fin7001.call(`${W}detail`, { orderNo: 'W-NOPE' })).status_code).toBe(6004);
    expect(await stageOf(m.orderNo)).toBe('pending');
  });
});
