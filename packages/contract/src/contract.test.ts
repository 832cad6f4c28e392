import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALL_ENDPOINTS,
  ALL_STATUS_CODES,
  MESSAGES_ZH_CN,
  MESSAGES_ZH_TW,
  StatusCode,
  TEXT,
  defaultMessage,
  makeTsToken,
  open,
  pickLocale,
  readTsToken,
  seal,
  sealPath,
} from './index.ts';

describe('status catalogue (spec §8)', () => {
  it('has every code of the spec, and beyond it only the product codes of player protection (issue 18: none of the spec fits)', () => {
    const spec = [
      6000, 6001, 6002, 6003, 6004, 6005, 6006, 6007, 6008, 6009, 6010, 6011, 6012, 6013, 6014, 6015, 6016, 6017, 6021, 6022, 6025, 6026,
      6027, 6028, 6029, 6030, 6031, 6032, 6033, 6034, 6035, 6036, 6037, 6038, 6039, 6066, 6099, 6100, 6110, 6111, 6301, 6302, 6303, 6316,
      6317, 6318, 6366, 6399, 6413, 6415, 6449, 6500, 6501, 6502,
    ];
    const protection = [6601, 6602, 6603, 6605];
    expect([...ALL_STATUS_CODES].sort()).toEqual([...spec, ...protection].sort());
  });

  it('zh-CN and zh-TW have a non-empty message for every code, and named texts keep parity', () => {
    for (const c of ALL_STATUS_CODES) {
      expect(MESSAGES_ZH_CN[c]).toBeTruthy();
      expect(MESSAGES_ZH_TW[c]).toBeTruthy();
    }
    for (const t of Object.values(TEXT)) {
      expect(t['zh-CN']).toBeTruthy();
      expect(t['zh-TW']).toBeTruthy();
    }
  });

  it('uses the spec texts', () => {
    expect(defaultMessage(StatusCode.LOGIN_EXPIRED)).toBe('请重新登录');
    expect(defaultMessage(StatusCode.UID_VERIFICATION)).toBe('数据异常，请重新进入游戏');
    expect(TEXT.MISSING_TIMESTAMP_HEADER['zh-CN']).toBe('缺少时间戳请求头');
  });

  it('picks zh-TW only when asked', () => {
    expect(pickLocale('zh-TW')).toBe('zh-TW');
    expect(pickLocale('zh-Hant-HK')).toBe('zh-TW');
    expect(pickLocale('zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(pickLocale(undefined)).toBe('zh-CN');
  });
});

describe('endpoints', () => {
  it('are unique POST/GET paths under the spec prefixes', () => {
    const paths = ALL_ENDPOINTS.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/(site|fd|game|act|stream)\/api\/v1\//);
  });
});

describe('codecs', () => {
  it('seal/open round-trips any text and rejects tampering or another key', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (s) => {
        const sealed = await seal('k1', s);
        expect(await open('k1', sealed)).toBe(s);
        expect(await open('k2', sealed)).toBeNull();
        const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
        expect(await open('k1', flipped)).toBeNull();
      }),
      { numRuns: 50, seed: 7 },
    );
  });

  it('never throws on garbage', async () => {
    for (const g of ['', '!!!', 'a', '%%%%', 'A'.repeat(5000)]) expect(await open('k', g)).toBeNull();
  });

  it('timestamp token carries time and ip', async () => {
    const t = await makeTsToken('key', '10.1.2.3', 1_700_000_000_000);
    expect(await readTsToken('key', t)).toEqual({ timestampMs: 1_700_000_000_000, ip: '10.1.2.3' });
    expect(await readTsToken('other', t)).toBeNull();
  });

  it('seals a path into /s/…', async () => {
    const p = await sealPath('k', '/site/api/v1/user/login');
    expect(p.startsWith('/s/')).toBe(true);
    expect(await open('k', p.slice(3))).toBe('/site/api/v1/user/login');
  });
});
