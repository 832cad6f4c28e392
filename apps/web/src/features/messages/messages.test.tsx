import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { clearRequestCache } from '../../api/client.ts';
import { bus } from '../../app/events.ts';
import { browser } from '../../routes/nav.ts';
import { useSession, type MemberInfo } from '../../stores/session.ts';
import { MEMBER, Wrap, fail, mockApi, ok } from '../../test/authTestUtils.tsx';
import { DialogRoot } from '../../shell/DialogRoot.tsx';
import { FeedbackListPage } from './FeedbackListPage.tsx';
import { FeedbackPage } from './FeedbackPage.tsx';
import { MessagePage } from './MessagePage.tsx';
import { NoticeMarquee } from './NoticeMarquee.tsx';
import { useUnread } from './unread.ts';

beforeEach(() => {
  localStorage.clear();
  clearRequestCache();
  useUnread.getState().clear();
  useSession.setState({ token: 'T1', userId: 'u1', user: MEMBER as MemberInfo, balanceFen: 0 });
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const COUNTS = { notice: 1, activity: 0, fd: 0, brNotice: 0, brActivity: 0, brBulletin: 1, brMatch: 0, brFd: 0, total: 2 };
const LETTERS = [
  { id: 'L2', type: 'brBulletin', title: '平台公告标题', content: '公告全文', isRead: false, createdAt: '2026-03-02T08:00:00Z' },
  { id: 'L1', type: 'notice', title: '欢迎加入', content: '欢迎全文内容', isRead: true, createdAt: '2026-03-01T08:00:00Z' },
];
const page = (node: React.ReactNode) =>
  render(
    <Wrap>
      {node}
      <DialogRoot />
    </Wrap>,
  );

describe('message centre', () => {
  test('letters with their box, unread counts per box; opening one reads it; 一键已读 reads the box', async () => {
    const calls = mockApi({
      'letter/list': (b) => ok({ total: b.type === 'notice' ? 1 : 2, list: b.type === 'notice' ? [LETTERS[1]] : LETTERS }),
      'letter/getUnreadForType': ok(COUNTS),
      'feedback/unreadNum': ok({ count: 0 }),
      'letter/read': (b) => ok({ ...LETTERS[0], id: b.id, isRead: true }),
      'letter/onekeyRead': ok({ updated: 1 }),
    });
    page(<MessagePage />);
    const rows = await screen.findAllByTestId('letter');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('平台公告标题'), expect.stringContaining('欢迎加入')]);
    expect(rows[0]!.className).toContain('is-unread');
    expect(within(rows[0]!).getByText('平台公告')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-box="all"] .ant-badge')?.textContent).toContain('2'));
    expect(document.querySelector('[data-box="brBulletin"] .ant-badge')?.textContent).toContain('1');

    await userEvent.click(within(rows[0]!).getByRole('button', { expanded: false }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('letter/read'))?.body).toEqual({ id: 'L2' }));
    expect(await screen.findByText('公告全文')).toBeTruthy();

    await userEvent.click(document.querySelector('[data-box="notice"]') as HTMLElement);
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('letter/list')).at(-1)?.body).toEqual({ type: 'notice', pageNum: 1, pageSize: 10 }),
    );
    await userEvent.click(screen.getByRole('button', { name: /一键已读/ }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('letter/onekeyRead'))?.body).toEqual({ type: 'notice' }));
  });

  test('delete the selected letters after confirming; the server message shows on failure', async () => {
    let fails = true;
    const calls = mockApi({
      'letter/list': ok({ total: 2, list: LETTERS }),
      'letter/getUnreadForType': ok(COUNTS),
      'feedback/unreadNum': ok({ count: 0 }),
      'letter/delete': () => (fails ? fail(6004, '消息不存在或已删除') : ok({ deleted: 1 })),
    });
    page(<MessagePage />);
    const rows = await screen.findAllByTestId('letter');
    const deleteButton = screen.getByRole('button', { name: /删除所选/ }) as HTMLButtonElement;
    expect(deleteButton.disabled).toBe(true);
    await userEvent.click(within(rows[1]!).getByRole('checkbox'));
    await userEvent.click(deleteButton);
    expect(await screen.findByText('确定删除选中的 1 条消息吗？删除后不可恢复。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('消息不存在或已删除')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('letter/delete'))?.body).toEqual({ ids: ['L1'] });
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  test('no letters: an honest empty state; the notices tab lists the brand notices', async () => {
    mockApi({
      'letter/list': ok({ total: 0, list: [] }),
      'letter/getUnreadForType': ok({ ...COUNTS, notice: 0, brBulletin: 0, total: 0 }),
      'feedback/unreadNum': ok({ count: 0 }),
      queryNoticeListByPage: ok({
        total: 1,
        list: [
          { id: 'N1', category: 'fd', title: '存款安全须知', content: '只通过官网获取', marquee: true, startAt: '2026-03-01T00:00:00Z' },
        ],
      }),
    });
    page(<MessagePage />);
    expect(await screen.findByText('暂无消息')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: '网站公告' }));
    expect(await screen.findByText('存款安全须知')).toBeTruthy();
    expect(await screen.findByText('财务')).toBeTruthy();
  });
});

