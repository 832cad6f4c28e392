import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@portal/contract';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import {
  ageCodes,
  bindEmail,
  bindPhone,
  expectFail,
  freshMember,
  loginBody,
  memberRow,
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

const info = async (token: string) => ok(await h.call(`${U}member/info`, {}, { token })).data;
const bindOther = (token: string, body: Record<string, unknown>) => h.call(`${U}member/bindOther`, body, { token });
const login = async (name: string, password: string) =>
  h.call(`${U}login`, loginBody(name, password, await h.sliderCaptcha(4)), { ip: nextIp() });

/** 'YYYY-MM-DD' of today (server local time) moved by whole years and days. */
function dateFromToday(years: number, days = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() + years);
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

describe('bindPhone / bindEmail', () => {
  it('binds a phone and an e-mail (stored lower case); member/info and the security level follow', async () => {
    const m = await freshMember(h);
    expect((await info(m.token)).securityLevel).toBe(0);
    const phone = nextPhone();
    await bindPhone(h, m.token, phone);
    expect(await info(m.token)).toMatchObject({ phone, areaCode: '+86', bindPhone: true, securityLevel: 25 });
    const email = `Mix.${m.name}@Example.COM`;
    await bindEmail(h, m.token, email);
    expect(await info(m.token)).toMatchObject({ email: email.toLowerCase(), bindEmail: true, securityLevel: 50 });
  });

  it('a phone bound by another member → 6009 该手机号已被绑定 when asking for the code', async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    const phone = nextPhone();
    await bindPhone(h, a.token, phone);
    await ageCodes(h, `+86${phone}`, 61_000);
    const before = await snapshot(h);
    expectFail(
      await h.call(`${U}sendCode/two`, { type: '4', cate: '0', phone, areaCode: '+86' }, { token: b.token }),
      6009,
      '该手机号已被绑定',
    );
    expect(await snapshot(h)).toEqual(before);
  });

  it('two members racing for one phone: the second bind → 6009 (unique index), the first keeps it', async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    const phone = nextPhone();
    ok(await h.call(`${U}sendCode/two`, { type: '4', cate: '0', phone, areaCode: '+86' }, { token: a.token }));
    const codeA = await h.lastCode(`+86${phone}`);
    await ageCodes(h, `+86${phone}`, 61_000);
    ok(await h.call(`${U}sendCode/two`, { type: '4', cate: '0', phone, areaCode: '+86' }, { token: b.token }));
    const codeB = await h.lastCode(`+86${phone}`);
    ok(await h.call(`${U}bindPhone`, { phone, areaCode: '+86', code: codeB }, { token: b.token }));
    // A's code is no longer the latest; even so the phone is taken.
    const r = await h.call(`${U}bindPhone`, { phone, areaCode: '+86', code: codeA }, { token: a.token });
    expect([6009, 6036]).toContain(r.status_code);
    expect((await info(a.token)).phone).toBeNull();
    expect((await info(b.token)).phone).toBe(phone);
  });

  it('the unique index is the last word when both codes are valid', async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    const phone = nextPhone();
    // B binds the phone while A holds a fresh code for it (A asked first, B's bind is written directly).
    ok(await h.call(`${U}sendCode/two`, { type: '4', cate: '0', phone, areaCode: '+86' }, { token: a.token }));
    const codeA = await h.lastCode(`+86${phone}`);
    await h.s.handle.db.updateTable('members').set({ phone, area_code: '+86' }).where('id', '=', b.userId).execute();
    expectFail(await h.call(`${U}bindPhone`, { phone, areaCode: '+86', code: codeA }, { token: a.token }), 6009, '该手机号已被绑定');
    expect((await info(a.token)).phone).toBeNull();
  });

  it('an e-mail bound by another member → 6009 该邮箱已被绑定 (any letter case)', async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    const email = `${a.name}@mail.example`;
    await bindEmail(h, a.token, email);
    expectFail(
      await h.call(`${U}sendCode/two`, { type: '5', cate: '1', email: email.toUpperCase() }, { token: b.token }),
      6009,
      '该邮箱已被绑定',
    );
  });

  it('bindEmail checks the e-mail and the code', async () => {
    const m = await freshMember(h);
    const email = `${m.name}@code.example`;
    ok(await h.call(`${U}sendCode/two`, { type: '5', cate: '1', email }, { token: m.token }));
    const code = await h.lastCode(email);
    expectFail(await h.call(`${U}bindEmail`, { email: 'bad-email', code }, { token: m.token }), 6007, '请输入正确的邮箱');
    expectFail(
      await h.call(`${U}bindEmail`, { email, code: code === '000000' ? '111111' : '000000' }, { token: m.token }),
      6036,
      '验证码错误',
    );
    expectFail(await h.call(`${U}bindEmail`, { email: `x${email}`, code }, { token: m.token }), 6036, '请先获取验证码');
    ok(await h.call(`${U}bindEmail`, { email: email.toUpperCase(), code }, { token: m.token }));
    expect((await info(m.token)).email).toBe(email);
  });
});

