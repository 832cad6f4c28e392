import { encodeSliderOutput as sliderOutput } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, md5, uniqueName, type Harness } from '../../test/harness.ts';
import { expectFail, freshMember, loginBody, nextIp, ok, U } from '../../test/flows.ts';

let h: Harness;
let m: { name: string; password: string };
beforeAll(async () => {
  h = await createHarness();
  m = await freshMember(h);
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.s.handle.db;
const login = (cap: Record<string, unknown>) => h.call(`${U}login`, loginBody(m.name, m.password, cap), { ip: nextIp() });
const register = (cap: Record<string, unknown>) =>
  h.call(`${U}register`, { name: uniqueName(), password: md5('Abc12345xy'), secondPassword: md5('Abc12345xy'), ...cap }, { ip: nextIp() });

async function challenge(ktype: number, site = 7000) {
  const c = ok(await h.call(`${U}member/geeChallenge`, { ktype }, { site }));
  const x = Number((await h.outbox({ kind: 'captcha-slider' })).find((e) => e.codeId === c.data.lot_number)!.code);
  return { c: c.data, x };
}

const check = (
  c: { lot_number: string; pass_token: string; gen_time: string },
  x: number,
  ms = 800,
  patch: Record<string, unknown> = {},
  site = 7000,
) =>
  h.call(
    `${U}member/validateGeeCheck`,
    {
      lot_number: c.lot_number,
      captcha_output: sliderOutput(x, ms),
      pass_token: c.pass_token,
      gen_time: c.gen_time,
      validate_way: 0,
      ...patch,
    },
    { site },
  );

describe('image captcha (register/defaultKaptcha)', () => {
  it('answers an image and its x-code, and records the answer in the dev outbox', async () => {
    const r = ok(await h.call(`${U}register/defaultKaptcha`, { ktype: 1 }));
    expect(r.data.image).toMatch(/^data:image\/svg\+xml;base64,|^data:image\//);
    expect(typeof r.data['x-code']).toBe('string');
    const e = (await h.outbox({ kind: 'captcha-image' })).find((x) => x.codeId === r.data['x-code']);
    expect(e?.to).toBe('ktype:1');
    expect(e?.code).toMatch(/^\S{1,10}$/);
    const row = await db().selectFrom('captchas').selectAll().where('id', '=', r.data['x-code']).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'image', ktype: 1, site_code: 7000, used_at: null });
    expect(row.answer_hash).not.toContain(e!.code!);
  });

  it.each([[0], [5], ['x'], [null]])('refuses ktype %j with 6007', async (ktype) => {
    expectFail(await h.call(`${U}register/defaultKaptcha`, { ktype }), 6007, '请求参数不合法');
  });

  it('accepts the answer in any letter case', async () => {
    const cap = await h.imageCaptcha(4);
    ok(await login({ ...cap, code: cap.code.toUpperCase() }));
  });

  it('is single use: a second login with the same captcha → 6036', async () => {
    const cap = await h.imageCaptcha(4);
    ok(await login(cap));
    expectFail(await login(cap), 6036, '验证码错误');
  });

  it('a wrong answer burns it: the right answer afterwards → 6036', async () => {
    const cap = await h.imageCaptcha(4);
    expectFail(await login({ ...cap, code: 'nope' }), 6036, '验证码错误');
    expectFail(await login(cap), 6036, '验证码错误');
  });

  it('is bound to its ktype: a register captcha (1) does not open login (4) and vice versa', async () => {
    expectFail(await login(await h.imageCaptcha(1)), 6036);
    expectFail(await login(await h.imageCaptcha(2)), 6036);
    expectFail(await register(await h.imageCaptcha(4)), 6036);
    expectFail(await register(await h.imageCaptcha(3)), 6036);
  });

  it('is bound to its brand: a 7001 captcha does not open 7000', async () => {
    expectFail(await login(await h.imageCaptcha(4, 7001)), 6036);
  });

  it('expires: past expires_at → 6038 验证码已过期，请重新获取', async () => {
    const cap = await h.imageCaptcha(4);
    await db()
      .updateTable('captchas')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', cap.codeId)
      .execute();
    expectFail(await login(cap), 6038, '验证码已过期，请重新获取');
  });

  it('missing parts → 6021; unknown id → 6036; kaptchcate as a string works', async () => {
    expectFail(await login({ kaptchcate: 1 }), 6021, '请输入图形验证码');
    expectFail(await login({ kaptchcate: 1, codeId: 'abc' }), 6021);
    expectFail(await login({ kaptchcate: 1, codeId: 'no-such-id', code: 'abcd' }), 6036);
    const cap = await h.imageCaptcha(4);
    ok(await login({ ...cap, kaptchcate: '1' }));
  });

  it('an image captcha id sent as a slider result (kaptchcate 0) → 6036', async () => {
    const cap = await h.imageCaptcha(4);
    expectFail(await login({ ...cap, kaptchcate: 0 }), 6036);
  });

  it('a code longer than 10 characters is refused by the contract (6007)', async () => {
    const cap = await h.imageCaptcha(4);
    expectFail(await login({ ...cap, code: 'x'.repeat(11) }), 6007);
  });
});

describe('slider captcha (member/geeChallenge + member/validateGeeCheck)', () => {
  it('challenge: background, piece, row and a lot to answer', async () => {
    const { c } = await challenge(4);
    expect(c).toMatchObject({
      lot_number: expect.any(String),
      bg: expect.stringMatching(/^data:image\//),
      piece: expect.stringMatching(/^data:image\//),
      pieceY: expect.any(Number),
      width: expect.any(Number),
      height: expect.any(Number),
      pieceSize: expect.any(Number),
      gen_time: expect.stringMatching(/^\d+$/),
      pass_token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('a right drop answers kaptchcate 0 + codeId + code that logs in once', async () => {
    const { c, x } = await challenge(4);
    const v = ok(await check(c, x + 3));
    expect(v.data).toEqual({ kaptchcate: 0, codeId: expect.any(String), code: expect.any(String) });
    expect(v.data.code.length).toBeLessThanOrEqual(10);
    ok(await login(v.data));
    expectFail(await login(v.data), 6036);
  });

  it('the lot itself is single use: validating it twice → 6036', async () => {
    const { c, x } = await challenge(4);
    ok(await check(c, x));
    expectFail(await check(c, x), 6036, '验证失败，请重试');
  });

  it('a wrong drop burns the lot: the right x afterwards → 6036', async () => {
    const { c, x } = await challenge(4);
    expectFail(await check(c, x + 40), 6036, '验证失败，请重试');
    expectFail(await check(c, x), 6036, '验证失败，请重试');
  });

  it('a drag faster than a human → 6036, and the lot is burnt', async () => {
    const { c, x } = await challenge(4);
    expectFail(await check(c, x, 20), 6036, '验证失败，请重试');
    expectFail(await check(c, x, 800), 6036);
  });

  it('a bad pass_token or gen_time → 6036', async () => {
    const { c, x } = await challenge(4);
    expectFail(await check(c, x, 800, { pass_token: 'f'.repeat(64) }), 6036, '验证失败，请重试');
    expectFail(await check(c, x, 800, { pass_token: 'short' }), 6036);
    expectFail(await check(c, x, 800, { gen_time: String(Number(c.gen_time) + 1) }), 6036);
    const other = await challenge(4);
    expectFail(await check(c, x, 800, { pass_token: other.c.pass_token }), 6036);
  });

  it('garbage captcha_output → 6036; unknown lot → 6036; wrong validate_way → 6007', async () => {
    const a = await challenge(4);
    expectFail(await check(a.c, a.x, 800, { captcha_output: 'not-base64-json' }), 6036);
    const b = await challenge(4);
    expectFail(
      await check(b.c, b.x, 800, { captcha_output: Buffer.from(JSON.stringify({ x: 'a', ms: 900 })).toString('base64url') }),
      6036,
    );
    expectFail(await check({ ...b.c, lot_number: 'no-such-lot' }, b.x), 6036);
    const c = await challenge(4);
    expectFail(await check(c.c, c.x, 800, { validate_way: 1 }), 6007);
  });

  it('an expired lot → 6038', async () => {
    const { c, x } = await challenge(4);
    await db()
      .updateTable('captchas')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', c.lot_number)
      .execute();
    expectFail(await check(c, x), 6038, '验证码已过期，请重新获取');
  });

  it('an expired slider result → 6038 at login', async () => {
    const cap = await h.sliderCaptcha(4);
    await db()
      .updateTable('captchas')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', cap.codeId)
      .execute();
    expectFail(await login(cap), 6038);
  });

  it('the result keeps the ktype of its challenge', async () => {
    expectFail(await login(await h.sliderCaptcha(1)), 6036);
    expectFail(await register(await h.sliderCaptcha(4)), 6036);
  });

  it('a lot of another brand → 6036; a lot id is not a result', async () => {
    const { c, x } = await challenge(4, 7001);
    expectFail(await check(c, x), 6036);
    const d = await challenge(4);
    expectFail(await login({ kaptchcate: 0, codeId: d.c.lot_number, code: d.c.pass_token.slice(0, 10) }), 6036);
  });
});

describe('slider images', () => {
  it('are PNG rasters that do not carry the answer in markup', async () => {
    const c = await h.call('/site/api/v1/user/member/geeChallenge', { ktype: 4 });
    expect(c.data.bg.startsWith('data:image/png;base64,')).toBe(true);
    expect(c.data.piece.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(c.data.bg.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(c.data.width);
    expect(png.readUInt32BE(20)).toBe(c.data.height);
  });
});
