/**
 * Issue 27 finding 4: money granted by staff needs a second person above the brand's amount (SQLite, and
 * PostgreSQL with DB=postgres): a VIP raise's upgrade bonuses, a manual adjustment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberAccount } from '../ledger/accounts.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { freshMember } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let riskA: StaffSession;
let riskB: StaffSession;
let cs: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  riskA = await staffSession(h, { roles: ['risk'], sites: [7000] });
  riskB = await staffSession(h, { roles: ['risk'], sites: [7000] });
  cs = await staffSession(h, { roles: ['customer_service'], sites: [7000] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const key = (m: { name: string }) => ({ siteCode: 7000, username: m.name });
const central = (userId: string) => balanceOf(h.s.handle.db, memberAccount(userId, 'central'));
const upgradeRewards = async (memberId: string) =>
  (await h.s.handle.db.selectFrom('vip_rewards').select('amount').where('member_id', '=', memberId).where('kind', '=', 'upgrade').execute())
    .length;

describe('VIP raise by hand', () => {
  it('a jump to the top grade (88,920 yuan of upgrade bonuses) waits for a second risk member; the requester cannot approve', async () => {
    const m = await freshMember(h);
    const r = await riskA.call('members/setVip', { ...key(m), grade: 10 });
    expect(r.status_code).toBe(6000);
    expect(r.data).toMatchObject({ grade: 0 });
    expect(r.data.pendingGrant).toMatch(/^G/);
    expect(await upgradeRewards(m.userId)).toBe(0);
    expect((await riskA.call('members/profile', key(m))).data.vipGrade).toBe(0);
    // Four eyes: not the requester.
    expect((await riskA.call('grants/approve', { id: r.data.pendingGrant })).status_code).toBe(6003);
    // Customer service may not approve (no member.write / member.vip).
    expect((await cs.call('grants/approve', { id: r.data.pendingGrant })).status_code).toBe(6003);
    const list = await riskB.call('grants/list', { siteCode: 7000, status: 'pending' });
    expect(list.data.list.map((g: { id: string }) => g.id)).toContain(r.data.pendingGrant);
    const a = await riskB.call('grants/approve', { id: r.data.pendingGrant });
    expect(a.data).toMatchObject({ status: 'applied', amount: 8_892_000, requestedBy: riskA.username, decidedBy: riskB.username });
    expect((await riskA.call('members/profile', key(m))).data.vipGrade).toBe(10);
    expect(await upgradeRewards(m.userId)).toBe(10);
  });

  it('a raise within the amount applies at once (one grade: 18 yuan)', async () => {
    const m = await freshMember(h);
    const r = await riskA.call('members/setVip', { ...key(m), grade: 1 });
    expect(r.data.grade).toBe(1);
    expect(r.data.pendingGrant).toBeUndefined();
    expect(await upgradeRewards(m.userId)).toBe(1);
  });
});

describe('manual adjustment', () => {
  it('within the amount: applied at once with its reason, one journal, audited', async () => {
    const m = await freshMember(h);
    const r = await riskA.call('members/adjust', { ...key(m), amount: '500', reason: '补发活动奖金（工单 1234）' });
    expect(r.data).toMatchObject({ status: 'applied', amount: 50_000, kind: 'adjust', decidedBy: riskA.username });
    expect(await central(m.userId)).toBe(50_000);
    const audit = await h.s.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'members/adjust')
      .where('target', '=', m.name)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toContain('补发活动奖金');
    expect(Number(audit[0]!.site_code)).toBe(7000);
  });

  it('above the amount: pending until a second person approves; two approvers at once apply it once', async () => {
    const m = await freshMember(h);
    const r = await riskA.call('members/adjust', { ...key(m), amount: '5000', reason: '客诉补偿（工单 5678）' });
    expect(r.data.status).toBe('pending');
    expect(await central(m.userId)).toBe(0);
    const riskC = await staffSession(h, { roles: ['risk'], sites: [7000] });
    const answers = await Promise.all([riskB.call('grants/approve', { id: r.data.id }), riskC.call('grants/approve', { id: r.data.id })]);
    expect(answers.map((x) => x.status_code).sort()).toEqual([6000, 6008]);
    expect(await central(m.userId)).toBe(500_000);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('a rejected request moves nothing; a debit above the balance is refused; customer service may not adjust', async () => {
    const m = await freshMember(h);
    const r = await riskA.call('members/adjust', { ...key(m), amount: '2000', reason: '测试驳回流程' });
    expect((await riskB.call('grants/reject', { id: r.data.id, reason: '无工单' })).data.status).toBe('rejected');
    expect((await riskB.call('grants/approve', { id: r.data.id })).status_code).not.toBe(6000);
    expect(await central(m.userId)).toBe(0);
    expect((await riskA.call('members/adjust', { ...key(m), amount: '-10', reason: '扣回多发奖金' })).status_code).toBe(6007);
    expect((await cs.call('members/adjust', { ...key(m), amount: '10', reason: '客服自行调账' })).status_code).toBe(6003);
  });
});
