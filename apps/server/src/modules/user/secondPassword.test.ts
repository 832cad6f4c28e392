import { verify } from '@node-rs/argon2';
import { LIMITS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacHex } from '../../lib/crypto.ts';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import {
  ageCodes,
  bindEmail,
  bindPhone,
  expectFail,
  expireCodes,
  freshMember,
  loginBody,
  memberRow,
  nextIp,
  nextPhone,
  ok,
  U,
} from '../../test/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const P = `${U}withdrawal/pwd/`;
const FIRST = 'Wd1357ab9c';
const set = (token: string, pw = FIRST, repeat = pw) => h.call(`${P}set`, { password: md5(pw), secondPassword: md5(repeat) }, { token });
const reset = (token: string, body: Record<string, unknown>, pw: string, repeat = pw) =>
  h.call(`${P}reset`, { ...body, password: md5(pw), secondPassword: md5(repeat) }, { token });
const check = (token: string, code: string) => h.call(`${P}emailCheck`, { code }, { token });
const other = (code: string) => (code === '000000' ? '111111' : '000000');
const storedSecond = async (id: string) => (await memberRow(h, id)).second_password_hash;
const isSecond = async (id: string, pw: string) => verify((await storedSecond(id))!, hmacHex(h.config.passwordPepper, md5(pw)));

/** A member with a bound phone, its bind code aged past the resend wait. */
async function withPhone() {
  const m = await freshMember(h);
  const phone = nextPhone();
  await bindPhone(h, m.token, phone);
  await ageCodes(h, `+86${phone}`, 61_000);
  return { ...m, phone, dest: `+86${phone}` };
}

describe('set', () => {
  it('refuses a mismatch, a common password and non-md5 (6007), writing nothing', async () => {
    const m = await freshMember(h);
    expectFail(await set(m.token, FIRST, 'Wd1357ab9d'), 6007, '两次密码输入不一致');
    expectFail(await set(m.token, '12345678'), 6007, '密码过于简单，请更换');
    expectFail(await h.call(`${P}set`, { password: FIRST, secondPassword: FIRST }, { token: m.token }), 6007, '请求参数不合法');
    expect(await storedSecond(m.userId)).toBeNull();
  });

  it('sets once (argon2id, not the md5); a second set → 6009 取款密码已设置', async () => {
    const m = await freshMember(h);
    ok(await set(m.token));
    const stored = (await storedSecond(m.userId))!;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain(md5(FIRST));
    expect(await isSecond(m.userId, FIRST)).toBe(true);
    expect(ok(await h.call(`${U}member/info`, {}, { token: m.token })).data).toMatchObject({ hasSecondPassword: true, securityLevel: 25 });
    expectFail(await set(m.token, 'Wd2468cd0e'), 6009, '取款密码已设置');
    expect(await isSecond(m.userId, FIRST)).toBe(true);
  });

  it('needs a session → 6001', async () => {
    expectFail(await h.call(`${P}set`, { password: md5(FIRST), secondPassword: md5(FIRST) }), 6001);
  });

  it('leaves the login password alone', async () => {
    const m = await freshMember(h);
    ok(await set(m.token));
    ok(await h.call(`${U}login`, loginBody(m.name, m.password, await h.sliderCaptcha(4)), { ip: nextIp() }));
    expectFail(await h.call(`${U}login`, loginBody(m.name, FIRST, await h.sliderCaptcha(4)), { ip: nextIp() }), 6002);
  });
});

describe('reset with the old second password', () => {
  it('before any set → 6100 请先设置取款密码', async () => {
    const m = await freshMember(h);
    expectFail(await reset(m.token, { oldPassword: md5(FIRST) }, 'Wd2468cd0e'), 6100, '请先设置取款密码');
  });

  it('a wrong old one → 6100 取款密码错误; mismatch/common → 6007; the right one changes it', async () => {
    const m = await freshMember(h);
    ok(await set(m.token));
    const next = 'Wd2468cd0e';
    expectFail(await reset(m.token, { oldPassword: md5('Wd0000zz11') }, next), 6100, '取款密码错误');
    expectFail(await reset(m.token, { oldPassword: md5(m.password) }, next), 6100, '取款密码错误'); // the login password is not it
    expectFail(await reset(m.token, { oldPassword: md5(FIRST) }, next, 'Wd2468cd0f'), 6007, '两次密码输入不一致');
    expectFail(await reset(m.token, { oldPassword: md5(FIRST) }, 'password1'), 6007, '密码过于简单，请更换');
    expect(await isSecond(m.userId, FIRST)).toBe(true);
    ok(await reset(m.token, { oldPassword: md5(FIRST) }, next));
    expect(await isSecond(m.userId, next)).toBe(true);
    expectFail(await reset(m.token, { oldPassword: md5(FIRST) }, 'Wd9999xy88'), 6100, '取款密码错误');
  });

  it('neither old password nor code → 6007 请输入验证码', async () => {
    const m = await freshMember(h);
    ok(await set(m.token));
    expectFail(await reset(m.token, {}, 'Wd2468cd0e'), 6007, '请输入验证码');
  });
});

