import { seal } from '@portal/contract';
import { maskPhone, phoneMiddle } from '@portal/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import { expectFail, loginBody, memberWithPhone, newUuid, ok, U } from '../../test/flows.ts';

let h: Harness;
let clientKey: string;
beforeAll(async () => {
  h = await createHarness();
  clientKey = ok(await h.call('/site/api/v1/configuration/preInfo', {})).data.siteBaseConfig.clientKey;
});
afterAll(async () => {
  await h?.close();
});

/** A member with a bound phone, challenged on a new device (6026): ready for sendCode/one type 3. */
async function challenged() {
  const m = await memberWithPhone(h);
  const uuid = newUuid();
  const cap = await h.sliderCaptcha(4);
  expectFail(await h.call(`${U}login`, loginBody(m.name, m.password, cap), { uuid, ip: m.ip }), 6026);
  return { ...m, uuid };
}

/** The spec's form: V2 sealed with the client key, the md5 of each plain value beside it. */
async function v2(name: string, codeNum: string, codeId?: string) {
  return {
    sendNameV2: await seal(clientKey, name),
    sendCodeNumV2: await seal(clientKey, codeNum),
    SendName: md5(name),
    SendCodeNum: md5(codeNum),
    ...(codeId ? { codeIdV2: await seal(clientKey, codeId), codeId: md5(codeId) } : {}),
  };
}

const send = (m: { uuid: string; ip: string }, fields: Record<string, unknown>, type = '3', cate = '0') =>
  h.call(`${U}sendCode/one`, { type, cate, version: 1, ...fields }, { uuid: m.uuid, ip: m.ip });

describe('sendCode/one: encrypted V2 fields with their md5', () => {
  it('type 3: sealed name and middle digits with their md5 send the device code; the login with it succeeds', async () => {
    const m = await challenged();
    const r = ok(await send(m, await v2(m.name, phoneMiddle(m.phone), 'captcha-id-1')));
    expect(r.data.to).toBe(maskPhone(m.phone));
    const sms = (await h.outbox({ to: `+86${m.phone}` }))[0]!;
    ok(await h.call(`${U}login`, loginBody(m.name, m.password, { kaptchcate: 99, sendCodeNum: sms.code }), { uuid: m.uuid, ip: m.ip }));
  });

  it('type 2: the sealed bound phone sends a reset code', async () => {
    const m = await challenged();
    ok(await send(m, await v2(m.name, m.phone), '2'));
    expect((await h.outbox({ to: `+86${m.phone}` }))[0]!.text).toContain('验证码');
  });

  it('the md5 must be that of the sealed value: a mismatch → 6008 and nothing is sent', async () => {
    const m = await challenged();
    const good = await v2(m.name, phoneMiddle(m.phone), 'captcha-id-2');
    const sent = (await h.outbox({ to: `+86${m.phone}` })).length;
    expectFail(await send(m, { ...good, SendName: md5(`${m.name}x`) }), 6008, '非法请求');
    expectFail(await send(m, { ...good, SendCodeNum: md5('0000') === good.SendCodeNum ? md5('1111') : md5('0000') }), 6008);
    expectFail(await send(m, { ...good, codeId: md5('other') }), 6008);
    expect((await h.outbox({ to: `+86${m.phone}` })).length).toBe(sent);
  });

  it('a value sealed with another key, a damaged one, or a V2 field alone → 6008', async () => {
    const m = await challenged();
    const middle = phoneMiddle(m.phone);
    const good = await v2(m.name, middle);
    expectFail(await send(m, { ...good, sendNameV2: await seal('another-key', m.name) }), 6008);
    expectFail(await send(m, { ...good, sendCodeNumV2: `${good.sendCodeNumV2.slice(0, -2)}AA` }), 6008);
    expectFail(await send(m, { sendNameV2: good.sendNameV2, SendName: good.SendName, SendCodeNum: middle }), 6008);
  });

  it('right seal and md5 but wrong middle digits → 6007 手机号错误 (the usual rule after decoding)', async () => {
    const m = await challenged();
    const right = phoneMiddle(m.phone);
    expectFail(await send(m, await v2(m.name, right === '0000' ? '1111' : '0000')), 6007, '手机号错误');
  });
});
