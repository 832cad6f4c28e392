import { LIMITS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipPrefix } from '../../lib/crypto.ts';
import { createHarness, uniqueName, type Harness } from '../../test/harness.ts';
import { expectFail, freshMember, loginBody, nextIp, ok, U } from '../../test/flows.ts';
import { LoginGuard } from './loginGuard.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const WRONG = '用户名或密码错误';
const LOCKED = '账号已被临时锁定，请稍后再试';
const guardKey = (name: string, ip: string, site = 7000) => `${site}:${name.toLowerCase()}:${ipPrefix(ip)}`;

/** Let a running growing delay pass (the test does not wait seconds for it). */
const skipDelay = (name: string, ip: string, site = 7000) => h.s.limiters.loginDelay.delete(guardKey(name, ip, site));

async function attempt(name: string, password: string, ip: string, o: { site?: number; captcha?: boolean } = {}) {
  const site = o.site ?? 7000;
  const cap = o.captcha === false ? { kaptchcate: 0 } : await h.sliderCaptcha(4, site);
  return h.call(`${U}login`, loginBody(name, password, cap), { ip, site });
}

describe('growing delay and lock (per account and network)', () => {
  it("3 failures start a growing delay (6011, before any hashing); the 10th failure locks (6037); the member's own network stays open", async () => {
    const m = await freshMember(h);
    const attacker = nextIp();
    for (let i = 1; i <= 3; i++) expectFail(await attempt(m.name, 'Wrong12345', attacker), 6002, WRONG);
    // The delay now holds even the right password, and answers before the captcha is spent.
    const cap = await h.sliderCaptcha(4);
    const d1 = await h.call(`${U}login`, loginBody(m.name, m.password, cap), { ip: attacker });
    expectFail(d1, 6011, '请勿频繁提交');
    expect(d1.data.retryAfter).toBe(1);
    await skipDelay(m.name, attacker);
    expectFail(await h.call(`${U}login`, loginBody(m.name, 'Wrong12345', cap), { ip: attacker }), 6002); // same captcha: it was not used up
    const d2 = await attempt(m.name, m.password, attacker);
    expectFail(d2, 6011);
    expect(d2.data.retryAfter).toBe(2); // grows: 1, 2, 4, … seconds
    await skipDelay(m.name, attacker);
    expectFail(await attempt(m.name, 'Wrong12345', attacker), 6002);
    expect((await attempt(m.name, m.password, attacker)).data.retryAfter).toBe(4);
    for (let n = 6; n <= 9; n++) {
      await skipDelay(m.name, attacker);
      expectFail(await attempt(m.name, 'Wrong12345', attacker), 6002, WRONG);
    }
    await skipDelay(m.name, attacker);
    const lock = await attempt(m.name, 'Wrong12345', attacker);
    expectFail(lock, 6037, LOCKED);
    expect(lock.data.retryAfter).toBe(LIMITS.LOCK_BASE_S);
    // Locked: the right password from that network is refused too, delay or not.
    await skipDelay(m.name, attacker);
    const still = await attempt(m.name, m.password, attacker);
    expectFail(still, 6037, LOCKED);
    expect(still.data.retryAfter).toBeGreaterThan(0);
    expect(still.data.retryAfter).toBeLessThanOrEqual(LIMITS.LOCK_BASE_S);
    // The member on their own network logs in (captcha is on for the name, which site 7000 wants anyway).
    ok(await attempt(m.name, m.password, m.ip));
    // When the short lock runs out, the network may try again.
    await h.s.limiters.loginLock.delete(guardKey(m.name, attacker));
    ok(await attempt(m.name, m.password, attacker));
  });

  it('an attacker on another network failing 10 times does not lock the member out of their own network', async () => {
    const m = await freshMember(h);
    const attacker = nextIp();
    for (let i = 1; i <= LIMITS.LOGIN_FAILS_BEFORE_LOCK; i++) {
      await skipDelay(m.name, attacker);
      const r = await attempt(m.name, 'Wrong12345', attacker);
      expect(r.status_code).toBe(i < LIMITS.LOGIN_FAILS_BEFORE_LOCK ? 6002 : 6037);
    }
    expectFail(await attempt(m.name, m.password, attacker), 6037);
    // Not locked, not even delayed, on the member's network.
    const mine = ok(await attempt(m.name, m.password, m.ip));
    ok(await h.call(`${U}member/info`, {}, { token: mine.data.token }));
    // An address in the member's /24 shares their standing; one elsewhere has its own.
    const neighbour = m.ip.split('.').slice(0, 3).join('.') + '.250';
    ok(await attempt(m.name, m.password, neighbour));
  });

  it('unknown names get the same failures and the same delay (no enumeration through the guard)', async () => {
    const ghost = uniqueName('gh');
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expectFail(await attempt(ghost, 'Wrong12345', ip), 6002, WRONG);
    expectFail(await attempt(ghost, 'Wrong12345', ip), 6011, '请勿频繁提交');
  });

  it('a successful login clears the failures', async () => {
    const m = await freshMember(h);
    const ip = nextIp();
    expectFail(await attempt(m.name, 'Wrong12345', ip), 6002);
    expectFail(await attempt(m.name, 'Wrong12345', ip), 6002);
    ok(await attempt(m.name, m.password, ip));
    expectFail(await attempt(m.name, 'Wrong12345', ip), 6002);
    expectFail(await attempt(m.name, 'Wrong12345', ip), 6002);
    ok(await attempt(m.name, m.password, ip)); // 4 failures in all, but never 3 in a row: no delay
  });

  it('the failure count is per name in any letter case', async () => {
    const m = await freshMember(h);
    const ip = nextIp();
    expectFail(await attempt(m.name.toUpperCase(), 'Wrong12345', ip), 6002);
    expectFail(await attempt(m.name.toLowerCase(), 'Wrong12345', ip), 6002);
    expectFail(await attempt(m.name, 'Wrong12345', ip), 6002);
    expectFail(await attempt(m.name, m.password, ip), 6011);
  });
});

