import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { clearRequestCache } from '../../api/client.ts';
import { useSession, type MemberInfo } from '../../stores/session.ts';
import { MEMBER, Wrap, mockApi, ok } from '../../test/authTestUtils.tsx';
import { SupportPage } from './SupportPage.tsx';

beforeEach(() => {
  localStorage.clear();
  clearRequestCache();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The desk's own acknowledgement. */
const DESK = {
  id: 3,
  from: 'desk',
  body: '您好，您的咨询已收到，工单号 S20261126-0003。当前排队第 2 位',
  at: Date.parse('2026-11-26T07:59:00Z'),
};
const STAFF = { id: 2, from: 'staff', body: '您好，已为您查询', at: Date.parse('2026-11-26T08:00:00Z') };

describe('the built-in service desk (/support)', () => {
  test('a member writes under the session; the answer shows in the conversation', async () => {
    useSession.setState({ token: 'T1', userId: 'u1', user: MEMBER as MemberInfo, balanceFen: 0 });
    let sent = 0;
    const calls = mockApi({
      'support/thread': () =>
        ok({
          messages: sent ? [{ id: 1, from: 'player', body: '充值没到账', at: 1 }, DESK, STAFF] : [],
          hours: '7×24小时',
          ticketNo: sent ? 'S20261126-0003' : null,
        }),
      'support/send': (b) => {
        sent++;
        return ok({ id: 1, from: 'player', body: String(b.body).trim(), at: 1 });
      },
    });
    render(
      <Wrap>
        <SupportPage />
      </Wrap>,
    );
    expect(await screen.findByText('服务时间：7×24小时')).toBeTruthy();
    expect(screen.queryByTestId('support-no')).toBeNull();
    const box = screen.getByRole('textbox', { name: /请输入您要咨询的问题/ });
    const button = screen.getByRole('button', { name: /发送/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    await userEvent.type(box, '  充值没到账  ');
    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.getAllByTestId('support-msg-player').map((m) => m.textContent)).toEqual([expect.stringContaining('充值没到账')]),
    );
    expect(calls.find((c) => c.path.endsWith('support/send'))!.body).toEqual({ body: '充值没到账' });
    expect((box as HTMLTextAreaElement).value).toBe('');
    // The desk's acknowledgement, on the staff's side, labelled as automatic.
    const desk = await screen.findByTestId('support-msg-desk');
    expect(desk.textContent).toContain('当前排队第 2 位');
    expect(desk.textContent).toContain('自动回复');
    expect(desk.className).toContain('support-msg--staff');
    // The conversation's number, right after the first message.
    expect((await screen.findByTestId('support-no')).textContent).toBe('会话编号 S20261126-0003（联系客服时请提供）');
  });

  test('a visitor writes under a key this browser keeps (the same on every visit), and is told so', async () => {
    useSession.setState({ token: null, userId: null, user: null, balanceFen: 0 });
    const calls = mockApi({
      'support/thread': ok({ messages: [STAFF], hours: '7×24小时' }),
      'support/send': (b) => ok({ id: 3, from: 'player', body: String(b.body), at: 1 }),
    });
    render(
      <Wrap>
        <SupportPage />
      </Wrap>,
    );
    expect(await screen.findByText('您好，已为您查询')).toBeTruthy();
    expect(screen.getByText(/您尚未登录/)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /请输入您要咨询的问题/ }), '登录不了');
    await userEvent.click(screen.getByRole('button', { name: /发送/ }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('support/send'))).toBe(true));
    const key = calls.find((c) => c.path.endsWith('support/thread'))!.body.visitorKey as string;
    expect(key).toMatch(/^[0-9a-f]{48}$/);
    expect(calls.find((c) => c.path.endsWith('support/send'))!.body).toEqual({ visitorKey: key, body: '登录不了' });
    cleanup();
    const again = mockApi({ 'support/thread': ok({ messages: [], hours: '7×24小时' }) });
    render(
      <Wrap>
        <SupportPage />
      </Wrap>,
    );
    await waitFor(() => expect(again.some((c) => c.path.endsWith('support/thread'))).toBe(true));
    expect(again.find((c) => c.path.endsWith('support/thread'))!.body.visitorKey).toBe(key);
  });
});
