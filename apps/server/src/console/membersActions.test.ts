/**
 * Console member actions: disable / enable, revoke sessions, reset the second password, VIP
 * by hand, notes and risk flags — each audited with before / after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, md5, type Harness } from '../test/harness.ts';
import { FUND_PASSWORD, U, freshMember, ok, readyToWithdraw } from '../test/flows.ts';
import { join, promoMember } from '../modules/promotions/testKit.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let risk: StaffSession;
let cs: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  risk = await staffSession(h, { roles: ['risk'], sites: [7000] });
  cs = await staffSession(h, { roles: ['customer_service'], sites: [7000] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const info = (token: string) => h.call(`${U}member/info`, {}, { token });
const key = (m: { name: string }) => ({ siteCode: 7000, username: m.name });
const auditOf = (action: string, target: string) =>
  h.s.handle.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .execute();
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

describe('disable / enable', () => {
  it("disabling ends the member's sessions at once (6001) and refuses login (6030); enabling lets them in again", async () => {
    const m = await freshMember(h);
    ok(await info(m.token));
    const r = await risk.call('members/disable', { ...key(m), reason: '风控调查' });
    expect(r.status_code).toBe(6000);
    // Immediately: the session check's cache is forgotten by the write.
    expect((await info(m.token)).status_code).toBe(6001);
    const login = await h.login(m.name, m.password, { ip: m.ip });
    expect(login.status_code).toBe(6030);
    expect(login.message).toBe('账号已停用，请联系客服');
    const [row] = await auditOf('members/disable', m.name);
    expect(row).toMatchObject({ actor: risk.username, site_code: 7000, outcome: 'ok' });
    expect(json(row!.before)).toMatchObject({ status: 'active' });
    expect(json(row!.after)).toMatchObject({ status: 'disabled', liveSessions: 0 });
    expect(row!.after).not.toContain(m.userId);
    expect((await risk.call('members/search', { by: 'username', keyword: m.name, status: 'disabled' })).data.total).toBe(1);

    expect((await risk.call('members/enable', key(m))).status_code).toBe(6000);
    expect((await info(m.token)).status_code).toBe(6001); // the ended session stays ended
    const again = await h.login(m.name, m.password, { ip: m.ip });
    expect(again.status_code).toBe(6000);
    ok(await info(again.data.token));
    expect(json((await auditOf('members/enable', m.name))[0]!.after)).toMatchObject({ status: 'active' });
  });

  it('customer service may not disable (6003, nothing changes); an unknown member is 6004', async () => {
    const m = await freshMember(h);
    expect((await cs.call('members/disable', key(m))).status_code).toBe(6003);
    ok(await info(m.token));
    expect((await risk.call('members/disable', { siteCode: 7000, username: 'nobody_x' })).status_code).toBe(6004);
  });
});

describe('sessions and the second password', () => {
  it('revoke sessions: every token of the member ends; the member may sign in again', async () => {
    const m = await freshMember(h);
    const second = (await h.login(m.name, m.password, { ip: m.ip })).data.token as string;
    const r = await risk.call('members/revokeSessions', key(m));
    expect(r.data.revoked).toBe(2);
    expect((await info(m.token)).status_code).toBe(6001);
    expect((await info(second)).status_code).toBe(6001);
    expect((await h.login(m.name, m.password, { ip: m.ip })).status_code).toBe(6000);
  });

  it('reset the second password: it is cleared and the member can set a new one', async () => {
    const m = await freshMember(h);
    await readyToWithdraw(h, m.token);
    expect((await risk.call('members/profile', key(m))).data.hasSecondPassword).toBe(true);
    expect((await risk.call('members/resetSecondPassword', key(m))).status_code).toBe(6000);
    expect((await risk.call('members/profile', key(m))).data.hasSecondPassword).toBe(false);
    const [row] = await auditOf('members/resetSecondPassword', m.name);
    expect(json(row!.before)).toMatchObject({ hasSecondPassword: true });
    expect(json(row!.after)).toMatchObject({ hasSecondPassword: false });
    ok(await h.call(`${U}withdrawal/pwd/set`, { password: md5(FUND_PASSWORD), secondPassword: md5(FUND_PASSWORD) }, { token: m.token }));
  });
});

describe('VIP by hand', () => {
  it("sets a grade of the brand's ladder (audited); an unknown grade is 6007; customer service may not", async () => {
    const m = await freshMember(h);
    const ladder = await h.s.vip.ladder(7000);
    const top = ladder[ladder.length - 1]!;
    expect(top.grade).toBeGreaterThan(1);
    expect(ok(await info(m.token)).data.vipGrade).toBe(0); // the session check now remembers the grade
    const r = await risk.call('members/setVip', { ...key(m), grade: 2 });
    expect(r.data).toEqual({ grade: 2, name: ladder.find((g) => g.grade === 2)!.name });
    expect((await risk.call('members/profile', key(m))).data.vipGrade).toBe(2);
    // The member sees it at once (the remembered session is forgotten with the write), and on the VIP page.
    expect((await info(m.token)).data.vipGrade).toBe(2);
    expect((await h.call(`${U}memberGradeInfoByGrade`, {}, { token: m.token })).data.grade).toBe(2);
    const [row] = await auditOf('members/setVip', m.name);
    expect([json(row!.before).vipGrade, json(row!.after).vipGrade]).toEqual([0, 2]);
    expect((await risk.call('members/setVip', { ...key(m), grade: top.grade + 1 })).status_code).toBe(6007);
    expect((await cs.call('members/setVip', { ...key(m), grade: 1 })).status_code).toBe(6003);
    expect((await risk.call('members/profile', key(m))).data.vipGrade).toBe(2);
  });
});

describe('notes and risk flags', () => {
  it('notes: added with author and time, listed newest first, audited; customer service may add', async () => {
    const m = await freshMember(h);
    const n1 = await cs.call('members/addNote', { ...key(m), body: '来电咨询提款' });
    expect(n1.data).toMatchObject({ author: cs.username, body: '来电咨询提款' });
    await risk.call('members/addNote', { ...key(m), body: '已核实身份' });
    const list = await cs.call('members/notes', key(m));
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((x: { author: string }) => x.author)).toEqual([risk.username, cs.username]);
    const [row] = await auditOf('members/addNote', m.name);
    expect(row).toMatchObject({ actor: risk.username, site_code: 7000 });
    expect(json(row!.after)).toMatchObject({ body: '已核实身份' });
    expect((await cs.call('members/addNote', { ...key(m), body: '   ' })).status_code).toBe(6007);
  });

  it('flags: set and clear by hand (audited, kept as cleared), with the promotions engine’s flags and protection read-only', async () => {
    const first = await promoMember(h);
    await join(h, first, 'sign-in-7000');
    const second = await promoMember(h, { uuid: first.o.uuid! });
    expect((await join(h, second, 'sign-in-7000')).data.rewards[0].status).toBe('flagged');

    const set = await risk.call('members/setFlag', { ...key(second), kind: 'multi_account', reason: '与他人共用设备' });
    expect(set.data).toMatchObject({ kind: 'multi_account', source: 'manual', by: risk.username, cleared: false });
    const r = await risk.call('members/risk', key(second));
    expect(r.status_code).toBe(6000);
    const promo = r.data.flags.find((f: { source: string }) => f.source === 'promotions');
    // The engine's reason names the other member by username, never by internal id.
    expect(promo).toMatchObject({ kind: 'promo_flagged', cleared: false });
    expect(promo.reason).toContain(`同设备：${first.name}`);
    expect(JSON.stringify(r.data)).not.toContain(first.userId);
    expect(r.data.protection).toMatchObject({ limits: [], exclusion: null, kyc: 'none' });

    const cleared = await risk.call('members/clearFlag', { ...key(second), id: set.data.id });
    expect(cleared.data).toMatchObject({ cleared: true, clearedBy: risk.username });
    expect((await risk.call('members/clearFlag', { ...key(second), id: set.data.id })).status_code).toBe(6009);
    const flags = (await risk.call('members/risk', key(second))).data.flags;
    expect(flags.find((f: { id: string }) => f.id === set.data.id).cleared).toBe(true);
    const [row] = await auditOf('members/clearFlag', second.name);
    expect([json(row!.before).cleared, json(row!.after).cleared]).toEqual([false, true]);
    expect((await auditOf('members/setFlag', second.name)).length).toBe(1);
    // A flag of another member cannot be cleared through this one (6004); customer service neither reads nor sets flags.
    expect((await risk.call('members/clearFlag', { ...key(first), id: set.data.id })).status_code).toBe(6004);
    expect((await cs.call('members/risk', key(second))).status_code).toBe(6003);
    expect((await cs.call('members/setFlag', { ...key(second), kind: 'watch', reason: 'x' })).status_code).toBe(6003);
  });
});
