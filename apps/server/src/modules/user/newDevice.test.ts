import { LIMITS } from '@portal/contract';
import { maskPhone, phoneMiddle } from '@portal/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import {
  ageCodes,
  bindPhone,
  expectFail,
  expireCodes,
  freshMember,
  loginBody,
  newUuid,
  nextIp,
  nextPhone,
  ok,
  snapshot,
  U,
} from '../../test/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A member with a bound phone, registered (device and network known) from its own network. */
async function phoneMember(site = 7000) {
  const m = await freshMember(h, site === 7000 ? {} : { site });
  const phone = nextPhone();
  await bindPhone(h, m.token, phone, site === 7000 ? {} : { site });
  await ageCodes(h, `+86${phone}`, 61_000); // past the 60 s resend wait of the bind code
  return { ...m, phone, site };
}

type PM = Awaited<ReturnType<typeof phoneMember>>;

async function login(m: PM, o: { uuid?: string; ip?: string; password?: string } = {}) {
  const cap = await h.sliderCaptcha(4, m.site);
  return h.call(`${U}login`, loginBody(m.name, o.password ?? m.password, cap), { uuid: o.uuid ?? h.uuid, ip: o.ip ?? m.ip, site: m.site });
}

const sendDeviceCode = (m: PM, uuid: string, middle: string, o: { cate?: string; ip?: string } = {}) =>
  h.call(
    `${U}sendCode/one`,
    { type: '3', cate: o.cate ?? '0', SendName: m.name, SendCodeNum: middle, version: 1 },
    { uuid, ip: o.ip ?? m.ip, site: m.site },
  );

const codeLogin = (m: PM, uuid: string, code: string, o: { ip?: string; password?: string } = {}) =>
  h.call(`${U}login`, loginBody(m.name, o.password ?? m.password, { kaptchcate: 99, sendCodeNum: code }), {
    uuid,
    ip: o.ip ?? m.ip,
    site: m.site,
  });

