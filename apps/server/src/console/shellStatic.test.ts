/**
 * The console's web app (apps/console/dist) at /console: its files, its page for every /console/* GET (the SPA's
 * routes), never for /console/api/* (an envelope 404), and the portal's own app untouched at /.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';

let dir: string;
let h: Harness;
let bare: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'console-dist-'));
  for (const d of ['console/assets', 'web/assets']) await mkdir(join(dir, d), { recursive: true });
  await writeFile(join(dir, 'console/index.html'), '<!doctype html><title>console-page</title>');
  await writeFile(join(dir, 'console/assets/index-abc123.js'), 'console.log(1)');
  await writeFile(join(dir, 'web/index.html'), '<!doctype html><title>portal-page</title>');
  h = await createHarness({ CONSOLE_DIST: join(dir, 'console'), WEB_DIST: join(dir, 'web') });
  bare = await createHarness({ CONSOLE_DIST: join(dir, 'missing'), WEB_DIST: join(dir, 'web') });
});
afterAll(async () => {
  await h?.close();
  await bare?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (x: Harness, url: string) => x.app.inject({ method: 'GET', url });

describe('console web app at /console', () => {
  it('serves its page at /console/ and for every client route, revalidated', async () => {
    for (const url of ['/console/', '/console/staff', '/console/finance/withdrawals/W123', '/console/signin?x=1']) {
      const r = await get(h, url);
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain('console-page');
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
    const bareRoot = await get(h, '/console');
    expect(bareRoot.statusCode).toBe(302);
    expect(bareRoot.headers.location).toBe('/console/');
  });

  it('serves hashed assets for a year', async () => {
    const r = await get(h, '/console/assets/index-abc123.js');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never answers the page for the API: an unknown /console/api/ path is the envelope 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const r = await h.app.inject({ method, url: '/console/api/nothing/here', ...(method === 'POST' ? { payload: {} } : {}) });
      expect(r.statusCode, method).toBe(404);
      expect(r.json(), method).toMatchObject({ status_code: 6004 });
    }
  });

  it("leaves the portal's page at / and its routes", async () => {
    expect((await get(h, '/')).body).toContain('portal-page');
    expect((await get(h, '/activity/discount')).body).toContain('portal-page');
  });

  it('without a console build, /console/* is a 404 envelope, not the portal page', async () => {
    const r = await get(bare, '/console/staff');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ status_code: 6004 });
  });
});
