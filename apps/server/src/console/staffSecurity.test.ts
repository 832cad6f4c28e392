import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_LIMITS } from '@portal/contract/console';
import { recordAudit, listAudit } from '../ops/audit.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { STAFF_PASSWORD, consoleCall, makeStaff, staffSession } from './testKit.ts';
import { StaffAuth, totpNow, type StaffAuthEvent } from './staffAuth.ts';
import { StaffRepository } from './staffRepository.ts';

/** Issue 27 findings 11, 12, 16 and 17 (staff sign-in): on SQLite and, with DB=postgres, on PostgreSQL. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const login = (username: string, password = STAFF_PASSWORD, ip = '127.0.0.1') =>
  consoleCall(h, null, 'auth/login', { username, password }, ip);
const staffRow = (id: number) => h.s.handle.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditOf = async (action: string, actor: string) =>
  (await listAudit(h.s.handle.db, { action, limit: 1000 })).filter((r) => r.actor === actor);

describe('finding 11: the lockout counts atomically under parallel attempts', () => {
  it('40 parallel sign-ins, 39 with a wrong password: the account is locked and the right password then answers 6037', async () => {
    const s = await makeStaff(h, { roles: ['finance'] });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(s.username, i === 20 ? STAFF_PASSWORD : `wrong-password-${i}`, `10.3.0.${i + 1}`)),
    );
    const wrong = answers.filter((_, i) => i !== 20);
    expect(wrong.every((a) => a.status_code === 6002)).toBe(true);
    const row = await staffRow(s.id);
    expect(Number(row.locked_until)).toBeGreaterThan(Date.now());
    expect((await login(s.username)).status_code).toBe(6037);
    // The lock is written once per lock, and audited.
    expect((await auditOf('auth/lockout', s.username)).length).toBeGreaterThanOrEqual(1);
  });

  it("the counter itself: 20 parallel failures (limit 100) record 20, not the last writer's 1", async () => {
    const s = await makeStaff(h, { roles: ['finance'] });
    const repo = new StaffRepository(h.s.handle.db);
    const now = Date.now();
    await Promise.all(Array.from({ length: 20 }, () => repo.addFailure(s.id, 100, now + 60_000, now)));
    expect((await staffRow(s.id)).failures).toBe(20);
  });

  it('the count over HTTP is exact: N parallel failures below the limit record N', async () => {
    const s = await makeStaff(h, { roles: ['finance'] });
    await Promise.all(Array.from({ length: CONSOLE_LIMITS.MAX_FAILURES - 1 }, (_, i) => login(s.username, `bad-${i}`)));
    expect((await staffRow(s.id)).failures).toBe(CONSOLE_LIMITS.MAX_FAILURES - 1);
  });
});

describe('finding 17: unknown and locked staff names answer alike', () => {
  it('a locked account given a wrong password answers exactly as an unknown name', async () => {
    const s = await makeStaff(h, { roles: ['content'] });
    for (let i = 0; i < CONSOLE_LIMITS.MAX_FAILURES; i++) await login(s.username, 'wrong-password-x');
    const locked = await login(s.username, 'wrong-password-y');
    const unknown = await login('nobody-at-all', 'wrong-password-y');
    expect(locked.status_code).toBe(6002);
    expect({ code: locked.status_code, message: locked.message, http: locked.http }).toEqual({
      code: unknown.status_code,
      message: unknown.message,
      http: unknown.http,
    });
  });
});

describe('finding 12: console sessions are bound to their address and expire when idle', () => {
  it('a token used from another address is refused and ended; the owner signs in again', async () => {
    const s = await staffSession(h, { roles: ['auditor'], ip: '10.20.0.1' });
    expect((await s.call('auth/me')).status_code).toBe(6000);
    expect((await s.call('auth/me', {}, { ip: '10.20.0.2' })).status_code).toBe(6001);
    // Ended for good: even the first address no longer uses it.
    expect((await s.call('auth/me')).status_code).toBe(6001);
    const ended = await auditOf('auth/session', s.username);
    expect(ended[0]?.outcome).toBe('failed');
  });

  it('a session idle for longer than IDLE_MINUTES ends (injected clock)', async () => {
    const s = await staffSession(h, { roles: ['auditor'] });
    let now = Date.now() + 60_000;
    const auth = new StaffAuth(new StaffRepository(h.s.handle.db), h.config.passwordPepper, () => now);
    const l = await auth.login(s.username, STAFF_PASSWORD, '10.30.0.1');
    const v = await auth.verify({ challenge: l.challenge, code: totpNow(s.username, s.secret, now) }, '10.30.0.1', 'ua');
    now += CONSOLE_LIMITS.IDLE_MINUTES * 60_000 - 1_000;
    await expect(auth.authenticate(v.token, '10.30.0.1')).resolves.toMatchObject({ username: s.username });
    now += CONSOLE_LIMITS.IDLE_MINUTES * 60_000 + 1_000;
    await expect(auth.authenticate(v.token, '10.30.0.1')).rejects.toMatchObject({ code: 6001 });
  });
});

describe('finding 16: sign-ins, failures, lockouts, sign-outs and refusals are audited', () => {
  it('writes a row for each', async () => {
    const s = await makeStaff(h, { roles: ['content'], sites: [7001] });
    await login(s.username, 'wrong-password-z');
    await login('ghost-user-16', 'whatever-1');
    const l = await login(s.username);
    const v = await consoleCall(h, null, 'auth/verify', { challenge: l.data.challenge, code: totpNow(s.username, s.secret) });
    const token = v.data.token as string;
    // A permission refusal (content may not read withdrawals) and a brand refusal.
    expect((await consoleCall(h, token, 'finance/withdraw/list', {})).status_code).toBe(6003);
    expect((await consoleCall(h, token, 'content/notice/list', { siteCode: 7000 })).status_code).toBe(6003);
    expect((await consoleCall(h, token, 'auth/logout')).status_code).toBe(6000);
    const rows = (await listAudit(h.s.handle.db, { limit: 1000 })).filter((r) => r.actor === s.username || r.actor === 'ghost-user-16');
    const seen = rows.map((r) => `${r.action}:${r.outcome}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'auth/login:failed',
        'auth/login:ok',
        'auth/verify:ok',
        'finance/withdraw/list:failed',
        'content/notice/list:failed',
        'auth/logout:ok',
      ]),
    );
    expect(rows.find((r) => r.actor === 'ghost-user-16')?.action).toBe('auth/login');
    // Rows about a single-brand staff member carry the brand (brand-scoped auditors see them).
    expect(rows.filter((r) => r.actor === s.username).every((r) => Number(r.site_code) === 7001)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(STAFF_PASSWORD);
  });

  it('the audit sink is the same hash-chained log', async () => {
    const events: StaffAuthEvent[] = [];
    const auth = new StaffAuth(new StaffRepository(h.s.handle.db), h.config.passwordPepper, Date.now, async (e) => {
      events.push(e);
      await recordAudit(h.s.handle.db, { ...e, actorKind: 'staff' });
    });
    await expect(auth.login('nobody-x', 'pw', '10.0.0.1')).rejects.toMatchObject({ code: 6002 });
    expect(events).toMatchObject([{ action: 'auth/login', outcome: 'failed', detail: { reason: 'unknown' } }]);
  });
});
