import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, trustProxy } from '../config.ts';
import { expectFail, ok, withSiteFlags } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';

/**
 * Issue 27 finding 10: behind proxies the client address is the one the outermost trusted proxy appended to
 * X-Forwarded-For, never the left-most entry (the client writes that one).
 */
const US = '8.8.8.8';
const CN = '114.114.114.114';
const PROXY_1 = '10.0.0.5';
const PROXY_2 = '10.0.0.6';

describe('TRUST_PROXY parsing', () => {
  it('a hop count, a list of proxy addresses, or off; "true" (every hop) is refused', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 192.168.1.7')).toEqual(['10.0.0.0/8', '192.168.1.7']);
    expect(() => trustProxy('true')).toThrow(ConfigError);
    expect(() => trustProxy('proxy.local')).toThrow(ConfigError);
    expect(() => trustProxy('99')).toThrow(ConfigError);
  });
});

for (const [label, env, peer, header] of [
  ['one proxy (TRUST_PROXY=1)', '1', PROXY_1, `${CN}, ${US}`],
  ['two proxies (TRUST_PROXY=2)', '2', PROXY_2, `${CN}, ${US}, ${PROXY_1}`],
  ['a list of proxy addresses', '10.0.0.0/8', PROXY_2, `${CN}, ${US}, ${PROXY_1}`],
] as const) {
  describe(`client address behind ${label}`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness({ TRUST_PROXY: env });
    });
    afterAll(() => h.close());

    it('a spoofed left-most X-Forwarded-For entry does not move the client out of a blocked region', async () => {
      const m = await h.member();
      await withSiteFlags(h, 7000, { blockedRegions: ['US'] }, async () => {
        expectFail(await h.login(m.name, m.password, { ip: US, remoteAddress: peer, headers: { 'x-forwarded-for': header } }), 6031);
      });
      await withSiteFlags(h, 7000, { blockedRegions: ['CN'] }, async () => {
        ok(await h.login(m.name, m.password, { ip: US, remoteAddress: peer, headers: { 'x-forwarded-for': header } }));
      });
    });

    it('the server sees the address the proxy appended (preInfo ip)', async () => {
      const r = ok(
        await h.call('/site/api/v1/configuration/preInfo', {}, { noTs: true, remoteAddress: peer, headers: { 'x-forwarded-for': header } }),
      );
      expect(r.data.ip).toBe(US);
    });
  });
}
