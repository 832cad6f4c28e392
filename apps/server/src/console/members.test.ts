/**
 * Console members: search by every key, brand scope, the detail's reads and related accounts.
 * Actions are in membersActions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';
import { creditCentral, freshMember, newUuid, nextIp, nextPhone } from '../test/flows.ts';
import { memberRepository } from '../modules/user/repository.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let risk: StaffSession; // brand 7000 only
let admin: StaffSession; // every brand
type M = Awaited<ReturnType<typeof freshMember>> & { uuid: string; phone: string; email: string };
let a: M;
let other: M; // a member of 7001

async function member(site = 7000, o: { uuid?: string; ip?: string } = {}): Promise<M> {
  const uuid = o.uuid ?? newUuid();
  const m = await freshMember(h, { site, uuid, ...(o.ip ? { ip: o.ip } : {}) });
  const phone = nextPhone();
  const email = `${m.name}@example.com`;
  await memberRepository.update(h.s.handle.db, m.userId, { phone, area_code: '+86', email, real_name: '张三丰' });
  return { ...m, uuid, phone, email };
}

beforeAll(async () => {
  h = await createHarness();
  risk = await staffSession(h, { roles: ['risk'], sites: [7000] });
  admin = await staffSession(h, { roles: ['super_admin'] });
  a = await member();
  other = await member(7001);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const names = (r: { data: { list: { username: string }[] } }) => r.data.list.map((x) => x.username);

describe('members/search', () => {
  it('finds a member by username (prefix, any case), phone, e-mail, member id, IP and device', async () => {
    const cases: [string, string][] = [
      ['username', a.name.slice(0, 6).toUpperCase()],
      ['phone', a.phone],
      ['email', a.email],
      ['id', a.userId],
      ['ip', a.ip],
      ['device', a.uuid],
    ];
    for (const [by, keyword] of cases) {
      const r = await risk.call('members/search', { by, keyword });
      expect(r.status_code, by).toBe(6000);
      expect(names(r), by).toContain(a.name);
    }
    const row = (await risk.call('members/search', { by: 'phone', keyword: a.phone })).data.list[0];
    // Masked as the portal masks them; no internal id on the wire.
    expect(row).toMatchObject({ siteCode: 7000, status: 'active', vipGrade: 0, realName: '张三丰', registerIp: a.ip });
    expect(row.phone).toBe(`${a.phone.slice(0, 3)}****${a.phone.slice(-4)}`);
    expect(row.email).toMatch(/^\w\w\*\*\*\*@example\.com$/);
    expect(JSON.stringify(row)).not.toContain(a.userId);
  });

  it('an IP matches the login history as well as the registration address', async () => {
    const ip = nextIp();
    await h.login(a.name, a.password, { uuid: a.uuid, ip });
    expect(names(await risk.call('members/search', { by: 'ip', keyword: ip }))).toEqual([a.name]);
  });

  it('a key that matches nobody answers an empty page; the unfiltered list is newest first', async () => {
    const none = await risk.call('members/search', { by: 'phone', keyword: '13000000000' });
    expect(none.data).toEqual({ list: [], total: 0 });
    const all = await risk.call('members/search', { pageSize: 200 });
    expect(all.data.total).toBeGreaterThanOrEqual(1);
    const at = all.data.list.map((x: { createdAt: number }) => x.createdAt);
    expect(at).toEqual([...at].sort((x, y) => y - x));
  });

  it('brand scope: a 7000 staff member never finds a 7001 member, by any key; one with every brand does', async () => {
    for (const [by, keyword] of [
      ['username', other.name],
      ['phone', other.phone],
      ['id', other.userId],
      ['ip', other.ip],
      ['device', other.uuid],
    ]) {
      const r = await risk.call('members/search', { by, keyword });
      expect(r.data, by).toEqual({ list: [], total: 0 });
      expect(names(await admin.call('members/search', { by, keyword })), by).toEqual([other.name]);
    }
    expect(names(await risk.call('members/search', { pageSize: 200 }))).not.toContain(other.name);
    // Naming the other brand is refused before anything is read; a username that exists only there is not found here.
    expect((await risk.call('members/search', { siteCode: 7001 })).status_code).toBe(6003);
    expect((await risk.call('members/profile', { siteCode: 7001, username: other.name })).status_code).toBe(6003);
    expect((await risk.call('members/profile', { siteCode: 7000, username: other.name })).status_code).toBe(6004);
    expect((await risk.call('members/related', { siteCode: 7001, username: other.name })).status_code).toBe(6003);
    expect((await admin.call('members/profile', { siteCode: 7001, username: other.name })).data.username).toBe(other.name);
  });
});

describe('member detail', () => {
  it('profile, balances, transactions and logins', async () => {
    const key = { siteCode: 7000, username: a.name };
    const p = await risk.call('members/profile', key);
    expect(p.data).toMatchObject({ username: a.name, status: 'active', vipName: expect.any(String), hasSecondPassword: false });
    expect(p.data.liveSessions).toBeGreaterThanOrEqual(1);
    await creditCentral(h, a.userId, 12_345);
    const b = await risk.call('members/balances', key);
    expect(b.data.accounts).toContainEqual({ kind: 'central', ref: '', currency: 'CNY', balance: 12_345 });
    expect(b.data.owed).toBe(0);
    const t = await risk.call('members/transactions', key);
    expect(t.data.total).toBe(1);
    expect(t.data.list[0]).toMatchObject({ kind: 'deposit', account: 'central', amount: 12_345, balanceAfter: 12_345, reversal: false });
    const l = await risk.call('members/logins', key);
    expect(l.data.total).toBeGreaterThanOrEqual(1);
    expect(l.data.list[0]).toMatchObject({ device: a.uuid, result: expect.any(String) });
    for (const what of ['bets', 'rounds', 'notes']) expect((await risk.call(`members/${what}`, key)).data.total, what).toBe(0);
    expect((await risk.call('members/profile', { siteCode: 7000, username: 'nobody_here' })).status_code).toBe(6004);
  });

  it('related accounts: same device, same network / registration address, same bank card — same brand only', async () => {
    const x = await member(7000);
    const byDevice = await member(7000, { uuid: x.uuid });
    const byIp = await member(7000, { ip: x.ip });
    const byCard = await member(7000);
    const unrelated = await member(7000);
    const elsewhere = await member(7001, { uuid: x.uuid });
    const card = (memberId: string, id: string) =>
      h.s.handle.db
        .insertInto('bank_cards')
        .values({
          id,
          member_id: memberId,
          bank_code: 'ICBC',
          card_no: '6222021234567890123',
          holder_name: '张三',
          branch: null,
          created_at: Date.now(),
        })
        .execute();
    await card(x.userId, `c-${x.userId}`);
    await card(byCard.userId, `c-${byCard.userId}`);
    const r = await risk.call('members/related', { siteCode: 7000, username: x.name });
    expect(r.status_code).toBe(6000);
    const got = r.data as { username: string; via: string; value: string }[];
    expect(got).toContainEqual(expect.objectContaining({ username: byDevice.name, via: 'device', value: x.uuid }));
    expect(got).toContainEqual(expect.objectContaining({ username: byIp.name, via: 'ip' }));
    expect(got).toContainEqual(expect.objectContaining({ username: byCard.name, via: 'card', value: '**** 0123' }));
    const who = got.map((g) => g.username);
    expect(who).not.toContain(unrelated.name);
    expect(who).not.toContain(elsewhere.name);
    expect(who).not.toContain(x.name);
    // Customer service reads members but not risk.
    const cs = await staffSession(h, { roles: ['customer_service'], sites: [7000] });
    expect((await cs.call('members/related', { siteCode: 7000, username: x.name })).status_code).toBe(6003);
  });
});
