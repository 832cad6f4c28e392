import { LIMITS } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import {
  ageCodes,
  bindEmail,
  bindPhone,
  expectFail,
  expireCodes,
  freshMember,
  nextIp,
  nextPhone,
  ok,
  snapshot,
  U,
} from '../../test/flows.ts';

let h: Harness;
let m: Awaited<ReturnType<typeof freshMember>>;
beforeAll(async () => {
  h = await createHarness();
  m = await freshMember(h);
});
afterAll(async () => {
  await h?.close();
});
// These tests share one member; its daily budget of bind codes (tested in profile.test.ts) starts afresh each test.
beforeEach(async () => {
  await h.s.limiters.memberCodes.delete(m.userId);
});

const send = (body: Record<string, unknown>, token = m.token) => h.call(`${U}sendCode/two`, { version: 1, ...body }, { token });
const sendPhone = (phone: string, cate = '0', token = m.token, areaCode = '+86') => send({ type: '4', cate, phone, areaCode }, token);
const bind = (phone: string, code: string, token = m.token) => h.call(`${U}bindPhone`, { phone, areaCode: '+86', code }, { token });
const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('sendCode/two: sending', () => {
  it('a zh-TW member gets the code text in Traditional Chinese (from the catalogue)', async () => {
    const phone = nextPhone();
    ok(
      await h.call(
        `${U}sendCode/two`,
        { version: 1, type: '4', cate: '0', phone, areaCode: '+86' },
        { token: m.token, headers: { 'x-lang': 'zh-TW' } },
      ),
    );
    const e = (await h.outbox({ to: `+86${phone}` }))[0]!;
    expect(e.text).toBe(`【翡翠湾体育】您的驗證碼是${e.code}，5分鐘內有效。工作人員不會向您索取驗證碼，請勿洩露。`);
  });

  it('sends an SMS with the brand, the code and the warning; answers resend and expiry times and the masked phone', async () => {
    const phone = nextPhone();
    const r = ok(await sendPhone(phone));
    expect(r.data).toEqual({
      resendIn: LIMITS.RESEND_WAIT_S,
      expiresIn: LIMITS.CODE_TTL_S,
      to: `${phone.slice(0, 3)}****${phone.slice(7)}`,
    });
    const e = (await h.outbox({ to: `+86${phone}` }))[0]!;
    expect(e).toMatchObject({ kind: 'sms', to: `+86${phone}`, codeId: expect.any(String), code: expect.stringMatching(/^\d{6}$/) });
    expect(e.text).toBe(`【翡翠湾体育】您的验证码是${e.code}，5分钟内有效。工作人员不会向您索取验证码，请勿泄露。`);
    // Stored as an HMAC only.
    const row = await h.s.handle.db.selectFrom('verification_codes').selectAll().where('id', '=', e.codeId!).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(e.code!);
    expect(row).toMatchObject({ purpose: 'bind_phone', channel: 'sms', member_id: m.userId, tries: 0 });
  });

  it('60 s between sends to one destination → 6066 with the seconds left; other destinations are free', async () => {
    const phone = nextPhone();
    ok(await sendPhone(phone));
    const again = await sendPhone(phone, '2');
    expectFail(again, 6066, '60秒内只能获取一次验证码');
    expect(again.data.resendIn).toBeGreaterThan(55);
    expect(again.data.resendIn).toBeLessThanOrEqual(60);
    ok(await sendPhone(nextPhone()));
    await ageCodes(h, `+86${phone}`, 61_000);
    ok(await sendPhone(phone, '2'));
    expect((await h.outbox({ to: `+86${phone}` }))[0]!.kind).toBe('voice');
  });

  it('caps codes per destination per day → 6034', async () => {
    const phone = nextPhone();
    for (let i = 0; i < LIMITS.CODES_PER_DAY; i++) {
      ok(await sendPhone(phone));
      await ageCodes(h, `+86${phone}`, 61_000);
    }
    const before = await snapshot(h);
    expectFail(await sendPhone(phone), 6034, '验证码获取次数已达上限，请明天再试');
    expect(await snapshot(h)).toEqual(before);
    // A day later the count starts again.
    await ageCodes(h, `+86${phone}`, 24 * 3600 * 1000);
    ok(await sendPhone(phone));
  });

  it.each([
    ['a short number', { phone: '1390000' }],
    ['a landline', { phone: '02188886666' }],
    ['letters', { phone: '139abcd1234' }],
    ['an unknown area', { phone: '13900000000', areaCode: '+999' }],
    ['a China number under Hong Kong', { phone: '13900000000', areaCode: '+852' }],
    ['e-mail as the channel', { phone: '13900000000', cate: '1' }],
    ['no phone at all', { phone: undefined }],
  ])('type 4 refuses %s → 6007 请输入正确的手机号码', async (_l, patch) => {
    const before = await snapshot(h);
    expectFail(await send({ type: '4', cate: '0', areaCode: '+86', ...patch }), 6007, '请输入正确的手机号码');
    expect(await snapshot(h)).toEqual(before);
  });

  it('other country areas use their own rule (Hong Kong) and keep their area code', async () => {
    const x = await freshMember(h);
    const hk = `5${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    ok(await send({ type: '4', cate: '0', phone: hk, areaCode: '+852' }, x.token));
    const code = await h.lastCode(`+852${hk}`);
    // The same digits under another area are another destination.
    expectFail(await h.call(`${U}bindPhone`, { phone: hk, areaCode: '+853', code }, { token: x.token }), 6007, '请输入正确的手机号码');
    ok(await h.call(`${U}bindPhone`, { phone: hk, areaCode: '+852', code }, { token: x.token }));
    expect(ok(await h.call(`${U}member/info`, {}, { token: x.token })).data).toMatchObject({
      phone: hk,
      areaCode: '+852',
      bindPhone: true,
    });
  });

  it('takes the phone as the client does: at most 11 characters, so a +86 prefix is refused like on the form', async () => {
    const phone = nextPhone();
    expectFail(await sendPhone(`+86${phone}`), 6007, '请输入正确的手机号码');
    // Spaces typed inside the number are dropped.
    ok(await sendPhone(` ${phone.slice(0, 5)} ${phone.slice(5)} `));
    expect(await h.outbox({ to: `+86${phone}` })).toHaveLength(1);
  });

  it('type 5 checks the e-mail: malformed → 6007 请输入正确的邮箱; over 40 → 6007', async () => {
    for (const email of ['no-at-sign', 'a@b', 'a b@c.com', '@c.com']) {
      expectFail(await send({ type: '5', cate: '1', email }), 6007, '请输入正确的邮箱');
    }
    expectFail(await send({ type: '5', cate: '1' }), 6007, '请输入正确的邮箱');
    expectFail(await send({ type: '5', cate: '1', email: `${'a'.repeat(35)}@b.com` }), 6007, '请求参数不合法');
  });

  it('types 6 and 7 need a bound phone (6015) or e-mail (6007) for the chosen channel', async () => {
    const x = await freshMember(h);
    expectFail(await send({ type: '6', cate: '0' }, x.token), 6015, '该账号未绑定手机号');
    expectFail(await send({ type: '7', cate: '2' }, x.token), 6015, '该账号未绑定手机号');
    expectFail(await send({ type: '6', cate: '1' }, x.token), 6007, '该账号未绑定邮箱');
    expectFail(await send({ type: '7', cate: '1' }, x.token), 6007, '该账号未绑定邮箱');
  });

  it('needs a session (6001) and a known type (6007)', async () => {
    expectFail(await h.call(`${U}sendCode/two`, { type: '4', cate: '0', phone: nextPhone() }), 6001);
    expectFail(await send({ type: '10', cate: '0', phone: nextPhone() }), 6007, '请求参数不合法');
    expectFail(await send({ type: '4', cate: '3', phone: nextPhone() }), 6007, '请求参数不合法');
  });
});

describe('sendCode/two: checking (bindPhone)', () => {
  it('a wrong code → 6036; the right code binds once; reusing it → 6036 请先获取验证码', async () => {
    const x = await freshMember(h);
    const phone = nextPhone();
    ok(await sendPhone(phone, '0', x.token));
    const code = await h.lastCode(`+86${phone}`);
    expectFail(await bind(phone, other(code), x.token), 6036, '验证码错误');
    expectFail(await bind(phone, '12ab', x.token), 6036, '验证码错误');
    ok(await bind(phone, code, x.token));
    // Used up: another member cannot bind with it either (and this member now needs to re-verify first).
    const y = await freshMember(h);
    expectFail(await bind(phone, code, y.token), 6036, '请先获取验证码');
    expectFail(await bind(phone, code, x.token), 6016, '请先验证原手机号');
  });

  it('5 wrong codes burn it: the 5th → 6034, then even the right code → 6034', async () => {
    const phone = nextPhone();
    ok(await sendPhone(phone));
    const code = await h.lastCode(`+86${phone}`);
    for (let i = 1; i < LIMITS.CODE_MAX_TRIES; i++) expectFail(await bind(phone, other(code)), 6036, '验证码错误');
    expectFail(await bind(phone, other(code)), 6034, '验证码获取次数已达上限，请明天再试');
    expectFail(await bind(phone, code), 6034);
    expect(ok(await h.call(`${U}member/info`, {}, { token: m.token })).data.phone).not.toBe(phone);
  });

  it('an expired code → 6038, and a new code works', async () => {
    const phone = nextPhone();
    ok(await sendPhone(phone));
    const code = await h.lastCode(`+86${phone}`);
    await expireCodes(h, `+86${phone}`);
    expectFail(await bind(phone, code), 6038, '验证码已过期，请重新获取');
    await ageCodes(h, `+86${phone}`, 61_000);
    ok(await sendPhone(phone));
    ok(await bind(phone, await h.lastCode(`+86${phone}`)));
  });

  it('only the latest code counts', async () => {
    const x = await freshMember(h);
    const phone = nextPhone();
    ok(await sendPhone(phone, '0', x.token));
    const first = await h.lastCode(`+86${phone}`);
    await ageCodes(h, `+86${phone}`, 61_000);
    ok(await sendPhone(phone, '0', x.token));
    const second = await h.lastCode(`+86${phone}`);
    if (first !== second) expectFail(await bind(phone, first, x.token), 6036);
    ok(await bind(phone, second, x.token));
  });

  it('a code sent to one phone does not bind another; no code at all → 6036 请先获取验证码', async () => {
    const x = await freshMember(h);
    const p1 = nextPhone();
    const p2 = nextPhone();
    ok(await sendPhone(p1, '0', x.token));
    expectFail(await bind(p2, await h.lastCode(`+86${p1}`), x.token), 6036, '请先获取验证码');
  });
});

describe('sendCode/one (anonymous)', () => {
  it('type 2 sends a reset code to the bound phone (SMS or voice) or e-mail', async () => {
    const x = await freshMember(h);
    const phone = nextPhone();
    await bindPhone(h, x.token, phone);
    await ageCodes(h, `+86${phone}`, 61_000);
    const r = ok(await h.call(`${U}sendCode/one`, { type: '2', cate: '2', SendName: x.name, SendCodeNum: phone }, { ip: nextIp() }));
    expect(r.data.to).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect((await h.outbox({ to: `+86${phone}` }))[0]!.kind).toBe('voice');
    const email = `${x.name}@Example.com`;
    await bindEmail(h, x.token, email);
    await ageCodes(h, email.toLowerCase(), 61_000);
    const e = ok(await h.call(`${U}sendCode/one`, { type: '2', cate: '1', SendName: x.name, SendCodeNum: email }, { ip: nextIp() }));
    expect(e.data.to).toBe(`${x.name.slice(0, 2)}****@example.com`);
    expect((await h.outbox({ to: email.toLowerCase() }))[0]!.kind).toBe('email');
  });

  it('type 2 with a name and phone that do not belong together → 6007 用户名与手机号不匹配, nothing sent', async () => {
    const before = await snapshot(h);
    expectFail(
      await h.call(`${U}sendCode/one`, { type: '2', cate: '0', SendName: m.name, SendCodeNum: nextPhone() }, { ip: nextIp() }),
      6007,
      '用户名与手机号不匹配',
    );
    expectFail(
      await h.call(`${U}sendCode/one`, { type: '2', cate: '0', SendName: 'nobody77', SendCodeNum: nextPhone() }, { ip: nextIp() }),
      6007,
      '用户名与手机号不匹配',
    );
    expectFail(
      await h.call(`${U}sendCode/one`, { type: '2', cate: '1', SendName: m.name, SendCodeNum: 'x@y.com' }, { ip: nextIp() }),
      6007,
      '用户名与邮箱不匹配',
    );
    expect(await snapshot(h)).toEqual(before);
  });

  it('is capped per IP (30 an hour) → 6011 (HTTP 429)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      expectFail(await h.call(`${U}sendCode/one`, { type: '2', cate: '0', SendName: m.name, SendCodeNum: nextPhone() }, { ip }), 6007);
    }
    const r = await h.call(`${U}sendCode/one`, { type: '2', cate: '0', SendName: m.name, SendCodeNum: nextPhone() }, { ip });
    expectFail(r, 6011, '请勿频繁提交');
    expect(r.http).toBe(429);
  });
});

describe('dev outbox (sandbox)', () => {
  it('GET /dev/outbox lists what the sandbox "sent": kind, to, codeId, code, text, createdAt; filters by to and kind', async () => {
    const phone = nextPhone();
    ok(await sendPhone(phone, '2', (await freshMember(h)).token));
    const res = await h.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(`+86${phone}`)}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status_code: number; data: Array<Record<string, unknown>> };
    expect(body.status_code).toBe(6000);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toEqual({
      kind: 'voice',
      to: `+86${phone}`,
      codeId: expect.any(String),
      code: expect.stringMatching(/^\d{6}$/),
      text: expect.stringContaining('验证码'),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    await h.imageCaptcha(1);
    const caps = (await h.app.inject({ method: 'GET', url: '/dev/outbox?kind=captcha-image&limit=1' })).json() as {
      data: Array<{ kind: string; code: string }>;
    };
    expect(caps.data).toHaveLength(1);
    expect(caps.data[0]!.kind).toBe('captcha-image');
  });
});

describe('a gateway that fails', () => {
  it('answers 6006 and forgets the code, so the member may retry at once', async () => {
    const g = await createHarness({ SANDBOX_FAIL_RATE: '1' });
    try {
      const x = await g.member(undefined, undefined, { ip: nextIp() });
      const before = await g.count('verification_codes');
      const phone = nextPhone();
      const r = await g.call(`${U}sendCode/two`, { type: '4', cate: '0', phone, areaCode: '+86' }, { token: x.token });
      expectFail(r, 6006, '服务开小差了，请稍后再试');
      expect(await g.count('verification_codes')).toBe(before);
      expectFail(await g.call(`${U}sendCode/two`, { type: '4', cate: '0', phone, areaCode: '+86' }, { token: x.token }), 6006);
    } finally {
      await g.close();
    }
  });
});
