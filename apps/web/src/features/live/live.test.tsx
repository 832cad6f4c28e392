/**
 * The live room's client state (every pushed id folded in) and the chat view: markup a player typed stays text,
 * the gates are said in words, a gift line reads with the gift's name.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { LIVE_MSG, type ChatMessageWire, type ServerMessage } from '@portal/contract';
import { mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { ChatView } from './ChatPanel.tsx';
import { SportRooms } from './SportRooms.tsx';
import { initialRoom, roomReducer, type LiveRoom, type RoomState } from './useLiveRoom.ts';

withWalletTestSession();
const room = {
  roomId: 'r1',
  title: '英超',
  hostName: '小美',
  status: 'open' as const,
  minVip: 0,
  matchId: null,
  streamUrl: null,
  online: 3,
};
const line = (id: number, text: string, o: Partial<ChatMessageWire> = {}): ChatMessageWire => ({
  id,
  roomId: 'r1',
  userId: 'u2',
  name: '球迷',
  vip: 0,
  text,
  ts: Date.UTC(2026, 0, 1, 12),
  kind: 'chat',
  ...o,
});
const fold = (msgs: unknown[], s: RoomState = initialRoom) =>
  msgs.reduce<RoomState>((acc, m) => roomReducer(acc, { type: 'msg', m: m as ServerMessage, me: 'u1' }), s);
const joined = { msgId: LIVE_MSG.JOIN_ROOM, msgData: { room, list: [line(1, '你好')], cursor: 1, canSend: true, mutedUntil: null } };

describe('room state', () => {
  it('folds the join answer, messages, deletions, clear, mutes, status, gifts and predictions', () => {
    let s = fold([
      joined,
      { msgId: LIVE_MSG.CHAT_SEND, msgData: line(2, '加油') },
      { msgId: LIVE_MSG.CHAT_SEND, msgData: line(2, '加油') },
    ]);
    expect(s.messages.map((m) => m.id)).toEqual([1, 2]);
    s = fold([{ msgId: LIVE_MSG.CLEAR_CHAT, msgData: { roomId: 'r1', ids: [1] } }], s);
    expect(s.messages.map((m) => m.id)).toEqual([2]);
    s = fold(
      [
        { msgId: LIVE_MSG.CHAT_MUTED, msgData: { roomId: 'r1', until: 99 } },
        { msgId: LIVE_MSG.ROOM_STATUS_CHANGE, msgData: { roomId: 'r1', status: 'paused' } },
        { msgId: LIVE_MSG.GIFT_PUSH, msgData: { roomId: 'r1', giftCode: 'ball', name: '球迷', count: 2, from: 'u2', ts: 1 } },
        { msgId: LIVE_MSG.PREDICTION_PUSH, msgData: { roomId: 'r1', matchId: 'm', scoreH: 2, scoreC: 1, note: '稳', ts: 1 } },
        { msgId: LIVE_MSG.CLEAR_CHAT, msgData: { roomId: 'r1', ids: null } },
      ],
      s,
    );
    expect(s).toMatchObject({ mutedUntil: 99, canSend: false, room: { status: 'paused' }, messages: [], prediction: { scoreH: 2 } });
    expect(s.gifts).toEqual([expect.objectContaining({ giftCode: 'ball', count: 2 })]);
    expect(fold([{ msgId: LIVE_MSG.ROOM_DESTROYED, msgData: { roomId: 'r1' } }], s).gone).toBe(true);
  });
});

describe('chat view', () => {
  const view = (state: RoomState) => {
    const live: LiveRoom = { state, dispatch: () => undefined, say: () => true };
    mockApi({ '/stream/api/v1/gifts': ok({ list: [{ code: 'ball', name: '金足球', price: '10.00', anim: 'bounce' }] }) });
    return renderAt(<ChatView roomId="r1" me="u1" live={live} />);
  };

  it('shows markup a player typed as the same text, never as markup; a gift line by its name', async () => {
    const evil = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const { container } = view(
      fold([{ ...joined, msgData: { ...joined.msgData, list: [line(1, evil), line(2, 'ball:3', { kind: 'gift' })] } }]),
    );
    expect(await screen.findByText(evil)).toBeTruthy();
    expect(container.querySelector('.live-chat__list img, .live-chat__list script')).toBeNull();
    expect(await screen.findByText('送出 金足球 ×3')).toBeTruthy();
  });

  it('says why the viewer cannot speak: muted until a time, the VIP level', async () => {
    view(fold([{ msgId: LIVE_MSG.CHAT_MUTED, msgData: { roomId: 'r1', until: Date.now() + 600_000 } }], fold([joined])));
    expect((await screen.findByTestId('chat-gate')).textContent).toContain('您已被禁言');
  });

  it('the VIP gate in words', async () => {
    view(fold([{ ...joined, msgData: { ...joined.msgData, room: { ...room, minVip: 3 }, canSend: false } }]));
    expect((await screen.findByTestId('chat-gate')).textContent).toContain('VIP3及以上会员可发言');
  });
});

describe('the sport book beside in-play matches', () => {
  it('offers the rooms of the matches shown, none of the others', async () => {
    const rooms = [
      { ...room, roomId: 'r1', title: '英超焦点', matchId: 'G1' },
      { ...room, roomId: 'r2', title: '别的比赛', matchId: 'G9' },
      { ...room, roomId: 'r3', title: '闲聊', matchId: null },
    ];
    mockApi({ '/game/api/v1/video/hotLive': ok({ list: rooms }) });
    renderAt(<SportRooms gameIds={['G1', 'G2']} />);
    expect((await screen.findByTestId('sport-live-room')).textContent).toContain('英超焦点');
    expect(screen.getAllByTestId('sport-live-room')).toHaveLength(1);
  });
});
