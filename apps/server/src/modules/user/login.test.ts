import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, md5, uniqueName, type Harness } from '../../test/harness.ts';
import { expectFail, freshMember, loginBody, memberRow, newUuid, nextIp, ok, snapshot, U } from '../../test/flows.ts';

let h: Harness;
let m: Awaited<ReturnType<typeof freshMember>>;
beforeAll(async () => {
  h = await createHarness();
  m = await freshMember(h);
});
afterAll(async () => {
  await h?.close();
});

const WRONG = '用户名或密码错误';

/** Password login with a fresh slider result (ktype 4), from its own network unless told. */
async function login(
  name: string,
  password: string,
  o: { ip?: string; uuid?: string; site?: number; extra?: Record<string, unknown> } = {},
) {
  const cap = await h.sliderCaptcha(4, o.site ?? 7000);
  return h.call(`${U}login`, loginBody(name, password, { ...cap, ...o.extra }), {
    ip: o.ip ?? nextIp(),
    ...(o.uuid ? { uuid: o.uuid } : {}),
    ...(o.site ? { site: o.site } : {}),
  });
}

describe('login', () => {
  it('answers a token and the userId; the token is new on each login and each one works', async () => {
    const a = ok(await login(m.name, m.password));
    const b = ok(await login(m.name, m.password));
    expect(a.data).toEqual({ token: expect.any(String), userId: m.userId });
    expect(a.data.token).not.toBe(b.data.token);
    expect(a.data.token).not.toBe(m.token);
    for (const t of [a.data.token, b.data.token, m.token]) {
      expect(ok(await h.call(`${U}member/info`, {}, { token: t })).data.userId).toBe(m.userId);
    }
  });

  it('matches the name in any letter case and around spaces', async () => {
    ok(await login(m.name.toUpperCase(), m.password));
    ok(await login(`  ${m.name} `, m.password));
  });

  it('a wrong password and an unknown user get the same answer (6002, HTTP 200, no data)', async () => {
    const wrong = await login(m.name, 'Wrong12345');
    const unknown = await login(uniqueName('no'), m.password);
    for (const r of [wrong, unknown]) {
      expectFail(r, 6002, WRONG);
      expect(r.http).toBe(200);
      expect(r.data).toBeNull();
    }
  });

  it('enforces no register format on login: an odd name is just unknown (6002)', async () => {
    expectFail(await login('x', m.password), 6002, WRONG);
    expectFail(await login('名字', m.password), 6002, WRONG);
  });

  it('a blank name → 6007 用户名不能为空', async () => {
    expectFail(await login('   ', m.password), 6007, '用户名不能为空');
  });

  it.each([
    ['isAgent 1', { isAgent: 1 }],
    ['a password that is not md5', { password: 'Abc12345xy' }],
    ['an unknown field', { agent: 0 }],
    ['a missing version', { version: undefined }],
    ['a 7-digit sendCodeNum', { sendCodeNum: '1234567' }],
  ])('refuses %s with 6007 (HTTP 400)', async (_l, extra) => {
    const r = await login(m.name, m.password, { extra });
    expectFail(r, 6007, '请求参数不合法');
    expect(r.http).toBe(400);
  });

  it('site 7000 always wants the captcha: none → 6021, wrong → 6036, checked before the password', async () => {
    const body = loginBody(m.name, m.password);
    expectFail(await h.call(`${U}login`, { ...body, kaptchcate: 0 }, { ip: nextIp() }), 6021, '请输入图形验证码');
    const cap = await h.sliderCaptcha(4);
    expectFail(await h.call(`${U}login`, { ...body, ...cap, code: 'wrongwrong' }, { ip: nextIp() }), 6036, '验证码错误');
    // A wrong captcha with a wrong password says nothing about the password.
    expectFail(await h.call(`${U}login`, { ...loginBody(m.name, 'Wrong12345'), kaptchcate: 0 }, { ip: nextIp() }), 6021);
  });

  it('an image captcha of ktype 4 works as well as the slider', async () => {
    ok(await h.call(`${U}login`, loginBody(m.name, m.password, await h.imageCaptcha(4)), { ip: nextIp() }));
  });

  it('records the login: last_login_at, the device and the network', async () => {
    const uuid = newUuid();
    const ip = nextIp();
    const t0 = Date.now();
    ok(await login(m.name, m.password, { uuid, ip }));
    const row = await memberRow(h, m.userId);
    expect(Number(row.last_login_at)).toBeGreaterThanOrEqual(t0);
    const dev = await h.s.handle.db
      .selectFrom('member_devices')
      .selectAll()
      .where('member_id', '=', m.userId)
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    expect(dev).toBeTruthy();
    const net = await h.s.handle.db
      .selectFrom('member_ips')
      .selectAll()
      .where('member_id', '=', m.userId)
      .where('ip_prefix', '=', ip.split('.').slice(0, 3).join('.') + '.0/24')
      .executeTakeFirst();
    expect(net).toBeTruthy();
  });

  it('a wrong password creates no session', async () => {
    const before = await h.count('sessions');
    expectFail(await login(m.name, 'Wrong12345'), 6002);
    expect(await h.count('sessions')).toBe(before);
  });

  it('a disabled account → 6030 账号已停用，请联系客服, and its live sessions stop working (6001)', async () => {
    const d = await freshMember(h);
    await h.s.handle.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', d.userId).execute();
    expectFail(await login(d.name, d.password), 6030, '账号已停用，请联系客服');
    expectFail(await login(d.name, 'Wrong12345'), 6002, WRONG);
    expectFail(await h.call(`${U}member/info`, {}, { token: d.token }), 6001, '请重新登录');
  });
});

