/** Brand settings and flags: the console's screen of the brand's `sites` row (title, addresses, switches, flags of spec §1, compliance). */
import { SITE_COMPLIANCE_FLAG_KEYS, StatusCode, type SiteComplianceFlags } from '@portal/contract';
import { consoleSiteApi as api, type SiteSettings } from '@portal/contract/console';
import { fail } from '../../lib/errors.ts';
import { publicFlags, siteRepository, type SiteRow } from '../../modules/site/repository.ts';
import type { Services } from '../../services.ts';
import { consoleRoute, type ConsoleDeps, type ConsoleRoute } from '../pipeline.ts';

function complianceOf(flags: SiteRow['flags']): SiteComplianceFlags {
  const out: Record<string, unknown> = {};
  for (const k of SITE_COMPLIANCE_FLAG_KEYS) if (flags[k] !== undefined) out[k] = flags[k];
  return out as SiteComplianceFlags;
}

export const settingsOf = (r: SiteRow): SiteSettings => ({
  siteCode: r.siteCode,
  title: r.title,
  domains: r.domains,
  h5DomainUrl: r.h5DomainUrl,
  csUrl: r.csUrl,
  registerOpen: r.registerOpen,
  loginCaptcha: r.loginCaptcha,
  safeSwitch: r.safeSwitch,
  ipCheck: r.ipCheck,
  primaryColor: r.theme.primaryColor,
  flags: publicFlags(r.flags),
  compliance: complianceOf(r.flags),
});

export function siteRoutes(s: Services, d: ConsoleDeps): ConsoleRoute[] {
  const { db } = d;
  const stored = async (siteCode: number) => (await siteRepository.all(db)).find((x) => x.siteCode === siteCode);
  return [
    consoleRoute(api.siteGet, async (i) => settingsOf((await stored(i.siteCode)) ?? fail(StatusCode.NOT_FOUND))),
    consoleRoute(api.siteUpdate, async (i, ctx) => {
      const all = await siteRepository.all(db);
      const row = all.find((x) => x.siteCode === i.siteCode) ?? fail(StatusCode.NOT_FOUND);
      if (i.domains) {
        // A host name answers one brand: taking another brand's would move its players.
        const taken = new Set(all.filter((x) => x.siteCode !== i.siteCode).flatMap((x) => x.domains));
        const clash = i.domains.filter((x) => taken.has(x));
        if (clash.length > 0) fail(StatusCode.DATA_EXISTS, { message: `域名已被其他站点使用：${clash.join('、')}` });
      }
      const flags = {
        ...publicFlags(row.flags),
        ...(i.flags ?? {}),
        ...(i.compliance ?? complianceOf(row.flags)),
      } as SiteRow['flags'];
      for (const k of i.clearFlags ?? []) delete flags[k];
      const next: SiteRow = {
        ...row,
        ...(i.title !== undefined ? { title: i.title } : {}),
        ...(i.domains !== undefined ? { domains: [...new Set(i.domains)] } : {}),
        ...(i.h5DomainUrl !== undefined ? { h5DomainUrl: i.h5DomainUrl } : {}),
        // The built-in desk is the empty address.
        ...(i.csUrl !== undefined ? { csUrl: i.csUrl === '/support' ? '' : i.csUrl } : {}),
        ...(i.registerOpen !== undefined ? { registerOpen: i.registerOpen } : {}),
        ...(i.loginCaptcha !== undefined ? { loginCaptcha: i.loginCaptcha } : {}),
        ...(i.safeSwitch !== undefined ? { safeSwitch: i.safeSwitch } : {}),
        ...(i.ipCheck !== undefined ? { ipCheck: i.ipCheck } : {}),
        ...(i.primaryColor !== undefined ? { theme: { ...row.theme, primaryColor: i.primaryColor } } : {}),
        flags,
      };
      await siteRepository.upsert(db, next, Date.now());
      // This node at once; the others at their next refresh (30 s).
      await s.sites.load();
      const after = settingsOf((await stored(i.siteCode))!);
      ctx.audit = { target: `site:${i.siteCode}`, siteCode: i.siteCode, before: settingsOf(row), after };
      return after;
    }),
  ];
}
