/**
 * The live rooms' chat on the realtime socket (spec §4 chat socket; realtime.ts carries the rest of the
 * protocol). Every id keeps the meaning the spec gives it:
 *
 *   id     direction        meaning
 *   10002  client → server  join room {roomId}: leaves the room the socket was in (one room per socket)
 *   10002  server → client  joined {room, history (the latest CHAT_LIMITS.PAGE messages, oldest first), cursor, canSend}
 *   10003  client → server  send message {roomId, text}: trimmed; empty is not sent; at most CHAT_LIMITS.MAX_TEXT chars
 *   10003  server → client  a chat message {id, roomId, userId, name, vip, text, ts} to everyone in the room
 *   10004  server → client  member muted {roomId, until}: to the muted member (when muted, and when they try to speak)
 *   10005  server → client  message blocked {roomId, reason, message}: to the sender only (reason below)
 *   10006  server → client  room status change {roomId, status}: an operator opened, paused or closed the chat
 *   10007  server → client  VIP chat level {roomId, minVip}: the lowest VIP grade that may speak changed
 *   10008  server → client  join broadcast {roomId, name}: a member entered (to the others in the room)
 *   10009  server → client  room status update {roomId, online, title, hostName, streamUrl}: the room's figures
 *   10013  server → client  room destroyed {roomId}: the room is gone; the client leaves it
 *   10014  server → client  score push {roomId, matchId, home, away, scoreH, scoreC, clock, state}
 *   10015  server → client  clear chat {roomId, ids}: remove these messages (ids null: remove every message)
 *   10016  server → client  join unicast {roomId, welcome}: to the joiner only (the safety notice)
 *   10017  server → client  gift push {roomId, giftCode, name, count, from, ts}
 *   10018  server → client  score prediction push {roomId, matchId, scoreH, scoreC, note, ts}: the host's call
 *
 * Guests (10019) read and never send. Text is plain text everywhere: clients render it as text, never markup.
 */
import { z } from 'zod';

export const LIVE_MSG = {
  JOIN_ROOM: 10002,
  CHAT_SEND: 10003,
  CHAT_MUTED: 10004,
  CHAT_BLOCKED: 10005,
  ROOM_STATUS_CHANGE: 10006,
  VIP_CHAT_LEVEL: 10007,
  JOIN_BROADCAST: 10008,
  ROOM_STATUS_UPDATE: 10009,
  ROOM_DESTROYED: 10013,
  SCORE_PUSH: 10014,
  CLEAR_CHAT: 10015,
  JOIN_UNICAST: 10016,
  GIFT_PUSH: 10017,
  PREDICTION_PUSH: 10018,
} as const;

export const CHAT_LIMITS = {
  /** Spec §9: chat history page size. */
  PAGE: 15,
  /** Longest message (characters after trimming). */
  MAX_TEXT: 120,
  /** Per member: at most this many messages in FLOOD_WINDOW_MS (flood), and the same text not again within DUPLICATE_MS. */
  FLOOD_MESSAGES: 5,
  FLOOD_WINDOW_MS: 10_000,
  DUPLICATE_MS: 30_000,
  /** Words of one brand's filter. */
  MAX_WORDS: 500,
} as const;

