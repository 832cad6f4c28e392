/**
 * The header badge follows the server's member pushes: a pushed unread change (or a reconnect) fetches
 * the counts at once; logging out stops listening. The socket itself is tested in api/realtime.test.ts.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { MemberUnreadKind } from '@portal/contract';
import { mockApi, ok } from '../../test/authTestUtils.tsx';
import { member, renderShell } from '../../test/shellHarness.tsx';
import { useSession } from '../../stores/session.ts';

const listeners = vi.hoisted(() => [] as Array<{ onPush: (k: MemberUnreadKind) => void; onResync?: (() => void) | undefined }>);
vi.mock('../../api/realtime.ts', () => ({
  subscribeMemberPushes: (onPush: (k: MemberUnreadKind) => void, opts: { onResync?: () => void } = {}) => {
    const l = { onPush, onResync: opts.onResync };
    listeners.push(l);
    return () => void listeners.splice(listeners.indexOf(l), 1);
  },
  subscribeWallet: () => () => undefined,
  subscribeSportEvents: () => () => undefined,
  realtimeStatus: () => 'closed',
  onRealtimeStatus: () => () => undefined,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const counts = (total: number) => ({
  notice: total,
  activity: 0,
  fd: 0,
  brNotice: 0,
  brActivity: 0,
  brBulletin: 0,
  brMatch: 0,
  brFd: 0,
  total,
});

test('a pushed unread change fetches the counts at once and the badge shows them; a resync too; logout stops listening', async () => {
  let total = 1;
  const calls = mockApi({ 'letter/getUnreadForType': () => ok(counts(total)), 'feedback/unreadNum': ok({ count: 0 }) });
  await renderShell({ path: '/app/help/gywm', user: member() });
  const badge = () => screen.getByTestId('unread-badge').querySelector('.ant-badge-count')?.getAttribute('title');
  const fetched = () => calls.filter((c) => c.path.endsWith('letter/getUnreadForType')).length;
  await waitFor(() => expect(badge()).toBe('1'));
  expect(listeners).toHaveLength(1);
  const before = fetched();

  total = 3;
  act(() => listeners[0]!.onPush('letter'));
  await waitFor(() => expect(badge()).toBe('3'));
  expect(fetched()).toBe(before + 1);
  total = 4;
  act(() => listeners[0]!.onResync?.());
  await waitFor(() => expect(badge()).toBe('4'));

  await act(() => useSession.getState().logout());
  await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
  expect(listeners).toHaveLength(0);
});
