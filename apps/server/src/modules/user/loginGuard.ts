import { LIMITS, StatusCode } from '@portal/contract';
import { fail } from '../../lib/errors.ts';
import { ipPrefix } from '../../lib/crypto.ts';
import { blockedFor, count, hit, type Limiters } from '../../lib/rateLimit.ts';

/**
 * Brute-force defence for login, all checked before any password hashing:
 *  - per IP: a request budget (6011);
 *  - per (account, network): after 3 failures a growing delay (6011 until it passes), after 10 a short
 *    lock (6037) that doubles per repeat up to an hour. Keyed by network so an attacker elsewhere cannot
 *    lock the real member out of their own network;
 *  - per account from anywhere: 3 failures make the captcha mandatory even on 'risk' sites.
 */
export class LoginGuard {
  constructor(private readonly l: Limiters) {}

  private key(siteCode: number, name: string, ip: string): string {
    return `${siteCode}:${name.toLowerCase()}:${ipPrefix(ip)}`;
  }

  async before(siteCode: number, name: string, ip: string): Promise<void> {
    const ipWait = await hit(this.l.loginPerIp, ip);
    if (ipWait) fail(StatusCode.FREQUENT_SUBMISSION, { data: { retryAfter: ipWait }, httpStatus: 429 });
    const key = this.key(siteCode, name, ip);
    const locked = await blockedFor(this.l.loginLock, key);
    if (locked) fail(StatusCode.LOCKED, { data: { retryAfter: locked } });
    const delayed = await blockedFor(this.l.loginDelay, key);
    if (delayed) fail(StatusCode.FREQUENT_SUBMISSION, { data: { retryAfter: delayed } });
  }

  async captchaForced(siteCode: number, name: string): Promise<boolean> {
    return (await count(this.l.nameFails, `${siteCode}:${name.toLowerCase()}`)) >= LIMITS.LOGIN_FAILS_BEFORE_DELAY;
  }

  /** Record a failure; answers the code to return (6037 when this failure starts a lock). */
  async failed(siteCode: number, name: string, ip: string): Promise<{ locked: number }> {
    const key = this.key(siteCode, name, ip);
    await hit(this.l.nameFails, `${siteCode}:${name.toLowerCase()}`);
    await hit(this.l.loginFails, key);
    const n = await count(this.l.loginFails, key);
    if (n >= LIMITS.LOGIN_FAILS_BEFORE_LOCK) {
      await hit(this.l.lockCount, key);
      const locks = await count(this.l.lockCount, key);
      const lockS = Math.min(LIMITS.LOCK_BASE_S * 2 ** (locks - 1), LIMITS.LOCK_MAX_S);
      await this.l.loginLock.block(key, lockS);
      await this.l.loginFails.delete(key);
      return { locked: lockS };
    }
    if (n >= LIMITS.LOGIN_FAILS_BEFORE_DELAY) {
      await this.l.loginDelay.block(key, Math.min(2 ** (n - LIMITS.LOGIN_FAILS_BEFORE_DELAY), 30));
    }
    return { locked: 0 };
  }

  async succeeded(siteCode: number, name: string, ip: string): Promise<void> {
    await this.l.loginFails.delete(this.key(siteCode, name, ip));
    await this.l.nameFails.delete(`${siteCode}:${name.toLowerCase()}`);
  }
}