describe('notice marquee', () => {
  test('scrolls the marquee notices; a click opens the notice list', async () => {
    const calls = mockApi({
      queryNoticeListByPage: (b) =>
        ok({
          total: 1,
          list: [
            {
              id: 'N1',
              category: 'notice',
              title: '账户安全提醒',
              content: '请勿透露验证码',
              marquee: true,
              startAt: '2026-03-01T00:00:00Z',
            },
          ],
          ...(b.marquee ? {} : {}),
        }),
    });
    render(
      <Wrap>
        <NoticeMarquee />
      </Wrap>,
    );
    const item = await screen.findByRole('button', { name: /账户安全提醒/ });
    expect(calls[calls.length - 1]!.body).toEqual({ marquee: true, pageSize: 10 });
    await userEvent.click(item);
    expect(await screen.findByText('网站公告')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.notice-list__item.is-focused')?.textContent).toContain('请勿透露验证码'));
  });

  test('nothing is shown without marquee notices', async () => {
    const calls = mockApi({ queryNoticeListByPage: ok({ total: 0, list: [] }) });
    const { container } = render(
      <Wrap>
        <NoticeMarquee />
      </Wrap>,
    );
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('queryNoticeListByPage'))).toBe(true));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(container.querySelector('[data-testid="notice-marquee"]')).toBeNull();
  });
});

