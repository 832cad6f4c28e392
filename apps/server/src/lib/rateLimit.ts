import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { LIMITS, SUPPORT_LIMITS } from '@portal/contract';

export interface LimiterSpec {
  points: number;
  durationS: number;
}

/**
 * Rate limiters shared by every node through Redis when REDIS_URL is set, in memory otherwise.
 * `keyPrefix` separates deployments (and test runs) sharing one Redis.
 */
export class Limiters {
  readonly apiPerIp: RateLimiterAbstract;
  readonly loginPerIp: RateLimiterAbstract;
  readonly registerPerIp: RateLimiterAbstract;
  readonly codePerIp: RateLimiterAbstract;
  /** Failed logins per (site, name, ip-prefix): drives the growing delay and the short lock. */
  readonly loginFails: RateLimiterAbstract;
  /** Failed logins per (site, name) from anywhere: makes the captcha mandatory on 'risk' sites. */
  readonly nameFails: RateLimiterAbstract;
  /** A key here is blocked while a growing delay runs. */
  readonly loginDelay: RateLimiterAbstract;
  /** A key here is blocked while a lock runs; lockCount remembers how many locks a key had today. */
  readonly loginLock: RateLimiterAbstract;
  readonly lockCount: RateLimiterAbstract;
  /** Wrong old passwords (login or second password) per member: a session thief cannot guess on. */
  readonly passwordChecks: RateLimiterAbstract;
  /** Codes a logged-in member may have sent to new destinations per day (no SMS pumping). */
  readonly memberCodes: RateLimiterAbstract;
  /** Images a member may upload per hour. */
  readonly uploads: RateLimiterAbstract;
  /** Messages to the built-in service desk per owner (member or visitor) per minute. */
  readonly supportSends: RateLimiterAbstract;

  constructor(
    redis: Redis | null,
    readonly prefix: string,
  ) {
    const make = (name: string, spec: LimiterSpec): RateLimiterAbstract => {
      const opts = { keyPrefix: `${prefix}:${name}`, points: spec.points, duration: spec.durationS };
      return redis
        ? // If Redis is unreachable the node falls back to counting in memory instead of failing calls.
          new RateLimiterRedis({ ...opts, storeClient: redis, useRedisPackage: false, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts);
    };
    // Counted per brand and address; each brand's own budget (site flag apiPerIpPerMin) is applied by hitBudget.
    this.apiPerIp = make('api-ip', { points: 1_000_000, durationS: 60 });
    this.loginPerIp = make('login-ip', { points: LIMITS.LOGIN_PER_IP_PER_15MIN, durationS: 15 * 60 });
    this.registerPerIp = make('register-ip', { points: LIMITS.REGISTER_PER_IP_PER_HOUR, durationS: 3600 });
    this.codePerIp = make('code-ip', { points: 30, durationS: 3600 });
    this.loginFails = make('login-fails', { points: 1_000_000, durationS: 3600 });
    this.nameFails = make('name-fails', { points: 1_000_000, durationS: 3600 });
    this.loginDelay = make('login-delay', { points: 1, durationS: 1 });
    this.loginLock = make('login-lock', { points: 1, durationS: 1 });
    this.lockCount = make('lock-count', { points: 1_000_000, durationS: 24 * 3600 });
    this.passwordChecks = make('pwd-checks', { points: LIMITS.PASSWORD_CHECKS_PER_HOUR, durationS: 3600 });
    this.memberCodes = make('member-codes', { points: LIMITS.MEMBER_BIND_CODES_PER_DAY, durationS: 24 * 3600 });
    this.uploads = make('uploads', { points: LIMITS.UPLOADS_PER_MEMBER_PER_HOUR, durationS: 3600 });
    this.supportSends = make('support-sends', { points: SUPPORT_LIMITS.SENDS_PER_MIN, durationS: 60 });
  }
}

/** Consume one point; answers the seconds to wait when over the limit, or 0. */
export async function hit(limiter: RateLimiterAbstract, key: string, points = 1): Promise<number> {
  try {
    await limiter.consume(key, points);
    return 0;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw e;
  }
}

/**
 * Consume one point of a counter whose limit is not the limiter's own (a brand's setting): answers the seconds
 * to wait once more than `budget` points were consumed in the window, or 0.
 */
export async function hitBudget(limiter: RateLimiterAbstract, key: string, budget: number): Promise<number> {
  const res = await limiter.consume(key, 1);
  return res.consumedPoints > budget ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
}

/** Seconds left on a block (from `block()`), or 0 when the key is free. */
export async function blockedFor(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const res = await limiter.get(key);
  if (!res || res.consumedPoints <= limiter.points) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

export async function count(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const res = await limiter.get(key);
  return res?.consumedPoints ?? 0;
}

/** Seconds until a budget frees up when all its points are spent, or 0 (checks without spending). */
export async function exhausted(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const res = await limiter.get(key);
  if (!res || res.consumedPoints < limiter.points) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}
