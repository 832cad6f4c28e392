/**
 * Issue 13 item 8: the security page's login password change ends every other session of the member
 * (the one that made the change stays), with the old password and with a code to the bound phone.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import { ageCodes, bindPhone, expectFail, freshMember, loginBody, nextIp, nextPhone, ok, U } from '../../test/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const login = async (name: string, password: string) =>
  ok(await h.call(`${U}login`, loginBody(name, password, await h.sliderCaptcha(4)), { ip: nextIp() })).data.token as string;
const info = (token: string) => h.call(`${U}member/info`, {}, { token });

describe('login password change and sessions', () => {
  it('bindPassword: the other sessions end (6001), this one stays', async () => {
    const m = await freshMember(h);
    const other = await login(m.name, m.password);
    ok(await info(other));
    const next = 'Lp7394kq2w';
    ok(
      await h.call(
        `${U}bindPassword`,
        { oldPassword: md5(m.password), password: md5(next), secondPassword: md5(next) },
        { token: m.token },
      ),
    );
    expectFail(await info(other), 6001);
    ok(await info(m.token));
  });

  it('bindPasswordByPhone: likewise', async () => {
    const m = await freshMember(h);
    const phone = nextPhone();
    await bindPhone(h, m.token, phone);
    await ageCodes(h, `+86${phone}`, 61_000);
    const other = await login(m.name, m.password);
    ok(await h.call(`${U}sendCode/two`, { type: '7', cate: '0' }, { token: m.token }));
    const next = 'Lp8405mr3x';
    ok(
      await h.call(
        `${U}bindPasswordByPhone`,
        { code: await h.lastCode(`+86${phone}`), password: md5(next), secondPassword: md5(next) },
        { token: m.token },
      ),
    );
    expectFail(await info(other), 6001);
    ok(await info(m.token));
  });
});
