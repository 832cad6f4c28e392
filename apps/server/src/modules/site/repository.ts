import { SITE_COMPLIANCE_FLAG_KEYS, SUPPORT_PATH, type SiteComplianceFlags, type SiteFlags } from '@portal/contract';
import type { DbOrTx } from '../../db/connect.ts';
import type { SiteTable } from '../../db/schema.ts';

export interface SiteTheme {
  primaryColor: string;
  logoText: string;
  /** The brand's logo image; empty or absent: the generated one (/brand-art/<site>/logo.svg). */
  logoUrl?: string;
  mode: 'light' | 'dark';
}

export interface SiteRow {
  siteCode: number;
  title: string;
  h5DomainUrl: string;
  domains: string[];
  theme: SiteTheme;
  /** The public flags (preInfo) and the compliance settings, which stay on the server (publicFlags). */
  flags: SiteFlags & SiteComplianceFlags;
  clientKey: string;
  safeSwitch: boolean;
  loginCaptcha: 'always' | 'risk';
  registerOpen: boolean;
  ipCheck: boolean;
  csUrl: string;
}

/**
 * The brand's address for links and QR codes (spec §3 preInfo h5DomainUrl): its configured one, else the address
 * the request came to — never an address of the machine the portal happens to run on.
 */
export const brandUrl = (c: { site: Pick<SiteRow, 'h5DomainUrl'>; origin: string }): string => c.site.h5DomainUrl || c.origin;

/** The brand's customer-service address: its configured one, else the built-in desk (modules/support). */
export const serviceUrl = (site: Pick<SiteRow, 'csUrl'>): string => site.csUrl || SUPPORT_PATH;

/** The flags a browser may see (preInfo): without the compliance settings (blocked regions and addresses, KYC thresholds). */
export function publicFlags(flags: SiteRow['flags']): SiteFlags {
  const out: Record<string, unknown> = { ...flags };
  for (const k of SITE_COMPLIANCE_FLAG_KEYS) delete out[k];
  return out as SiteFlags;
}

function toRow(r: SiteTable): SiteRow {
  return {
    siteCode: r.site_code,
    title: r.title,
    h5DomainUrl: r.h5_domain_url,
    domains: r.domains
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    theme: JSON.parse(r.theme_json) as SiteTheme,
    flags: JSON.parse(r.flags_json) as SiteRow['flags'],
    clientKey: r.client_key,
    safeSwitch: r.safe_switch === 1,
    loginCaptcha: r.login_captcha === 'risk' ? 'risk' : 'always',
    registerOpen: r.register_open === 1,
    ipCheck: r.ip_check === 1,
    csUrl: r.cs_url,
  };
}

export function toTable(s: SiteRow, createdAt: number): SiteTable {
  return {
    site_code: s.siteCode,
    title: s.title,
    h5_domain_url: s.h5DomainUrl,
    domains: s.domains.join(','),
    theme_json: JSON.stringify(s.theme),
    flags_json: JSON.stringify(s.flags),
    client_key: s.clientKey,
    safe_switch: s.safeSwitch ? 1 : 0,
    login_captcha: s.loginCaptcha,
    register_open: s.registerOpen ? 1 : 0,
    ip_check: s.ipCheck ? 1 : 0,
    cs_url: s.csUrl,
    created_at: createdAt,
  };
}

export const siteRepository = {
  async all(db: DbOrTx): Promise<SiteRow[]> {
    const rows = await db.selectFrom('sites').selectAll().orderBy('site_code').execute();
    return rows.map(toRow);
  },
  async upsert(db: DbOrTx, site: SiteRow, now: number): Promise<void> {
    const row = toTable(site, now);
    const exists = await db.selectFrom('sites').select('site_code').where('site_code', '=', site.siteCode).executeTakeFirst();
    if (exists) {
      const { created_at: _c, site_code: _s, client_key: _k, ...rest } = row;
      await db.updateTable('sites').set(rest).where('site_code', '=', site.siteCode).execute();
    } else {
      await db.insertInto('sites').values(row).execute();
    }
  },
};
