/** Issue 30: the phone's tab bar, pull to refresh, the rotate prompt (the phone sheets' media query: packages/rules phoneMedia.test.ts). */
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { bus } from '../app/events.ts';
import { member, renderShell } from '../test/shellHarness.tsx';
import { PULL_PX, usePullRefresh } from '../ui/layout/usePullRefresh.ts';
import { RotatePrompt } from '../ui/layout/RotatePrompt.tsx';
import { Providers } from '../app/Providers.tsx';
import { phoneTabOf } from './PhoneNav.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the phone tab bar', () => {
  test('each address belongs to its tab; a game or a lobby to none', () => {
    expect(phoneTabOf('/')).toBe('home');
    expect(phoneTabOf('/activity/discount')).toBe('discount');
    expect(phoneTabOf('/activity/drawGift/lucky-wheel-7000')).toBe('discount');
    expect(phoneTabOf('/support')).toBe('service');
    expect(phoneTabOf('/app/help/ck')).toBe('service');
    for (const p of ['/mine/wallet', '/mine/savemoney', '/mine/transfermoney', '/mine/takemoney', '/mine/rechargeWait'])
      expect(phoneTabOf(p)).toBe('wallet');
    for (const p of ['/mine/userinfo', '/mine/vip', '/mine/betRecord']) expect(phoneTabOf(p)).toBe('mine');
    for (const p of ['/game/sport', '/dz/game', '/zr/table', '/download']) expect(phoneTabOf(p)).toBeNull();
  });

  test('首页 / 优惠 / 客服 / 钱包 / 我的: the current one marked, each opening its page (客服 the service desk)', async () => {
    const { router } = await renderShell({ path: '/', user: member() });
    const nav = within(screen.getByTestId('phone-nav'));
    expect(nav.getAllByRole('button').map((b) => b.textContent)).toEqual(['首页', '优惠', '客服', '钱包', '我的']);
    expect(nav.getByRole('button', { name: '首页' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(nav.getByRole('button', { name: '优惠' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/discount'));
    await waitFor(() => expect(nav.getByRole('button', { name: '优惠' }).getAttribute('aria-current')).toBe('page'));
    fireEvent.click(nav.getByRole('button', { name: '钱包' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/wallet'));
    fireEvent.click(nav.getByRole('button', { name: '我的' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/userinfo'));
    const service = vi.fn();
    const off = bus.on('open_customer_service', service);
    fireEvent.click(nav.getByRole('button', { name: '客服' }));
    expect(service).toHaveBeenCalledOnce();
    off();
  });
});

/** A touch event with one finger at `y` (happy-dom has no Touch constructor). */
function touch(type: string, y: number | null): void {
  const e = new Event(type);
  Object.defineProperty(e, 'touches', { value: y === null ? [] : [{ clientY: y }] });
  act(() => {
    window.dispatchEvent(e);
  });
}

describe('pull to refresh', () => {
  const phone = (matches: boolean) => vi.spyOn(window, 'matchMedia').mockImplementation((q) => ({ matches, media: q }) as MediaQueryList);

  test('on a phone at the top of the page: a pull past the mark refreshes when let go, a short one does not', () => {
    phone(true);
    const refresh = vi.fn();
    const { result } = renderHook(() => usePullRefresh(true, refresh));
    touch('touchstart', 100);
    touch('touchmove', 100 + PULL_PX / 2);
    expect(result.current).toBe(PULL_PX / 2);
    touch('touchend', null);
    expect(refresh).not.toHaveBeenCalled();
    expect(result.current).toBe(0);
    touch('touchstart', 100);
    touch('touchmove', 100 + PULL_PX + 10);
    touch('touchend', null);
    expect(refresh).toHaveBeenCalledOnce();
  });

  test('never on the desktop layout, nor when the page does not take it (a game)', () => {
    const refresh = vi.fn();
    phone(false);
    renderHook(() => usePullRefresh(true, refresh));
    touch('touchstart', 100);
    touch('touchmove', 100 + PULL_PX * 2);
    touch('touchend', null);
    cleanup();
    phone(true);
    renderHook(() => usePullRefresh(false, refresh));
    touch('touchstart', 100);
    touch('touchmove', 100 + PULL_PX * 2);
    touch('touchend', null);
    expect(refresh).not.toHaveBeenCalled();
  });
});

test('the rotate prompt reads in the player’s language', async () => {
  render(
    <Providers>
      <RotatePrompt />
    </Providers>,
  );
  expect((await screen.findByTestId('rotate-prompt')).textContent).toBe('横屏游戏体验更佳，请将手机横过来');
});