describe('reset with a code (sendCode/two type 6) and emailCheck', () => {
  it('by phone: emailCheck checks without using it up; the reset uses it', async () => {
    const m = await withPhone();
    ok(await set(m.token));
    expectFail(await check(m.token, '123456'), 6036, '请先获取验证码');
    ok(await h.call(`${U}sendCode/two`, { type: '6', cate: '0' }, { token: m.token }));
    const code = await h.lastCode(m.dest);
    expectFail(await check(m.token, other(code)), 6036, '验证码错误');
    ok(await check(m.token, code));
    ok(await check(m.token, code));
    const next = 'Wd8642ba0e';
    ok(await reset(m.token, { code }, next));
    expect(await isSecond(m.userId, next)).toBe(true);
    expectFail(await reset(m.token, { code }, 'Wd7777ab12'), 6036, '请先获取验证码');
    expectFail(await check(m.token, code), 6036, '请先获取验证码');
  });

  it('by e-mail (cate 1)', async () => {
    const m = await freshMember(h);
    const email = `${m.name}@second.example`;
    await bindEmail(h, m.token, email);
    await ageCodes(h, email, 61_000);
    ok(await set(m.token));
    ok(await h.call(`${U}sendCode/two`, { type: '6', cate: '1' }, { token: m.token }));
    const code = await h.lastCode(email);
    ok(await check(m.token, code));
    ok(await reset(m.token, { code }, 'Wd5555em12'));
    expect(await isSecond(m.userId, 'Wd5555em12')).toBe(true);
  });

  it('with both bound, the code sent to the phone works', async () => {
    const m = await withPhone();
    const email = `${m.name}@both.example`;
    await bindEmail(h, m.token, email);
    ok(await set(m.token));
    ok(await h.call(`${U}sendCode/two`, { type: '6', cate: '2' }, { token: m.token }));
    const code = await h.lastCode(m.dest);
    expectFail(await reset(m.token, { code: other(code) }, 'Wd4444ab12'), 6036, '验证码错误');
    ok(await reset(m.token, { code }, 'Wd4444ab12'));
  });

  it('without a bound phone or e-mail → 6015', async () => {
    const m = await freshMember(h);
    ok(await set(m.token));
    expectFail(await reset(m.token, { code: '123456' }, 'Wd2468cd0e'), 6015, '该账号未绑定手机号');
    expectFail(await check(m.token, '123456'), 6015, '该账号未绑定手机号');
  });

  it('5 wrong codes → 6034; an expired code → 6038', async () => {
    const m = await withPhone();
    ok(await set(m.token));
    ok(await h.call(`${U}sendCode/two`, { type: '6', cate: '0' }, { token: m.token }));
    const code = await h.lastCode(m.dest);
    for (let i = 1; i < LIMITS.CODE_MAX_TRIES; i++) expectFail(await check(m.token, other(code)), 6036);
    expectFail(await check(m.token, other(code)), 6034, '验证码获取次数已达上限，请明天再试');
    expectFail(await reset(m.token, { code }, 'Wd2468cd0e'), 6034);
    await ageCodes(h, m.dest, 61_000);
    ok(await h.call(`${U}sendCode/two`, { type: '6', cate: '0' }, { token: m.token }));
    const fresh = await h.lastCode(m.dest);
    await expireCodes(h, m.dest);
    expectFail(await check(m.token, fresh), 6038, '验证码已过期，请重新获取');
    expectFail(await reset(m.token, { code: fresh }, 'Wd2468cd0e'), 6038);
    expect(await isSecond(m.userId, FIRST)).toBe(true);
  });

  it('a code of another purpose (bind phone) does not reset the second password', async () => {
    const m = await freshMember(h);
    ok(await set(m.token));
    const phone = nextPhone();
    ok(await h.call(`${U}sendCode/two`, { type: '4', cate: '0', phone, areaCode: '+86' }, { token: m.token }));
    const code = await h.lastCode(`+86${phone}`);
    ok(await h.call(`${U}bindPhone`, { phone, areaCode: '+86', code }, { token: m.token }));
    expectFail(await reset(m.token, { code }, 'Wd2468cd0e'), 6036, '请先获取验证码');
  });
});
