import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { bindPhone, freshMember, nextPhone, ok, U, withSiteFlags } from '../../test/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const PATH = '/site/api/v1/site/common/singleDataDecryption';

describe('site/common/singleDataDecryption', () => {
  it("answers the member's own value in full, and as v the masked form member/info shows with hideRealNumber", async () => {
    const m = await freshMember(h);
    const phone = nextPhone();
    await bindPhone(h, m.token, phone);
    await withSiteFlags(h, 7000, { hideRealNumber: true }, async () => {
      const info = ok(await h.call(`${U}member/info`, {}, { token: m.token })).data;
      expect(info.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
      const r = ok(await h.call(PATH, { key: 'phone' }, { token: m.token })).data;
      expect(r).toEqual({ key: 'phone', d: phone, v: info.phone });
      // Nothing bound: nothing to reveal.
      expect(ok(await h.call(PATH, { key: 'email' }, { token: m.token })).data).toEqual({ key: 'email', d: null, v: null });
    });
  });

  it('needs a login, and a known key (6007)', async () => {
    const m = await freshMember(h);
    expect((await h.call(PATH, { key: 'phone' })).status_code).toBe(6001);
    expect((await h.call(PATH, { key: 'password' }, { token: m.token })).status_code).toBe(6007);
  });
});
