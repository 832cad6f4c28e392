import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('account smoke', () => {
  it('registers, auto-logs in and reads member/info', async () => {
    const m = await h.member();
    const info = await h.call('/site/api/v1/user/member/info', {}, { token: m.token });
    expect(info.status_code).toBe(6000);
    expect(info.data.name).toBe(m.name);
    const l = await h.login(m.name, m.password);
    expect(l.status_code).toBe(6000);
  });
});
