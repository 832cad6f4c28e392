/**
 * The realtime websocket protocol (spec §4 chat socket): one socket per tab at
 * `/stream/ws?clientType=web&siteId=<site code>`, JSON frames `{msgId, msgData}`, a typed message set
 * per direction (lila-ws style). Lifecycle: connecting → connected (login, then heartbeat every 10 s)
 * → closed → reconnect after 5 s (spec §9).
 *
 * Message ids. The chat's own ids (spec §4: 10001-10019, 60000, 0) keep their meaning; the live-room
 * chat's messages are in liveChat.ts (10002-10018), on the same hub. Sport odds use the 20001-20099 range:
 *
 *   id     direction        meaning
 *   0      both             heartbeat (client ping every 10 s; the server answers with its own 0)
 *   10001  client → server  member login {token, jwt}   (jwt from member/jwt, HS256, 10 min)
 *   10001  server → client  login ok {userId, name}
 *   10019  client → server  guest login {}
 *   10019  server → client  guest login ok {guestId}
 *   60000  server → client  internal notification {kind, text}
 *   20001  client → server  sport subscribe {sub, gameType?, showType?, gameIds?, versions}
 *   20001  server → client  subscribed {sub}
 *   20002  client → server  sport unsubscribe {sub}
 *   20003  server → client  sport event push (the full current event, with its version)
 *   20004  server → client  resync required {sub, reason}: reload the list over HTTP, then resubscribe
 *   20099  server → client  error {code, reason} (the connection stays open)
 *
 * Member pushes use the 30001-30099 range. They go only to the sockets logged in as that member (a
 * guest or another member never sees them) and carry no content, only what to fetch again over HTTP:
 *
 *   30001  server → client  unread changed {kind: 'letter' | 'feedback'}: reload the unread counts
 *                           (a letter reached the member, or an operator replied to their feedback)
 *   30002  server → client  wallet changed {channelCode, balance, version, result}: a venue wallet's new balance
 *                           (its ledger version: apply only a newer one) and, when a round or bet settled, the
 *                           member's own result of it. Delivery is at most once: a client re-reads over HTTP
 *                           only after a reconnect (resync), never after each round.
 *
 * Shared tables and lottery draws (api/tables.ts) use 40001-40099; guests may watch:
 *
 *   40001  client → server  table subscribe {sub, gameCodes, versions}
 *   40001  server → client  subscribed {sub}
 *   40002  client → server  table unsubscribe {sub}
 *   40003  server → client  table state: the table's whole current round (TableStateWire) with its version,
 *                           sent on every change (window open, close, each step, result, settled); on
 *                           subscribe, at once for every table the client holds an older version of
 *
 * Versions: each event's version only grows. A subscription says which versions the client already
 * has; the server then sends only newer ones: at once the current event of every matching event the
 * client holds an older version of (resync after a reconnect), and from then on each newer version.
 * Never an older one (the client drops older ones too).
 *
 * Close codes (4000-4999 are the application's; 1009 is the standard "message too big").
 */
import { z } from 'zod';
import {
  LIVE_MSG,
  chatBlockedMsg,
  chatMessageMsg,
  chatMutedMsg,
  chatSendMsg,
  clearChatMsg,
  giftPushMsg,
  joinBroadcastMsg,
  joinRoomMsg,
  joinUnicastMsg,
  joinedMsg,
  predictionPushMsg,
  roomDestroyedMsg,
  roomStatusChangeMsg,
  roomStatusUpdateMsg,
  scorePushMsg,
  vipChatLevelMsg,
} from './liveChat.ts';
// ---- PvP card tables (issue 31) ----
import {
  PVP_MSG,
  pvpBidMsg,
  pvpLobbyAnswerMsg,
  pvpLobbyMsg,
  pvpNoHandMsg,
  pvpPlayMsg,
  pvpRefusedMsg,
  pvpStateMsg,
  pvpWatchMsg,
} from './pvp.ts';
// ---- end PvP ----

export const WS_PATH = '/stream/ws';

export const MSG = {
  HEARTBEAT: 0,
  LOGIN: 10001,
  GUEST_LOGIN: 10019,
  NOTIFICATION: 60000,
  SPORT_SUBSCRIBE: 20001,
  SPORT_UNSUBSCRIBE: 20002,
  SPORT_EVENT: 20003,
  SPORT_RESYNC: 20004,
  ERROR: 20099,
  MEMBER_UNREAD: 30001,
  MEMBER_WALLET: 30002,
  TABLE_SUBSCRIBE: 40001,
  TABLE_UNSUBSCRIBE: 40002,
  TABLE_STATE: 40003,
  /** The live rooms' chat (liveChat.ts). */
  ...LIVE_MSG,
  /** PvP card tables (pvp.ts). */
  ...PVP_MSG,
} as const;