describe('feedback', () => {
  test('the form checks type and 10-500 characters, then sends addFeedBack and opens the list', async () => {
    const calls = mockApi({ 'feedback/addFeedBack': ok({ ticketNo: 'F20261126-0042' }) });
    const assigned: string[] = [];
    vi.spyOn(browser, 'assign').mockImplementation((u) => void assigned.push(u));
    page(<FeedbackPage />);
    await userEvent.click(await screen.findByRole('button', { name: /提交反馈/ }));
    expect(await screen.findByText('请选择反馈类型')).toBeTruthy();
    expect(await screen.findByText('反馈内容为10-500个字')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByText('取款问题'));
    await userEvent.type(screen.getByPlaceholderText(/请详细描述/), '  取款三小时未到账  ');
    await userEvent.click(screen.getByRole('button', { name: /提交反馈/ }));
    expect(await screen.findByText('反馈内容为10-500个字')).toBeTruthy();
    await userEvent.type(screen.getByPlaceholderText(/请详细描述/), '，请帮忙查询');
    await userEvent.click(screen.getByRole('button', { name: /提交反馈/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('addFeedBack'))?.body).toEqual({
        type: 'withdraw',
        content: '取款三小时未到账  ，请帮忙查询',
      }),
    );
    expect(await screen.findByText('提交成功，反馈编号 F20261126-0042，我们会尽快回复您')).toBeTruthy();
    expect(assigned).toEqual(['/mine/feedback/list']);
  });

  test('a game problem offers the latest bets (queryMemberBetList); the chosen bet number heads the text sent', async () => {
    const bet = {
      ticketId: 'B20261126001',
      category: 'TY',
      channelCode: 'CRTY',
      title: '曼城 - 阿森纳',
      betAmount: '20.00',
      winLoss: '0',
      status: 'accepted',
      betTime: '2026-11-26T02:00:00Z',
    };
    const calls = mockApi({ queryMemberBetList: ok({ list: [bet] }), 'feedback/addFeedBack': ok({}) });
    page(<FeedbackPage />);
    await userEvent.click(await screen.findByRole('combobox'));
    await userEvent.click(await screen.findByText('游戏问题'));
    const picker = await screen.findByLabelText('相关注单');
    await userEvent.click(picker);
    await userEvent.click(await screen.findByText(/曼城 - 阿森纳 · ¥ 20/));
    expect(calls.find((c) => c.path.endsWith('user/queryMemberBetList'))?.body).toEqual({ pageSize: 20 });
    await userEvent.type(screen.getByPlaceholderText(/请详细描述/), '这张注单结算不对，请核实');
    await userEvent.click(screen.getByRole('button', { name: /提交反馈/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('addFeedBack'))?.body).toEqual({
        type: 'game',
        content: '【相关注单 B20261126001】\n这张注单结算不对，请核实',
      }),
    );
  });

  test('the list marks new replies; opening one shows the reply and refreshes the unread count', async () => {
    const item = {
      id: 'F1',
      ticketNo: 'F20260301-0007',
      type: 'deposit',
      content: '存款未到账',
      images: [{ id: 'i1', url: '/uploads/abc' }],
      status: 'replied',
      reply: '已为您处理',
      replyUnread: true,
      createdAt: '2026-03-01T00:00:00Z',
      repliedAt: '2026-03-01T02:00:00Z',
    };
    const calls = mockApi({
      'feedback/getFeedBackList': ok({ total: 1, list: [item] }),
      'feedback/getFeedbackInfo': ok({ ...item, replyUnread: false }),
      'feedback/unreadNum': ok({ count: 0 }),
      'letter/getUnreadForType': ok(COUNTS),
    });
    page(<FeedbackListPage />);
    const row = await screen.findByTestId('feedback-item');
    expect(within(row).getByText('新回复')).toBeTruthy();
    expect(within(row).getByText('已回复')).toBeTruthy();
    // The readable number, never the internal id.
    expect(within(row).getByTestId('feedback-no').textContent).toBe('编号 F20260301-0007');
    expect(row.textContent).not.toContain('F1');
    await userEvent.click(within(row).getByRole('button', { name: /查\s*看/ }));
    const detail = await screen.findByTestId('feedback-detail');
    expect(within(detail).getByText('已为您处理')).toBeTruthy();
    expect(within(detail).getByTestId('feedback-detail-no').textContent).toBe('编号 F20260301-0007');
    expect(detail.querySelector('img')?.getAttribute('src')).toBe('/uploads/abc');
    expect(calls.find((c) => c.path.endsWith('getFeedbackInfo'))?.body).toEqual({ id: 'F1' });
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('feedback/unreadNum'))).toBe(true));
    await waitFor(() => expect(within(screen.getByTestId('feedback-item')).queryByText('新回复')).toBeNull());
  });
});

describe('online customer service', () => {
  test('after the safety notice the address from configuration/onlinecustomservice opens in a new tab', async () => {
    const calls = mockApi({ 'configuration/onlinecustomservice': ok({ url: 'https://cs.brand.example/room' }) });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    render(
      <Wrap>
        <DialogRoot />
      </Wrap>,
    );
    act(() => bus.emit('open_customer_service'));
    expect(await screen.findByText('安全提示')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('configuration/onlinecustomservice'))).toBe(true));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    await userEvent.click(screen.getByRole('button', { name: /我已知晓，联系客服/ }));
    expect(open).toHaveBeenCalledWith('https://cs.brand.example/room', '_blank', 'noopener,noreferrer');
  });
});
