import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createServices, type Services } from '../services.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { runOps } from './dispatch.ts';

/**
 * The CLI process exits only when nothing is left open: services a command builds for itself (a Redis
 * connection when REDIS_URL is set, the site refresher's timer) must be closed when it returns, while
 * the database handle stays with its owner. CI runs with REDIS_URL; a CLI that left Redis open hung there.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

it('a command that builds its own services closes them, keeping the database handle open', async () => {
  const built: Services[] = [];
  const buildServices = async () => {
    const s = await createServices(h.config, h.s.handle, { rateLimitPrefix: `cli-${Date.now()}` });
    s.close = vi.fn(s.close);
    built.push(s);
    return s;
  };
  // vip:rebate builds the services; nothing is passed in, as in the real CLI.
  const code = await runOps(['vip:rebate', '2026-01-01'], {
    handle: h.s.handle,
    config: h.config,
    operator: 'cli',
    buildServices,
    print: () => undefined,
  });
  expect(code).toBe(0);
  expect(built).toHaveLength(1);
  expect(built[0]!.close).toHaveBeenCalledWith({ keepHandle: true });
  // ioredis answers QUIT at once while still connecting and ends the connection right after.
  const redis = built[0]!.redis;
  if (redis) await expect.poll(() => redis.status).toBe('end');
  // The handle is still usable by its owner.
  expect(await h.count('audit_log')).toBeGreaterThan(0);
});

it('services passed in by the caller are left to the caller', async () => {
  const close = vi.spyOn(h.s, 'close');
  expect(
    await runOps(['vip:rebate', '2026-01-02'], {
      handle: h.s.handle,
      config: h.config,
      operator: 'cli',
      services: h.s,
      print: () => undefined,
    }),
  ).toBe(0);
  expect(close).not.toHaveBeenCalled();
  close.mockRestore();
});
