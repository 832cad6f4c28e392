import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '@portal/contract';
import { MmdbGeoIp, type GeoIp } from '../../providers/geoip.ts';
import { expectFail, ok, withSiteFlags } from '../../test/flows.ts';
import { createHarness, md5, uniqueName, type Harness } from '../../test/harness.ts';
import type { SiteRow } from '../site/repository.ts';
import { RegionGuard } from './regions.ts';

/**
 * Real public addresses of the DB-IP Lite data: each test first asserts the reader's own answer, so a monthly
 * database update that moves one fails here, with the address named, and not as a puzzling verdict below.
 */
const US = '8.8.8.8';
const CN = '114.114.114.114';
const TW = '168.95.1.1';
const GB = '81.2.69.142';
const CN6 = '2400:3200::1';
/** TEST-NET-3 (RFC 5737): public form, no country. */
const NOWHERE = '203.0.113.7';

const geo = new MmdbGeoIp();

describe('GeoIP (DB-IP Lite through the maxmind reader)', () => {
  it('answers ISO alpha-2 countries for public IPv4 and IPv6 addresses', () => {
    expect([US, CN, TW, GB, CN6].map((ip) => geo.country(ip))).toEqual(['US', 'CN', 'TW', 'GB', 'CN']);
    // An IPv4 client seen on a dual-stack socket.
    expect(geo.country(`::ffff:${US}`)).toBe('US');
  });

  it('private, loopback, reserved and malformed addresses have no country', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.9', '172.20.0.1', '100.64.1.1', '::1', 'fe80::1', 'fd00::5', NOWHERE, 'x', ''])
      expect(geo.country(ip), ip).toBeNull();
  });

  it('keeps recent answers: the second lookup of an address does not read the database', () => {
    const g = new MmdbGeoIp();
    const reader = (g as unknown as { lookup(a: string): string | null }).lookup.bind(g);
    let reads = 0;
    (g as unknown as { lookup(a: string): string | null }).lookup = (a) => (reads++, reader(a));
    g.country(CN);
    g.country(CN);
    g.country(`::FFFF:${CN}`);
    expect(reads).toBe(1);
  });
});

const site = (flags: Partial<SiteRow['flags']>) => ({ siteCode: 1, flags }) as unknown as SiteRow;
const counting = (map: Record<string, string>) => {
  const g = { calls: 0, country: (ip: string) => (g.calls++, map[ip] ?? null) };
  return g satisfies GeoIp;
};

describe('RegionGuard', () => {
  it('verdicts: blocked address or range (v4, v6), blocked country, warned country, otherwise ok', () => {
    const guard = new RegionGuard(geo);
    const s = site({
      blockedRegions: ['US'],
      warnedRegions: ['TW'],
      blockedIps: ['114.114.0.0/16', '81.2.69.142', '2400:3200::/32', 'nonsense', '1.2.3.4/40'],
    });
    expect(guard.assess(s, US)).toEqual({ verdict: 'block', country: 'US' });
    expect(guard.assess(s, TW)).toEqual({ verdict: 'warn', country: 'TW' });
    expect(guard.assess(s, CN)).toEqual({ verdict: 'ip_block', country: 'CN' });
    expect(guard.assess(s, GB).verdict).toBe('ip_block');
    expect(guard.assess(s, CN6).verdict).toBe('ip_block');
    expect(guard.assess(s, '114.115.0.1').verdict).toBe('ok');
  });

  it('an unknown country is never blocked unless the brand says blockUnknownRegion', () => {
    const guard = new RegionGuard(geo);
    expect(guard.assess(site({ blockedRegions: ['US'] }), NOWHERE)).toEqual({ verdict: 'ok', country: null });
    expect(guard.assess(site({ blockedRegions: ['US'] }), '127.0.0.1').verdict).toBe('ok');
    expect(guard.assess(site({ blockUnknownRegion: true }), NOWHERE)).toEqual({ verdict: 'block', country: null });
    // Without a GeoIP database every country is unknown.
    expect(new RegionGuard(null).assess(site({ blockedRegions: ['US'] }), US).verdict).toBe('ok');
    expect(new RegionGuard(null).assess(site({ blockUnknownRegion: true }), US).verdict).toBe('block');
  });

  it('a brand without region rules never asks the database; settings compile once per flags object', () => {
    const g = counting({ [US]: 'US' });
    const guard = new RegionGuard(g);
    const plain = site({ blockedIps: ['8.8.8.0/24'] });
    expect(guard.assess(plain, US)).toEqual({ verdict: 'ip_block', country: null });
    expect(guard.assess(site({}), US).verdict).toBe('ok');
    expect(g.calls).toBe(0);
    const ruled = site({ blockedRegions: ['us'] });
    expect(guard.assess(ruled, US).verdict).toBe('block');
    expect(g.calls).toBe(1);
  });
});

