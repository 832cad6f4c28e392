import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';
import { housekeeping } from './housekeeping.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

it('purges expired captchas but keeps live ones', async () => {
  await h.imageCaptcha(1);
  const before = await h.count('captchas');
  expect(before).toBeGreaterThan(0);
  const none = await housekeeping(h.s.handle.db);
  expect(none.captchas).toBe(0);
  const later = await housekeeping(h.s.handle.db, Date.now() + 24 * 3600 * 1000);
  expect(later.captchas).toBe(before);
  expect(await h.count('captchas')).toBe(0);
});
