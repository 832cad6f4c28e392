/** Issue 27 finding 17: /metrics is not public; search wildcards match only themselves (SQLite; PostgreSQL with DB=postgres). */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession, makeStaff, type StaffSession } from '../console/testKit.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { installMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('/metrics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => h.close());

  it('with METRICS_TOKEN: 404 without the token or with a wrong one, the figures with it', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404);
    const r = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('portal_api_calls_total');
  });

  it('with a separate port, or in production without a token: not on the public port at all', async () => {
    for (const access of [
      { token: null, separatePort: true, production: false },
      { token: null, separatePort: false, production: true },
    ]) {
      const app = Fastify();
      installMetrics(app, access);
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      await app.close();
    }
  });
});

describe('search wildcards', () => {
  let h: Harness;
  let admin: StaffSession;
  beforeAll(async () => {
    h = await createHarness();
    admin = await staffSession(h, { roles: ['super_admin'], username: 'boss_admin' });
    await makeStaff(h, { roles: ['content'], username: 'ann_content' });
  });
  afterAll(() => h.close());

  it('staff search: "%" and "_" match only themselves', async () => {
    const all = await admin.call('staff/list', { keyword: 'ann' });
    expect(all.data.list.map((s: { username: string }) => s.username)).toEqual(['ann_content']);
    expect((await admin.call('staff/list', { keyword: '%' })).data.total).toBe(0);
    // "_" is a literal underscore: both names have one, "n_c" only one of them.
    expect((await admin.call('staff/list', { keyword: 'n_c' })).data.list.map((s: { username: string }) => s.username)).toEqual([
      'ann_content',
    ]);
    expect((await admin.call('staff/list', { keyword: 's_a' })).data.total).toBe(1);
    expect((await admin.call('staff/list', { keyword: 'o_s' })).data.total).toBe(0);
  });

  it('member search by username: "%" finds nobody', async () => {
    await h.member();
    const r = await admin.call('members/search', { siteCode: 7000, by: 'username', keyword: '%' });
    expect(r.data.total).toBe(0);
  });
});
