import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed.ts';
import { createServices, type Services } from '../services.ts';

let open: Array<{ app: FastifyInstance; s: Services }> = [];
afterEach(async () => {
  for (const n of open) {
    await n.app.close();
    await n.s.close();
  }
  open = [];
});

/** An app at LOG_LEVEL `level`, its log lines collected. */
async function appAt(level: string): Promise<{ app: FastifyInstance; lines: Array<Record<string, unknown>> }> {
  const handle = connect(':memory:');
  await migrate(handle);
  await seed(handle.db);
  const s = await createServices(loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', LOG_LEVEL: level }), handle, {
    rateLimitPrefix: `log-${Math.random()}`,
  });
  const lines: Array<Record<string, unknown>> = [];
  const app = await buildApp(s, { logStream: { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) } });
  await app.ready();
  open.push({ app, s });
  return { app, lines };
}

describe('request logs', () => {
  it('at info a request writes no log line (business events only)', async () => {
    const { app, lines } = await appAt('info');
    const r = await app.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
    expect(lines.filter((l) => l.req || l.res || l.msg === 'request')).toEqual([]);
  });

  it('at debug one line per request: method, route pattern (no query), status, time', async () => {
    const { app, lines } = await appAt('debug');
    await app.inject({ method: 'GET', url: '/healthz?token=secret' });
    const req = lines.filter((l) => l.msg === 'request');
    expect(req).toHaveLength(1);
    expect(req[0]).toMatchObject({ level: 20, method: 'GET', route: '/healthz', statusCode: 200, ms: expect.any(Number) });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});
