/**
 * The shell's view of the site configuration (preInfo, spec §3 / §7): brand title, theme colour and
 * the build flags of §1, with defaults while it loads. The fetch itself is the request layer's
 * (api/site.ts: one shared preInfo for headers, safe switch and the shell).
 */
import type { SiteFlags } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useSite as useSiteState, type PreInfo, type SiteBaseConfig } from '../api/site.ts';
import { loadSite } from '../api/site.ts';
import '../api/client.ts'; // registers the preInfo fetcher

export type { PreInfo };
export type SiteConfig = SiteBaseConfig;

/** Flags used before preInfo answers or when it failed (spec §9 defaults: everything shown, zh-CN). */
export const DEFAULT_FLAGS: SiteFlags = {
  hideRealNumber: false,
  hideNavIcon: false,
  hideAgent: false,
  showSponsor: true,
  foreverSite: false,
  defaultLanguage: 'zh-CN',
  innerGame: true,
  skipSport: false,
  vipNoSave: false,
  deposit: true,
  birthdayDescription: false,
  modeSwitch: false,
  register: false,
  helpCk: true,
  openInNewWindow: false,
};

/** Brand gold until the site's colour is known (or when the configured one is not a hex colour). */
export const FALLBACK_PRIMARY = '#c9a45c';

export interface SiteView {
  status: 'loading' | 'ready' | 'failed';
  info: PreInfo | null;
  config: SiteConfig | null;
  flags: SiteFlags;
  title: string;
  logoText: string;
  /** The brand's logo image (preInfo theme.logoUrl: the operator's or the generated one); empty until known. */
  logoUrl: string;
  primaryColor: string;
  refetch(): void;
}

export function useSite(): SiteView {
  const s = useSiteState();
  const { i18n } = useTranslation();
  const config = s.info?.siteBaseConfig ?? null;
  // The brand's name in the language in force (preInfo may have answered before the language was known).
  const titles = config?.titles;
  const title = titles ? (/^zh-(TW|HK|Hant)/i.test(i18n.language ?? '') ? titles['zh-TW'] : titles['zh-CN']) : config?.title;
  const color = config?.theme.primaryColor ?? '';
  return {
    status: s.status === 'ready' ? 'ready' : s.status === 'failed' ? 'failed' : 'loading',
    info: s.info,
    config,
    flags: config?.flags ?? DEFAULT_FLAGS,
    title: title ?? '',
    logoText: config?.theme.logoText ?? '',
    logoUrl: config?.theme.logoUrl ?? '',
    primaryColor: /^#[0-9a-f]{3,8}$/i.test(color) ? color : FALLBACK_PRIMARY,
    refetch: () => void loadSite().catch(() => undefined),
  };
}
