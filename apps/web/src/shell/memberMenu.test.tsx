/** The header's member menu shows the member's VIP grade (from member/info: no VIP call of its own) and leads to the VIP page. */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { mockApi, ok } from '../test/authTestUtils.tsx';
import { member, renderShell } from '../test/shellHarness.tsx';
import { i18n } from '../app/i18n.ts';
import { useSession } from '../stores/session.ts';
import { useUi } from '../stores/ui.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const counts = { notice: 0, activity: 0, fd: 0, brNotice: 0, brActivity: 0, brBulletin: 0, brMatch: 0, brFd: 0, total: 0 };
const badgeOf = (el: HTMLElement) => within(el).getByTestId('vip-badge');

describe('member menu VIP grade', () => {
  test('the trigger and the VIP entry show the grade; the entry opens /mine/vip; no VIP endpoint is called for it', async () => {
    const calls = mockApi({ 'letter/getUnreadForType': ok(counts), 'feedback/unreadNum': ok({ count: 0 }) });
    const { router } = await renderShell({ path: '/app/help/gywm', user: member({ vipGrade: 5 }) });
    const trigger = await screen.findByTestId('member-menu');
    const badge = badgeOf(trigger);
    expect(badge.textContent).toBe('VIP5');
    expect(badge.className).toContain('vip-badge--t2');
    await userEvent.click(trigger);
    const entry = (await screen.findByText('VIP特权')).closest('li') as HTMLElement;
    expect(badgeOf(entry).textContent).toBe('VIP5');
    expect(calls.filter((c) => /vip|grade/i.test(c.path))).toEqual([]);
    await userEvent.click(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/vip'));
  });

  test('a new grade in the session (the VIP page refreshed member/info) shows at once', async () => {
    mockApi({ 'letter/getUnreadForType': ok(counts), 'feedback/unreadNum': ok({ count: 0 }) });
    await renderShell({ path: '/app/help/gywm', user: member({ vipGrade: 0 }) });
    const trigger = await screen.findByTestId('member-menu');
    expect(badgeOf(trigger).textContent).toBe('VIP0');
    act(() => useSession.setState({ user: member({ vipGrade: 10 }) }));
    expect(badgeOf(trigger).textContent).toBe('VIP10');
    expect(badgeOf(trigger).className).toContain('vip-badge--t4');
  });

  test('zh-TW label of the entry', async () => {
    mockApi({ 'letter/getUnreadForType': ok(counts), 'feedback/unreadNum': ok({ count: 0 }) });
    useUi.setState({ language: 'zh-TW' }); // the shell's providers follow the member's language choice
    try {
      await renderShell({ path: '/app/help/gywm', user: member({ vipGrade: 2 }) });
      await userEvent.click(await screen.findByTestId('member-menu'));
      expect(await screen.findByText('VIP特權')).toBeTruthy();
    } finally {
      useUi.setState({ language: null });
      await i18n.changeLanguage('zh-CN');
    }
  });
});
