/** Console compliance: the KYC queue and decisions, player protection, members in debt. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../modules/uploads/fixtures.ts';
import { listAudit } from '../ops/audit.ts';
import { freshMember, ok } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let compliance: StaffSession;
let auditor: StaffSession;
let scoped: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  compliance = await staffSession(h, { roles: ['compliance'] });
  auditor = await staffSession(h, { roles: ['auditor'] });
  scoped = await staffSession(h, { roles: ['compliance'], sites: [7001] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const P = '/site/api/v1/protection/';
let shade = 0;
async function submitKyc(token: string, realName: string) {
  const image = async () => {
    shade += 1;
    const data = png(40, 30, [shade % 256, (shade * 7) % 256, 90]).toString('base64');
    return ok(await h.call('/site/api/v1/user/upload/uploadImage', { purpose: 'kyc', image: data }, { token })).data.id as string;
  };
  const r = await h.call(
    `${P}kycSubmit`,
    {
      realName,
      birthday: '1990-05-17',
      documentType: 'id_card',
      documentNumber: `44010119900517${(shade + 1000).toString().slice(-4)}`,
      documentImage: await image(),
      selfieImage: await image(),
    },
    { token },
  );
  expect(r.status_code, JSON.stringify(r)).toBe(6000);
}
const kycState = async (token: string) => ok(await h.call(`${P}state`, {}, { token })).data.kyc as { status: string; rejectReason: string };

describe('identity verification review', () => {
  it("approve verifies the member (their profile gets the name); reject needs a reason the player sees; another brand's: 6004", async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    await submitKyc(a.token, '王小明');
    await submitKyc(b.token, '李小红');
    const queue = await compliance.call('kyc/list', { siteCode: 7000, status: 'pending', pageSize: 100 });
    const rowA = queue.data.list.find((r: { username: string }) => r.username === a.name);
    const rowB = queue.data.list.find((r: { username: string }) => r.username === b.name);
    expect(rowA).toMatchObject({ realName: '王小明', status: 'pending', siteCode: 7000 });
    expect((await scoped.call('kyc/list', { pageSize: 100 })).data.list).toEqual([]);
    expect((await scoped.call('kyc/show', { id: rowA.id })).status_code).toBe(6004);
    expect((await auditor.call('kyc/show', { id: rowA.id })).data.username).toBe(a.name);
    expect((await auditor.call('kyc/approve', { id: rowA.id })).status_code).toBe(6003);

    const img = await compliance.call('kyc/image', { id: rowA.id, which: 'document' });
    expect(img.data.dataUrl).toMatch(/^data:image\/(png|webp|jpeg);base64,/);
    const [viewed] = await listAudit(h.s.handle.db, { action: 'kyc/image', actor: compliance.username });
    expect(viewed).toMatchObject({ target: a.name, site_code: 7000, outcome: 'ok' });

    const approved = await compliance.call('kyc/approve', { id: rowA.id });
    expect(approved.data).toMatchObject({ status: 'verified', reviewer: compliance.username, profileRealName: '王小明' });
    expect(await kycState(a.token)).toMatchObject({ status: 'verified' });
    expect((await compliance.call('kyc/approve', { id: rowA.id })).status_code).toBe(6008);

    expect((await compliance.call('kyc/reject', { id: rowB.id })).status_code).toBe(6007);
    const rejected = await compliance.call('kyc/reject', { id: rowB.id, reason: '证件照片模糊' });
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: '证件照片模糊' });
    expect(await kycState(b.token)).toMatchObject({ status: 'rejected', rejectReason: '证件照片模糊' });
    const [decided] = await listAudit(h.s.handle.db, { action: 'kyc/reject', actor: compliance.username });
    expect(decided).toMatchObject({ target: b.name, site_code: 7000 });
  });
});

describe('player protection and debts', () => {
  it("a member's limit shows in the brand's log and their state, by username; unknown member 6004; scope 6003", async () => {
    const m = await freshMember(h);
    ok(await h.call(`${P}setLimit`, { kind: 'deposit', period: 'day', amount: '500.00' }, { token: m.token }));
    const events = await compliance.call('protection/events', { siteCode: 7000, username: m.name });
    expect(events.data.total).toBeGreaterThanOrEqual(1);
    expect(events.data.list[0]).toMatchObject({ username: m.name, kind: 'deposit', period: 'day' });
    const all = await auditor.call('protection/events', { siteCode: 7000, pageSize: 100 });
    expect(all.data.list.some((e: { username: string }) => e.username === m.name)).toBe(true);
    const state = await compliance.call('protection/show', { siteCode: 7000, username: m.name.toUpperCase() });
    expect(state.data).toMatchObject({ username: m.name, limits: [{ kind: 'deposit', period: 'day', amount: 50_000, pending: null }] });
    expect((await compliance.call('protection/show', { siteCode: 7000, username: 'nobody_here' })).status_code).toBe(6004);
    expect((await scoped.call('protection/show', { siteCode: 7000, username: m.name })).status_code).toBe(6003);
  });

  it('members in debt are listed by username within the staff member’s brands', async () => {
    const r = await compliance.call('ledger/debts', {});
    expect(r.status_code).toBe(6000);
    expect(r.data).toMatchObject({ total: expect.any(Number) });
    for (const row of r.data.list as Array<{ username: string }>) expect(row.username).not.toMatch(/^[0-9a-f-]{36}$/);
  });
});
