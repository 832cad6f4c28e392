/** During a time-out: the header offers no 存款, and the withdrawal page's banner does not point at itself. */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Header } from '../../shell/Header.tsx';
import { mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { ExcludedBanner } from './ExcludedBanner.tsx';
import { HOUR, state } from './testKit.ts';

withWalletTestSession();

const timeout = () => state({ exclusion: { kind: 'timeout', since: Date.now(), until: Date.now() + HOUR, allBrands: false } });

describe('a time-out', () => {
  test('the banner offers 前往取款 on the member pages, but not on the withdrawal page itself', async () => {
    mockApi({ 'protection/state': ok(timeout()) });
    const first = renderAt(<ExcludedBanner />, '/mine/userinfo');
    await screen.findByTestId('excluded-banner');
    expect(screen.getByRole('button', { name: /前往取款/ })).toBeTruthy();
    first.unmount();
    renderAt(<ExcludedBanner />, '/mine/takemoney');
    await screen.findByTestId('excluded-banner');
    expect(screen.queryByRole('button', { name: /前往取款/ })).toBeNull();
  });

  test('the header offers 存款 to a member, and none during a time-out', async () => {
    mockApi({ 'protection/state': ok(state()) });
    const first = renderAt(<Header />);
    await screen.findByRole('button', { name: /存\s*款/ });
    first.unmount();
    const calls = mockApi({ 'protection/state': ok(timeout()) });
    renderAt(<Header />);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('protection/state'))).toBe(true));
    await screen.findByTestId('member-menu');
    await waitFor(() => expect(screen.queryByRole('button', { name: /存\s*款/ })).toBeNull());
  });
});
