/**
 * What the content pages read from the site configuration (one seam, mocked in tests):
 * the brand name for `{{brand}}` and the h5 address for the download page.
 */
import { useTranslation } from 'react-i18next';
import { useSite } from '../../app/site.ts';

/** The content namespaces; each has a root `brandFallback` so no page loads another's namespace for it. */
export type ContentNamespace = 'help' | 'legal' | 'info';

/** The site title from preInfo, or a neutral "本平台" until it is known. */
export function useBrand(ns: ContentNamespace): string {
  const { t } = useTranslation(ns);
  const { title } = useSite();
  return title.trim() || t('brandFallback');
}

/** The h5 address from the site config; this site's own origin until it is known. */
export function useH5Url(): string {
  const { config } = useSite();
  const configured = config?.h5DomainUrl?.trim();
  if (configured) return /^https?:\/\//i.test(configured) ? configured : `https://${configured}`;
  return typeof window === 'undefined' ? '' : window.location.origin;
}
