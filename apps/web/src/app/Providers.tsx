/**
 * App providers: TanStack Query, antd ConfigProvider (locale zh_CN / zh_TW, brand tokens, light or
 * dark algorithm), and the language sync (i18next + dayjs).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { I18nextProvider } from 'react-i18next';
import { i18n, type Language } from './i18n.ts';
import { useSite } from './site.ts';
import { applyDocumentTheme, buildTheme } from './theme.ts';
import { useUi } from '../stores/ui.ts';
import { REQUEST_TIMEOUT_MS, clearRequestCache } from '../api/client.ts';
import { isTransient } from '../api/errors.ts';
import { backoffMs, netTimings } from '../stores/network.ts';

/** antd's zh-CN strings ship with the app; zh-TW's load when that language is first used. */
const antdLocales: Partial<Record<Language, AntdLocale>> = { 'zh-CN': zhCN };
const loadAntdLocale: Record<Language, () => Promise<AntdLocale>> = {
  'zh-CN': () => Promise.resolve(zhCN),
  'zh-TW': () => import('antd/es/locale/zh_TW').then((m) => m.default),
};

/** The antd locale of a language: at once when loaded, else zh-CN until its chunk arrives. */
function useAntdLocale(language: Language): AntdLocale {
  const [, setLoaded] = useState(0);
  const locale = antdLocales[language];
  useEffect(() => {
    if (locale) return;
    let live = true;
    void loadAntdLocale[language]().then((l) => {
      antdLocales[language] = l;
      if (live) setLoaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [language, locale]);
  return locale ?? zhCN;
}

/** Queries are reads: a transient failure (timeout, network, 429 / 6011, 5xx) is asked again up to 3 times, anything else once. */
const QUERY_RETRIES_TRANSIENT = 3;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // Issue 36: with the request layer's backoff (stores/network.ts), not TanStack's fixed schedule. Mutations
        // (money calls among them) keep TanStack's default: never repeated.
        retry: (failures, e) => failures < (isTransient(e) ? QUERY_RETRIES_TRANSIENT : 1),
        retryDelay: (failures) => backoffMs(failures, netTimings(REQUEST_TIMEOUT_MS)),
      },
    },
  });
}

/** The language in force: the member's choice, else the site's flags.defaultLanguage. */
export function useLanguage(): Language {
  const chosen = useUi((s) => s.language);
  const { flags } = useSite();
  return chosen ?? flags.defaultLanguage;
}

export function applyLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  void import('./dayjsLocale.ts').then((m) => m.setDayjsLocale(language));
  document.documentElement.lang = language;
}

/**
 * The server answers names and texts in the request's language (x-lang): after a switch, what was fetched in the
 * other one is fetched again, and the realtime socket reconnects with the new `lang`.
 */
function useRefetchOnLanguage(language: Language): void {
  const queryClient = useQueryClient();
  const first = useRef(language);
  useEffect(() => {
    if (first.current === language) return;
    first.current = language;
    clearRequestCache();
    void queryClient.invalidateQueries();
    void import('../api/realtime.ts').then((m) => m.reopenRealtime());
  }, [language, queryClient]);
}

function ThemedApp({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const mode = useUi((s) => s.themeMode);
  const { primaryColor } = useSite();
  // Language applies during render so the first paint already has the right strings.
  applyLanguage(language);
  useRefetchOnLanguage(language);
  useEffect(() => applyDocumentTheme(primaryColor, mode), [primaryColor, mode]);
  const theme = useMemo(() => buildTheme(primaryColor, mode), [primaryColor, mode]);
  const antdLocale = useAntdLocale(language);
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ThemedApp>{children}</ThemedApp>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
