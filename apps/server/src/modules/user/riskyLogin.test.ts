import { maskPhone, phoneMiddle } from '@portal/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { expectFail, loginBody, memberWithPhone, nextIp, ok, U } from '../../test/flows.ts';
import { RISKY_FAILS, RISKY_WINDOW_MS } from './riskyLogin.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A member with a bound phone, its device (h.uuid) and network known. */
const phoneMember = () => memberWithPhone(h);
type PM = Awaited<ReturnType<typeof phoneMember>>;

async function login(m: PM, ip: string, password = m.password) {
  const cap = await h.sliderCaptcha(4);
  return h.call(`${U}login`, loginBody(m.name, password, cap), { ip });
}

/** Wrong passwords from `n` other networks, one each. */
async function guessFromElsewhere(m: PM, n: number) {
  for (let i = 0; i < n; i++) expectFail(await login(m, nextIp(), 'Wrong12345x'), 6002);
}

describe('6029 risky login', () => {
  it(`after ${RISKY_FAILS} wrong passwords from other networks, the right one at home → 6029 with the masked phone; the new-device flow logs in and closes it`, async () => {
    const m = await phoneMember();
    await guessFromElsewhere(m, RISKY_FAILS);
    const before = await h.count('sessions');
    const r = await login(m, m.ip);
    expectFail(r, 6029, '您的登录存在风险，请验证身份');
    expect(r.data).toEqual({ phoneNumber: maskPhone(m.phone) });
    expect(await h.count('sessions')).toBe(before);

    // The client's new-device dialog: middle digits → code by SMS → login with kaptchcate 99.
    ok(
      await h.call(
        `${U}sendCode/one`,
        { type: '3', cate: '0', SendName: m.name, SendCodeNum: phoneMiddle(m.phone), version: 1 },
        { ip: m.ip },
      ),
    );
    const sms = (await h.outbox({ to: `+86${m.phone}` }))[0]!;
    const l = ok(await h.call(`${U}login`, loginBody(m.name, m.password, { kaptchcate: 99, sendCodeNum: sms.code }), { ip: m.ip }));
    expect(l.data.userId).toBe(m.userId);
    // The verified login closed the episode: the next login needs nothing more.
    ok(await login(m, m.ip));
  });

  it(`${RISKY_FAILS - 1} failures from other networks are not enough`, async () => {
    const m = await phoneMember();
    await guessFromElsewhere(m, RISKY_FAILS - 1);
    ok(await login(m, m.ip));
  });

  it("failures from the login's own network do not count", async () => {
    const m = await phoneMember();
    await guessFromElsewhere(m, 2);
    // Own network: two mistakes (the guard delays from the third).
    for (let i = 0; i < 2; i++) expectFail(await login(m, m.ip, 'Wrong12345x'), 6002);
    await guessFromElsewhere(m, RISKY_FAILS - 3);
    ok(await login(m, m.ip));
  });

  it('failures older than the window do not count', async () => {
    const m = await phoneMember();
    await guessFromElsewhere(m, RISKY_FAILS);
    await h.s.handle.db
      .updateTable('login_history')
      .set((eb) => ({ at: eb('at', '-', RISKY_WINDOW_MS + 1000) }))
      .where('member_id', '=', m.userId)
      .where('result', '=', 'wrong_password')
      .execute();
    ok(await login(m, m.ip));
  });
});
