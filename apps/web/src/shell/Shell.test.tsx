import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import message from 'antd/es/message';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { bus } from '../app/events.ts';
import { fail, mockApi, ok } from '../test/authTestUtils.tsx';
import { member, renderShell } from '../test/shellHarness.tsx';
import { useSession } from '../stores/session.ts';
import { useUi } from '../stores/ui.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('shell guards', () => {
  test('anonymous visitor on a login-required page → home, warning, login tips', async () => {
    const warning = vi.spyOn(message, 'warning');
    const tips = vi.fn();
    const off = bus.on('show_login_tips', tips);
    const { router } = await renderShell({ path: '/mine/wallet' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('请先登录账号，才能了解更多'));
    expect(tips).toHaveBeenCalledOnce();
    off();
  });

  test('a member whose session ends on a member page (a self-exclusion, logout) goes home without 请先登录', async () => {
    const warning = vi.spyOn(message, 'warning');
    const tips = vi.fn();
    const off = bus.on('show_login_tips', tips);
    const { router } = await renderShell({ path: '/mine/addBankCard', user: member({ bindPhone: true, bindRealName: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: '添加银行卡' })).toBeTruthy();
    act(() => useSession.getState().clear());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(warning).not.toHaveBeenCalled();
    expect(tips).not.toHaveBeenCalled();
    off();
  });

  test('a notice of the request layer (请重新登录 on login expired) is shown as a message', async () => {
    const warning = vi.spyOn(message, 'warning');
    await renderShell({ path: '/' });
    act(() => bus.emit('notice', { kind: 'warning', text: '请重新登录' }));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('请重新登录'));
  });

  test('member without a bound real name on a bound-phone page → /mine/auth', async () => {
    const { router } = await renderShell({ path: '/mine/addBankCard', user: member({ bindPhone: true, bindRealName: false }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/auth'));
  });

  test('member with both bound reaches the bound-phone page', async () => {
    const { router } = await renderShell({ path: '/mine/addBankCard', user: member({ bindPhone: true, bindRealName: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: '添加银行卡' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mine/addBankCard');
  });

  test('/app/help/ck shows not-found when the site flag is off', async () => {
    await renderShell({ path: '/app/help/ck', flags: { helpCk: false } });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  test('/mine/savemoney shows not-found when the deposit flag is off', async () => {
    await renderShell({ path: '/mine/savemoney', flags: { deposit: false }, user: member() });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  test('/mine/savemoney renders its page when the deposit flag is on', async () => {
    await renderShell({ path: '/mine/savemoney', user: member() });
    expect(await screen.findByRole('heading', { level: 1, name: '存款' })).toBeTruthy();
    expect(screen.queryByTestId('not-found')).toBeNull();
  });

  test('unmatched path → not-found page', async () => {
    await renderShell({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
  });

  test('/game/sport/crty switches to the embedded sports venue; other routes reset it', async () => {
    const calls = mockApi({ 'api/v1/launch': fail(6415, '场馆维护中') });
    const { router } = await renderShell({ path: '/game/sport/crty', user: member() });
    await waitFor(() => expect(useUi.getState().sportsVenue).toBe(true));
    // The venue has no data yet: the page starts it (launch); a refusal shows the server message.
    expect(await screen.findByText('场馆维护中')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/game/api/v1/launch'))?.body).toMatchObject({ enName: 'CRTY' });
    await act(() => router.navigate('/game/sport'));
    await waitFor(() => expect(useUi.getState().sportsVenue).toBe(false));
  });
});

describe('tab bar keep-alive', () => {
  test('a visited page keeps its state while another tab shows, and loses it when closed', async () => {
    const user = userEvent.setup();
    // The promotions hall: its category tabs come from promotion/config.
    mockApi({ 'promotion/config': ok({ categories: [{ key: 'newbie', count: 1 }], list: [] }) });
    const { router } = await renderShell({ path: '/activity/discount' });
    await user.click(await screen.findByText('新人专享 1'));
    const selected = () => document.querySelector('.frame[data-route="discount"] .ant-segmented-item-selected')?.textContent;
    expect(selected()).toBe('新人专享 1');

    await act(() => router.navigate('/game/sport'));
    expect(await screen.findByTestId('sport-enter')).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: '已访问页面' }));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual(['优惠活动', '体育赛事']);

    // Back on the first tab: same component instance, same selection.
    await user.click(tabs.getByRole('tab', { name: '优惠活动' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/discount'));
    expect(selected()).toBe('新人专享 1');

    // Closing the tab unmounts it: reopening starts fresh.
    await user.click(tabs.getByRole('button', { name: '关闭 优惠活动' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/sport'));
    await act(() => router.navigate('/activity/discount'));
    await waitFor(() => expect(selected()).toBe('全部优惠'));
  });

  test('a route that opts out (keepAlive: false) is unmounted when left', async () => {
    const { router } = await renderShell({ path: '/game/abc', user: member() });
    await screen.findByText('游戏地址无效，请返回场馆重新进入。');
    await act(() => router.navigate('/game/sport'));
    await waitFor(() => expect(document.querySelector('.frame[data-route="game"]')).toBeNull());
    expect(useUi.getState().tabs.map((t) => t.name)).toContain('game');
  });
});
