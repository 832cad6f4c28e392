/**
 * Several nodes share their counters through Redis: a brute-force lock or a rate limit started on one
 * node holds on every other. Runs in the Redis pass of `npm test` (REDIS_URL set).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@portal/contract';
import { Limiters, blockedFor, hit } from './lib/rateLimit.ts';
import { LoginGuard } from './modules/user/loginGuard.ts';

const url = process.env.REDIS_URL;
if (url) {
  describe('two nodes on one Redis', () => {
    const a = new Redis(url);
    const b = new Redis(url);
    const prefix = `mn-${randomBytes(4).toString('hex')}`;
    const nodeA = new Limiters(a, prefix);
    const nodeB = new Limiters(b, prefix);
    afterAll(async () => {
      await a.quit();
      await b.quit();
    });

    it('a per-IP budget spent on node A is spent on node B', async () => {
      for (let i = 0; i < LIMITS.REGISTER_PER_IP_PER_HOUR; i++) expect(await hit(nodeA.registerPerIp, '10.0.0.1')).toBe(0);
      expect(await hit(nodeB.registerPerIp, '10.0.0.1')).toBeGreaterThan(0);
    });

    it('a login lock made on node A answers 6037 on node B', async () => {
      const gA = new LoginGuard(nodeA);
      const gB = new LoginGuard(nodeB);
      for (let i = 0; i < LIMITS.LOGIN_FAILS_BEFORE_LOCK; i++) await gA.failed(7000, 'victim01', '10.9.9.9');
      expect(await blockedFor(nodeB.loginLock, '7000:victim01:10.9.9.0/24')).toBeGreaterThan(0);
      await expect(gB.before(7000, 'victim01', '10.9.9.9')).rejects.toMatchObject({ code: 6037 });
      // The member's own network is not locked by failures elsewhere.
      await expect(gB.before(7000, 'victim01', '192.168.5.5')).resolves.toBeUndefined();
    });
  });
} else {
  // Without Redis (the embedded default) each node counts on its own: one node's budget is not another's.
  describe('nodes without Redis', () => {
    it('count in memory, separately', async () => {
      const nodeA = new Limiters(null, 'solo');
      const nodeB = new Limiters(null, 'solo');
      for (let i = 0; i < LIMITS.REGISTER_PER_IP_PER_HOUR; i++) await hit(nodeA.registerPerIp, '10.0.0.2');
      expect(await hit(nodeA.registerPerIp, '10.0.0.2')).toBeGreaterThan(0);
      expect(await hit(nodeB.registerPerIp, '10.0.0.2')).toBe(0);
    });
  });
}
