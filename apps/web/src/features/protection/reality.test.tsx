/**
 * The protection root: the reality check appears when the server's nextAt passes on this clock (corrected by
 * the server's own "now"), with the server's figures, and 继续游戏 / 退出登录 answer it; the session limit's end
 * shows the server's 6603 message in a dialog that only logs out; an excluded member on a deposit or game page
 * goes to 取款; registering offers the tools once.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { bus } from '../../app/events.ts';
import { useSession } from '../../stores/session.ts';
import { mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { ProtectionRoot } from './ProtectionRoot.tsx';
import { useProtectionUi } from './store.ts';
import { HOUR, reality, state } from './testKit.ts';

const seen = withWalletTestSession();
const bodies = (calls: { path: string; body: unknown }[], end: string) => calls.filter((c) => c.path.endsWith(end)).map((c) => c.body);
const SESSION_OVER = '已达到您设置的单次登录时长60分钟，请休息后重新登录';

function realityAnswers(first: ReturnType<typeof reality>, due: ReturnType<typeof reality>) {
  let n = 0;
  return () => ok(n++ === 0 ? first : due);
}

describe('reality check', () => {
  test("appears when nextAt passes on this clock, though the server's clock is an hour ahead, with the server's figures", async () => {
    useProtectionUi.getState().reset();
    const serverNow = Date.now() + HOUR;
    const first = reality({ startedAt: serverNow - 60_000, elapsedMs: 60_000, nextAt: serverNow + 1500 });
    const due = reality({ startedAt: serverNow - 60_000, elapsedMs: 15 * 60_000 + 5_000, stakes: '120.00', net: '-35.50' });
    mockApi({ 'protection/realityCheck': realityAnswers(first, due), 'protection/state': ok(state()) });
    renderAt(<ProtectionRoot />, '/');
    expect(screen.queryByTestId('reality-check')).toBeNull();
    const dialog = await screen.findByTestId('reality-check', {}, { timeout: 4000 });
    expect(within(dialog).getByTestId('reality-elapsed').textContent).toBe('15分5秒');
    expect(within(dialog).getByTestId('reality-stakes').textContent).toBe('¥ 120');
    expect(within(dialog).getByTestId('reality-net').textContent).toBe('¥ -35.50');
  });

  test('继续游戏 answers continue and closes; the next check is scheduled from the answer', async () => {
    useProtectionUi.getState().reset();
    const calls = mockApi({
      'protection/realityCheck': realityAnswers(reality({ nextAt: Date.now() - 1 }), reality({ stakes: '10.00', net: '5.00' })),
      'protection/realityAnswer': () => ok(reality({ nextAt: Date.now() + HOUR })),
      'protection/state': ok(state()),
    });
    renderAt(<ProtectionRoot />, '/');
    const dialog = await screen.findByTestId('reality-check');
    expect(within(dialog).getByTestId('reality-net').textContent).toBe('+¥ 5');
    await userEvent.click(screen.getByRole('button', { name: '继续游戏' }));
    await waitFor(() => expect(screen.queryByTestId('reality-check')).toBeNull());
    expect(bodies(calls, 'protection/realityAnswer')).toEqual([{ answer: 'continue' }]);
    expect(useSession.getState().token).toBe('T1');
  });

  test('退出登录 answers leave and logs out', async () => {
    useProtectionUi.getState().reset();
    const calls = mockApi({
      'protection/realityCheck': () => ok(reality({ nextAt: Date.now() - 1 })),
      'protection/realityAnswer': () => ok(reality()),
      'protection/state': ok(state()),
    });
    renderAt(<ProtectionRoot />, '/');
    await screen.findByTestId('reality-check');
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(bodies(calls, 'protection/realityAnswer')).toEqual([{ answer: 'leave' }]);
  });
});

test("the session limit's end on this clock: a dialog that cannot be closed says so, and the member is logged out here and on the server", async () => {
  useProtectionUi.getState().reset();
  const startedAt = Date.now() - 60 * 60_000 + 1000;
  const calls = mockApi({
    'protection/realityCheck': () => ok(reality({ startedAt, elapsedMs: 60 * 60_000 - 1000, endsAt: startedAt + 60 * 60_000 })),
    'protection/state': ok(state()),
    'user/logout': ok(null),
  });
  renderAt(<ProtectionRoot />, '/');
  expect((await screen.findByTestId('session-over', {}, { timeout: 4000 })).textContent).toBe(SESSION_OVER);
  await waitFor(() => expect(useSession.getState().token).toBeNull());
  expect(calls.filter((c) => c.path.endsWith('user/logout'))).toHaveLength(1);
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).queryByRole('button', { name: /close|关闭/i })).toBeNull();
  await userEvent.keyboard('{Escape}');
  expect(screen.getByTestId('session-over')).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  await waitFor(() => expect(screen.queryByTestId('session-over')).toBeNull());
});

describe('an excluded member', () => {
  const excluded = state({ exclusion: { kind: 'self_exclusion', since: Date.now(), until: null, allBrands: false } });
  test.each(['/mine/savemoney', '/mine/transfermoney', '/game/H5001', '/dz/game', '/game/sport/crty'])(
    'on %s goes to 取款',
    async (path) => {
      mockApi({ 'protection/realityCheck': ok(reality()), 'protection/state': ok(excluded) });
      renderAt(<ProtectionRoot />, path);
      await waitFor(() => expect(seen.assigned).toEqual(['/mine/takemoney']));
    },
  );

  test.each(['/mine/takemoney', '/mine/userinfo', '/game/egame', '/'])('on %s stays', async (path) => {
    const calls = mockApi({ 'protection/realityCheck': ok(reality()), 'protection/state': ok(excluded) });
    renderAt(<ProtectionRoot />, path);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('protection/state'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.assigned).toEqual([]);
  });

  test('a member who is not excluded stays on the deposit page', async () => {
    const calls = mockApi({ 'protection/realityCheck': ok(reality()), 'protection/state': ok(state()) });
    renderAt(<ProtectionRoot />, '/mine/savemoney');
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('protection/state'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.assigned).toEqual([]);
  });
});

test('after registering, one short line offers the tools with a link to the page', async () => {
  useSession.setState({ token: null });
  mockApi({});
  renderAt(<ProtectionRoot />, '/');
  act(() => bus.emit('registered'));
  expect(await screen.findByText('您可以随时设置存款、亏损、投注限额和现实提醒。')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: '去设置' }));
  expect(seen.assigned).toEqual(['/mine/protection']);
});