export const WS_CLOSE = {
  /** Server going down (graceful shutdown): reconnect after the usual delay. */
  GOING_AWAY: 1001,
  /** A frame larger than WS_LIMITS.MAX_MESSAGE_BYTES. */
  TOO_BIG: 1009,
  /** Handshake without clientType=web or a known siteId. */
  BAD_HANDSHAKE: 4400,
  /** No login within WS_LIMITS.LOGIN_TIMEOUT_MS. */
  NO_LOGIN: 4401,
  /** Nothing heard from the client for WS_LIMITS.IDLE_TIMEOUT_MS. */
  IDLE: 4408,
  /** A frame that is not JSON or not a known client message. */
  BAD_MESSAGE: 4422,
  /** More than WS_LIMITS.MESSAGES_PER_WINDOW client messages in one window. */
  RATE_LIMITED: 4429,
  /** The client did not read its pushes fast enough (send buffer over WS_LIMITS.MAX_BUFFERED_BYTES). */
  SLOW_CONSUMER: 4503,
  /** Too many sockets from one address or on this node. */
  TOO_MANY: 4509,
} as const;

/** Every number of the socket in one place, with why. */
export const WS_LIMITS = {
  /** Spec §9: client heartbeat every 10 s, reconnect after 5 s. */
  HEARTBEAT_MS: 10_000,
  RECONNECT_MS: 5_000,
  /** Three missed heartbeats: the peer is gone (a dead TCP connection may never report itself). */
  IDLE_TIMEOUT_MS: 30_000,
  /** Login must follow the handshake quickly: an anonymous idle socket only costs memory. */
  LOGIN_TIMEOUT_MS: 15_000,
  /** Largest client frame: a subscribe with MAX_VERSIONS entries fits comfortably; nothing else is near. */
  MAX_MESSAGE_BYTES: 16 * 1024,
  /** Client messages per window: heartbeats are 1 per 10 s; page changes resubscribe a few at a time. */
  MESSAGES_PER_WINDOW: 30,
  WINDOW_MS: 10_000,
  /** Subscriptions per socket (one per live component on the page) and game ids / versions per subscription. */
  MAX_SUBSCRIPTIONS: 16,
  MAX_GAME_IDS: 200,
  MAX_VERSIONS: 200,
  /** Events a subscription's initial catch-up may send; past that the client reloads the list (resync required). */
  MAX_SNAPSHOT_EVENTS: 300,
} as const;

const gameId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);
const version = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

// ----- client → server -----

export const heartbeatMsg = z.strictObject({ msgId: z.literal(MSG.HEARTBEAT), msgData: z.strictObject({}).optional() });
export const loginMsg = z.strictObject({
  msgId: z.literal(MSG.LOGIN),
  msgData: z.strictObject({ token: z.string().min(1).max(256), jwt: z.string().min(1).max(2048) }),
});
export const guestLoginMsg = z.strictObject({ msgId: z.literal(MSG.GUEST_LOGIN), msgData: z.strictObject({}).optional() });

/** A subscription: by game type and/or show type (the list pages), or by game ids (a match page), or both. */
export const sportFilter = z.strictObject({
  gameType: z
    .string()
    .min(2)
    .max(4)
    .regex(/^[A-Z]+$/)
    .optional(),
  showType: z
    .string()
    .min(2)
    .max(4)
    .regex(/^[A-Z]+$/)
    .optional(),
  gameIds: z.array(gameId).max(WS_LIMITS.MAX_GAME_IDS).optional(),
});
export type SportFilter = z.infer<typeof sportFilter>;

/** Whether an event is one a filter asks for: every criterion given must hold (an empty id list is no criterion). Used by both sides. */
export function matchesSportFilter(f: SportFilter, e: { gameId: string; gameType: string; showType: string }): boolean {
  if (f.gameIds && f.gameIds.length > 0 && !f.gameIds.includes(e.gameId)) return false;
  if (f.gameType && f.gameType !== e.gameType) return false;
  if (f.showType && f.showType !== e.showType) return false;
  return true;
}

export const sportSubscribeMsg = z.strictObject({
  msgId: z.literal(MSG.SPORT_SUBSCRIBE),
  msgData: sportFilter.extend({
    /** Client-chosen id of this subscription on this socket (re-using one replaces it). */
    sub: z.number().int().min(1).max(1_000_000),
    /** gameId → the version the client already has (from the HTTP list or earlier pushes). */
    versions: z
      .record(gameId, version)
      .refine((v) => Object.keys(v).length <= WS_LIMITS.MAX_VERSIONS, 'too many versions')
      .default({}),
  }),
});
export const sportUnsubscribeMsg = z.strictObject({
  msgId: z.literal(MSG.SPORT_UNSUBSCRIBE),
  msgData: z.strictObject({ sub: z.number().int().min(1).max(1_000_000) }),
});

