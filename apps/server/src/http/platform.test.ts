/**
 * The platform's own answers: unknown paths, GET on the API, a crash, router errors,
 * the safe-switch codec, the timestamp-and-ip token, the request id and the per-IP budget — all the envelope.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, HEADERS, LIMITS, StatusCode, makeTsToken, open, seal, sealPath } from '@portal/contract';
import { envelopeFrameworkErrors } from './envelopeHooks.ts';
import { withSiteFlags } from '../test/flows.ts';

import {
  h,
  token,
  clientKey,
  useFuzzHarness,
  BAD_URLS,
  nextIp,
  raw,
  parseEnvelope,
  TABLES,
  liveTables,
  snapshot,
  type RawOptions,
  type Answer,
} from './fuzzKit.ts';

useFuzzHarness();
describe('platform answers', () => {
  it('every table of schema.ts is counted, and a real write shows in the counts', async () => {
    const live = await liveTables();
    for (const t of TABLES) expect(live).toContain(t);
    const before = await snapshot();
    await h.member();
    const after = await snapshot();
    expect(after.members).toBe(before.members! + 1);
    expect(after.sessions).toBe(before.sessions! + 1);
  });

  it('unknown paths answer 6004 with HTTP 404', async () => {
    for (const url of [
      '/site/api/v1/nope',
      '/site/api/v1/user/member/info/extra',
      '/fd/x',
      '/game/api/v1/a',
      '/s/',
      '/site/api/v1/user/../../../etc/passwd',
      '/site/api/v1/%00',
      '/site/api/v1/user/LOGIN',
    ]) {
      const r = await raw(url, { token });
      expect(r.http, url).toBe(404);
      expect(r.env.status_code, url).toBe(StatusCode.NOT_FOUND);
    }
  });

  it("an over-long sealed path is a 6004 envelope, not the router's 414", async () => {
    for (const url of ['/s/' + 'A'.repeat(3_000), '/s/' + 'A'.repeat(101), '/s/a/b/c', '/s/' + 'A'.repeat(101) + '/x']) {
      const r = await raw(url, { token });
      expect(r.http, url).toBe(404);
      expect(r.env.status_code, url).toBe(StatusCode.NOT_FOUND);
    }
  });

  it('envelopeFrameworkErrors answers broken url escapes with the envelope', async () => {
    const app = Fastify({ logger: false, frameworkErrors: envelopeFrameworkErrors, routerOptions: { maxParamLength: 10 } });
    app.post('/p/:x', async () => ({ ok: true }));
    await app.ready();
    try {
      for (const url of BAD_URLS) {
        const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
        const env = parseEnvelope(res, url);
        expect(res.statusCode, url).toBe(400);
        expect(env.status_code).toBe(StatusCode.INVALID_PARAMETER);
        expect(res.headers[HEADERS.REQUEST_ID]).toBeTruthy();
      }
      const long = await app.inject({ method: 'POST', url: '/p/' + 'x'.repeat(50), payload: '{}' });
      expect(parseEnvelope(long, 'long param').status_code).toBe(StatusCode.NOT_FOUND);
      expect(long.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  // Routing errors happen before any hook can run: app.ts passes `frameworkErrors: envelopeFrameworkErrors`.
  it('the real app answers broken url escapes with the envelope (app.ts frameworkErrors wiring)', async () => {
    for (const url of BAD_URLS) {
      const res = await h.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(parseEnvelope(res, url).status_code).toBe(StatusCode.INVALID_PARAMETER);
    }
  });

  it('GET (and other methods) on an API path answer the envelope', async () => {
    for (const ep of ALL_ENDPOINTS.slice(0, 5)) {
      const r = await raw(ep.path, { method: 'GET', payload: undefined, token });
      expect(r.env.status_code).toBe(StatusCode.NOT_FOUND);
    }
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      const res = await h.app.inject({
        method,
        url: '/site/api/v1/user/member/info',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      parseEnvelope(res, `${method} member/info`);
    }
  });

  it('a crash answers HTTP 500 with 6005 and hides the exception', async () => {
    const profile = h.s.profile;
    const original = profile.info;
    profile.info = async () => {
      throw new Error('kaboom: secret stack detail /etc/shadow');
    };
    try {
      const r = await raw('/site/api/v1/user/member/info', { token, allow5xx: true });
      expect(r.http).toBe(500);
      expect(Object.keys(JSON.parse(r.res.payload)).sort()).toEqual(['data', 'message', 'status_code']);
      expect(r.env.status_code).toBe(StatusCode.SERVER_ERROR);
      expect(r.env.data).toBeNull();
      expect(r.env.message.length).toBeGreaterThan(0);
      expect(r.res.payload).not.toMatch(/kaboom|secret|shadow|stack/);
      // Rejections with something that is not an Error are crashes too.
      profile.info = () => Promise.reject('kaboom string');
      const r2 = await raw('/site/api/v1/user/member/info', { token, allow5xx: true });
      expect(r2.http).toBe(500);
      expect(r2.env.status_code).toBe(StatusCode.SERVER_ERROR);
      expect(r2.res.payload).not.toContain('kaboom');
    } finally {
      profile.info = original;
    }
    expect((await raw('/site/api/v1/user/member/info', { token })).env.status_code).toBe(StatusCode.SUCCESS);
  });

  it('the per-IP budget answers 6011 with HTTP 429 in the envelope', async () => {
    const ip = nextIp();
    let last: Answer | undefined;
    for (let i = 0; i <= LIMITS.API_PER_IP_PER_MIN; i++) last = await raw('/site/api/v1/configuration/preInfo', { ip, noTs: true });
    expect(last!.http).toBe(429);
    expect(last!.env.status_code).toBe(StatusCode.FREQUENT_SUBMISSION);
  });

  it('the budget is each brand’s own (site flag apiPerIpPerMin): one brand’s raised budget, another’s default', async () => {
    await withSiteFlags(h, 7001, { apiPerIpPerMin: LIMITS.API_PER_IP_PER_MIN + 100 }, async () => {
      const ip = nextIp();
      const at = (siteId: string) => raw('/site/api/v1/configuration/preInfo', { ip, noTs: true, headers: { [HEADERS.SITE_ID]: siteId } });
      // The default brand's budget runs out at LIMITS.API_PER_IP_PER_MIN …
      let last: Answer | undefined;
      for (let i = 0; i <= LIMITS.API_PER_IP_PER_MIN; i++) last = await at('7000');
      expect(last!.http).toBe(429);
      // … while the same address still reaches the brand with the raised budget, up to its own limit.
      for (let i = 0; i < LIMITS.API_PER_IP_PER_MIN + 100; i++) expect((await at('7001')).http, `request ${i + 1}`).toBe(200);
      const over = await at('7001');
      expect(over.http).toBe(429);
      expect(over.env.status_code).toBe(StatusCode.FREQUENT_SUBMISSION);
    });
  });
});

describe('safe-switch codec', () => {
  const safe = async (path: string, body: unknown, o: RawOptions & { sealedPath?: string; d?: unknown } = {}) => {
    const url = o.sealedPath ?? (await sealPath(clientKey, path));
    const payload =
      'd' in o ? JSON.stringify({ d: o.d }) : body === undefined ? '' : JSON.stringify({ d: await seal(clientKey, JSON.stringify(body)) });
    return raw(url, { ...o, payload });
  };

  it('a sealed member/info call answers sealed data that opens to the member', async () => {
    const r = await safe('/site/api/v1/user/member/info', { isPop: 1 }, { token });
    expect(r.env.status_code).toBe(StatusCode.SUCCESS);
    expect(typeof r.env.data).toBe('string');
    const plain = await open(clientKey, r.env.data as string);
    expect(plain).not.toBeNull();
    const info = JSON.parse(plain!);
    const direct = await raw('/site/api/v1/user/member/info', { token, payload: JSON.stringify({ isPop: 1 }) });
    expect(info).toEqual(direct.env.data);
    expect(info.isPop).toBe(true);
  });

  it('a sealed preInfo call answers sealed data with the ip and the site', async () => {
    const ip = nextIp();
    const r = await safe('/site/api/v1/configuration/preInfo', undefined, { ip });
    expect(r.env.status_code).toBe(StatusCode.SUCCESS);
    const data = JSON.parse((await open(clientKey, r.env.data as string))!);
    expect(data.ip).toBe(ip);
    expect(data.siteBaseConfig.siteCode).toBe(7000);
    expect(data.siteBaseConfig.clientKey).toBe(clientKey);
  });

  it('sealed bodies still go through the strict schema', async () => {
    const r = await safe('/site/api/v1/user/member/info', { isPop: 1, evil: true }, { token });
    expect(r.env.status_code).toBe(StatusCode.INVALID_PARAMETER);
    const notJson = await safe('/site/api/v1/user/member/info', undefined, { token, d: await seal(clientKey, '{nope') });
    expect(notJson.env.status_code).toBe(StatusCode.INVALID_PARAMETER);
    const extraKey = await raw(await sealPath(clientKey, '/site/api/v1/user/member/info'), {
      token,
      payload: JSON.stringify({ d: await seal(clientKey, '{}'), e: 1 }),
    });
    expect(extraKey.env.status_code).toBe(StatusCode.INVALID_PARAMETER);
  });

  it('a tampered sealed path answers 6004', async () => {
    const good = await sealPath(clientKey, '/site/api/v1/user/member/info');
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const other = await sealPath(h.s.sites.get(7001)!.clientKey, '/site/api/v1/user/member/info');
    for (const url of [
      flip(good, good.length - 3),
      flip(good, 5),
      good.slice(0, -4),
      '/s/' + 'A'.repeat(3000),
      '/s/!!!',
      other,
      await sealPath(clientKey, '/site/api/v1/nope'),
    ]) {
      const r = await raw(url, { token, payload: JSON.stringify({ d: await seal(clientKey, '{}') }) });
      expect(r.http, url).toBe(404);
      expect(r.env.status_code, url).toBe(StatusCode.NOT_FOUND);
    }
  });

  it('a tampered sealed body answers 6008', async () => {
    const d = await seal(clientKey, JSON.stringify({ isPop: 1 }));
    const tampered = d.slice(0, -2) + (d.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [tampered, 'garbage', '', 'A'.repeat(40), await seal(h.s.sites.get(7001)!.clientKey, '{}')]) {
      const r = await safe('/site/api/v1/user/member/info', undefined, { token, d: bad });
      expect(r.env.status_code, bad).toBe(StatusCode.ILLEGAL_PARAMETER);
    }
    for (const bad of [123, null, { x: 1 }, ['a']]) {
      const r = await safe('/site/api/v1/user/member/info', undefined, { token, d: bad });
      expect(r.env.status_code, JSON.stringify(bad)).toBe(StatusCode.INVALID_PARAMETER);
    }
  });

  it('sealed calls check the timestamp token and the site like plain ones', async () => {
    const noTs = await safe('/site/api/v1/user/member/info', {}, { token, noTs: true });
    expect(noTs.env.status_code).toBe(StatusCode.ILLEGAL_PARAMETER);
    const unknownSite = await safe('/site/api/v1/user/member/info', {}, { token, headers: { [HEADERS.SITE_ID]: '424242' } });
    expect(unknownSite.env.status_code).toBe(StatusCode.ILLEGAL_PARAMETER);
  });
});

describe('timestamp-and-ip token', () => {
  const info = (o: RawOptions) => raw('/site/api/v1/user/member/info', { token, ...o });

  it('missing → 6008 缺少时间戳请求头', async () => {
    const r = await info({ noTs: true });
    expect(r.env.status_code).toBe(StatusCode.ILLEGAL_PARAMETER);
    expect(r.env.message).toBe('缺少时间戳请求头');
    const empty = await info({ noTs: true, headers: { [HEADERS.TS_TOKEN]: '' } });
    expect(empty.env.status_code).toBe(StatusCode.ILLEGAL_PARAMETER);
  });

  it('older than 5 minutes (or as far in the future) → 6008 非法请求', async () => {
    const window = LIMITS.TS_TOKEN_WINDOW_S * 1000;
    for (const at of [Date.now() - window - 5_000, Date.now() + window + 5_000, 0]) {
      const r = await info({ tsAt: at });
      expect(r.env.status_code).toBe(StatusCode.ILLEGAL_PARAMETER);
      expect(r.env.message).toBe('非法请求');
    }
    expect((await info({ tsAt: Date.now() - window + 10_000 })).env.status_code).toBe(StatusCode.SUCCESS);
  });

  it('bound to the ip: another ip → 6008', async () => {
    const r = await info({ ip: '127.0.0.9', tsIp: '127.0.0.10' });
    expect(r.env.status_code).toBe(StatusCode.ILLEGAL_PARAMETER);
    expect(r.env.message).toBe('非法请求');
    // Not a bare string compare: a token of another site's key is refused too.
    const other = await makeTsToken(h.s.sites.get(7001)!.clientKey, '127.0.0.11');
    expect((await info({ ip: '127.0.0.11', headers: { [HEADERS.TS_TOKEN]: other } })).env.status_code).toBe(StatusCode.ILLEGAL_PARAMETER);
    // Malformed plaintexts under the right key.
    for (const plain of ['', '|127.0.0.12', 'abc|127.0.0.12', `${Date.now()}`, `${Date.now()}.5|127.0.0.12`]) {
      const r2 = await info({ ip: '127.0.0.12', headers: { [HEADERS.TS_TOKEN]: await seal(clientKey, plain) } });
      expect(r2.env.status_code, plain).toBe(StatusCode.ILLEGAL_PARAMETER);
    }
  });
});

describe('request id', () => {
  it('is echoed when well-formed', async () => {
    const id = 'req-1234.abc:XYZ_9';
    const r = await raw('/site/api/v1/configuration/preInfo', { headers: { [HEADERS.REQUEST_ID]: id } });
    expect(r.res.headers[HEADERS.REQUEST_ID]).toBe(id);
    // Also on errors and unknown paths.
    const e = await raw('/site/api/v1/nope', { headers: { [HEADERS.REQUEST_ID]: id } });
    expect(e.res.headers[HEADERS.REQUEST_ID]).toBe(id);
    const bad = await raw('/site/api/v1/configuration/preInfo', { payload: '{', headers: { [HEADERS.REQUEST_ID]: id } });
    expect(bad.res.headers[HEADERS.REQUEST_ID]).toBe(id);
  });

  it('is generated when absent or malformed', async () => {
    const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const a = await raw('/site/api/v1/configuration/preInfo');
    const b = await raw('/site/api/v1/configuration/preInfo');
    expect(a.res.headers[HEADERS.REQUEST_ID]).toMatch(uuidRe);
    expect(b.res.headers[HEADERS.REQUEST_ID]).toMatch(uuidRe);
    expect(a.res.headers[HEADERS.REQUEST_ID]).not.toBe(b.res.headers[HEADERS.REQUEST_ID]);
    const bad = await raw('/site/api/v1/configuration/preInfo', { headers: { [HEADERS.REQUEST_ID]: 'has spaces <and> tags' } });
    expect(bad.res.headers[HEADERS.REQUEST_ID]).toMatch(uuidRe);
    const long = await raw('/site/api/v1/configuration/preInfo', { headers: { [HEADERS.REQUEST_ID]: 'a'.repeat(500) } });
    expect(long.res.headers[HEADERS.REQUEST_ID]).toMatch(uuidRe);
  });
});
