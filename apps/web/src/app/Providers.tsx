/**
 * App providers: TanStack Query, antd ConfigProvider (locale zh_CN / zh_TW, brand tokens, light or
 * dark algorithm), and the language sync (i18next + dayjs).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { I18nextProvider } from 'react-i18next';
import { i18n, type Language } from './i18n.ts';
import { useSite } from './site.ts';
import { applyDocumentTheme, buildTheme } from './theme.ts';
import { useUi } from '../stores/ui.ts';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'zh-TW': zhTW } as const;
const DAYJS_LOCALES = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' } as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 } } });
}

/** The language in force: the member's choice, else the site's flags.defaultLanguage. */
export function useLanguage(): Language {
  const chosen = useUi((s) => s.language);
  const { flags } = useSite();
  return chosen ?? flags.defaultLanguage;
}

export function applyLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  dayjs.locale(DAYJS_LOCALES[language]);
  document.documentElement.lang = language;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const mode = useUi((s) => s.themeMode);
  const { primaryColor } = useSite();
  // Language applies during render so the first paint already has the right strings.
  applyLanguage(language);
  useEffect(() => applyDocumentTheme(primaryColor, mode), [primaryColor, mode]);
  const theme = useMemo(() => buildTheme(primaryColor, mode), [primaryColor, mode]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme}>
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
