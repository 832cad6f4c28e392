/**
 * Fuzz suite: every endpoint of the contract, with a valid member token and
 * without, gets malformed and hostile bodies, content types and headers. Every answer must be the
 * envelope `{status_code, data, message}` with a catalogue code, never a 5xx, and nothing may be written
 * to the database. Plus the platform's own paths: unknown path, GET on the API, a crash, the safe-switch
 * codec, the timestamp-and-ip token, the request id and the per-IP budget.
 *
 * Deterministic: fast-check runs with a fixed seed and a bounded number of values.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, HEADERS, LIMITS, StatusCode, seal, sealPath, type Endpoint } from '@portal/contract';
import { md5 } from '../test/harness.ts';

import {
  SEED,
  FC_RUNS_PER_FIELD,
  FC_RUNS_PER_BODY,
  CONCURRENCY,
  h,
  token,
  clientKey,
  useFuzzHarness,
  raw,
  isCaptchaEndpoint,
  snapshot,
  type RawOptions,
} from './fuzzKit.ts';

useFuzzHarness();
// ---------------------------------------------------------------------------------------------------
// Bodies.

const pw = (s: string) => md5(`fuzz-${s}-Zq8`);
/**
 * A plausible body per endpoint that still fails on business grounds (unknown account, wrong captcha,
 * mismatched repeat, nothing bound...), so a field fuzzed into something schema-valid cannot write.
 * Endpoints not listed (added later) are fuzzed from `{}`.
 */
const BASE: Record<string, Record<string, unknown>> = {
  '/site/api/v1/configuration/preInfo': {},
  '/site/api/v1/site/countryArea/queryCountryArea': { area: '86' },
  '/site/api/v1/user/login': {
    isAgent: 0,
    name: 'nobodyfz1',
    password: pw('a'),
    version: '1.0',
    kaptchcate: 0,
    codeId: 'nope',
    code: '0000',
  },
  '/site/api/v1/user/register': {
    name: 'fuzzer01',
    password: pw('a'),
    secondPassword: pw('a'),
    kaptchcate: 1,
    codeId: 'nope',
    code: '0000',
    domain: 'http://localhost/',
    rCode: '',
    iCode: '',
  },
  '/site/api/v1/user/logout': {},
  '/site/api/v1/user/member/info': { isPop: 0 },
  '/site/api/v1/user/member/loginHistory': { pageNum: 1, pageSize: 10 },
  '/site/api/v1/user/member/jwt': {},
  '/site/api/v1/user/register/defaultKaptcha': { ktype: 1 },
  '/site/api/v1/user/member/geeChallenge': { ktype: 4 },
  '/site/api/v1/user/member/validateGeeCheck': {
    lot_number: 'nope',
    captcha_output: 'eA',
    pass_token: 'x',
    gen_time: '1',
    validate_way: 0,
  },
  '/site/api/v1/user/sendCode/one': { type: '2', cate: '0', SendName: 'nobodyfz1', SendCodeNum: '13800138000', version: 1 },
  '/site/api/v1/user/sendCode/two': { type: '4', cate: '0', phone: 'abc', areaCode: '+86', version: 1 },
  '/site/api/v1/user/bindPhone': { phone: '13800138000', areaCode: '+86', code: '000000' },
  '/site/api/v1/user/bindEmail': { email: 'fz@example.com', code: '000000' },
  '/site/api/v1/user/member/bindOther': { realName: 'x1' },
  '/site/api/v1/user/bindPassword': { oldPassword: pw('old'), password: pw('a'), secondPassword: pw('b') },
  '/site/api/v1/user/bindPasswordByPhone': { code: '000000', password: pw('a'), secondPassword: pw('b') },
  '/site/api/v1/user/bindPasswordByEmail': { code: '000000', password: pw('a'), secondPassword: pw('b') },
  '/site/api/v1/user/withdrawal/pwd/set': { password: pw('a'), secondPassword: pw('b') },
  '/site/api/v1/user/withdrawal/pwd/reset': { oldPassword: pw('old'), password: pw('a'), secondPassword: pw('b') },
  '/site/api/v1/user/withdrawal/pwd/emailCheck': { code: '000000' },
  '/site/api/v1/user/forgetByPhone/one': {
    name: 'nobodyfz1',
    phone: '13800138000',
    areaCode: '+86',
    cate: '0',
    kaptchcate: 1,
    codeId: 'nope',
    code: '0000',
  },
  '/site/api/v1/user/forgetByPhone/two': { name: 'nobodyfz1', phone: '13800138000', areaCode: '+86', code: '000000' },
  '/site/api/v1/user/forgetByPhone/three': {
    name: 'nobodyfz1',
    phone: '13800138000',
    areaCode: '+86',
    password: pw('a'),
    secondPassword: pw('b'),
  },
  '/site/api/v1/user/forgetByEmail/one': { name: 'nobodyfz1', email: 'fz@example.com', kaptchcate: 1, codeId: 'nope', code: '0000' },
  '/site/api/v1/user/forgetByEmail/two': { name: 'nobodyfz1', email: 'fz@example.com', code: '000000' },
  '/site/api/v1/user/forgetByEmail/three': { name: 'nobodyfz1', email: 'fz@example.com', password: pw('a'), secondPassword: pw('b') },
  // Any text a member sends is a message: the base keeps an invalid visitor key, so a fuzzed body alone never passes.
  '/site/api/v1/support/send': { visitorKey: 'not-a-key' },
};

