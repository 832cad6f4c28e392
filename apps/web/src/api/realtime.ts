/**
 * The realtime socket (spec §4 chat socket lifecycle): one websocket per tab, opened
 * while something is subscribed. connecting → connected (member login with token + jwt, else guest
 * login; heartbeat every 10 s) → closed → reconnect after 5 s. Every subscription remembers the newest
 * version it delivered per event and sends those on (re)subscribe, so after a reconnect the server
 * sends the current state of whatever changed meanwhile (resync) — and a push older than what the page
 * already has is dropped here too.
 *
 * Member pushes (unread changes) need a member login: while anything listens for them the socket stays
 * open and logged in as the member (a guest socket of the sport pages is upgraded by a new login); when
 * the last listener goes (logout) the socket logs back in as a guest, so it no longer gets that member's
 * pushes. Pushes are at most once: after every later member login the listeners are told to resync.
 *
 * Protocol: packages/contract/src/realtime.ts.
 */
import {
  LIVE_MSG,
  MSG,
  WS_LIMITS,
  WS_PATH,
  matchesSportFilter,
  serverMessage,
  userApi,
  type ClientMessage,
  type ServerMessage,
  type MemberUnreadKind,
  type MemberWalletPush,
  type SportEventPushWire,
  type SportFilter,
  type TableStateWire,
  type PvpLevelWire,
  type PvpStateWire,
} from '@portal/contract';
import { getToken } from '../storage/index.ts';
import { call, currentLang } from './client.ts';
import { currentSite, loadSite } from './site.ts';

/** The pushed event: its full current state (gameId, version, status, suspended, data, markets, …). */
export type SportEventPush = SportEventPushWire;
export type RealtimeStatus = 'connecting' | 'connected' | 'closed';

export interface SportSubscriptionFilter {
  gameType?: string;
  showType?: string;
  gameIds?: string[];
  /** Versions the page already has (from its HTTP list): nothing at or below them is delivered. */
  versions?: Record<string, number>;
}

export interface SubscribeOptions {
  /** The server could not catch this subscription up (too many events changed, or unknown ones): reload the list over HTTP. */
  onResync?: () => void;
}

export interface MemberPushOptions {
  /** The socket logged in as the member again (after a reconnect): pushes may have been missed meanwhile, reload. */
  onResync?: () => void;
  /** Wallet changes of the member (a settled round's result, the new balance). */
  onWallet?: (p: MemberWalletPush) => void;
}

interface MemberListener {
  onPush: (kind: MemberUnreadKind) => void;
  /** Wallet changes (30002): a settled round's result and the venue wallet's new balance. */
  onWallet?: ((p: MemberWalletPush) => void) | undefined;
  onResync?: (() => void) | undefined;
  /** Whether a member login happened since it was added (the first one is no resync: the page just loaded). */
  seenLogin: boolean;
}

/** Versions remembered per subscription (a long-open live page sees a few hundred events at most). */
const KNOWN_MAX = 500;

interface TableSub {
  id: number;
  gameCodes: string[];
  known: Map<string, number>;
  onState: (s: TableStateWire) => void;
}

/** The live room this tab sits in (one room per socket, issue 34): its chat, pushes and gifts. */
interface RoomSub {
  roomId: string;
  onMessage: (m: ServerMessage) => void;
  /** Set when the viewer is logged in: the socket logs in as the member so the viewer may speak. */
  member: MemberListener | null;
}
const LIVE_IDS: ReadonlySet<number> = new Set(Object.values(LIVE_MSG));

interface Sub {
  id: number;
  filter: SportFilter;
  known: Map<string, number>;
  onEvent: (e: SportEventPush) => void;
  onResync?: () => void;
}

/** PvP card tables' pushes (contract pvp.ts). */
export interface PvpListener {
  onLobby?: (levels: PvpLevelWire[]) => void;
  onState?: (s: PvpStateWire) => void;
  /** No hand: the level the member waits at, or null. */
  onNoHand?: (waiting: string | null) => void;
  onRefused?: (reason: string) => void;
}