describe('login with kaptchcate 99 (auto-login ticket from register)', () => {
  async function registered() {
    const name = uniqueName('tk');
    const ip = nextIp();
    const r = ok(await h.register(name, 'Abc12345xy', { ip }));
    return { name, ip, codeId: r.data.codeId as string, code: r.data.code as string, userId: r.data.userId as string };
  }

  it('the ticket logs in once, without a captcha', async () => {
    const t = await registered();
    const l = ok(
      await h.call(`${U}login`, loginBody(t.name, 'Abc12345xy', { kaptchcate: 99, codeId: t.codeId, code: t.code }), { ip: t.ip }),
    );
    expect(l.data.userId).toBe(t.userId);
    expectFail(
      await h.call(`${U}login`, loginBody(t.name, 'Abc12345xy', { kaptchcate: 99, codeId: t.codeId, code: t.code }), { ip: t.ip }),
      6036,
      '验证码错误',
    );
  });

  it('a ticket is bound to its member: another member cannot use it', async () => {
    const t = await registered();
    expectFail(
      await h.call(`${U}login`, loginBody(m.name, m.password, { kaptchcate: 99, codeId: t.codeId, code: t.code }), { ip: nextIp() }),
      6036,
    );
    // Still good for its own member.
    ok(await h.call(`${U}login`, loginBody(t.name, 'Abc12345xy', { kaptchcate: 99, codeId: t.codeId, code: t.code }), { ip: t.ip }));
  });

  it('a wrong ticket secret → 6036; an expired ticket → 6038; no ticket → 6021', async () => {
    const t = await registered();
    expectFail(
      await h.call(`${U}login`, loginBody(t.name, 'Abc12345xy', { kaptchcate: 99, codeId: t.codeId, code: 'AAAAAAAAAA' }), { ip: t.ip }),
      6036,
    );
    expectFail(await h.call(`${U}login`, loginBody(t.name, 'Abc12345xy', { kaptchcate: 99 }), { ip: t.ip }), 6021, '请输入图形验证码');
    await h.s.handle.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', t.codeId)
      .execute();
    expectFail(
      await h.call(`${U}login`, loginBody(t.name, 'Abc12345xy', { kaptchcate: 99, codeId: t.codeId, code: t.code }), { ip: t.ip }),
      6038,
      '验证码已过期，请重新获取',
    );
  });

  it('is no way around the captcha: without a valid ticket the password is never checked', async () => {
    // With a bogus ticket the right and the wrong password get the same answer, and no failure is counted.
    const failsBefore = (await h.s.limiters.nameFails.get(`7000:${m.name.toLowerCase()}`))?.consumedPoints ?? 0;
    const right = await h.call(`${U}login`, loginBody(m.name, m.password, { kaptchcate: 99, codeId: 'bogus', code: 'bogus' }), {
      ip: nextIp(),
    });
    const wrong = await h.call(`${U}login`, loginBody(m.name, 'Wrong12345', { kaptchcate: 99, codeId: 'bogus', code: 'bogus' }), {
      ip: nextIp(),
    });
    expect(right.status_code).toBe(6036);
    expect(wrong.status_code).toBe(6036);
    const bare = await h.call(`${U}login`, loginBody(m.name, 'Wrong12345', { kaptchcate: 99 }), { ip: nextIp() });
    expect(bare.status_code).toBe(6021);
    const unknown = await h.call(
      `${U}login`,
      loginBody(uniqueName('no'), 'Wrong12345', { kaptchcate: 99, codeId: 'bogus', code: 'bogus' }),
      { ip: nextIp() },
    );
    expect(unknown.status_code).toBe(6036);
    const fails = await h.s.limiters.nameFails.get(`7000:${m.name.toLowerCase()}`);
    expect(fails?.consumedPoints ?? 0).toBe(failsBefore);
  });
});