export const tableSubscribeMsg = z.strictObject({
  msgId: z.literal(MSG.TABLE_SUBSCRIBE),
  msgData: z.strictObject({
    sub: z.number().int().min(1).max(1_000_000),
    gameCodes: z.array(gameId).min(1).max(WS_LIMITS.MAX_GAME_IDS),
    /** gameCode → the version the client already has. */
    versions: z
      .record(gameId, version)
      .refine((v) => Object.keys(v).length <= WS_LIMITS.MAX_VERSIONS, 'too many versions')
      .default({}),
  }),
});
export const tableUnsubscribeMsg = z.strictObject({
  msgId: z.literal(MSG.TABLE_UNSUBSCRIBE),
  msgData: z.strictObject({ sub: z.number().int().min(1).max(1_000_000) }),
});

export const clientMessage = z.union([
  heartbeatMsg,
  loginMsg,
  guestLoginMsg,
  sportSubscribeMsg,
  sportUnsubscribeMsg,
  tableSubscribeMsg,
  tableUnsubscribeMsg,
  joinRoomMsg,
  chatSendMsg,
  pvpLobbyMsg,
  pvpWatchMsg,
  pvpBidMsg,
  pvpPlayMsg,
]);
export type ClientMessage = z.input<typeof clientMessage>;

// ----- server → client -----

/** E-sports live state of a series: its map, the map's clock, kills or rounds, objectives, gold lead and its graph, economy. */
export const esportsState = z.object({
  title: z.string(),
  bestOf: z.number(),
  /** The current map (1-based); between maps, the one just ended. */
  map: z.number(),
  live: z.boolean(),
  /** Seconds into the current map. */
  clock: z.number(),
  /** Maps played to their end: winner and kills (MOBA) or rounds (shooters). */
  maps: z.array(z.object({ winner: z.enum(['H', 'C']), h: z.number(), c: z.number() })),
  unit: z.enum(['kills', 'rounds']),
  score: z.tuple([z.number(), z.number()]),
  towers: z.tuple([z.number(), z.number()]),
  dragons: z.tuple([z.number(), z.number()]),
  /** MOBA: gold lead (home − away) now and at each whole minute of the map. */
  gold: z.number(),
  goldHistory: z.array(z.number()),
  /** Shooters: per-player bank of each side before this round's buy. */
  econ: z.tuple([z.number(), z.number()]).nullable(),
  /** The last thing that happened (kill, tower, dragon, round, mapEnd, start, forfeit). */
  lastEvent: z.string(),
  forfeit: z.boolean(),
});
export type EsportsStateWire = z.infer<typeof esportsState>;

/** Spec §3 game data (the feed's live state). */
export const gameData = z.object({
  league_id: z.string(),
  re_time: z.string(),
  t_count: z.number(),
  se_now: z.string(),
  HalfTime: z.union([z.literal(0), z.literal(1)]),
  inningNum: z.number(),
  gameStatus: z.enum(['NOT_STARTED', 'LIVE', 'HALF_TIME', 'FINISHED', 'CANCELLED']),
  sc_FT_H: z.number(),
  sc_FT_C: z.number(),
  sc_FT_A: z.string(),
  sc_set_H: z.number(),
  sc_set_A: z.number(),
  sc_game_H: z.number(),
  sc_game_A: z.number(),
  /** Football: red cards shown to each side so far (they move the in-play prices). */
  redcard_H: z.number().optional(),
  redcard_C: z.number().optional(),
  /** E-sports (game types EL, EK, ED, EC, EV): the series' map-by-map state. */
  esports: esportsState.optional(),
  isLive: z.boolean(),
  gameType: z.string(),
});
export type GameDataWire = z.infer<typeof gameData>;

export const feedMarket = z.object({
  type: z.string(),
  name: z.string(),
  kind: z.enum(['main', 'correctScore', 'champion']),
  selections: z.array(z.object({ w: z.string(), name: z.string(), r: z.number().int() })),
});

/** One event as pushed: its full current state (so one push is enough to catch up, however many were missed). */
export const sportEventPush = z.object({
  gameId: z.string(),
  gameType: z.string(),
  showType: z.string(),
  leagueId: z.string(),
  league: z.string(),
  team_h: z.string(),
  team_c: z.string(),
  startAt: z.number(),
  status: z.enum(['scheduled', 'live', 'finished']),
  suspended: z.boolean(),
  version: version,
  data: gameData,
  markets: z.array(feedMarket),
  /** Server time (epoch ms) the change was published: delivery latency = receive time - ts. */
  ts: z.number(),
  /** True when sent as a catch-up on (re)subscribe rather than as a live change. */
  resync: z.boolean(),
});
export type SportEventPushWire = z.infer<typeof sportEventPush>;

