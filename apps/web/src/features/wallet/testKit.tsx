/** Component-test kit of the wallet pages: a logged-in session, a router location and the API fixtures. */
import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearRequestCache } from '../../api/client.ts';
import { useSession, type MemberInfo } from '../../stores/session.ts';
import { MEMBER, Wrap } from '../../test/authTestUtils.tsx';
import { browser } from '../../routes/nav.ts';

export { fail, mockApi, ok } from '../../test/authTestUtils.tsx';

/** A logged-in member before each test; the browser side effects (new tab, full load) recorded. */
export function withWalletTestSession(): { opened: string[]; assigned: string[] } {
  const seen = { opened: [] as string[], assigned: [] as string[] };
  beforeEach(() => {
    localStorage.clear();
    clearRequestCache();
    useSession.setState({
      token: 'T1',
      userId: 'u1',
      user: { ...MEMBER, bindPhone: true, bindRealName: true, realName: '张三', hasSecondPassword: true } as MemberInfo,
      balanceFen: 0,
    });
    seen.opened.length = 0;
    seen.assigned.length = 0;
    vi.spyOn(browser, 'open').mockImplementation((url) => void seen.opened.push(url));
    vi.spyOn(browser, 'assign').mockImplementation((url) => void seen.assigned.push(url));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return seen;
}

/** Render a page at a path (for useSearchParams / useParams), inside the app's providers. */
export function renderAt(page: ReactElement, path = '/', pattern = '*') {
  const router = createMemoryRouter([{ path: pattern, element: page }], { initialEntries: [path] });
  return render(
    <Wrap>
      <RouterProvider router={router} />
    </Wrap>,
  );
}

export const ALL_BALANCE = {
  totalMoney: '1323.45',
  centerWalletBalance: '123.45',
  autoTransfer: false,
  list: [
    { channelCode: 'SBZR', name: '沙盒真人', category: 'ZR', balance: '1200.00', status: 'active' },
    { channelCode: 'SBQP', name: '沙盒棋牌', category: 'QP', balance: '0.00', status: 'active' },
    { channelCode: 'SBDZ', name: '沙盒电子', category: 'DZ', balance: '0.00', status: 'maintenance' },
  ],
};

export const BALANCE = { centerWalletBalance: '123.45', lockMoney: '200.00', currency: 'CNY' };

export const transferResult = (central: string, venue: string, status: 'completed' | 'pending' = 'completed') => ({
  transferId: 't1',
  status,
  centerWalletBalance: central,
  venueBalance: venue,
});
