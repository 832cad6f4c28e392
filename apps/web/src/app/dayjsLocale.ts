/**
 * dayjs with the two app locales. Loaded on demand (Providers' applyLanguage): only pages that show
 * dates use dayjs, so the home route does not carry it. Pages import dayjs themselves; the shared
 * module instance gets its locale from here.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Language } from './i18n.ts';

const DAYJS_LOCALES = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' } as const;

export function setDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}
