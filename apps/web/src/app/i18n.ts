/**
 * i18next setup. Every `locales/{lang}/{namespace}.json` belongs to the app (namespace = file name);
 * zh-CN is the source locale, zh-TW keeps key parity (checked by i18n.test.ts).
 *
 * The shell's namespaces (common, nav) of zh-CN are bundled so the first paint never shows a key; every other
 * namespace is a lazy chunk loaded by a tiny in-app backend when a page first uses it (react-i18next
 * suspends that page until it arrives). The help centre alone is ~45 KB per language.
 */
import i18next, { type BackendModule, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['zh-CN', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE: Language = 'zh-CN';
export const SHELL_NAMESPACES = ['common', 'nav'] as const;

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

type Json = { [key: string]: Json | string };

/**
 * Only the source locale's shell namespaces ship in the entry bundle: a zh-TW visitor's shell strings
 * load with the language switch (i18next keeps showing zh-CN until they arrive, never a key).
 */
const bundled = import.meta.glob<Json>('../locales/zh-CN/{common,nav}.json', { eager: true, import: 'default' });
const loaders = import.meta.glob<Json>('../locales/*/*.json', { import: 'default' });

const PATH = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** { 'zh-CN': { common: {...}, nav: {...} }, 'zh-TW': {...} } from a glob result. */
export function buildResources(input: Record<string, Json>): Record<Language, Record<string, Json>> {
  const out: Record<Language, Record<string, Json>> = { 'zh-CN': {}, 'zh-TW': {} };
  for (const [path, json] of Object.entries(input)) {
    const m = PATH.exec(path);
    if (!m || !isLanguage(m[1])) continue;
    out[m[1]][m[2]!] = json;
  }
  return out;
}

/** Every namespace of the source locale (bundled or lazy). */
export const NAMESPACES: string[] = Object.keys(loaders)
  .map((p) => PATH.exec(p))
  .filter((m): m is RegExpExecArray => m !== null && m[1] === SOURCE_LANGUAGE)
  .map((m) => m[2]!);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {}); // an unknown namespace is empty, not an error loop
      return;
    }
    load().then(
      (data) => callback(null, data as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: buildResources(bundled) as unknown as Resource,
    partialBundledLanguages: true,
    lng: SOURCE_LANGUAGE,
    fallbackLng: SOURCE_LANGUAGE,
    ns: [...SHELL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes.
    initAsync: false,
    returnNull: false,
    react: { useSuspense: true },
  });

/** Loads every namespace of a language (tests, and before printing a whole page). */
export function loadAllNamespaces(): Promise<void> {
  return i18n.loadNamespaces(NAMESPACES);
}
