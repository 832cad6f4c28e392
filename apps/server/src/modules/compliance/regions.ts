import { BlockList } from 'node:net';
import { StatusCode } from '@portal/contract';
import { fail } from '../../lib/errors.ts';
import { ipFamily, normalizeIp, type GeoIp } from '../../providers/geoip.ts';
import type { SiteRow } from '../site/repository.ts';
import type { Caller } from '../user/caller.ts';

/** ok: serve; warn: serve after the player was told (6032); block: country refused (6031); ip_block: address refused (6033). */
export type RegionVerdict = 'ok' | 'warn' | 'block' | 'ip_block';

/** A brand's region settings, compiled once per flags object (SiteService replaces the object when it reloads). */
interface Compiled {
  blocked: ReadonlySet<string>;
  warned: ReadonlySet<string>;
  ips: BlockList | null;
  blockUnknown: boolean;
  /** Whether any rule needs the country: a brand without region rules never opens the database. */
  needsCountry: boolean;
}

/** '1.2.3.4', '1.2.3.0/24', '2001:db8::1', '2001:db8::/32' → added to the list; anything else is skipped (false). */
export function addIpRule(list: BlockList, rule: string): boolean {
  const [net = '', bitsText, extra] = rule.trim().split('/');
  const addr = normalizeIp(net);
  const family = ipFamily(addr);
  if (family === 0 || extra !== undefined) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (bitsText === undefined) {
    list.addAddress(addr, type);
    return true;
  }
  const bits = /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : -1;
  if (bits < 0 || bits > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(addr, bits, type);
  return true;
}

function compile(flags: SiteRow['flags']): Compiled {
  const upper = (list: string[] | undefined) => new Set((list ?? []).map((c) => c.trim().toUpperCase()).filter(Boolean));
  const blocked = upper(flags.blockedRegions);
  const warned = upper(flags.warnedRegions);
  const blockUnknown = flags.blockUnknownRegion === true;
  let ips: BlockList | null = null;
  for (const rule of flags.blockedIps ?? []) {
    ips ??= new BlockList();
    addIpRule(ips, rule);
  }
  return { blocked, warned, ips, blockUnknown, needsCountry: blocked.size > 0 || warned.size > 0 || blockUnknown };
}

/**
 * Where a request comes from, by brand: blocked addresses (6033), blocked and warned countries (6031, 6032).
 * Synchronous and cheap on a cache hit (it runs on every bet): settings compiled once per flags object, the
 * country from the GeoIP reader's LRU. `country` is null when the address has none (private, unknown) or when
 * the brand has no region rule (the database is not consulted then). Without a GeoIP reader every country is
 * unknown. The client address is `Caller.ip`: X-Forwarded-For counts only with TRUST_PROXY (docs/configuration.md).
 */
export class RegionGuard {
  private readonly compiled = new WeakMap<object, Compiled>();

  constructor(private readonly geo: GeoIp | null) {}

  assess(site: SiteRow, ip: string): { verdict: RegionVerdict; country: string | null } {
    let c = this.compiled.get(site.flags);
    if (!c) this.compiled.set(site.flags, (c = compile(site.flags)));
    const addr = normalizeIp(ip);
    const country = c.needsCountry && this.geo ? this.geo.country(addr) : null;
    if (c.ips) {
      const family = ipFamily(addr);
      if (family !== 0 && c.ips.check(addr, family === 4 ? 'ipv4' : 'ipv6')) return { verdict: 'ip_block', country };
    }
    if (country === null) return { verdict: c.blockUnknown ? 'block' : 'ok', country };
    if (c.blocked.has(country)) return { verdict: 'block', country };
    return { verdict: c.warned.has(country) ? 'warn' : 'ok', country };
  }

  /**
   * Refuses a caller from a blocked address (6033) or region (6031); with `warn`, a warned region answers 6032
   * unless the request carries the player's acknowledgement (x-region-ack: 1). Register and login warn; the
   * eligibility checks of money and play (modules/compliance) refuse blocks only.
   */
  enforce(ctx: Pick<Caller, 'site' | 'ip' | 'regionAck'>, opts: { warn: boolean }): RegionVerdict {
    const { verdict } = this.assess(ctx.site, ctx.ip);
    if (verdict === 'ip_block') fail(StatusCode.IP_RESTRICTED);
    if (verdict === 'block') fail(StatusCode.REGION_LIMITED);
    if (verdict === 'warn' && opts.warn && !ctx.regionAck) fail(StatusCode.REGION_WARNING);
    return verdict;
  }
}