describe('register and login from refused and warned regions (HTTP)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const register = (ip: string, headers: Record<string, string> = {}) => h.register(uniqueName(), 'Abc12345xy', { ip, headers });

  it('a listed country answers 6031 at register and at login; a blocked range 6033', async () => {
    const m = await h.member();
    await withSiteFlags(h, 7000, { blockedRegions: ['US'], blockedIps: ['114.114.0.0/16', '2400:3200::/32'] }, async () => {
      expectFail(await register(US), 6031, '您所在的地区暂不提供服务');
      expectFail(await h.login(m.name, m.password, { ip: US }), 6031, '您所在的地区暂不提供服务');
      expectFail(await register(CN), 6033, '您的IP已被限制访问');
      expectFail(await h.login(m.name, m.password, { ip: CN6 }), 6033);
      // Other brands are not affected by this brand's settings.
      ok(await h.register(uniqueName(), 'Abc12345xy', { ip: US, site: 7001 }));
      // zh-TW texts.
      expectFail(await h.login(m.name, m.password, { ip: US, headers: { [HEADERS.LANG]: 'zh-TW' } }), 6031, '您所在的地區暫不提供服務');
    });
    ok(await h.login(m.name, m.password, { ip: US }));
  });

  it('a warned country answers 6032 until the player acknowledges it (x-region-ack: 1), then goes on', async () => {
    const m = await h.member();
    await withSiteFlags(h, 7000, { warnedRegions: ['TW'] }, async () => {
      expectFail(await h.login(m.name, m.password, { ip: TW }), 6032, '您所在的地区访问受限，请注意');
      ok(await h.login(m.name, m.password, { ip: TW, headers: { [HEADERS.REGION_ACK]: '1' } }));
      expectFail(await register(TW), 6032);
      ok(await register(TW, { [HEADERS.REGION_ACK]: '1' }));
      // An acknowledgement does not open a blocked region.
      await withSiteFlags(h, 7000, { blockedRegions: ['TW'] }, async () => {
        expectFail(await h.login(m.name, m.password, { ip: TW, headers: { [HEADERS.REGION_ACK]: '1' } }), 6031);
      });
    });
  });

  it('unknown region: served by default, refused with blockUnknownRegion', async () => {
    const m = await h.member();
    await withSiteFlags(h, 7000, { blockedRegions: ['US'] }, async () => {
      ok(await h.login(m.name, m.password, { ip: NOWHERE }));
    });
    await withSiteFlags(h, 7000, { blockUnknownRegion: true }, async () => {
      expectFail(await h.login(m.name, m.password, { ip: NOWHERE }), 6031);
    });
  });

  it('X-Forwarded-For from a client (TRUST_PROXY off) does not change the verdict', async () => {
    expect(h.config.trustProxy).toBe(false);
    const m = await h.member();
    await withSiteFlags(h, 7000, { blockedRegions: ['US'] }, async () => {
      expectFail(await h.login(m.name, m.password, { ip: US, headers: { 'x-forwarded-for': CN } }), 6031);
    });
    await withSiteFlags(h, 7000, { blockedRegions: ['CN'] }, async () => {
      ok(await h.login(m.name, m.password, { ip: US, headers: { 'x-forwarded-for': CN } }));
    });
  });

  it('preInfo never shows the compliance settings', async () => {
    await withSiteFlags(h, 7000, { blockedRegions: ['US'], blockedIps: ['1.2.3.0/24'], kycWithdrawThresholdFen: 100 }, async () => {
      const r = ok(await h.call('/site/api/v1/configuration/preInfo', {}, { noTs: true }));
      const flags = r.data.siteBaseConfig.flags as Record<string, unknown>;
      expect(flags).toHaveProperty('register');
      for (const k of ['blockedRegions', 'warnedRegions', 'blockedIps', 'blockUnknownRegion', 'kycWithdrawThresholdFen'])
        expect(flags).not.toHaveProperty(k);
    });
  });

  it('a refused region is answered before the captcha and the password are looked at', async () => {
    const m = await h.member();
    await withSiteFlags(h, 7000, { blockedRegions: ['US'] }, async () => {
      expectFail(
        await h.call(
          '/site/api/v1/user/login',
          { isAgent: 0, name: m.name, password: md5('wrong'), version: '1.0', kaptchcate: 0 },
          { ip: US },
        ),
        6031,
      );
    });
  });
});
