/** 直播间: rooms listed with their figures; a moderator deletes a line and mutes its author; a reader sees no buttons. */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConsoleChatLine, ConsoleLiveRoom } from '@portal/contract/console';
import { fakeConsole, renderConsole, resetConsole } from '../../test/kit.tsx';
import RoomsPage from './RoomsPage.tsx';

afterEach(() => resetConsole());

const ROOM: ConsoleLiveRoom = {
  roomId: 'r1',
  siteCode: 7000,
  title: '欧冠之夜',
  hostName: '小美',
  hostStaff: 'host1',
  status: 'open',
  minVip: 2,
  matchId: 'M1',
  streamUrl: null,
  online: 12,
  createdAt: Date.UTC(2026, 10, 29, 4),
  destroyed: false,
  giftFen: 12_300,
};
const LINES: ConsoleChatLine[] = [
  { id: 9, memberId: 'm2', name: 'fan2', vip: 0, kind: 'gift', text: 'ball:2', createdAt: ROOM.createdAt, deletedBy: null, shadow: false },
  { id: 8, memberId: 'm1', name: 'fan1', vip: 1, kind: 'chat', text: '加微信', createdAt: ROOM.createdAt, deletedBy: null, shadow: false },
];

function server() {
  return fakeConsole({
    'live/rooms': () => ({ list: [ROOM], total: 1 }),
    'live/messages': () => ({ list: LINES, total: 2 }),
    'live/moderate': () => null,
    'live/words': () => ({ words: ['代充'] }),
  });
}

describe('live rooms screen', () => {
  it('lists a room with its gate, match and gift income; 管理 deletes a line and mutes its author', async () => {
    const api = server();
    renderConsole(<RoomsPage />, { permissions: ['content.read', 'content.write'] });
    const row = (await screen.findByText('欧冠之夜')).closest('tr')!;
    expect(within(row).getByText('VIP2')).toBeTruthy();
    expect(within(row).getByText('M1')).toBeTruthy();
    expect(within(row).getByText('123.00')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '管理' }));
    expect(await screen.findByText('送出 金足球 ×2')).toBeTruthy();
    const line = (await screen.findByText('加微信')).closest('tr')!;
    fireEvent.click(within(line).getByRole('button', { name: '删除' }));
    fireEvent.click(within(line).getByRole('button', { name: '禁言10分钟' }));
    await waitFor(() =>
      expect(api.bodies('live/moderate')).toEqual([
        { roomId: 'r1', action: 'delete', messageId: 8 },
        { roomId: 'r1', action: 'mute', memberId: 'm1', minutes: 10 },
      ]),
    );
    expect((await screen.findByPlaceholderText('每行一个词')).textContent).toBe('代充');
  });

  it('a reader sees the rooms and the chat but no button that writes', async () => {
    server();
    renderConsole(<RoomsPage />, { permissions: ['content.read'] });
    const row = (await screen.findByText('欧冠之夜')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: /创建直播间/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '管理' }));
    await screen.findByText('加微信');
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});
