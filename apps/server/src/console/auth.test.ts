import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createHarness, usePostgres, type Harness } from '../test/harness.ts';
import { runOpsCommand } from '../test/flows.ts';
import { STAFF_PASSWORD, consoleCall, makeStaff, staffSession } from './testKit.ts';
import { totpNow } from './staffAuth.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const login = (username: string, password = STAFF_PASSWORD, ip = '127.0.0.1') =>
  consoleCall(h, null, 'auth/login', { username, password }, ip);

describe('staff sign-in', () => {
  it('needs the password and then a TOTP code; the code is good once (a replay is refused)', async () => {
    const s = await makeStaff(h, { roles: ['finance'] });
    const first = await login(s.username);
    expect(first.status_code).toBe(6000);
    expect(first.data.enrol).toBeNull();
    const code = totpNow(s.username, s.secret);
    const ok = await consoleCall(h, null, 'auth/verify', { challenge: first.data.challenge, code });
    expect(ok.status_code).toBe(6000);
    expect(ok.data.staff.roles).toEqual(['finance']);
    expect(ok.data.staff.permissions).toContain('withdraw.pay');
    expect(ok.data.staff.permissions).not.toContain('withdraw.risk');
    // The same code again, on a fresh challenge: refused.
    const second = await login(s.username);
    const replay = await consoleCall(h, null, 'auth/verify', { challenge: second.data.challenge, code });
    expect(replay.status_code).toBe(6036);
    // A used challenge cannot be used again.
    const again = await consoleCall(h, null, 'auth/verify', { challenge: first.data.challenge, code });
    expect(again.status_code).toBe(6038);
    // No bearer token, no console.
    expect((await consoleCall(h, null, 'auth/me')).status_code).toBe(6001);
    expect((await consoleCall(h, ok.data.token, 'auth/me')).data.username).toBe(s.username);
  });

  it('refuses a wrong password with the same answer as an unknown name, and locks after five failures', async () => {
    const s = await makeStaff(h, { roles: ['content'] });
    const unknown = await login('nobody-here');
    const wrong = await login(s.username, 'wrong-password-1');
    expect(unknown.status_code).toBe(6002);
    expect(wrong.status_code).toBe(6002);
    expect(wrong.message).toBe(unknown.message);
    for (let i = 0; i < 4; i++) await login(s.username, 'wrong-password-1');
    expect((await login(s.username)).status_code).toBe(6037);
    expect((await runOpsCommand(h, 'ops-admin', 'staff:unlock', s.username)).code).toBe(0);
    expect((await login(s.username)).status_code).toBe(6000);
  });

  it('enrols the second factor at the first sign-in and hands out recovery codes once', async () => {
    const s = await makeStaff(h, { roles: ['auditor'], totp: false });
    const first = await login(s.username);
    expect(first.data.enrol.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const secret = first.data.enrol.secret as string;
    const wrong = await consoleCall(h, null, 'auth/verify', { challenge: first.data.challenge, code: '000000' });
    expect(wrong.status_code).toBe(6036);
    const v = await consoleCall(h, null, 'auth/verify', { challenge: first.data.challenge, code: totpNow(s.username, secret) });
    expect(v.status_code).toBe(6000);
    expect(v.data.recoveryCodes).toHaveLength(10);
    // A recovery code signs in once.
    const [rc] = v.data.recoveryCodes as string[];
    const c1 = await login(s.username);
    expect(c1.data.enrol).toBeNull();
    expect((await consoleCall(h, null, 'auth/verify', { challenge: c1.data.challenge, recoveryCode: rc })).status_code).toBe(6000);
    const c2 = await login(s.username);
    expect((await consoleCall(h, null, 'auth/verify', { challenge: c2.data.challenge, recoveryCode: rc })).status_code).toBe(6036);
  });

  it('keeps to the IP allow-list at sign-in and on every call', async () => {
    const s = await makeStaff(h, { roles: ['risk'], ipAllow: ['10.9.0.0/16'] });
    expect((await login(s.username, STAFF_PASSWORD, '10.8.0.1')).status_code).toBe(6033);
    const session = await staffSession(h, { roles: ['risk'], ipAllow: ['10.9.0.0/16'], ip: '10.9.1.2' });
    expect((await session.call('auth/me')).status_code).toBe(6000);
    expect((await session.call('auth/me', {}, { ip: '10.10.0.1' })).status_code).toBe(6033);
  });

  it('ends an idle session, a logged-out one and those of a disabled staff member', async () => {
    const s = await staffSession(h, { roles: ['content'] });
    await h.s.handle.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: Date.now() - 31 * 60_000 })
      .where('staff_id', '=', s.id)
      .execute();
    expect((await s.call('auth/me')).status_code).toBe(6001);
    const admin = await staffSession(h, { roles: ['super_admin'] });
    const t = await staffSession(h, { roles: ['content'] });
    expect((await admin.call('staff/update', { id: t.id, disabled: true })).status_code).toBe(6000);
    expect((await t.call('auth/me')).status_code).toBe(6001);
    expect((await admin.call('auth/logout')).status_code).toBe(6000);
    expect((await admin.call('auth/me')).status_code).toBe(6001);
  });
});