describe('logout', () => {
  it('ends this session only: member/info → 6001 (HTTP 401); other sessions live on', async () => {
    const a = ok(await login(m.name, m.password));
    const b = ok(await login(m.name, m.password));
    ok(await h.call(`${U}logout`, {}, { token: a.data.token }));
    const info = await h.call(`${U}member/info`, {}, { token: a.data.token });
    expectFail(info, 6001, '请重新登录');
    expect(info.http).toBe(401);
    expectFail(await h.call(`${U}logout`, {}, { token: a.data.token }), 6001);
    ok(await h.call(`${U}member/info`, {}, { token: b.data.token }));
  });

  it('without a token → 6001; with a body → 6007', async () => {
    expectFail(await h.call(`${U}logout`, {}), 6001);
    const a = ok(await login(m.name, m.password));
    expectFail(await h.call(`${U}logout`, { all: true }, { token: a.data.token }), 6007);
  });
});

describe('login history (member/loginHistory)', () => {
  it('keeps time, ip, device and result of each attempt on the member, newest first, paged', async () => {
    const x = await freshMember(h);
    const uuid = newUuid();
    const ip = nextIp();
    expectFail(await login(x.name, 'Wrong12345', { ip, uuid }), 6002);
    const t = ok(await login(x.name, x.password, { ip, uuid })).data.token;
    const r = ok(await h.call(`${U}member/loginHistory`, {}, { token: t }));
    expect(r.data.total).toBe(3); // auto-login, the failure, this login
    expect(r.data.list[0]).toEqual({ time: expect.any(String), ip, device: uuid, client: 'web', result: 'success' });
    expect(r.data.list[1]).toMatchObject({ ip, device: uuid, result: 'wrong_password' });
    expect(r.data.list[2]).toMatchObject({ ip: x.ip, device: h.uuid, result: 'success' });
    expect(Date.parse(r.data.list[0].time)).toBeGreaterThanOrEqual(Date.parse(r.data.list[1].time));
    const p2 = ok(await h.call(`${U}member/loginHistory`, { pageNum: 2, pageSize: 2 }, { token: t }));
    expect(p2.data.total).toBe(3);
    expect(p2.data.list).toHaveLength(1);
    expect(p2.data.list[0].ip).toBe(x.ip);
    expectFail(await h.call(`${U}member/loginHistory`, { pageSize: 51 }, { token: t }), 6007);
    expectFail(await h.call(`${U}member/loginHistory`, {}), 6001);
  });

  it("never shows another member's logins", async () => {
    const x = await freshMember(h);
    const y = await freshMember(h);
    const hx = ok(await h.call(`${U}member/loginHistory`, {}, { token: x.token }));
    const hy = ok(await h.call(`${U}member/loginHistory`, {}, { token: y.token }));
    expect(hx.data.list.map((e: { ip: string }) => e.ip)).toEqual([x.ip]);
    expect(hy.data.list.map((e: { ip: string }) => e.ip)).toEqual([y.ip]);
  });

  it('a failed call writes no session and no member change', async () => {
    const before = await snapshot(h);
    expectFail(await h.call(`${U}login`, { ...loginBody(m.name, m.password), kaptchcate: 0 }, { ip: nextIp() }), 6021);
    expect(await snapshot(h)).toEqual(before);
  });
});