/** Endpoints that end the session they are called with get a member of their own. */
const endsSession = (ep: Endpoint) => ep.path.endsWith('/logout');
const fieldsOf = (ep: Endpoint): string[] => (ep.request instanceof z.ZodObject ? Object.keys(ep.request.shape) : []);

/** Strings every field gets: huge, NUL bytes, emoji, bidi marks, a lone surrogate, SQL injection, empty. */
const HOSTILE_STRINGS = [
  'x'.repeat(10_000),
  'a\u0000b',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '\u202Eevil\u202C\u200F',
  '\uD800',
  "' OR 1=1 --",
  "x'; DROP TABLE members; --",
  '',
];
/** More hostile strings, a few per field in turn (bounded run time). */
const MORE_HOSTILE_STRINGS = [
  '\u0000',
  '\u200F\u200E\u061C',
  '\uFEFF',
  '" OR ""="',
  '1); SELECT pg_sleep(5); --',
  "admin'--",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${jndi:ldap://x/a}',
  '%00%27',
  '\r\nSet-Cookie: a=b',
  ' ',
  '0',
  '-1',
  '1e309',
  'null',
  'true',
  '[]',
  '{}',
];
const hostileFor = (fieldIndex: number, epIndex: number) => [
  ...HOSTILE_STRINGS,
  ...[0, 1, 2, 3].map((k) => MORE_HOSTILE_STRINGS[(epIndex * 7 + fieldIndex * 4 + k) % MORE_HOSTILE_STRINGS.length]!),
];

/** Run `fn` over `items` with at most `n` in flight, in order of start. */
async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Values of any JSON-able shape, including objects with null prototypes and odd keys. */
const anything = fc.anything({ maxDepth: 3, maxKeys: 4, withNullPrototype: true, withObjectString: true, stringUnit: 'binary' });
const sample = <T>(arb: fc.Arbitrary<T>, n: number, salt: number): T[] => fc.sample(arb, { seed: SEED + salt, numRuns: n });

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

interface Case {
  label: string;
  payload: string;
  contentType?: string | null;
  /** Answers that must carry this code (and HTTP status when given). */
  code?: number;
  http?: number;
}

function bodyCases(ep: Endpoint, epIndex: number): Case[] {
  const base = BASE[ep.path] ?? {};
  const baseJson = JSON.stringify(base);
  const first = fieldsOf(ep)[0] ?? 'a';
  const J = (v: unknown) => JSON.stringify(v);
  const bad = StatusCode.INVALID_PARAMETER;
  const cases: Case[] = [
    // Not JSON, or not finished.
    ...[
      '{',
      '}',
      '{"a":',
      '{"a":1',
      '{"a":1,}',
      "{'a':1}",
      '{a:1}',
      'not json',
      '}{',
      '{"a":1}garbage',
      '{}{}',
      'undefined',
      'NaN',
      '{"a":NaN}',
      '{"a":Infinity}',
      '{"a":0x10}',
      '{"a":01}',
      '\u0000',
      '"\\ud800"x',
      '{"a":"\\x41"}',
      '[1,2',
      '"unterminated',
      '\uFEFF\uFEFF{}',
    ].map((p) => ({ label: `invalid json ${J(p.slice(0, 20))}`, payload: p, code: bad, http: 400 })),
    // A byte-order mark before JSON is tolerated (RFC 8259 §8.1 allows ignoring it); still only the envelope.
    { label: 'bom + base', payload: `\uFEFF${baseJson}` },
    ...[1, 2, 5, Math.floor(baseJson.length / 2), baseJson.length - 1]
      .filter((n) => n > 0 && n < baseJson.length)
      .map((n) => ({ label: `truncated at ${n}`, payload: baseJson.slice(0, n), code: bad, http: 400 })),
    // JSON, but not an object.
    ...['[]', '[{}]', J([base]), '"string"', J(baseJson), '123', '-0', '1e400', 'true', 'false', 'null', ' null '].map((p) => ({
      label: `non-object body ${p.slice(0, 20)}`,
      payload: p,
      code: bad,
      http: 400,
    })),
    // Deep nesting (still under the size limit), alone and inside a known field.
    { label: 'deep array', payload: deepArray(20_000), code: bad, http: 400 },
    { label: 'deep object', payload: deepObject(10_000), code: bad, http: 400 },
    { label: 'deep field', payload: `{${J(first)}:${deepObject(5_000)}}`, code: bad, http: 400 },
    // Prototype pollution.
    ...[
      '{"__proto__":{"polluted":true}}',
      '{"\\u005f_proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      `{${J(first)}:{"__proto__":{"polluted":true}}}`,
      `{${J(first)}:[{"constructor":{"prototype":{"polluted":true}}}]}`,
      `${baseJson.slice(0, -1)}${baseJson.length > 2 ? ',' : ''}"__proto__":{"isAdmin":true}}`,
      '{"__proto__":null}',
      '{"prototype":{"polluted":true}}',
    ].map((p) => ({ label: `pollution ${p.slice(0, 40)}`, payload: p, code: bad, http: 400 })),
    // Unknown fields next to a plausible body.
    ...[{ evil: 1 }, { isAdmin: true }, { $where: '1==1' }, { status_code: 6000 }, { '': '' }, { [first.toUpperCase() + '_']: 1 }].map(
      (extra) => ({ label: `unknown field ${J(extra)}`, payload: J({ ...base, ...extra }), code: bad, http: 400 }),
    ),
    // Over the body limit (64 KiB, or the endpoint's own: the image upload).
    { label: 'body over limit', payload: J({ ...base, pad: 'x'.repeat(ep.bodyLimit ?? LIMITS.BODY_LIMIT_BYTES) }), code: bad, http: 413 },
    { label: 'body over limit (not json)', payload: 'x'.repeat((ep.bodyLimit ?? LIMITS.BODY_LIMIT_BYTES) + 1), code: bad, http: 413 },
    // Wrong content types.
    { label: 'text/plain', payload: baseJson, contentType: 'text/plain', code: bad },
    { label: 'form-urlencoded', payload: 'name=a&password=b', contentType: 'application/x-www-form-urlencoded', code: bad },
    {
      label: 'multipart',
      payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n',
      contentType: 'multipart/form-data; boundary=xyz',
      code: bad,
    },
    { label: 'no content type', payload: baseJson, contentType: null, code: bad },
    { label: 'xml', payload: '<a>1</a>', contentType: 'application/xml', code: bad },
    { label: 'json-like type', payload: baseJson, contentType: 'application/jsonx' },
    { label: 'json with odd charset', payload: baseJson, contentType: 'application/json; charset=utf-7' },
  ];
  // Whole bodies of any shape.
  for (const v of sample(anything, FC_RUNS_PER_BODY, epIndex * 1000)) {
    cases.push({ label: `anything body ${J(v)?.slice(0, 60)}`, payload: J(v) ?? 'null' });
  }
  for (const v of sample(
    fc.dictionary(fc.string({ unit: 'binary', maxLength: 12 }), anything, { maxKeys: 4 }),
    FC_RUNS_PER_BODY,
    epIndex * 1000 + 1,
  )) {
    cases.push({ label: `anything object ${J(v).slice(0, 60)}`, payload: J(v) });
  }
  // Each known field replaced by hostile strings and by values of any type.
  fieldsOf(ep).forEach((field, fi) => {
    for (const s of hostileFor(fi, epIndex))
      cases.push({ label: `${field} = hostile ${J(s.slice(0, 30))}`, payload: J({ ...base, [field]: s }) });
    for (const v of sample(anything, FC_RUNS_PER_FIELD, epIndex * 1000 + 10 + fi)) {
      cases.push({ label: `${field} = ${J(v)?.slice(0, 60)}`, payload: J({ ...base, [field]: v }) });
    }
  });
  // An endpoint that ends the session must not succeed here (its member would be gone for the rest).
  if (endsSession(ep)) return cases.filter((c) => !schemaValid(ep, c.payload));
  // A random body that happens to be a valid request (e.g. {minutes: null}: turn the reality check off) is no hostile
  // input: it may rightly write. The random samples depend on the endpoint's index, so any new endpoint reshuffles them.
  return cases.filter((c) => !(c.label.startsWith('anything') || / = (?!hostile)/.test(c.label)) || !schemaValid(ep, c.payload));
}

function schemaValid(ep: Endpoint, payload: string): boolean {
  try {
    return ep.request.safeParse(JSON.parse(payload.replace(/^\uFEFF/, ''))).success;
  } catch {
    return false;
  }
}

function headerCases(ep: Endpoint): Array<{ label: string; o: RawOptions; code?: number }> {
  const ill = StatusCode.ILLEGAL_PARAMETER;
  const tsChecked = !ep.noTsToken;
  return [
    {
      label: 'oversized token',
      o: { headers: { [HEADERS.TOKEN]: 'A'.repeat(8_000) } },
      ...(ep.auth === 'member' ? { code: StatusCode.LOGIN_EXPIRED } : {}),
    },
    { label: 'token with SQL injection', o: { headers: { [HEADERS.TOKEN]: "' OR 1=1 --" + 'x'.repeat(20) } } },
    { label: 'garbage ts token', o: { headers: { [HEADERS.TS_TOKEN]: 'garbage' } }, ...(tsChecked ? { code: ill } : {}) },
    { label: 'oversized ts token', o: { headers: { [HEADERS.TS_TOKEN]: 'A'.repeat(5_000) } }, ...(tsChecked ? { code: ill } : {}) },
    {
      label: 'random ts token',
      o: { headers: { [HEADERS.TS_TOKEN]: randomBytes(60).toString('base64url') } },
      ...(tsChecked ? { code: ill } : {}),
    },
    { label: 'ts token of another site', o: { headers: { [HEADERS.SITE_ID]: '7001' } }, ...(tsChecked ? { code: ill } : {}) },
    ...['99999', 'abc', '-1', '7000 OR 1=1', '7000.0', '0x1b58', ' 7000', '1'.repeat(30)].map((v) => ({
      label: `unknown site ${v}`,
      o: { headers: { [HEADERS.SITE_ID]: v } },
      code: ill,
    })),
    ...['curl', 'WEB', '<script>', 'x'.repeat(2_000)].map((v) => ({
      label: `bad client ${v.slice(0, 10)}`,
      o: { headers: { [HEADERS.CLIENT]: v } },
      code: ill,
    })),
    { label: 'empty client', o: { headers: { [HEADERS.CLIENT]: '' } }, code: ill },
    { label: 'long version', o: { headers: { [HEADERS.VERSION]: 'v'.repeat(100) } }, code: ill },
    ...(tsChecked
      ? ['', 'short', 'x'.repeat(100), '../../etc'].map((v) => ({
          label: `bad uuid ${v.slice(0, 10)}`,
          o: { headers: { [HEADERS.UUID]: v } },
          code: ill,
        }))
      : []),
    { label: 'odd language', o: { headers: { [HEADERS.LANG]: 'xx-YY;q=evil', 'accept-language': '*'.repeat(500) } } },
    { label: 'odd request id', o: { headers: { [HEADERS.REQUEST_ID]: 'a b<c>'.repeat(50) } } },
    { label: 'odd host', o: { headers: { [HEADERS.SITE_ID]: undefined, host: 'evil.example:99999' } } },
  ];
}

// ---------------------------------------------------------------------------------------------------

const protoKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
const protoBefore = protoKeys();

const memberTokenFor = async (ep: Endpoint) => (endsSession(ep) ? (await h.member()).token : token);

// GET endpoints take no body: their hostile inputs are query strings and headers (below).
describe('GET endpoints', () => {
  it('answer the envelope for hostile query strings and headers, and never a 5xx', async () => {
    const gets = ALL_ENDPOINTS.filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    for (const ep of gets) {
      for (const q of ['', '?a=1', "?x=' OR 1=1 --", '?__proto__[x]=1', `?${'a'.repeat(5000)}=1`]) {
        const anon = await raw(ep.path + q, { method: 'GET', payload: undefined, contentType: null });
        expect(anon.env.status_code, ep.path + q).toBe(StatusCode.LOGIN_EXPIRED);
      }
      const bad = await raw(ep.path, { method: 'GET', payload: undefined, contentType: null, headers: { [HEADERS.TS_TOKEN]: 'garbage' } });
      expect(bad.env.status_code).toBe(StatusCode.ILLEGAL_PARAMETER);
      const posted = await raw(ep.path, {});
      expect(posted.env.status_code).toBe(StatusCode.NOT_FOUND);
    }
  });
});

describe.each(ALL_ENDPOINTS.filter((e) => e.method === 'POST').map((ep, i) => [ep.path, ep, i] as const))(
  'fuzz %s',
  (_path, ep, epIndex) => {
    for (const who of ['member', 'anonymous'] as const) {
      it(`${who}: hostile bodies, content types and headers answer the envelope and write nothing`, async () => {
        const memberToken = who === 'member' ? await memberTokenFor(ep) : null;
        const tok = () => memberToken;
        const before = await snapshot();
        await pool(bodyCases(ep, epIndex), CONCURRENCY, async (c) => {
          const r = await raw(ep.path, { payload: c.payload, contentType: c.contentType, token: tok(), label: `(${who}) ${c.label}` });
          const label = `${ep.path} (${who}) ${c.label} → ${JSON.stringify(r.env).slice(0, 200)}`;
          // A member endpoint without a token answers 6001 before looking at the body.
          const authFirst = who === 'anonymous' && ep.auth === 'member' && c.http !== 413 && c.contentType === undefined;
          if (c.code !== undefined && !authFirst) expect(r.env.status_code, label).toBe(c.code);
          if (c.http !== undefined && !authFirst) expect(r.http, label).toBe(c.http);
          if (authFirst) expect([StatusCode.LOGIN_EXPIRED, StatusCode.INVALID_PARAMETER], label).toContain(r.env.status_code);
        });
        await pool(headerCases(ep), CONCURRENCY, async (c) => {
          // An endpoint that ends the session gets a body it refuses, so the header cases that pass cannot log out.
          const payload = JSON.stringify(endsSession(ep) ? { notAField: 1 } : (BASE[ep.path] ?? {}));
          const r = await raw(ep.path, { payload, token: tok(), label: `(${who}) ${c.label}`, ...c.o });
          if (c.code !== undefined) expect(r.env.status_code, `${ep.path} (${who}) ${c.label}`).toBe(c.code);
        });
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(protoKeys()).toEqual(protoBefore);
        if (!isCaptchaEndpoint(ep)) expect(await snapshot(), `${ep.path} (${who}) wrote rows`).toEqual(before);
        // The member's session survived everything thrown at it.
        if (memberToken)
          expect((await raw('/site/api/v1/user/member/info', { token: memberToken })).env.status_code).toBe(StatusCode.SUCCESS);
      });
    }

    it('through the safe-switch codec: hostile outer and sealed bodies answer the envelope and write nothing', async () => {
      const memberToken = await memberTokenFor(ep);
      const before = await snapshot();
      const url = await sealPath(clientKey, ep.path);
      const base = BASE[ep.path] ?? {};
      const sealed = async (plain: string) => JSON.stringify({ d: await seal(clientKey, plain) });
      const outer = [
        '[]',
        '5',
        'null',
        'true',
        '"d"',
        '{"d":5}',
        '{"d":null}',
        '{"d":["x"]}',
        '{"d":{"x":1}}',
        `{"d":"x","e":1}`,
        '{"__proto__":{"d":"x"}}',
        '{"constructor":{"prototype":{"d":"x"}}}',
        '{"d":',
        deepArray(5_000),
      ];
      const inner = [
        'null',
        '[]',
        '5',
        '"x"',
        '{',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        deepObject(3_000),
        JSON.stringify({ ...base, evil: 1 }),
        JSON.stringify(base).slice(0, -1),
        ...sample(anything, 6, epIndex * 1000 + 500)
          .map((v) => JSON.stringify(v) ?? 'null')
          .filter((j) => j !== '{}'),
      ];
      for (const who of [memberToken, null]) {
        await pool(outer, CONCURRENCY, async (payload) => {
          const r = await raw(url, { token: who, payload, label: `sealed outer ${payload.slice(0, 40)}` });
          expect(r.env.status_code, `${ep.path} sealed outer ${payload.slice(0, 40)}`).toBe(StatusCode.INVALID_PARAMETER);
        });
        await pool(inner, CONCURRENCY, async (plain) => {
          const r = await raw(url, { token: who, payload: await sealed(plain), label: `sealed inner ${plain.slice(0, 60)}` });
          const label = `${ep.path} sealed inner ${plain.slice(0, 60)} → ${JSON.stringify(r.env).slice(0, 200)}`;
          expect(r.env.status_code, label).not.toBe(StatusCode.SUCCESS);
        });
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      if (!isCaptchaEndpoint(ep)) expect(await snapshot(), `${ep.path} (sealed) wrote rows`).toEqual(before);
      expect((await raw('/site/api/v1/user/member/info', { token: memberToken })).env.status_code).toBe(StatusCode.SUCCESS);
    });
  },
);