describe('staff and brands', () => {
  it('a staff member of brand 7000 sees only 7000: brands, staff and audit rows; another brand is refused', async () => {
    const a = await staffSession(h, { roles: ['super_admin'], sites: [7000] });
    expect((await a.call('sites')).data.map((x: { siteCode: number }) => x.siteCode)).toEqual([7000]);
    const refused = await a.call('audit/list', { siteCode: 7001 });
    expect(refused.status_code).toBe(6003);
    // Cannot make a staff member for a brand not theirs, nor an all-brands one.
    const base = { displayName: 'x', password: 'Abcdefgh1234', roles: ['content'] };
    expect((await a.call('staff/create', { ...base, username: `b7001${Date.now() % 1e6}`, sites: [7001] })).status_code).toBe(6003);
    expect((await a.call('staff/create', { ...base, username: `ball${Date.now() % 1e6}`, sites: null })).status_code).toBe(6003);
    const made = await a.call('staff/create', { ...base, username: `b7000${Date.now() % 1e6}`, sites: [7000] });
    expect(made.status_code).toBe(6000);
    // Audit rows of brand 7001 never reach them.
    const b = await staffSession(h, { roles: ['super_admin'], sites: [7001] });
    await b.call('staff/create', { ...base, username: `c7001${Date.now() % 1e6}`, sites: [7001] });
    const rows = (await a.call('audit/list', { pageSize: 200 })).data.list as Array<{ siteCode: number | null }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.siteCode === 7000)).toBe(true);
  });
});

describe('the audit log', () => {
  it('records staff actions and ops commands in one hash chain that detects an edited row', async () => {
    const admin = await staffSession(h, { roles: ['super_admin'] });
    const created = await admin.call('staff/create', {
      username: `aud${Date.now() % 1e6}`,
      displayName: '审计样本',
      password: 'Abcdefgh1234',
      roles: ['content'],
      sites: [7000],
    });
    expect(created.status_code).toBe(6000);
    await runOpsCommand(h, 'ops-admin', 'sites');
    const list = (await admin.call('audit/list', { pageSize: 5 })).data.list as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({ actor: 'ops-admin', actorKind: 'ops', action: 'sites' });
    expect(list[1]).toMatchObject({ actor: admin.username, actorKind: 'staff', action: 'staff/create', outcome: 'ok' });
    expect(JSON.stringify(list[1])).not.toContain('Abcdefgh1234');
    expect((await admin.call('audit/verify')).data).toMatchObject({ ok: true, brokenAt: null });
    const { code } = await runOpsCommand(h, 'ops-admin', 'audit:verify');
    expect(code).toBe(0);

    // The log refuses edits…
    const db = h.s.handle.db;
    await expect(sql`update audit_log set target = 'x' where id = ${list[1]!.id as number}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where id = ${list[1]!.id as number}`.execute(db)).rejects.toThrow(/append-only/);
    // …and a database owner who drops the guard is caught by the chain.
    if (usePostgres) await sql`alter table audit_log disable trigger audit_log_no_update`.execute(db);
    else await sql`drop trigger audit_log_no_update`.execute(db);
    await sql`update audit_log set target = 'forged' where id = ${list[1]!.id as number}`.execute(db);
    const report = (await admin.call('audit/verify')).data;
    expect(report).toMatchObject({ ok: false, brokenAt: list[1]!.id, problem: 'hash' });
    const cli = await runOpsCommand(h, 'ops-admin', 'audit:verify');
    expect(cli.out.join('\n')).toContain(`BROKEN at row ${list[1]!.id as number}`);
  });
});