describe('member/info and member/jwt', () => {
  it('member/info answers the member of the token (all fields), isPop echoed', async () => {
    const r = ok(await h.call(`${U}member/info`, { isPop: 1 }, { token: m.token }));
    expect(r.data).toEqual({
      userId: m.userId,
      name: m.name,
      siteCode: 7000,
      phone: null,
      areaCode: null,
      email: null,
      realName: null,
      bindPhone: false,
      bindEmail: false,
      bindRealName: false,
      hasSecondPassword: false,
      gender: null,
      birthday: null,
      registerDate: expect.any(String),
      lastLoginAt: expect.any(String),
      vipGrade: 0,
      securityLevel: 0,
      avatar: null,
      isPop: true,
    });
    expect(ok(await h.call(`${U}member/info`, {}, { token: m.token })).data.isPop).toBe(false);
    expect(ok(await h.call(`${U}member/info`, { isPop: 'true' }, { token: m.token })).data.isPop).toBe(true);
  });

  it('a token of member A never answers member B', async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    expect(ok(await h.call(`${U}member/info`, {}, { token: a.token })).data).toMatchObject({ userId: a.userId, name: a.name });
    expect(ok(await h.call(`${U}member/info`, {}, { token: b.token })).data).toMatchObject({ userId: b.userId, name: b.name });
    // Unknown fields (e.g. asking for someone else's id) are refused, not honoured.
    expectFail(await h.call(`${U}member/info`, { userId: b.userId }, { token: a.token }), 6007);
  });

  it('member/jwt (empty body) answers a short-lived HS256 JWT for the chat with sub = userId', async () => {
    const { jwtVerify, decodeProtectedHeader } = await import('jose');
    const r = ok(await h.call(`${U}member/jwt`, {}, { token: m.token }));
    expect(r.data.expiresIn).toBe(600);
    expect(decodeProtectedHeader(r.data.jwt).alg).toBe('HS256');
    const { payload } = await jwtVerify(r.data.jwt, new TextEncoder().encode(h.config.jwtSecret), {
      algorithms: ['HS256'],
      audience: 'chat',
    });
    expect(payload.sub).toBe(m.userId);
    expect(payload).toMatchObject({ site: 7000, name: m.name });
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(payload.exp! * 1000).toBeGreaterThan(Date.now());
    await expect(jwtVerify(r.data.jwt, new TextEncoder().encode('another-secret-another-secret-xx'))).rejects.toThrow();
    expectFail(await h.call(`${U}member/jwt`, {}), 6001, '请重新登录');
    expectFail(await h.call(`${U}member/jwt`, { x: 1 }, { token: m.token }), 6007);
    const other = await freshMember(h);
    const o = ok(await h.call(`${U}member/jwt`, {}, { token: other.token }));
    expect((await jwtVerify(o.data.jwt, new TextEncoder().encode(h.config.jwtSecret))).payload.sub).toBe(other.userId);
  });

  it('an md5 in the request never shows up in an answer', async () => {
    const r = await login(m.name, m.password);
    expect(JSON.stringify(r)).not.toContain(md5(m.password));
  });
});
