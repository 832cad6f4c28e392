import { createHash } from 'node:crypto';
import { LIMITS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import { expectFail, freshMember, loginBody, nextIp, ok, U } from '../../test/flows.ts';
import { memberRepository, sessionRepository } from './repository.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const db = () => h.s.handle.db;
const info = (token: string, site?: number) => h.call(`${U}member/info`, {}, { token, ...(site ? { site } : {}) });
const session = (token: string) =>
  db().selectFrom('sessions').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
const setSession = (token: string, patch: { last_seen_at?: number; expires_at?: number }) =>
  db().updateTable('sessions').set(patch).where('token_hash', '=', sha256(token)).execute();

describe('session tokens', () => {
  it('are at least 128-bit random (base64url) and stored only as sha256', async () => {
    const m = await freshMember(h);
    expect(m.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(m.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const row = await session(m.token);
    expect(row).toMatchObject({ member_id: m.userId, site_code: 7000, uuid: h.uuid, ip: m.ip, revoked_at: null });
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(LIMITS.SESSION_ABSOLUTE_S * 1000);
    // The raw token is nowhere in the sessions table.
    const all = await db().selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(all)).not.toContain(m.token);
    expect(all.some((s) => s.token_hash === m.token)).toBe(false);
  });

  it('missing, malformed, unknown or tampered tokens → 6001 (HTTP 401)', async () => {
    const m = await freshMember(h);
    const tampered = m.token.slice(0, -1) + (m.token.endsWith('A') ? 'B' : 'A');
    for (const t of [undefined, 'short', 'x'.repeat(200), 'A'.repeat(43), tampered, sha256(m.token)]) {
      const r = await h.call(`${U}member/info`, {}, t ? { token: t } : {});
      expectFail(r, 6001, '请重新登录');
      expect(r.http).toBe(401);
    }
    ok(await info(m.token));
  });

  it('a token of site 7000 is refused on site 7001 (6001, zh-TW message of that brand)', async () => {
    const m = await freshMember(h);
    const r = await info(m.token, 7001);
    expectFail(r, 6001, '請重新登錄');
    expect(r.http).toBe(401);
    ok(await info(m.token, 7000));
  });
});

describe('expiry', () => {
  it('idle: unused for 2 hours → 6001', async () => {
    const m = await freshMember(h);
    await setSession(m.token, { last_seen_at: Date.now() - LIMITS.SESSION_IDLE_S * 1000 - 1000 });
    const r = await info(m.token);
    expectFail(r, 6001, '请重新登录');
    expect(r.http).toBe(401);
  });

  it('use keeps it alive: a call refreshes last_seen_at (written at most once a minute)', async () => {
    const m = await freshMember(h);
    const old = Date.now() - LIMITS.SESSION_IDLE_S * 1000 + 5 * 60 * 1000; // 5 minutes before idling out
    await setSession(m.token, { last_seen_at: old });
    const t0 = Date.now();
    ok(await info(m.token));
    expect(Number((await session(m.token)).last_seen_at)).toBeGreaterThanOrEqual(t0);
    // A second call within the minute does not write again.
    const seen = Number((await session(m.token)).last_seen_at);
    ok(await info(m.token));
    expect(Number((await session(m.token)).last_seen_at)).toBe(seen);
  });

  it('absolute: past expires_at → 6001 even when in use', async () => {
    const m = await freshMember(h);
    await setSession(m.token, { expires_at: Date.now() - 1 });
    expectFail(await info(m.token), 6001, '请重新登录');
    // Exactly at the limit counts as expired too.
    const n = await freshMember(h);
    await setSession(n.token, { expires_at: Date.now() });
    expectFail(await info(n.token), 6001);
  });

  it('every member-only call answers 6001 for an expired session', async () => {
    const m = await freshMember(h);
    await setSession(m.token, { expires_at: Date.now() - 1 });
    for (const path of ['logout', 'member/info', 'member/jwt', 'member/loginHistory']) {
      expectFail(await h.call(`${U}${path}`, {}, { token: m.token }), 6001);
    }
    expectFail(await h.call(`${U}sendCode/two`, { type: '4', cate: '0', phone: '13900000000', areaCode: '+86' }, { token: m.token }), 6001);
    expectFail(
      await h.call(`${U}withdrawal/pwd/set`, { password: md5('Qz12345678'), secondPassword: md5('Qz12345678') }, { token: m.token }),
      6001,
    );
  });
});

describe('revocation', () => {
  it("a password change ends every other session of the member, not this one, not other members'", async () => {
    const m = await freshMember(h);
    const other = await freshMember(h);
    const second = ok(await h.call(`${U}login`, loginBody(m.name, m.password, await h.sliderCaptcha(4)), { ip: nextIp() })).data
      .token as string;
    ok(
      await h.call(
        `${U}bindPassword`,
        { oldPassword: md5(m.password), password: md5('Nw98765abc'), secondPassword: md5('Nw98765abc') },
        { token: m.token },
      ),
    );
    ok(await info(m.token));
    expectFail(await info(second), 6001);
    ok(await info(other.token));
    expect(Number((await session(second)).revoked_at)).toBeGreaterThan(0);
  });

  it('logout marks the row revoked; the token never comes back to life', async () => {
    const m = await freshMember(h);
    ok(await h.call(`${U}logout`, {}, { token: m.token }));
    const row = await session(m.token);
    expect(row.revoked_at).not.toBeNull();
    expectFail(await info(m.token), 6001);
    // Logging in again gives a new token; the old one stays dead.
    const again = ok(await h.call(`${U}login`, loginBody(m.name, m.password, await h.sliderCaptcha(4)), { ip: nextIp() }));
    expect(again.data.token).not.toBe(m.token);
    expectFail(await info(m.token), 6001);
    ok(await info(again.data.token));
  });
});

describe('lean routes (the session check is remembered on SQLite: sessionCache.ts)', () => {
  const balance = (token: string) => h.call('/game/api/v1/venue/allBalance', {}, { token });

  it('logout, a password change elsewhere and a disabled member stop a token on a lean route at once', async () => {
    const a = await freshMember(h);
    ok(await balance(a.token));
    ok(await balance(a.token));
    ok(await h.call(`${U}logout`, {}, { token: a.token }));
    expectFail(await balance(a.token), 6001, '请重新登录');

    const b = await freshMember(h);
    const second = ok(await h.call(`${U}login`, loginBody(b.name, b.password, await h.sliderCaptcha(4)), { ip: nextIp() })).data
      .token as string;
    ok(await balance(second));
    ok(
      await h.call(
        `${U}bindPassword`,
        { oldPassword: md5(b.password), password: md5('Nw98765abc'), secondPassword: md5('Nw98765abc') },
        { token: b.token },
      ),
    );
    expectFail(await balance(second), 6001);
    ok(await balance(b.token));

    const c = await freshMember(h);
    ok(await balance(c.token));
    await memberRepository.update(db(), c.userId, { status: 'disabled' });
    expectFail(await balance(c.token), 6001);
  });

  it('idle and absolute expiry apply to a remembered session; a touch moves last_seen_at once a minute', async () => {
    const m = await freshMember(h);
    ok(await balance(m.token));
    const old = Date.now() - 2 * 60_000;
    await setSession(m.token, { last_seen_at: old });
    sessionRepository.forget(db());
    ok(await balance(m.token));
    const touched = Number((await session(m.token)).last_seen_at);
    expect(touched).toBeGreaterThan(old);
    ok(await balance(m.token));
    expect(Number((await session(m.token)).last_seen_at)).toBe(touched);
    await setSession(m.token, { expires_at: Date.now() - 1 });
    sessionRepository.forget(db());
    expectFail(await balance(m.token), 6001);
  });
});