export const ROOM_STATUSES = ['open', 'paused', 'closed'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];
export const BLOCK_REASONS = ['guest', 'vip', 'paused', 'length', 'flood', 'duplicate', 'word', 'contact', 'closed'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

const roomId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

export const joinRoomMsg = z.strictObject({ msgId: z.literal(LIVE_MSG.JOIN_ROOM), msgData: z.strictObject({ roomId }) });
export const chatSendMsg = z.strictObject({
  msgId: z.literal(LIVE_MSG.CHAT_SEND),
  /** Length is checked after trimming (10005 'length'); the frame limit bounds the raw string. */
  msgData: z.strictObject({ roomId, text: z.string().max(1_000) }),
});

export const liveRoomWire = z.object({
  roomId: z.string(),
  title: z.string(),
  hostName: z.string(),
  status: z.enum(ROOM_STATUSES),
  minVip: z.number().int(),
  matchId: z.string().nullable(),
  streamUrl: z.string().nullable(),
  online: z.number().int(),
});
export type LiveRoomWire = z.infer<typeof liveRoomWire>;

export const chatMessageWire = z.object({
  id: z.number().int(),
  roomId: z.string(),
  userId: z.string(),
  name: z.string(),
  vip: z.number().int(),
  text: z.string(),
  ts: z.number(),
  /** 'chat' a member's message; 'host' the host's; 'gift' a gift's line. */
  kind: z.enum(['chat', 'host', 'gift']),
});
export type ChatMessageWire = z.infer<typeof chatMessageWire>;

export const chatHistoryPage = z.object({
  list: z.array(chatMessageWire),
  /** Pass as `cursor` for the page before (older); null: no older message. */
  cursor: z.number().int().nullable(),
});
export type ChatHistoryPage = z.infer<typeof chatHistoryPage>;

const m = <I extends number, T extends z.ZodTypeAny>(id: I, data: T) => z.object({ msgId: z.literal(id), msgData: data });
export const joinedMsg = m(
  LIVE_MSG.JOIN_ROOM,
  chatHistoryPage.extend({ room: liveRoomWire, canSend: z.boolean(), mutedUntil: z.number().nullable() }),
);
export const chatMessageMsg = m(LIVE_MSG.CHAT_SEND, chatMessageWire);
export const chatMutedMsg = m(LIVE_MSG.CHAT_MUTED, z.object({ roomId: z.string(), until: z.number() }));
export const chatBlockedMsg = m(
  LIVE_MSG.CHAT_BLOCKED,
  z.object({ roomId: z.string(), reason: z.enum(BLOCK_REASONS), message: z.string() }),
);
export const roomStatusChangeMsg = m(LIVE_MSG.ROOM_STATUS_CHANGE, z.object({ roomId: z.string(), status: z.enum(ROOM_STATUSES) }));
export const vipChatLevelMsg = m(LIVE_MSG.VIP_CHAT_LEVEL, z.object({ roomId: z.string(), minVip: z.number().int() }));
export const joinBroadcastMsg = m(LIVE_MSG.JOIN_BROADCAST, z.object({ roomId: z.string(), name: z.string() }));
export const roomStatusUpdateMsg = m(
  LIVE_MSG.ROOM_STATUS_UPDATE,
  z.object({ roomId: z.string(), online: z.number().int(), title: z.string(), hostName: z.string(), streamUrl: z.string().nullable() }),
);
export const roomDestroyedMsg = m(LIVE_MSG.ROOM_DESTROYED, z.object({ roomId: z.string() }));
export const scorePush = z.object({
  roomId: z.string(),
  matchId: z.string(),
  home: z.string(),
  away: z.string(),
  scoreH: z.number().int(),
  scoreC: z.number().int(),
  clock: z.string(),
  state: z.string(),
});
export type ScorePushWire = z.infer<typeof scorePush>;
export const scorePushMsg = m(LIVE_MSG.SCORE_PUSH, scorePush);
export const clearChatMsg = m(LIVE_MSG.CLEAR_CHAT, z.object({ roomId: z.string(), ids: z.array(z.number().int()).nullable() }));
export const joinUnicastMsg = m(LIVE_MSG.JOIN_UNICAST, z.object({ roomId: z.string(), welcome: z.string() }));
export const giftPushMsg = m(
  LIVE_MSG.GIFT_PUSH,
  z.object({ roomId: z.string(), giftCode: z.string(), name: z.string(), count: z.number().int(), from: z.string(), ts: z.number() }),
);
export const predictionPushMsg = m(
  LIVE_MSG.PREDICTION_PUSH,
  z.object({
    roomId: z.string(),
    matchId: z.string(),
    scoreH: z.number().int(),
    scoreC: z.number().int(),
    note: z.string(),
    ts: z.number(),
  }),
);

/**
 * The gifts a member can send a room's host (bought from the central wallet through the ledger: modules/live/gifts.ts).
 * Our own names and animations; `priceFen` is the default a brand may change or take off its list (live_gift_prices).
 */
export const LIVE_GIFTS = [
  { code: 'heart', priceFen: 100, anim: 'float', name: { 'zh-CN': '爱心', 'zh-TW': '愛心' } },
  { code: 'flag', priceFen: 500, anim: 'wave', name: { 'zh-CN': '助威旗', 'zh-TW': '助威旗' } },
  { code: 'ball', priceFen: 1_000, anim: 'bounce', name: { 'zh-CN': '金足球', 'zh-TW': '金足球' } },
  { code: 'trophy', priceFen: 5_200, anim: 'shine', name: { 'zh-CN': '奖杯', 'zh-TW': '獎盃' } },
  { code: 'rocket', priceFen: 18_800, anim: 'launch', name: { 'zh-CN': '火箭', 'zh-TW': '火箭' } },
] as const;
export type LiveGiftCode = (typeof LIVE_GIFTS)[number]['code'];
export const GIFT_LIMITS = {
  /** Gifts of one kind in one send. */
  MAX_COUNT: 99,
  /** One send's amount at most (fen): ¥2,000. */
  MAX_AMOUNT_FEN: 200_000,
  /** A brand's price of a gift at most (fen). */
  MAX_PRICE_FEN: 100_000,
} as const;

export const liveGiftWire = z.object({
  code: z.string(),
  name: z.string(),
  /** Yuan, 2 decimals (packages/rules money). */
  price: z.string(),
  anim: z.string(),
});
export type LiveGiftWire = z.infer<typeof liveGiftWire>;
