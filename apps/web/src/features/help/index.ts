import type { ComponentType } from 'react';

export interface HelpPage {
  /** Child path under /app/help (spec §2: kh, ck, qk, zz, …). */
  path: string;
  /** i18n key of the page title in the 'help' namespace. */
  titleKey: string;
  Component: ComponentType;
}

/** The 23 help-centre pages in menu order. */
export const HELP_PAGES: HelpPage[] = [];

/** Help-centre layout: side menu of HELP_PAGES and an <Outlet/> for the page. */
export function HelpLayout() {
  return null;
}