describe('real name (member/bindOther)', () => {
  let shared: Awaited<ReturnType<typeof freshMember>> | undefined;
  it.each([
    ['·张三', '请输入正确的姓名'],
    ['张三·', '请输入正确的姓名'],
    ['张··三', '请输入正确的姓名'],
    ['John Smith', '请输入正确的姓名'],
    ['张San', '请输入正确的姓名'],
    ['张三1', '请输入正确的姓名'],
    ['张.三', '请输入正确的姓名'],
    ['王'.repeat(31), '请输入正确的姓名'],
    ['', '请输入真实姓名'],
    ['   ', '请输入真实姓名'],
  ])('%j → 6007 %s, nothing written', async (realName, message) => {
    const m = (shared ??= await freshMember(h));
    const before = await memberRow(h, m.userId);
    expectFail(await bindOther(m.token, { realName }), 6007, message);
    expect(await memberRow(h, m.userId)).toEqual(before);
  });

  it.each(['张三', '阿卜杜·热合曼', 'John·Smith', 'Anna', '王'])('accepts %j', async (realName) => {
    const m = await freshMember(h);
    ok(await bindOther(m.token, { realName }));
    expect(await info(m.token)).toMatchObject({ realName, bindRealName: true, securityLevel: 25 });
  });

  it('binds once: a second bind → 6009 真实姓名已绑定，不能修改', async () => {
    const m = await freshMember(h);
    ok(await bindOther(m.token, { realName: ' 李四 ' }));
    expect((await info(m.token)).realName).toBe('李四');
    expectFail(await bindOther(m.token, { realName: '王五' }), 6009, '真实姓名已绑定，不能修改');
    expectFail(await bindOther(m.token, { realName: '李四' }), 6009, '真实姓名已绑定，不能修改');
    expect((await info(m.token)).realName).toBe('李四');
  });
});

describe('birthday and gender (member/bindOther)', () => {
  it('under 18 → 6007 您的年龄未满18，无法游戏哦; 18 today is accepted', async () => {
    const m = await freshMember(h);
    expectFail(await bindOther(m.token, { birthday: dateFromToday(-18, 1) }), 6007, '您的年龄未满18，无法游戏哦');
    expectFail(await bindOther(m.token, { birthday: dateFromToday(-10) }), 6007, '您的年龄未满18，无法游戏哦');
    expect((await info(m.token)).birthday).toBeNull();
    const b = dateFromToday(-18);
    ok(await bindOther(m.token, { birthday: b, gender: 'female' }));
    expect(await info(m.token)).toMatchObject({ birthday: b, gender: 'female' });
  });

  it.each([
    ['2000-02-30', '请选择正确的生日'],
    ['2000/01/01', '请选择正确的生日'],
    ['1899-12-31', '请选择正确的生日'],
    ['', '请选择生日'],
  ])('%j → 6007 %s', async (birthday, message) => {
    const m = await freshMember(h);
    expectFail(await bindOther(m.token, { birthday }), 6007, message);
  });

  it('a future date → 6007 请选择正确的生日; an unknown gender → 6007', async () => {
    const m = await freshMember(h);
    expectFail(await bindOther(m.token, { birthday: dateFromToday(1) }), 6007, '请选择正确的生日');
    expectFail(await bindOther(m.token, { gender: 'other' }), 6007, '请求参数不合法');
  });

  it('gender alone may change until a birthday confirms the profile; afterwards → 6003', async () => {
    const m = await freshMember(h);
    ok(await bindOther(m.token, { gender: 'male' }));
    ok(await bindOther(m.token, { gender: 'female' }));
    ok(await bindOther(m.token, { birthday: '1990-05-20' }));
    expectFail(await bindOther(m.token, { birthday: '1991-05-20' }), 6003, '请求被拒绝');
    expectFail(await bindOther(m.token, { gender: 'male' }), 6003);
    expect(await info(m.token)).toMatchObject({ birthday: '1990-05-20', gender: 'female' });
  });

  it('a call that fails in any part writes nothing (real name and a bad birthday together)', async () => {
    const m = await freshMember(h);
    expectFail(await bindOther(m.token, { realName: '赵六', birthday: dateFromToday(-5) }), 6007, '您的年龄未满18，无法游戏哦');
    expect(await info(m.token)).toMatchObject({ realName: null, birthday: null });
    ok(await bindOther(m.token, { birthday: '1990-01-01' }));
    expectFail(await bindOther(m.token, { realName: '赵六', gender: 'male' }), 6003);
    expect((await info(m.token)).realName).toBeNull();
    ok(await bindOther(m.token, { realName: '赵六' }));
  });
});