describe('new-device verification', () => {
  it('a member without a bound phone is never challenged', async () => {
    const m = await freshMember(h);
    const cap = await h.sliderCaptcha(4);
    ok(await h.call(`${U}login`, loginBody(m.name, m.password, cap), { uuid: newUuid(), ip: nextIp() }));
  });

  it('known device and network → no challenge', async () => {
    const m = await phoneMember();
    ok(await login(m));
  });

  it('unknown device → 6026 with the masked phone; middle digits → SMS code; kaptchcate 99 + code logs in and remembers the device', async () => {
    const m = await phoneMember();
    const uuid = newUuid();
    const before = await h.count('sessions');
    const r = await login(m, { uuid });
    expectFail(r, 6026, '您正在新设备上登录，请验证身份');
    expect(r.data).toEqual({ phoneNumber: maskPhone(m.phone) });
    expect(r.data.phoneNumber).toMatch(/^139\*{4}\d{4}$/);
    expect(await h.count('sessions')).toBe(before);

    const s = ok(await sendDeviceCode(m, uuid, phoneMiddle(m.phone)));
    expect(s.data).toEqual({ resendIn: 60, expiresIn: LIMITS.CODE_TTL_S, to: maskPhone(m.phone) });
    const sms = (await h.outbox({ to: `+86${m.phone}` }))[0]!;
    expect(sms.kind).toBe('sms');
    expect(sms.text).toContain(sms.code!);
    expect(sms.text).toContain('【翡翠湾体育】');
    expect(sms.text).toContain('工作人员不会向您索取验证码');

    expectFail(await codeLogin(m, uuid, sms.code === '000000' ? '111111' : '000000'), 6036, '验证码错误');
    const l = ok(await codeLogin(m, uuid, sms.code!));
    expect(l.data.userId).toBe(m.userId);
    // The code is used up, and the device is known from now on.
    expectFail(await codeLogin(m, uuid, sms.code!), 6036, '请先获取验证码');
    ok(await login(m, { uuid }));
  });

  it('unknown device on an unknown network → 6027', async () => {
    const m = await phoneMember();
    const r = await login(m, { uuid: newUuid(), ip: nextIp() });
    expectFail(r, 6027, '您的登录设备和IP异常，请验证身份');
    expect(r.data.phoneNumber).toBe(maskPhone(m.phone));
  });

  it('the code can come by voice call (cate 2); e-mail (cate 1) is refused', async () => {
    const m = await phoneMember();
    const uuid = newUuid();
    const ip = nextIp();
    expectFail(await login(m, { uuid, ip }), 6027);
    expectFail(await sendDeviceCode(m, uuid, phoneMiddle(m.phone), { cate: '1', ip }), 6007, '请选择短信或语音验证');
    ok(await sendDeviceCode(m, uuid, phoneMiddle(m.phone), { cate: '2', ip }));
    const voice = (await h.outbox({ to: `+86${m.phone}` }))[0]!;
    expect(voice.kind).toBe('voice');
    ok(await codeLogin(m, uuid, voice.code!, { ip }));
  });

  it('wrong middle digits → 6007 手机号错误; after 5 wrong tries → 6034 even with the right ones', async () => {
    const m = await phoneMember();
    const uuid = newUuid();
    expectFail(await login(m, { uuid }), 6026);
    const right = phoneMiddle(m.phone);
    const wrong = right === '0000' ? '1111' : '0000';
    expectFail(await sendDeviceCode(m, uuid, '12'), 6007, '手机号错误');
    for (let i = 1; i < LIMITS.CODE_MAX_TRIES; i++) expectFail(await sendDeviceCode(m, uuid, wrong), 6007, '手机号错误');
    expectFail(await sendDeviceCode(m, uuid, right), 6034, '验证码获取次数已达上限，请明天再试');
    expect(await h.outbox({ to: `+86${m.phone}` }).then((l) => l.filter((e) => e.kind === 'sms').length)).toBe(1); // only the bind code
  });

  it('sendCode/one type 3 without a challenge for this device → 6003, nothing sent', async () => {
    const m = await phoneMember();
    const before = await snapshot(h);
    expectFail(await sendDeviceCode(m, newUuid(), phoneMiddle(m.phone)), 6003, '请求被拒绝');
    expectFail(
      await h.call(`${U}sendCode/one`, { type: '3', cate: '0', SendName: 'nobody99', SendCodeNum: '1234' }, { ip: nextIp() }),
      6003,
    );
    expect(await snapshot(h)).toEqual(before);
  });

  it('kaptchcate 99 + sendCodeNum before asking for a code → 6036 请先获取验证码', async () => {
    const m = await phoneMember();
    const uuid = newUuid();
    expectFail(await codeLogin(m, uuid, '123456'), 6036, '请先获取验证码'); // no challenge
    expectFail(await login(m, { uuid }), 6026);
    expectFail(await codeLogin(m, uuid, '123456'), 6036, '请先获取验证码'); // challenge, no code yet
  });

  it('the code is bound to the challenged device: another device cannot use it', async () => {
    const m = await phoneMember();
    const a = newUuid();
    const b = newUuid();
    expectFail(await login(m, { uuid: a }), 6026);
    ok(await sendDeviceCode(m, a, phoneMiddle(m.phone)));
    const code = await h.lastCode(`+86${m.phone}`);
    expectFail(await codeLogin(m, b, code), 6036, '请先获取验证码');
    ok(await codeLogin(m, a, code));
  });

  it('a wrong password with a good code → 6002 (the code alone does not log in)', async () => {
    const m = await phoneMember();
    const uuid = newUuid();
    expectFail(await login(m, { uuid }), 6026);
    ok(await sendDeviceCode(m, uuid, phoneMiddle(m.phone)));
    const code = await h.lastCode(`+86${m.phone}`);
    expectFail(await codeLogin(m, uuid, code, { password: 'Wrong12345' }), 6002, '用户名或密码错误');
  });

  it('a wrong password on a new device → 6002, not the challenge (no phone hint for guessers)', async () => {
    const m = await phoneMember();
    const r = await login(m, { uuid: newUuid(), password: 'Wrong12345' });
    expectFail(r, 6002);
    expect(r.data).toBeNull();
  });

  it('5 wrong device codes burn it → 6034; an expired one → 6038', async () => {
    const m = await phoneMember();
    const uuid = newUuid();
    expectFail(await login(m, { uuid }), 6026);
    ok(await sendDeviceCode(m, uuid, phoneMiddle(m.phone)));
    const code = await h.lastCode(`+86${m.phone}`);
    const bad = code === '999999' ? '888888' : '999999';
    for (let i = 1; i < LIMITS.CODE_MAX_TRIES; i++) expectFail(await codeLogin(m, uuid, bad), 6036, '验证码错误');
    expectFail(await codeLogin(m, uuid, bad), 6034);
    expectFail(await codeLogin(m, uuid, code), 6034);

    const n = await phoneMember();
    const u2 = newUuid();
    expectFail(await login(n, { uuid: u2 }), 6026);
    ok(await sendDeviceCode(n, u2, phoneMiddle(n.phone)));
    const c2 = await h.lastCode(`+86${n.phone}`);
    await expireCodes(h, `+86${n.phone}`);
    expectFail(await codeLogin(n, u2, c2), 6038, '验证码已过期，请重新获取');
  });

  it('long absence (over 90 days) → 6028 even on a known device', async () => {
    const m = await phoneMember();
    await h.s.handle.db
      .updateTable('members')
      .set({ last_login_at: Date.now() - (LIMITS.LONG_ABSENCE_DAYS + 1) * 24 * 3600 * 1000 })
      .where('id', '=', m.userId)
      .execute();
    const r = await login(m);
    expectFail(r, 6028, '您已长时间未登录，请验证身份');
    ok(await sendDeviceCode(m, h.uuid, phoneMiddle(m.phone)));
    ok(await codeLogin(m, h.uuid, await h.lastCode(`+86${m.phone}`)));
    ok(await login(m)); // last login is recent again
  });

  it('the challenge is logged in the login history', async () => {
    const m = await phoneMember();
    const uuid = newUuid();
    expectFail(await login(m, { uuid }), 6026);
    const hist = ok(await h.call(`${U}member/loginHistory`, {}, { token: m.token }));
    expect(hist.data.list[0]).toMatchObject({ device: uuid, result: 'challenge_6026' });
  });
});

describe('IP check on brand 7001', () => {
  it('known device on a new network → 6025 there (zh-TW), while brand 7000 lets it through', async () => {
    const m = await phoneMember(7001);
    ok(await login(m)); // known device and network
    const ip = nextIp();
    const r = await login(m, { ip });
    expectFail(r, 6025, '您的登錄IP異常，請驗證身份');
    expect(r.data.phoneNumber).toBe(maskPhone(m.phone));
    ok(await sendDeviceCode(m, h.uuid, phoneMiddle(m.phone), { ip }));
    ok(await codeLogin(m, h.uuid, await h.lastCode(`+86${m.phone}`), { ip }));
    ok(await login(m, { ip })); // the network is known now

    const n = await phoneMember(7000);
    ok(await login(n, { ip: nextIp() }));
  });
});
