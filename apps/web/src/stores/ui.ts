/**
 * UI store: edition (classic / professional), language, the embedded-sports flag and the tab bar of
 * visited routes. Edition and language are persisted (spec §3: edition, default classic).
 */
import { create } from 'zustand';
import { LIMITS } from '@portal/contract';
import { isLanguage, type Language } from '../app/i18n.ts';

export type Edition = 'classic' | 'professional';
export const EDITION_KEY = 'edition';
export const LANGUAGE_KEY = 'lang';

/** One visited page in the tab bar. key = pathname + search (a page per address). */
export interface VisitedTab {
  key: string;
  /** Route name (spec §2 list). */
  name: string;
  pathname: string;
  search: string;
  /** false: the page is not kept mounted when hidden (route opt-out). */
  keepAlive: boolean;
}

/** Tabs kept at most: beyond this the oldest one that is not current is dropped (and unmounted). */
export const MAX_TABS = 12;

export interface UiState {
  edition: Edition;
  /** Chosen language, or null to follow the site's flags.defaultLanguage. */
  language: Language | null;
  /** True while the embedded sports venue (CRTY) owns the page (/game/sport/crty). */
  sportsVenue: boolean;
  /** Antd algorithm currently applied: light for classic, dark for professional. */
  themeMode: 'light' | 'dark';
  tabs: VisitedTab[];
  setEdition(edition: Edition): void;
  setLanguage(language: Language): void;
  setSportsVenue(on: boolean): void;
  setThemeMode(mode: 'light' | 'dark'): void;
  visit(tab: VisitedTab): void;
  closeTab(key: string): void;
  resetTabs(): void;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage disabled: the choice lasts for this visit */
  }
}

export function readEdition(): Edition {
  const v = read(EDITION_KEY);
  return v === 'professional' || v === 'classic' ? v : (LIMITS.DEFAULT_EDITION as Edition);
}

export function readLanguage(): Language | null {
  const v = read(LANGUAGE_KEY);
  return isLanguage(v) ? v : null;
}

export function editionMode(edition: Edition): 'light' | 'dark' {
  return edition === 'professional' ? 'dark' : 'light';
}

export const useUi = create<UiState>((set) => ({
  edition: readEdition(),
  language: readLanguage(),
  sportsVenue: false,
  themeMode: editionMode(readEdition()),
  tabs: [],
  setEdition(edition) {
    write(EDITION_KEY, edition);
    set((s) => ({ edition, themeMode: s.sportsVenue ? s.themeMode : editionMode(edition) }));
  },
  setLanguage(language) {
    write(LANGUAGE_KEY, language);
    set({ language });
  },
  setSportsVenue(sportsVenue) {
    set({ sportsVenue });
  },
  setThemeMode(themeMode) {
    set({ themeMode });
  },
  visit(tab) {
    set((s) => {
      const existing = s.tabs.findIndex((t) => t.key === tab.key);
      if (existing >= 0) return s.tabs[existing]!.name === tab.name ? s : { tabs: s.tabs.map((t, i) => (i === existing ? tab : t)) };
      const tabs = [...s.tabs, tab];
      while (tabs.length > MAX_TABS)
        tabs.splice(
          tabs.findIndex((t) => t.key !== tab.key),
          1,
        );
      return { tabs };
    });
  },
  closeTab(key) {
    set((s) => ({ tabs: s.tabs.filter((t) => t.key !== key) }));
  },
  resetTabs() {
    set({ tabs: [] });
  },
}));