describe('lock length', () => {
  it('doubles with each repeat lock of the same key, up to an hour', async () => {
    const g = new LoginGuard(h.s.limiters);
    const name = uniqueName('lk');
    const ip = nextIp();
    const lengths: number[] = [];
    for (let round = 0; round < 6; round++) {
      let locked = 0;
      for (let i = 0; i < LIMITS.LOGIN_FAILS_BEFORE_LOCK; i++) locked = (await g.failed(7000, name, ip)).locked;
      lengths.push(locked);
      await expect(g.before(7000, name, ip)).rejects.toMatchObject({ code: 6037 });
      await h.s.limiters.loginLock.delete(guardKey(name, ip));
    }
    expect(lengths).toEqual([300, 600, 1200, 2400, 3600, 3600]);
    await expect(g.before(7000, name, nextIp())).resolves.toBeUndefined();
  });
});

describe('captcha on a "risk" brand (7001)', () => {
  it('needs no captcha until 3 failures of the name, from anywhere; then 6021 until a success', async () => {
    const m = await freshMember(h, { site: 7001 });
    ok(await attempt(m.name, m.password, m.ip, { site: 7001, captcha: false }));
    const elsewhere = nextIp();
    for (let i = 0; i < 3; i++)
      expectFail(await attempt(m.name, 'Wrong12345', elsewhere, { site: 7001, captcha: false }), 6002, '用戶名或密碼錯誤');
    // Failures elsewhere make the captcha mandatory for the name, also on the member's network.
    expectFail(await attempt(m.name, m.password, m.ip, { site: 7001, captcha: false }), 6021, '請輸入圖形驗證碼');
    ok(await attempt(m.name, m.password, m.ip, { site: 7001 }));
    ok(await attempt(m.name, m.password, m.ip, { site: 7001, captcha: false }));
  });

  it('a wrong captcha there → 6036 and counts no failure', async () => {
    const m = await freshMember(h, { site: 7001 });
    const ip = nextIp();
    for (let i = 0; i < 3; i++) await attempt(m.name, 'Wrong12345', ip, { site: 7001, captcha: false });
    await skipDelay(m.name, ip, 7001);
    const cap = await h.sliderCaptcha(4, 7001);
    expectFail(
      await h.call(`${U}login`, loginBody(m.name, m.password, { ...cap, code: 'wrongwrong' }), { ip, site: 7001 }),
      6036,
      '驗證碼錯誤',
    );
    // Still the delay of 3 failures (1 s), not 4 (2 s).
    expectFail(await attempt(m.name, 'Wrong12345', ip, { site: 7001 }), 6002);
    expect((await attempt(m.name, m.password, ip, { site: 7001 })).data.retryAfter).toBe(2);
  });
});

describe('per-IP login budget', () => {
  it('past 60 login calls per 15 minutes from one IP → 6011 (HTTP 429), before captcha or hashing', async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMITS.LOGIN_PER_IP_PER_15MIN; i++) {
      const r = await h.call(`${U}login`, { ...loginBody(`n${i}x${uniqueName('')}`, 'Wrong12345'), kaptchcate: 0 }, { ip });
      expect(r.status_code).toBe(6021);
    }
    const m = await freshMember(h);
    const cap = await h.sliderCaptcha(4);
    const r = await h.call(`${U}login`, loginBody(m.name, m.password, cap), { ip });
    expectFail(r, 6011, '请勿频繁提交');
    expect(r.http).toBe(429);
    expect(r.data.retryAfter).toBeGreaterThan(0);
    // Other addresses are unaffected, and the captcha was not spent.
    ok(await h.call(`${U}login`, loginBody(m.name, m.password, cap), { ip: nextIp() }));
  });
});