export const serverHeartbeatMsg = z.object({ msgId: z.literal(MSG.HEARTBEAT), msgData: z.object({ ts: z.number() }) });
export const loginOkMsg = z.object({ msgId: z.literal(MSG.LOGIN), msgData: z.object({ userId: z.string(), name: z.string() }) });
export const guestLoginOkMsg = z.object({ msgId: z.literal(MSG.GUEST_LOGIN), msgData: z.object({ guestId: z.string() }) });
export const notificationMsg = z.object({ msgId: z.literal(MSG.NOTIFICATION), msgData: z.object({ kind: z.string(), text: z.string() }) });
export const subscribedMsg = z.object({ msgId: z.literal(MSG.SPORT_SUBSCRIBE), msgData: z.object({ sub: z.number() }) });
export const sportEventMsg = z.object({ msgId: z.literal(MSG.SPORT_EVENT), msgData: sportEventPush });
export const sportResyncMsg = z.object({
  msgId: z.literal(MSG.SPORT_RESYNC),
  msgData: z.object({ sub: z.number(), reason: z.enum(['snapshot_too_large', 'unknown_events']) }),
});
export const errorMsg = z.object({
  msgId: z.literal(MSG.ERROR),
  /** code: a contract StatusCode (6001 login expired, 6007 bad parameter, …); reason for logs, not for display. */
  msgData: z.object({ code: z.number(), reason: z.string() }),
});

/** What changed for the member: letters (any box) or feedback replies. */
export const memberUnreadKind = z.enum(['letter', 'feedback']);
export type MemberUnreadKind = z.infer<typeof memberUnreadKind>;
export const memberUnreadMsg = z.object({ msgId: z.literal(MSG.MEMBER_UNREAD), msgData: z.object({ kind: memberUnreadKind }) });

/** A settled round's or bet's result for its bettor (amounts in yuan, as on the wire elsewhere). */
export const walletResult = z.object({
  game: z.enum(['table', 'lottery', 'slot', 'sport']),
  gameCode: z.string(),
  roundId: z.string(),
  /** The round's number as its page shows it ('3-27', '20261126-0345'), or the bet's id. */
  issue: z.string(),
  stake: z.string(),
  payout: z.string(),
  status: z.enum(['won', 'lost', 'push', 'refunded']),
  /** A table or draw: each of the member's bets in it, as settled (the page updates its bet list without a re-read). */
  bets: z.array(z.object({ betId: z.string(), status: z.enum(['won', 'lost', 'push', 'refunded']), payout: z.string() })).max(200),
});
export type WalletResult = z.infer<typeof walletResult>;
export const memberWalletPush = z.object({
  channelCode: z.string(),
  balance: z.string(),
  /** The wallet's ledger version: grows with every change; a client keeps the newest it has seen. */
  version: z.number().int().nonnegative(),
  result: walletResult.nullable(),
});
export type MemberWalletPush = z.infer<typeof memberWalletPush>;
export const memberWalletMsg = z.object({ msgId: z.literal(MSG.MEMBER_WALLET), msgData: memberWalletPush });

/** A table's whole current round (api/tables.ts TableStateWire), checked loosely: the page reads it by kind. */
export const tableStatePush = z
  .object({ gameCode: z.string(), seq: z.number(), version: version, status: z.string(), serverNow: z.number() })
  .passthrough();
export const tableSubscribedMsg = z.object({ msgId: z.literal(MSG.TABLE_SUBSCRIBE), msgData: z.object({ sub: z.number() }) });
export const tableStateMsg = z.object({ msgId: z.literal(MSG.TABLE_STATE), msgData: tableStatePush });

export const serverMessage = z.union([
  tableSubscribedMsg,
  tableStateMsg,
  serverHeartbeatMsg,
  loginOkMsg,
  guestLoginOkMsg,
  notificationMsg,
  subscribedMsg,
  sportEventMsg,
  sportResyncMsg,
  errorMsg,
  memberUnreadMsg,
  memberWalletMsg,
  joinedMsg,
  chatMessageMsg,
  chatMutedMsg,
  chatBlockedMsg,
  roomStatusChangeMsg,
  vipChatLevelMsg,
  joinBroadcastMsg,
  roomStatusUpdateMsg,
  roomDestroyedMsg,
  scorePushMsg,
  clearChatMsg,
  joinUnicastMsg,
  giftPushMsg,
  predictionPushMsg,
  pvpLobbyAnswerMsg,
  pvpStateMsg,
  pvpNoHandMsg,
  pvpRefusedMsg,
]);
export type ServerMessage = z.infer<typeof serverMessage>;
