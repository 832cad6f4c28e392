/** Renders the shell on a memory router with a given site config and session (component tests). */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SiteFlags } from '@portal/contract';
import { resetSiteForTests, type PreInfo } from '../api/site.ts';
import { Providers } from '../app/Providers.tsx';
import { DEFAULT_FLAGS } from '../app/site.ts';
import { loadAllNamespaces } from '../app/i18n.ts';
import { useSession, type MemberInfo } from '../stores/session.ts';
import { useUi } from '../stores/ui.ts';
import { Shell } from '../shell/Shell.tsx';

export function preInfo(flags: Partial<SiteFlags> = {}): PreInfo {
  return {
    ip: '127.0.0.1',
    siteBaseConfig: {
      siteCode: 7000,
      title: '翡翠湾体育',
      h5DomainUrl: 'http://localhost',
      theme: { primaryColor: '#c9a45c', logoText: 'JADE BAY', mode: 'light' },
      flags: { ...DEFAULT_FLAGS, register: false, modeSwitch: true, ...flags },
      clientKey: 'k',
      safeSwitch: false,
      loginCaptcha: 'always',
      registerOpen: true,
      customerServiceUrl: '',
    },
  };
}

export function member(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    userId: 'u1',
    name: 'player01',
    siteCode: 7000,
    phone: null,
    areaCode: null,
    email: null,
    realName: null,
    bindPhone: false,
    bindEmail: false,
    bindRealName: false,
    hasSecondPassword: false,
    gender: null,
    birthday: null,
    registerDate: '2026-01-01T00:00:00Z',
    lastLoginAt: null,
    vipGrade: 0,
    securityLevel: 20,
    isPop: false,
    ...overrides,
  } as MemberInfo;
}

export interface Setup {
  path: string;
  flags?: Partial<SiteFlags>;
  /** Logged in with this member (null: anonymous). */
  user?: MemberInfo | null;
}

export async function renderShell({ path, flags, user = null }: Setup) {
  await loadAllNamespaces();
  resetSiteForTests(preInfo(flags));
  useUi.setState({ tabs: [], sportsVenue: false });
  useSession.setState({
    token: user ? 'test-token' : null,
    userId: user?.userId ?? null,
    user,
    balanceFen: user ? 12_345 : null,
    loadUser: async () => {},
    logout: async () => {
      useSession.setState({ token: null, user: null });
    },
  });
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: [path] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