export interface RealtimeDeps {
  /** The WebSocket constructor (the browser's; a fake in tests). */
  WebSocket: { new (url: string): WebSocket };
  /** Full socket URL with clientType and siteId, or null when the site is not known yet. */
  url: () => Promise<string>;
  /** Member credentials for login, or null for a guest login. */
  credentials: () => Promise<{ token: string; jwt: string } | null>;
  setTimeout: typeof setTimeout;
  clearTimeout: typeof clearTimeout;
}

function remember(known: Map<string, number>, gameId: string, version: number): void {
  known.delete(gameId); // re-insert: the map's order is the recency order
  known.set(gameId, version);
  if (known.size > KNOWN_MAX) known.delete(known.keys().next().value as string);
}

/** The versions a subscription reports (the most recent ones, within the protocol's limit). */
function versionsOf(sub: Sub): Record<string, number> {
  const entries = [...sub.known.entries()];
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - WS_LIMITS.MAX_VERSIONS)));
}

export function createRealtimeClient(deps: RealtimeDeps) {
  const subs = new Map<number, Sub>();
  const tableSubs = new Map<number, TableSub>();
  const members = new Set<MemberListener>();
  // PvP card tables (issue 31): the lobby, the member's hand, refusals.
  const pvps = new Set<PvpListener>();
  let nextSub = 1;
  let ws: WebSocket | null = null;
  let state: RealtimeStatus = 'closed';
  let loggedIn = false;
  /** Who the server says this socket is (null until its first login answer). */
  let identity: 'member' | 'guest' | null = null;
  let heartbeat: ReturnType<typeof setTimeout> | null = null;
  let reconnect: ReturnType<typeof setTimeout> | null = null;
  let opening = false;
  let room: RoomSub | null = null;
  const statusListeners = new Set<(s: RealtimeStatus) => void>();
  /** Something needs the socket: a sport subscription or a member-push listener. */
  const wanted = () => subs.size > 0 || members.size > 0 || tableSubs.size > 0 || room !== null || pvps.size > 0;

  const setState = (s: RealtimeStatus) => {
    if (state === s) return;
    state = s;
    for (const l of statusListeners) l(s);
  };
  const send = (m: ClientMessage) => {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(m));
  };
  const sendSubscribe = (sub: Sub) =>
    send({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { ...sub.filter, sub: sub.id, versions: versionsOf(sub) } });

  const sendTableSubscribe = (sub: TableSub) =>
    send({ msgId: MSG.TABLE_SUBSCRIBE, msgData: { sub: sub.id, gameCodes: sub.gameCodes, versions: Object.fromEntries(sub.known) } });

  const beat = () => {
    send({ msgId: MSG.HEARTBEAT });
    heartbeat = deps.setTimeout(beat, WS_LIMITS.HEARTBEAT_MS);
  };
  const stopTimers = () => {
    if (heartbeat) deps.clearTimeout(heartbeat);
    heartbeat = null;
  };

  function deliver(e: SportEventPush) {
    for (const sub of subs.values()) {
      if (!matchesSportFilter(sub.filter, e)) continue;
      if ((sub.known.get(e.gameId) ?? -1) >= e.version) continue; // never an older (or the same) version
      remember(sub.known, e.gameId, e.version);
      sub.onEvent(e);
    }
  }

  function onMessage(raw: unknown) {
    let parsed: ReturnType<typeof serverMessage.safeParse>;
    try {
      parsed = serverMessage.safeParse(JSON.parse(String(raw)));
    } catch {
      return;
    }
    if (!parsed.success) return; // a message this client does not know (a newer server): ignore it
    const m = parsed.data;
    switch (m.msgId) {
      case MSG.LOGIN:
      case MSG.GUEST_LOGIN: {
        // A later login on the same socket (guest → member, member → guest) keeps its subscriptions.
        const first = !loggedIn;
        loggedIn = true;
        identity = m.msgId === MSG.LOGIN ? 'member' : 'guest';
        setState('connected');
        if (first) {
          for (const sub of subs.values()) sendSubscribe(sub);
          for (const sub of tableSubs.values()) sendTableSubscribe(sub);
        }
        // Every login (first, reconnect, guest → member) joins the room again: its answer is the room's resync.
        if (room) send({ msgId: LIVE_MSG.JOIN_ROOM, msgData: { roomId: room.roomId } });
        if (identity === 'member')
          for (const l of members) {
            if (l.seenLogin) l.onResync?.();
            l.seenLogin = true;
          }
        // Opened before the member logged in (or its member login was refused once): try as the member.
        else if (members.size > 0) void loginAsMember();
        if (pvps.size > 0) {
          send({ msgId: MSG.PVP_LOBBY });
          // A reconnect restores the member's hand.
          if (identity === 'member') send({ msgId: MSG.PVP_WATCH });
        }
        return;
      }
      case MSG.PVP_LOBBY:
        for (const l of pvps) l.onLobby?.(m.msgData.levels);
        return;
      case MSG.PVP_STATE:
        for (const l of pvps) l.onState?.(m.msgData);
        return;
      case MSG.PVP_WATCH:
        for (const l of pvps) l.onNoHand?.(m.msgData.waiting);
        return;
      case MSG.PVP_REFUSED:
        for (const l of pvps) l.onRefused?.(m.msgData.reason);
        return;
      case MSG.MEMBER_UNREAD:
        if (identity === 'member') for (const l of members) l.onPush(m.msgData.kind);
        return;
      case MSG.MEMBER_WALLET:
        if (identity === 'member') for (const l of members) l.onWallet?.(m.msgData);
        return;
      case MSG.SPORT_EVENT:
        deliver(m.msgData);
        return;
      case MSG.TABLE_STATE: {
        const t = m.msgData as unknown as TableStateWire;
        for (const sub of tableSubs.values()) {
          if (!sub.gameCodes.includes(t.gameCode) || (sub.known.get(t.gameCode) ?? -1) >= t.version) continue;
          sub.known.set(t.gameCode, t.version);
          sub.onState(t);
        }
        return;
      }
      case MSG.SPORT_RESYNC:
        subs.get(m.msgData.sub)?.onResync?.();
        return;
      case MSG.ERROR:
        // A member login the server refused (expired jwt, revoked session): carry on as a guest.
        if (!loggedIn && m.msgData.code === 6001) send({ msgId: MSG.GUEST_LOGIN });
        return;
      default:
        if (room && LIVE_IDS.has(m.msgId)) room.onMessage(m);
    }
  }

  async function open() {
    if (ws || opening || !wanted()) return;
    opening = true;
    setState('connecting');
    let socket: WebSocket;
    try {
      socket = new deps.WebSocket(await deps.url());
    } catch {
      opening = false;
      scheduleReconnect();
      return;
    }
    opening = false;
    ws = socket;
    loggedIn = false;
    identity = null;
    socket.onopen = async () => {
      beat();
      const cred = await deps.credentials().catch(() => null);
      if (ws !== socket) return;
      send(cred ? { msgId: MSG.LOGIN, msgData: cred } : { msgId: MSG.GUEST_LOGIN });
    };
    socket.onmessage = (ev) => onMessage(ev.data);
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      stopTimers();
      setState('closed');
      scheduleReconnect();
    };
    socket.onerror = () => undefined; // onclose follows and reconnects
  }

  function scheduleReconnect() {
    if (reconnect || !wanted()) return;
    reconnect = deps.setTimeout(() => {
      reconnect = null;
      void open();
    }, WS_LIMITS.RECONNECT_MS);
  }

  /** A guest socket becomes the member's when member pushes are wanted (a login after the socket opened). */
  async function loginAsMember() {
    const socket = ws;
    const isMember = () => identity === 'member';
    if (!socket || !loggedIn || isMember()) return;
    const cred = await deps.credentials().catch(() => null);
    // Re-checked after the await: the socket may have changed or logged in meanwhile.
    if (cred && ws === socket && !isMember() && members.size > 0) send({ msgId: MSG.LOGIN, msgData: cred });
  }

  function closeIfIdle() {
    if (wanted()) return;
    if (reconnect) deps.clearTimeout(reconnect);
    reconnect = null;
    stopTimers();
    const s = ws;
    ws = null;
    s?.close(1000);
    setState('closed');
  }

  return {
    subscribeSportEvents(filter: SportSubscriptionFilter, onEvent: (e: SportEventPush) => void, opts: SubscribeOptions = {}): () => void {
      const { versions, ...rest } = filter;
      const sub: Sub = { id: nextSub++, filter: rest, known: new Map(), onEvent, onResync: opts.onResync };
      for (const [id, v] of Object.entries(versions ?? {})) remember(sub.known, id, v);
      subs.set(sub.id, sub);
      if (ws && loggedIn) sendSubscribe(sub);
      else void open();
      return () => {
        if (!subs.delete(sub.id)) return;
        send({ msgId: MSG.SPORT_UNSUBSCRIBE, msgData: { sub: sub.id } });
        closeIfIdle();
      };
    },
    /**
     * Shared tables / lottery draws (api/tables.ts): each push is a table's whole current round; only newer versions
     * are delivered (on a reconnect the server sends the current state of every table this subscription knows an
     * older version of). Returns unsubscribe.
     */
    subscribeTables(gameCodes: readonly string[], onState: (s: TableStateWire) => void): () => void {
      const sub: TableSub = { id: nextSub++, gameCodes: [...gameCodes], known: new Map(), onState };
      tableSubs.set(sub.id, sub);
      if (ws && loggedIn) sendTableSubscribe(sub);
      else void open();
      return () => {
        if (!tableSubs.delete(sub.id)) return;
        send({ msgId: MSG.TABLE_UNSUBSCRIBE, msgData: { sub: sub.id } });
        closeIfIdle();
      };
    },
    /** Unread changes of the logged-in member (a letter, a feedback reply); returns unsubscribe. */
    subscribeMemberPushes(onPush: (kind: MemberUnreadKind) => void, opts: MemberPushOptions = {}): () => void {
      const l: MemberListener = { onPush, onWallet: opts.onWallet, onResync: opts.onResync, seenLogin: false };
      members.add(l);
      if (ws) void loginAsMember();
      else void open();
      return () => {
        if (!members.delete(l)) return;
        // Logged out (or the last listener left): this socket must stop getting the member's pushes.
        if (members.size === 0 && identity === 'member' && subs.size > 0) send({ msgId: MSG.GUEST_LOGIN });
        closeIfIdle();
      };
    },
    /**
     * Sits in a live room (leaving the one before): `onMessage` gets the room's messages (10002 join answer on every
     * (re)login: the resync, then 10003 … 10018). `asMember`: the viewer is logged in (the socket logs in as them).
     */
    joinLiveRoom(roomId: string, onMessage: (m: ServerMessage) => void, asMember: boolean) {
      const member: MemberListener | null = asMember ? { onPush: () => undefined, seenLogin: false } : null;
      const mine: RoomSub = { roomId, onMessage, member };
      if (room?.member) members.delete(room.member);
      room = mine;
      if (member) members.add(member);
      if (ws && loggedIn) {
        send({ msgId: LIVE_MSG.JOIN_ROOM, msgData: { roomId } });
        if (member) void loginAsMember();
      } else void open();
      return {
        say: (text: string) => send({ msgId: LIVE_MSG.CHAT_SEND, msgData: { roomId, text } }),
        rejoin: () => send({ msgId: LIVE_MSG.JOIN_ROOM, msgData: { roomId } }),
        leave: () => {
          if (room !== mine) return;
          room = null;
          if (member) members.delete(member);
          closeIfIdle();
        },
      };
    },
    /** PvP card tables: the lobby (guests too) and, logged in, the member's hand; returns unsubscribe. */
    subscribePvp(l: PvpListener): () => void {
      pvps.add(l);
      const member: MemberListener = { onPush: () => undefined, seenLogin: false };
      members.add(member);
      if (ws && loggedIn) {
        send({ msgId: MSG.PVP_LOBBY });
        if (identity === 'member') send({ msgId: MSG.PVP_WATCH });
        else void loginAsMember();
      } else void open();
      return () => {
        pvps.delete(l);
        members.delete(member);
        closeIfIdle();
      };
    },
    /** Sends a PvP message (a bid, a play, the lobby again). */
    sendPvp(m: Extract<ClientMessage, { msgId: 41001 | 41002 | 41003 | 41004 }>): void {
      send(m);
    },
    /** A new socket at once (the language changed: the socket's `lang` names the pushes' language); subscriptions resume on it. */
    reopen(): void {
      if (!ws) return;
      if (reconnect) deps.clearTimeout(reconnect);
      reconnect = null;
      stopTimers();
      const s = ws;
      ws = null;
      s.close(1000);
      setState('closed');
      void open();
    },
    status: (): RealtimeStatus => state,
    onStatus(listener: (s: RealtimeStatus) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

async function socketUrl(): Promise<string> {
  const env = (import.meta.env?.VITE_SITE_ID as string | undefined) ?? '';
  const site = currentSite() ?? (env ? null : await loadSite());
  const siteId = env || String(site!.siteBaseConfig.siteCode);
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  // lang: the names in sport pushes (leagues, teams, market labels) come in the interface's language.
  return `${proto}//${location.host}${WS_PATH}?clientType=web&siteId=${encodeURIComponent(siteId)}&lang=${currentLang()}`;
}

async function memberCredentials(): Promise<{ token: string; jwt: string } | null> {
  const token = getToken();
  if (!token) return null;
  // A fresh jwt per connection: it lives 10 minutes, a reconnect may come hours later.
  const { jwt } = await call(userApi.jwt, {});
  return { token, jwt };
}

let client: ReturnType<typeof createRealtimeClient> | null = null;
const defaultClient = () =>
  (client ??= createRealtimeClient({
    WebSocket: globalThis.WebSocket,
    url: socketUrl,
    credentials: memberCredentials,
    setTimeout: (...a: Parameters<typeof setTimeout>) => setTimeout(...a),
    clearTimeout: (t) => clearTimeout(t),
  }));

/** Subscribe to live changes of the sport events matching the filter; returns unsubscribe. Reconnects (5 s),
 *  heartbeats (10 s) and resyncs by itself; `onEvent` gets every newer version of an event, never an older one. */
export function subscribeSportEvents(
  filter: { gameType?: string; showType?: string; gameIds?: string[]; versions?: Record<string, number> },
  onEvent: (e: SportEventPush) => void,
  opts?: SubscribeOptions,
): () => void {
  return defaultClient().subscribeSportEvents(filter, onEvent, opts);
}

/** Live rounds of shared tables / lottery draws (their whole state on every change); returns unsubscribe. */
export function subscribeTables(gameCodes: readonly string[], onState: (s: TableStateWire) => void): () => void {
  return defaultClient().subscribeTables(gameCodes, onState);
}

/** The logged-in member's unread changes pushed by the server (the header badge); returns unsubscribe. */
export function subscribeMemberPushes(onPush: (kind: MemberUnreadKind) => void, opts?: MemberPushOptions): () => void {
  return defaultClient().subscribeMemberPushes(onPush, opts);
}

/** Sits in a live room: its messages to `onMessage`; answers `say` (10003) and `leave`. */
export function joinLiveRoom(roomId: string, onMessage: (m: ServerMessage) => void, asMember: boolean) {
  return defaultClient().joinLiveRoom(roomId, onMessage, asMember);
}

/** Reconnects the socket if one is open (after a language switch: pushes then come in the new language). */
export function reopenRealtime(): void {
  client?.reopen();
}

export function realtimeStatus(): 'connecting' | 'connected' | 'closed' {
  return defaultClient().status();
}

/** Status changes (for a "live" badge); returns unsubscribe. */
export function onRealtimeStatus(listener: (s: RealtimeStatus) => void): () => void {
  return defaultClient().onStatus(listener);
}

/**
 * The member's wallet changes (30002): each settled round's or bet's own result and the venue wallet's new balance,
 * at most once; `onResync` after a reconnect (read again over HTTP then). Returns unsubscribe.
 */
export function subscribeWallet(onWallet: (p: MemberWalletPush) => void, onResync?: () => void): () => void {
  return defaultClient().subscribeMemberPushes(() => undefined, { onWallet, onResync });
}

/** PvP card tables (issue 31): the lobby and the member's hand, live; returns unsubscribe. */
export function subscribePvp(l: PvpListener): () => void {
  return defaultClient().subscribePvp(l);
}

/** Sends a PvP message (41001–41004) on the shared socket. */
export function sendPvp(m: Parameters<ReturnType<typeof createRealtimeClient>['sendPvp']>[0]): void {
  defaultClient().sendPvp(m);
}