describe('login password change', () => {
  it('bindPassword: wrong old password → 6100 原密码错误; mismatch and common passwords → 6007; then old fails and new works', async () => {
    const m = await freshMember(h);
    const next = 'Nw5839ab7c';
    const before = (await memberRow(h, m.userId)).password_hash;
    expectFail(
      await h.call(
        `${U}bindPassword`,
        { oldPassword: md5('Wrong12345'), password: md5(next), secondPassword: md5(next) },
        { token: m.token },
      ),
      6100,
      '原密码错误',
    );
    expectFail(
      await h.call(
        `${U}bindPassword`,
        { oldPassword: md5(m.password), password: md5(next), secondPassword: md5('Other12345') },
        { token: m.token },
      ),
      6007,
      '两次密码输入不一致，请重新输入',
    );
    expectFail(
      await h.call(
        `${U}bindPassword`,
        { oldPassword: md5(m.password), password: md5('12345678'), secondPassword: md5('12345678') },
        { token: m.token },
      ),
      6007,
      '密码过于简单，请更换',
    );
    expectFail(
      await h.call(`${U}bindPassword`, { oldPassword: md5(m.password), password: next, secondPassword: next }, { token: m.token }),
      6007,
      '请求参数不合法',
    );
    expect((await memberRow(h, m.userId)).password_hash).toBe(before);
    ok(
      await h.call(
        `${U}bindPassword`,
        { oldPassword: md5(m.password), password: md5(next), secondPassword: md5(next) },
        { token: m.token },
      ),
    );
    const row = await memberRow(h, m.userId);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toBe(before);
    expectFail(await login(m.name, m.password), 6002);
    ok(await login(m.name, next));
    ok(await h.call(`${U}member/info`, {}, { token: m.token })); // this session stays
  });

  it('bindPasswordByPhone: code from sendCode/two type 7 to the bound phone', async () => {
    const m = await freshMember(h);
    const phone = nextPhone();
    await bindPhone(h, m.token, phone);
    await ageCodes(h, `+86${phone}`, 61_000);
    const next = 'Ph4729xk3m';
    expectFail(
      await h.call(`${U}bindPasswordByPhone`, { code: '123456', password: md5(next), secondPassword: md5(next) }, { token: m.token }),
      6036,
      '请先获取验证码',
    );
    ok(await h.call(`${U}sendCode/two`, { type: '7', cate: '0' }, { token: m.token }));
    const code = await h.lastCode(`+86${phone}`);
    expectFail(
      await h.call(
        `${U}bindPasswordByPhone`,
        { code: code === '000000' ? '111111' : '000000', password: md5(next), secondPassword: md5(next) },
        { token: m.token },
      ),
      6036,
      '验证码错误',
    );
    expectFail(
      await h.call(`${U}bindPasswordByPhone`, { code, password: md5(next), secondPassword: md5('Ph4729xk3n') }, { token: m.token }),
      6007,
      '两次密码输入不一致，请重新输入',
    );
    ok(await h.call(`${U}bindPasswordByPhone`, { code, password: md5(next), secondPassword: md5(next) }, { token: m.token }));
    expectFail(
      await h.call(`${U}bindPasswordByPhone`, { code, password: md5(next), secondPassword: md5(next) }, { token: m.token }),
      6036,
      '请先获取验证码',
    );
    expectFail(await login(m.name, m.password), 6002);
    ok(await login(m.name, next));
  });

  it('bindPasswordByEmail: code from sendCode/two type 7 cate 1; without an e-mail → 6007 该账号未绑定邮箱', async () => {
    const m = await freshMember(h);
    const next = 'Em8362pq1z';
    expectFail(
      await h.call(`${U}bindPasswordByEmail`, { code: '123456', password: md5(next), secondPassword: md5(next) }, { token: m.token }),
      6007,
      '该账号未绑定邮箱',
    );
    expectFail(
      await h.call(`${U}bindPasswordByPhone`, { code: '123456', password: md5(next), secondPassword: md5(next) }, { token: m.token }),
      6015,
      '该账号未绑定手机号',
    );
    const email = `${m.name}@pw.example`;
    await bindEmail(h, m.token, email);
    await ageCodes(h, email, 61_000);
    ok(await h.call(`${U}sendCode/two`, { type: '7', cate: '1' }, { token: m.token }));
    ok(
      await h.call(
        `${U}bindPasswordByEmail`,
        { code: await h.lastCode(email), password: md5(next), secondPassword: md5(next) },
        { token: m.token },
      ),
    );
    ok(await login(m.name, next));
  });

  it('a reset code for the login password does not open the second password, nor the other way round', async () => {
    const m = await freshMember(h);
    const phone = nextPhone();
    await bindPhone(h, m.token, phone);
    await ageCodes(h, `+86${phone}`, 61_000);
    ok(await h.call(`${U}withdrawal/pwd/set`, { password: md5('Sp1928ab3c'), secondPassword: md5('Sp1928ab3c') }, { token: m.token }));
    ok(await h.call(`${U}sendCode/two`, { type: '6', cate: '0' }, { token: m.token }));
    const code = await h.lastCode(`+86${phone}`);
    expectFail(
      await h.call(`${U}bindPasswordByPhone`, { code, password: md5('Zz8473ab2c'), secondPassword: md5('Zz8473ab2c') }, { token: m.token }),
      6036,
      '请先获取验证码',
    );
  });
});

