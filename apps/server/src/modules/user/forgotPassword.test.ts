import { LIMITS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, md5, uniqueName, type Harness } from '../../test/harness.ts';
import {
  ageCodes,
  bindEmail,
  bindPhone,
  expectFail,
  expireCodes,
  freshMember,
  loginBody,
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

const F = `${U}forgetByPhone/`;
const E = `${U}forgetByEmail/`;
const other = (code: string) => (code === '000000' ? '111111' : '000000');
const login = async (name: string, password: string) =>
  h.call(`${U}login`, loginBody(name, password, await h.sliderCaptcha(4)), { ip: nextIp() });

async function phoneMember() {
  const m = await freshMember(h);
  const phone = nextPhone();
  await bindPhone(h, m.token, phone);
  await ageCodes(h, `+86${phone}`, 61_000);
  return { ...m, phone, dest: `+86${phone}` };
}

async function emailMember() {
  const m = await freshMember(h);
  const email = `${m.name}@Forgot.Example`;
  await bindEmail(h, m.token, email);
  await ageCodes(h, email.toLowerCase(), 61_000);
  return { ...m, email, dest: email.toLowerCase() };
}

const phoneOne = async (
  name: string,
  phone: string,
  o: { cate?: string; ktype?: number; ip?: string; captcha?: Record<string, unknown> } = {},
) =>
  h.call(
    `${F}one`,
    { name, phone, areaCode: '+86', ...(o.cate ? { cate: o.cate } : {}), ...(o.captcha ?? (await h.imageCaptcha(o.ktype ?? 2))) },
    { ip: o.ip ?? nextIp() },
  );
const emailOne = async (name: string, email: string, o: { ktype?: number; captcha?: Record<string, unknown> } = {}) =>
  h.call(`${E}one`, { name, email, ...(o.captcha ?? (await h.sliderCaptcha(o.ktype ?? 3))) }, { ip: nextIp() });

describe('forgot password by phone (one → two → three)', () => {
  it('resets the password: the new one logs in, the old one fails, every old session ends', async () => {
    const m = await phoneMember();
    const second = ok(await login(m.name, m.password)).data.token as string;
    const one = ok(await phoneOne(m.name, m.phone));
    expect(one.data).toEqual({ resendIn: 60, expiresIn: LIMITS.CODE_TTL_S, to: `${m.phone.slice(0, 3)}****${m.phone.slice(7)}` });
    const code = await h.lastCode(m.dest);
    expectFail(await h.call(`${F}two`, { name: m.name, phone: m.phone, areaCode: '+86', code: other(code) }), 6036, '验证码错误');
    ok(await h.call(`${F}two`, { name: m.name, phone: m.phone, areaCode: '+86', code }));
    const next = 'Fg4826ab1c';
    ok(await h.call(`${F}three`, { name: m.name, phone: m.phone, areaCode: '+86', password: md5(next), secondPassword: md5(next) }));
    expectFail(await login(m.name, m.password), 6002, '用户名或密码错误');
    ok(await login(m.name, next));
    for (const t of [m.token, second]) expectFail(await h.call(`${U}member/info`, {}, { token: t }), 6001);
    // The verified code is used up: step three again → 6036.
    expectFail(
      await h.call(`${F}three`, {
        name: m.name,
        phone: m.phone,
        areaCode: '+86',
        password: md5('Fg0000ab1c'),
        secondPassword: md5('Fg0000ab1c'),
      }),
      6036,
      '请先获取验证码',
    );
  });

  it('three without two fails (6036 请先获取验证码), also with a code sent but not checked', async () => {
    const m = await phoneMember();
    const body = { name: m.name, phone: m.phone, areaCode: '+86', password: md5('Fg4826ab1c'), secondPassword: md5('Fg4826ab1c') };
    expectFail(await h.call(`${F}three`, body), 6036, '请先获取验证码');
    ok(await phoneOne(m.name, m.phone));
    expectFail(await h.call(`${F}three`, body), 6036, '请先获取验证码');
    ok(await login(m.name, m.password));
  });

  it('step three checks the new password: mismatch → 6007 两次密码输入不一致，请重新输入; common → 6007', async () => {
    const m = await phoneMember();
    ok(await phoneOne(m.name, m.phone));
    ok(await h.call(`${F}two`, { name: m.name, phone: m.phone, areaCode: '+86', code: await h.lastCode(m.dest) }));
    const base = { name: m.name, phone: m.phone, areaCode: '+86' };
    expectFail(
      await h.call(`${F}three`, { ...base, password: md5('Fg4826ab1c'), secondPassword: md5('Fg4826ab1d') }),
      6007,
      '两次密码输入不一致，请重新输入',
    );
    expectFail(
      await h.call(`${F}three`, { ...base, password: md5('a12345678'), secondPassword: md5('a12345678') }),
      6007,
      '密码过于简单，请更换',
    );
    // The verified code survives those refusals.
    ok(await h.call(`${F}three`, { ...base, password: md5('Fg4826ab1c'), secondPassword: md5('Fg4826ab1c') }));
  });

  it('step one: name and phone must belong together (6007 用户名与手机号不匹配), nothing sent', async () => {
    const m = await phoneMember();
    const before = await snapshot(h);
    expectFail(await phoneOne(m.name, nextPhone()), 6007, '用户名与手机号不匹配');
    expectFail(await phoneOne(uniqueName('no'), m.phone), 6007, '用户名与手机号不匹配');
    expectFail(await phoneOne('', m.phone), 6007, '请输入用户名');
    expectFail(await phoneOne('x'.repeat(31), m.phone), 6007, '请输入用户名');
    expectFail(await phoneOne(m.name, '2345'), 6007, '请输入正确的手机号码');
    expect(await snapshot(h)).toEqual(before);
  });

  it('step one needs the reset captcha (ktype 2): none → 6021, ktype 3 → 6036', async () => {
    const m = await phoneMember();
    expectFail(await phoneOne(m.name, m.phone, { captcha: { kaptchcate: 1 } }), 6021);
    expectFail(await phoneOne(m.name, m.phone, { ktype: 3 }), 6036);
    expectFail(await phoneOne(m.name, m.phone, { ktype: 4 }), 6036);
    ok(await phoneOne(m.name, m.phone, { captcha: await h.sliderCaptcha(2) }));
  });

  it('resend within 60 s → 6066; voice code with cate 2', async () => {
    const m = await phoneMember();
    ok(await phoneOne(m.name, m.phone, { cate: '2' }));
    expect((await h.outbox({ to: m.dest }))[0]!.kind).toBe('voice');
    const again = await phoneOne(m.name, m.phone);
    expectFail(again, 6066, '60秒内只能获取一次验证码');
    expect(again.data.resendIn).toBeGreaterThan(0);
  });

  it('step two: 5 wrong codes → 6034; an expired code → 6038 (also at step three)', async () => {
    const m = await phoneMember();
    ok(await phoneOne(m.name, m.phone));
    const code = await h.lastCode(m.dest);
    const two = (c: string) => h.call(`${F}two`, { name: m.name, phone: m.phone, areaCode: '+86', code: c });
    for (let i = 1; i < LIMITS.CODE_MAX_TRIES; i++) expectFail(await two(other(code)), 6036);
    expectFail(await two(other(code)), 6034, '验证码获取次数已达上限，请明天再试');
    expectFail(await two(code), 6034);

    const n = await phoneMember();
    ok(await phoneOne(n.name, n.phone));
    const c2 = await h.lastCode(n.dest);
    ok(await h.call(`${F}two`, { name: n.name, phone: n.phone, areaCode: '+86', code: c2 }));
    await expireCodes(h, n.dest);
    expectFail(await h.call(`${F}two`, { name: n.name, phone: n.phone, areaCode: '+86', code: c2 }), 6038, '验证码已过期，请重新获取');
    expectFail(
      await h.call(`${F}three`, {
        name: n.name,
        phone: n.phone,
        areaCode: '+86',
        password: md5('Fg4826ab1c'),
        secondPassword: md5('Fg4826ab1c'),
      }),
      6038,
    );
    ok(await login(n.name, n.password));
  });

  it('a code checked for one member does not reset another (name is part of every step)', async () => {
    const a = await phoneMember();
    const b = await phoneMember();
    ok(await phoneOne(a.name, a.phone));
    ok(await h.call(`${F}two`, { name: a.name, phone: a.phone, areaCode: '+86', code: await h.lastCode(a.dest) }));
    expectFail(
      await h.call(`${F}three`, {
        name: b.name,
        phone: a.phone,
        areaCode: '+86',
        password: md5('Fg4826ab1c'),
        secondPassword: md5('Fg4826ab1c'),
      }),
      6007,
      '用户名与手机号不匹配',
    );
    expectFail(
      await h.call(`${F}three`, {
        name: b.name,
        phone: b.phone,
        areaCode: '+86',
        password: md5('Fg4826ab1c'),
        secondPassword: md5('Fg4826ab1c'),
      }),
      6036,
    );
    ok(await login(b.name, b.password));
  });

  it('sendCode/one type 2 also opens step two', async () => {
    const m = await phoneMember();
    ok(await h.call(`${U}sendCode/one`, { type: '2', cate: '0', SendName: m.name, SendCodeNum: m.phone }, { ip: nextIp() }));
    ok(await h.call(`${F}two`, { name: m.name, phone: m.phone, areaCode: '+86', code: await h.lastCode(m.dest) }));
    ok(
      await h.call(`${F}three`, {
        name: m.name,
        phone: m.phone,
        areaCode: '+86',
        password: md5('Sc9182ab3d'),
        secondPassword: md5('Sc9182ab3d'),
      }),
    );
    ok(await login(m.name, 'Sc9182ab3d'));
  });
});

describe('forgot password by e-mail (one → two → three)', () => {
  it('resets the password with the e-mailed code (e-mail in any letter case)', async () => {
    const m = await emailMember();
    const one = ok(await emailOne(m.name, m.email.toUpperCase()));
    expect(one.data.to).toBe(`${m.name.slice(0, 2)}****@forgot.example`);
    const mail = (await h.outbox({ to: m.dest }))[0]!;
    expect(mail.kind).toBe('email');
    const code = mail.code!;
    expectFail(await h.call(`${E}two`, { name: m.name, email: m.email, code: other(code) }), 6036, '验证码错误');
    ok(await h.call(`${E}two`, { name: m.name, email: m.email, code }));
    const next = 'Em7391cd2e';
    ok(await h.call(`${E}three`, { name: m.name, email: m.email, password: md5(next), secondPassword: md5(next) }));
    expectFail(await login(m.name, m.password), 6002);
    ok(await login(m.name, next));
    expectFail(await h.call(`${U}member/info`, {}, { token: m.token }), 6001);
  });

  it('three without two → 6036 请先获取验证码; mismatched e-mail → 6007 用户名与邮箱不匹配', async () => {
    const m = await emailMember();
    expectFail(
      await h.call(`${E}three`, { name: m.name, email: m.email, password: md5('Em7391cd2e'), secondPassword: md5('Em7391cd2e') }),
      6036,
      '请先获取验证码',
    );
    const noMail = await freshMember(h);
    const before = await snapshot(h);
    expectFail(await emailOne(m.name, `other.${m.email}`), 6007, '用户名与邮箱不匹配');
    expectFail(await emailOne(uniqueName('no'), m.email), 6007, '用户名与邮箱不匹配');
    expectFail(await emailOne(m.name, 'not-an-email'), 6007, '请输入正确的邮箱');
    expectFail(await emailOne(noMail.name, `${noMail.name}@x.example`), 6007, '用户名与邮箱不匹配');
    expect(await snapshot(h)).toEqual(before);
  });

  it('step one needs the e-mail reset captcha (ktype 3)', async () => {
    const m = await emailMember();
    expectFail(await emailOne(m.name, m.email, { ktype: 2 }), 6036);
    expectFail(await emailOne(m.name, m.email, { captcha: { kaptchcate: 0 } }), 6021, '请输入图形验证码');
    ok(await emailOne(m.name, m.email, { captcha: await h.imageCaptcha(3) }));
  });

  it('a phone reset code does not open the e-mail reset', async () => {
    const m = await phoneMember();
    const email = `${m.name}@both.example`;
    await bindEmail(h, m.token, email);
    ok(await phoneOne(m.name, m.phone));
    const code = await h.lastCode(m.dest);
    expectFail(await h.call(`${E}two`, { name: m.name, email, code }), 6036, '请先获取验证码');
  });

  it('step one is capped per IP (30 an hour) → 6011', async () => {
    const m = await emailMember();
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      expectFail(await h.call(`${E}one`, { name: m.name, email: m.email, kaptchcate: 0 }, { ip }), 6021);
    }
    const r = await h.call(`${E}one`, { name: m.name, email: m.email, ...(await h.sliderCaptcha(3)) }, { ip });
    expectFail(r, 6011, '请勿频繁提交');
    expect(r.http).toBe(429);
  });
});
