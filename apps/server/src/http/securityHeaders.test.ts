import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

it('every answer carries the security headers, without upgrade-insecure-requests', async () => {
  const r = await h.call('/site/api/v1/configuration/preInfo', {});
  const csp = String(r.res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain('img-src');
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(r.res.headers['x-content-type-options']).toBe('nosniff');
  expect(r.res.headers['x-frame-options']).toBe('SAMEORIGIN');
  const page = await h.app.inject({ method: 'GET', url: '/healthz' });
  expect(page.headers['referrer-policy']).toBe('no-referrer');
});
