/**
 * A live room's state from the socket (spec §4 chat ids): the join answer (history, canSend, mute) on every
 * (re)login — the resync —, then each push folded in: messages (10003), mutes (10004), refusals (10005), status
 * and VIP level (10006/10007/10009), joins (10008), the room gone (10013), score (10014), deletions (10015), the
 * welcome (10016), gifts (10017) and the host's predictions (10018). Pure reducer + a thin hook.
 */
import { useEffect, useReducer, useRef } from 'react';
import { CHAT_LIMITS, LIVE_MSG, type ChatMessageWire, type LiveRoomWire, type ScorePushWire, type ServerMessage } from '@portal/contract';
import { joinLiveRoom } from '../../api/realtime.ts';

export interface GiftShow {
  key: number;
  giftCode: string;
  name: string;
  count: number;
}
export interface Prediction {
  scoreH: number;
  scoreC: number;
  note: string;
}
export interface RoomState {
  joined: boolean;
  gone: boolean;
  room: LiveRoomWire | null;
  messages: ChatMessageWire[];
  cursor: number | null;
  canSend: boolean;
  mutedUntil: number | null;
  /** The last refusal's text (10005), shown under the input. */
  notice: string | null;
  welcome: string | null;
  joins: string[];
  score: ScorePushWire | null;
  prediction: Prediction | null;
  gifts: GiftShow[];
}

export const initialRoom: RoomState = {
  joined: false,
  gone: false,
  room: null,
  messages: [],
  cursor: null,
  canSend: false,
  mutedUntil: null,
  notice: null,
  welcome: null,
  joins: [],
  score: null,
  prediction: null,
  gifts: [],
};

/** Messages kept on screen (older ones are read again by paging). */
const KEEP = 300;
const GIFTS_SHOWN = 4;
let giftKey = 0;

export type RoomAction =
  | { type: 'msg'; m: ServerMessage; me: string | null }
  | { type: 'older'; list: ChatMessageWire[]; cursor: number | null }
  | { type: 'giftDone'; key: number }
  | { type: 'hide'; userId: string };

export function roomReducer(s: RoomState, a: RoomAction): RoomState {
  if (a.type === 'older') return { ...s, messages: [...a.list, ...s.messages], cursor: a.cursor };
  if (a.type === 'giftDone') return { ...s, gifts: s.gifts.filter((g) => g.key !== a.key) };
  if (a.type === 'hide') return { ...s, messages: s.messages.filter((m) => m.userId !== a.userId) };
  const m = a.m;
  switch (m.msgId) {
    case LIVE_MSG.JOIN_ROOM: {
      const d = m.msgData;
      return {
        ...s,
        joined: true,
        gone: false,
        room: d.room,
        messages: d.list,
        cursor: d.cursor,
        canSend: d.canSend,
        mutedUntil: d.mutedUntil,
      };
    }
    case LIVE_MSG.CHAT_SEND:
      if (s.messages.some((x) => x.id === m.msgData.id)) return s;
      return { ...s, messages: [...s.messages, m.msgData].slice(-KEEP), notice: m.msgData.userId === a.me ? null : s.notice };
    case LIVE_MSG.CHAT_MUTED:
      return { ...s, mutedUntil: m.msgData.until };
    case LIVE_MSG.CHAT_BLOCKED:
      return { ...s, notice: m.msgData.message };
    case LIVE_MSG.ROOM_STATUS_CHANGE:
      return s.room ? { ...s, room: { ...s.room, status: m.msgData.status }, canSend: s.canSend && m.msgData.status === 'open' } : s;
    case LIVE_MSG.VIP_CHAT_LEVEL:
      // Whether this viewer may speak now comes with the join the hook sends again (its answer: canSend).
      return s.room ? { ...s, room: { ...s.room, minVip: m.msgData.minVip } } : s;
    case LIVE_MSG.JOIN_BROADCAST:
      return { ...s, joins: [...s.joins, m.msgData.name].slice(-3) };
    case LIVE_MSG.ROOM_STATUS_UPDATE:
      return s.room ? { ...s, room: { ...s.room, ...m.msgData } } : s;
    case LIVE_MSG.ROOM_DESTROYED:
      return { ...s, gone: true, canSend: false };
    case LIVE_MSG.SCORE_PUSH:
      return { ...s, score: m.msgData };
    case LIVE_MSG.CLEAR_CHAT: {
      const ids = m.msgData.ids;
      return { ...s, messages: ids === null ? [] : s.messages.filter((x) => !ids.includes(x.id)) };
    }
    case LIVE_MSG.JOIN_UNICAST:
      return { ...s, welcome: m.msgData.welcome };
    case LIVE_MSG.GIFT_PUSH: {
      const g = { key: ++giftKey, giftCode: m.msgData.giftCode, name: m.msgData.name, count: m.msgData.count };
      return { ...s, gifts: [...s.gifts, g].slice(-GIFTS_SHOWN) };
    }
    case LIVE_MSG.PREDICTION_PUSH:
      return { ...s, prediction: { scoreH: m.msgData.scoreH, scoreC: m.msgData.scoreC, note: m.msgData.note } };
    default:
      return s;
  }
}

/** Sits in the room while mounted; `say` sends a message (trimmed; empty or too long never leaves the page). */
export function useLiveRoom(roomId: string, me: string | null) {
  const [state, dispatch] = useReducer(roomReducer, initialRoom);
  const sayRef = useRef<(text: string) => void>(() => undefined);
  useEffect(() => {
    const seat = joinLiveRoom(
      roomId,
      (m) => {
        dispatch({ type: 'msg', m, me });
        // The gate or the status changed: join again, its answer says whether this viewer may speak now.
        if (m.msgId === LIVE_MSG.VIP_CHAT_LEVEL || (m.msgId === LIVE_MSG.ROOM_STATUS_CHANGE && m.msgData.status === 'open')) seat.rejoin();
      },
      me !== null,
    );
    sayRef.current = seat.say;
    return () => seat.leave();
  }, [roomId, me]);
  const say = (raw: string): boolean => {
    const text = raw.trim();
    if (!text || text.length > CHAT_LIMITS.MAX_TEXT) return false;
    sayRef.current(text);
    return true;
  };
  return { state, dispatch, say };
}
export type LiveRoom = ReturnType<typeof useLiveRoom>;
