/**
 * Test wrapper for the content features: the app's i18next instance (all locales/*.json) and a memory
 * router. Test files mock '../../app/site.ts' with site.mock.ts so the brand and h5 url are known.
 */
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18n, type Language } from '../../app/i18n.ts';

export { TEST_BRAND, TEST_H5 } from './site.mock.ts';

export { i18n };

export function Wrapper({ children, route = '/' }: { children: ReactNode; route?: string }) {
  return (
    <I18nextProvider i18n={i18n}>
      {/* No motion: modals mount and unmount at once. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter initialEntries={[route]}>
          <Suspense fallback={<div data-testid="suspended" />}>{children}</Suspense>
        </MemoryRouter>
      </ConfigProvider>
    </I18nextProvider>
  );
}

export async function renderIn(language: Language, ui: ReactElement, route?: string) {
  // The content namespaces are lazy chunks in the app: load them up front so renders are synchronous.
  await i18n.loadNamespaces(['help', 'legal', 'info']);
  await i18n.changeLanguage(language);
  return render(<Wrapper route={route}>{ui}</Wrapper>);
}
