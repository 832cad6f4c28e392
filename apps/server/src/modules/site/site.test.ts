import { COUNTRY_AREAS, HEADERS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { expectFail, loginBody, nextIp, ok, U } from '../../test/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const PRE = '/site/api/v1/configuration/preInfo';
const AREAS = '/site/api/v1/site/countryArea/queryCountryArea';

describe('preInfo', () => {
  it("answers the ip the server sees and the brand's base config, without a timestamp token", async () => {
    const ip = nextIp();
    const r = ok(await h.call(PRE, {}, { ip, noTs: true, headers: { host: 'jadebay.example' } }));
    expect(r.data.ip).toBe(ip);
    const c = r.data.siteBaseConfig;
    expect(c).toMatchObject({
      siteCode: 7000,
      title: '翡翠湾体育',
      // No configured address: the address the player came to (never this machine's).
      h5DomainUrl: 'http://jadebay.example',
      theme: { mode: 'light', primaryColor: expect.any(String), logoText: expect.any(String) },
      loginCaptcha: 'always',
      registerOpen: true,
      safeSwitch: false,
      clientKey: expect.any(String),
      customerServiceUrl: expect.any(String),
    });
    expect(Object.keys(c.flags).sort()).toEqual([
      'birthdayDescription',
      'defaultLanguage',
      'deposit',
      'foreverSite',
      'helpCk',
      'hideAgent',
      'hideNavIcon',
      'hideRealNumber',
      'innerGame',
      'modeSwitch',
      'openInNewWindow',
      'register',
      'showSponsor',
      'skipSport',
      'vipNoSave',
    ]);
    expect(c.flags.defaultLanguage).toBe('zh-CN');
    // Nothing secret: no server-side keys, peppers or database details.
    const text = JSON.stringify(r.data);
    for (const secret of [h.config.passwordPepper, h.config.codePepper, h.config.jwtSecret]) expect(text).not.toContain(secret);
  });

  it('a configured brand address wins over the request’s; a Host that is not a plain host gives no address', async () => {
    await h.s.handle.db.updateTable('sites').set({ h5_domain_url: 'https://m.jadebay.example' }).where('site_code', '=', 7000).execute();
    await h.s.sites.load();
    try {
      expect(ok(await h.call(PRE, {}, { noTs: true, headers: { host: 'other.example' } })).data.siteBaseConfig.h5DomainUrl).toBe(
        'https://m.jadebay.example',
      );
    } finally {
      await h.s.handle.db.updateTable('sites').set({ h5_domain_url: '' }).where('site_code', '=', 7000).execute();
      await h.s.sites.load();
    }
    expect(ok(await h.call(PRE, {}, { noTs: true, headers: { host: 'a"b<c>' } })).data.siteBaseConfig.h5DomainUrl).toBe('');
  });

  it('site id 7001 selects the second brand: its own title, theme, flags and key', async () => {
    const a = ok(await h.call(PRE, {}, { noTs: true })).data.siteBaseConfig;
    const b = ok(await h.call(PRE, {}, { site: 7001, noTs: true, headers: { host: 'bluewhale.example:8443' } })).data.siteBaseConfig;
    expect(b).toMatchObject({
      siteCode: 7001,
      // Its default language is zh-TW: the name comes in its Traditional form (http/zhTW.ts).
      title: '藍鯨娛樂',
      h5DomainUrl: 'http://bluewhale.example:8443',
      theme: { mode: 'dark' },
      loginCaptcha: 'risk',
      safeSwitch: true,
    });
    expect(b.flags.defaultLanguage).toBe('zh-TW');
    expect(b.clientKey).not.toBe(a.clientKey);
  });

  it('without a site id the Host picks the brand; an unknown host gets the default 7000; the header wins over the host', async () => {
    const byHost = async (host: string, site: number | null = null) =>
      ok(await h.call(PRE, {}, { site, noTs: true, headers: { host } })).data.siteBaseConfig.siteCode;
    expect(await byHost('bluewhale.localhost')).toBe(7001);
    expect(await byHost('BlueWhale.localhost:8080')).toBe(7001);
    expect(await byHost('localhost:8080')).toBe(7000);
    expect(await byHost('unknown.example')).toBe(7000);
    expect(await byHost('bluewhale.localhost', 7000)).toBe(7000);
  });

  it.each(['9999', 'abc', '-1', '7000.5', '1'.repeat(12)])('an unknown site id %j → 6008 站点不存在', async (site) => {
    expectFail(await h.call(PRE, {}, { site, noTs: true }), 6008, '站点不存在');
  });

  it('refuses a body with unknown fields (6007)', async () => {
    expectFail(await h.call(PRE, { x: 1 }, { noTs: true }), 6007);
  });
});

describe('country areas (queryCountryArea)', () => {
  it('answers at least 30 areas, +86 first, each with a working regex and a unique code', async () => {
    const r = ok(await h.call(AREAS, {}));
    const list = r.data as Array<{ areaName: string; areaCode: string; regex: string }>;
    expect(list.length).toBeGreaterThanOrEqual(30);
    expect(list[0]).toEqual({ areaName: '中国', areaCode: '+86', regex: expect.any(String) });
    expect(new Set(list.map((a) => a.areaCode)).size).toBe(list.length);
    for (const a of list) {
      expect(Object.keys(a).sort()).toEqual(['areaCode', 'areaName', 'regex']);
      expect(a.areaCode).toMatch(/^\+\d{1,4}$/);
      expect(() => new RegExp(a.regex)).not.toThrow();
    }
    const cn = new RegExp(list[0]!.regex);
    expect(cn.test('13800138000')).toBe(true);
    expect(cn.test('+8613800138000')).toBe(true);
    expect(cn.test('23800138000')).toBe(false);
    expect(list).toEqual(COUNTRY_AREAS.map(({ areaName, areaCode, regex }) => ({ areaName, areaCode, regex })));
  });

  it('filters by name or code', async () => {
    const hk = ok(await h.call(AREAS, { area: '香港' })).data;
    expect(hk.map((a: { areaCode: string }) => a.areaCode)).toEqual(['+852']);
    const us = ok(await h.call(AREAS, { area: '+1' })).data;
    expect(us.some((a: { areaCode: string }) => a.areaCode === '+1')).toBe(true);
    expect(ok(await h.call(AREAS, { area: '不存在的地区' })).data).toEqual([]);
    expect(ok(await h.call(AREAS, { area: '  ' })).data.length).toBe(COUNTRY_AREAS.length);
  });

  it('needs the timestamp token like every other call → 6008 缺少时间戳请求头', async () => {
    expectFail(await h.call(AREAS, {}, { noTs: true }), 6008, '缺少时间戳请求头');
  });
});

describe('brand language', () => {
  it('messages follow the brand default (7001 zh-TW) unless the client asks for another', async () => {
    const body = { ...loginBody('someone1', 'Abc12345xy'), kaptchcate: 0 };
    expectFail(await h.call(`${U}login`, body, { site: 7001, ip: nextIp() }), 6002, '用戶名或密碼錯誤');
    expectFail(await h.call(`${U}login`, body, { ip: nextIp() }), 6021, '请输入图形验证码');
    expectFail(await h.call(`${U}login`, body, { ip: nextIp(), headers: { [HEADERS.LANG]: 'zh-TW' } }), 6021, '請輸入圖形驗證碼');
    expectFail(
      await h.call(`${U}login`, body, { ip: nextIp(), headers: { 'accept-language': 'zh-HK,zh;q=0.9' } }),
      6021,
      '請輸入圖形驗證碼',
    );
    expectFail(
      await h.call(`${U}login`, { ...body, kaptchcate: 99 }, { site: 7001, ip: nextIp(), headers: { [HEADERS.LANG]: 'zh-CN' } }),
      6021,
      '请输入图形验证码',
    );
  });
});