describe('guessing limits for a session holder', () => {
  it('locks old-password guesses after 5 wrong answers (6037), even with the right one after', async () => {
    const hh = await createHarness();
    try {
      const m = await hh.member();
      const wrong = { oldPassword: md5('Wrong12345'), password: md5('Newpass123'), secondPassword: md5('Newpass123') };
      for (let i = 0; i < 5; i++) {
        const r = await hh.call('/site/api/v1/user/bindPassword', wrong, { token: m.token });
        expect(r.status_code).toBe(6100);
        expect(r.message).toBe('原密码错误');
      }
      const locked = await hh.call('/site/api/v1/user/bindPassword', { ...wrong, oldPassword: md5(m.password) }, { token: m.token });
      expect(locked.status_code).toBe(6037);
    } finally {
      await hh.close();
    }
  });

  it('caps codes to new phones per member per day (no SMS pumping), 6034', async () => {
    const hh = await createHarness();
    try {
      const m = await hh.member();
      let last = 0;
      for (let i = 0; i <= LIMITS.MEMBER_BIND_CODES_PER_DAY; i++) {
        const r = await hh.call(
          '/site/api/v1/user/sendCode/two',
          { type: '4', cate: '0', phone: `1390000${String(1000 + i)}` },
          { token: m.token },
        );
        last = r.status_code;
        if (i < LIMITS.MEMBER_BIND_CODES_PER_DAY) expect(r.status_code).toBe(6000);
      }
      expect(last).toBe(6034);
    } finally {
      await hh.close();
    }
  });
});
