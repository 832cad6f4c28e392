/** Console promotions and VIP: each endpoint's rule, brand scope, the ledger kept clean. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '@portal/rules';
import { verifyLedger } from '../ledger/verify.ts';
import { listAudit } from '../ops/audit.ts';
import { bet, central, join, promoMember } from '../modules/promotions/testKit.ts';
import { vipKit } from '../modules/vip/testkit.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let content: StaffSession;
let risk: StaffSession;
let other: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  content = await staffSession(h, { roles: ['content'] });
  risk = await staffSession(h, { roles: ['risk'] });
  other = await staffSession(h, { roles: ['super_admin'], sites: [7001] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const signIn = (id: string, siteCode = 7000) => ({
  id,
  siteCode,
  type: 'sign_in',
  category: 'general',
  title: { 'zh-CN': '每日签到', 'zh-TW': '每日簽到' },
  summary: { 'zh-CN': '签到送礼金', 'zh-TW': '簽到送禮金' },
  rules: { 'zh-CN': '每天签到一次', 'zh-TW': '每天簽到一次' },
  banner: { theme: 'gold' },
  params: { dailyFen: [300, 500], minDepositFen: 0, multiple: 1 },
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  sort: 5,
});

describe('promotions', () => {
  it('create checks the type parameters (6007), a taken id is 6009; the list shows state and cost; end stops claims', async () => {
    const bad = await content.call('promo/create', { ...signIn('con-bad'), params: { dailyFen: [], multiple: 1 } });
    expect(bad.status_code).toBe(6007);
    const race = await content.call('promo/create', { ...signIn('con-race'), type: 'race', params: { prizesFen: [100], multiple: 1 } });
    expect(race.status_code).toBe(6007); // a race needs an end
    const made = await content.call('promo/create', signIn('con-sign'));
    expect(made.status_code, JSON.stringify(made)).toBe(6000);
    expect(made.data).toMatchObject({ id: 'con-sign', siteCode: 7000, type: 'sign_in', state: 'active', paidFen: 0 });
    expect((await content.call('promo/create', signIn('con-sign'))).status_code).toBe(6009);

    const m = await promoMember(h);
    expect((await join(h, m, 'con-sign')).data.rewards[0]).toMatchObject({ status: 'paid', amount: '3.00' });
    const list = await content.call('promo/list', { siteCode: 7000, pageSize: 100 });
    expect(list.data.list.find((p: { id: string }) => p.id === 'con-sign')).toMatchObject({ paidCount: 1, paidFen: 300, state: 'active' });

    // Another brand's staff: not in their list, and the promotion is as missing (6004).
    expect((await other.call('promo/list', { pageSize: 100 })).data.list.every((p: { siteCode: number }) => p.siteCode === 7001)).toBe(
      true,
    );
    expect((await other.call('promo/end', { id: 'con-sign' })).status_code).toBe(6004);
    expect((await other.call('promo/create', signIn('con-x'))).status_code).toBe(6003);

    const ended = await content.call('promo/end', { id: 'con-sign' });
    expect(ended.data).toMatchObject({ state: 'ended' });
    expect((await content.call('promo/end', { id: 'con-sign' })).status_code).toBe(6008);
    const late = await promoMember(h);
    expect((await join(h, late, 'con-sign')).status_code).not.toBe(6000);
    expect(await central(h, late)).toBe(0);
    const [audit] = await listAudit(h.s.handle.db, { action: 'promo/end', actor: content.username });
    expect(audit).toMatchObject({ target: 'con-sign', site_code: 7000, outcome: 'failed' });
  });

  it('settle: only an ended race, once; flagged rewards are paid or refused once, by username, through the ledger', async () => {
    expect((await content.call('promo/settle', { id: 'sign-in-7000' })).status_code).toBe(6008); // not a race
    const race = {
      ...signIn('con-race'),
      type: 'race',
      params: { prizesFen: [8_800, 3_300], multiple: 1 },
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    expect((await content.call('promo/create', race)).status_code).toBe(6000);
    const runner = await promoMember(h);
    await bet(h, runner, 90_000_000);
    expect((await content.call('promo/settle', { id: 'con-race' })).status_code).toBe(6008); // not ended
    await content.call('promo/end', { id: 'con-race' });
    const settled = await content.call('promo/settle', { id: 'con-race' });
    expect(settled.data.rewards).toBeGreaterThanOrEqual(1);
    expect(await central(h, runner)).toBe(8_800);
    expect((await content.call('promo/settle', { id: 'con-race' })).status_code).toBe(6008); // once
    const listed = (await content.call('promo/list', { siteCode: 7000, state: 'ended', pageSize: 100 })).data.list;
    expect(listed.find((p: { id: string }) => p.id === 'con-race')).toMatchObject({ paidFen: settled.data.amountFen });
    const first = await promoMember(h);
    await join(h, first, 'sign-in-7000');
    const second = await promoMember(h, { uuid: first.o.uuid! });
    const third = await promoMember(h, { uuid: first.o.uuid! });
    expect((await join(h, second, 'sign-in-7000')).data.rewards[0].status).toBe('flagged');
    expect((await join(h, third, 'sign-in-7000')).data.rewards[0].status).toBe('flagged');
    const flagged = await risk.call('promo/flagged', { siteCode: 7000, pageSize: 100 });
    const mine = flagged.data.list.filter((r: { username: string }) => [second.name, third.name].includes(r.username));
    expect(mine).toHaveLength(2);
    expect(mine[0].reason).toBe(`与 ${first.name} 同设备`);
    const [a, b] = mine as Array<{ id: string; username: string }>;
    expect((await content.call('promo/pay', { id: a!.id })).status_code).toBe(6003); // content has no promo.review
    expect((await other.call('promo/pay', { id: a!.id })).status_code).toBe(6004);
    expect((await risk.call('promo/refuse', { id: b!.id })).status_code).toBe(6007); // a reason is required
    const paid = await risk.call('promo/pay', { id: a!.id });
    expect(paid.data).toEqual({ username: a!.username, amountFen: 200, status: 'paid' });
    expect((await risk.call('promo/pay', { id: a!.id })).status_code).toBe(6008);
    expect((await risk.call('promo/refuse', { id: b!.id, reason: '同设备多账号' })).data.status).toBe('refused');
    const byName = new Map([
      [second.name, second],
      [third.name, third],
    ]);
    expect(await central(h, byName.get(a!.username)!)).toBe(200);
    expect(await central(h, byName.get(b!.username)!)).toBe(0);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});

describe('VIP ladder and rebates', () => {
  const k = vipKit(() => h, 93);
  it('the ladder shows fen and rates; an edit keeps it monotonic (6008) and is audited; the next grade can be added', async () => {
    const ladder = (await content.call('vip/ladder', { siteCode: 7000 })).data as Array<{
      grade: number;
      depositMinFen: number;
      rates: Record<string, number>;
    }>;
    expect(ladder[0]).toMatchObject({ grade: 0, depositMinFen: 0 });
    expect(ladder[0]!.rates.TY).toBeGreaterThan(0);
    const r = await content.call('vip/setGrade', { siteCode: 7000, grade: 1, name: '青铜', rates: { TY: 55 } });
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    expect(r.data.after).toMatchObject({ name: '青铜', rates: expect.objectContaining({ TY: 55 }) });
    expect(r.data.before.name).not.toBe('青铜');
    const down = await content.call('vip/setGrade', { siteCode: 7000, grade: 2, depositMinFen: 0 });
    expect(down.status_code).toBe(6008);
    expect((await content.call('vip/setGrade', { siteCode: 7000, grade: 1, rates: { TY: 501 } })).status_code).toBe(6007);
    expect((await content.call('vip/setGrade', { siteCode: 7000, grade: ladder.length + 1, name: 'x' })).status_code).toBe(6004);
    const next = await content.call('vip/setGrade', {
      siteCode: 7000,
      grade: ladder.length,
      name: '至尊',
      depositMinFen: 9e9,
      turnoverMinFen: 9e10,
    });
    expect(next.data.before).toBeNull();
    expect((await content.call('vip/ladder', { siteCode: 7000 })).data).toHaveLength(ladder.length + 1);
    expect((await other.call('vip/ladder', { siteCode: 7000 })).status_code).toBe(6003);
    const [row] = await listAudit(h.s.handle.db, { action: 'vip/setGrade', actor: content.username });
    expect(row).toMatchObject({ site_code: 7000, target: `VIP${ladder.length}` });
  });

  it('a rebate run pays a day once; brand-scoped staff cannot run every brand', async () => {
    const day = businessDay(Date.now() - 500 * 86_400_000);
    const m = await k.newMember();
    await k.bet(m.userId, 'DZ', 100_000, Date.parse(`${day}T12:00:00+08:00`));
    expect((await other.call('vip/rebate', { day })).status_code).toBe(6003);
    expect((await content.call('vip/rebate', { day: '2026-13-45' })).status_code).toBe(6007);
    const r = await content.call('vip/rebate', { day });
    expect(r.data).toMatchObject({ day, paid: 1 });
    expect(await k.central(m.userId)).toBe(r.data.amountFen);
    expect((await content.call('vip/rebate', { day })).data).toMatchObject({ paid: 0, skipped: 1 });
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});
