/**
 * The websocket hub (realtime/: a ws hub + pub/sub): one socket per browser tab carries
 * every live thing the pages show — sport odds and scores, the member's unread changes (members.ts),
 * the live-room chat later (its messages join the same protocol in packages/contract/src/realtime.ts
 * and a topic per room on the same bus). Per socket: handshake (clientType=web, a known siteId), login
 * as member (session token + chat jwt) or guest, heartbeat, an idle timeout, a message budget, a size
 * limit (ws maxPayload) and a bounded send buffer. Sport pushes are versioned: see sport.ts.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { jwtVerify } from 'jose';
import type { WebSocket } from 'ws';
import {
  MSG,
  StatusCode,
  WS_CLOSE,
  WS_LIMITS,
  clientMessage,
  sportEventPush,
  type MemberUnreadKind,
  type SportEventPushWire,
  type TableStateWire,
} from '@portal/contract';
import type { SiteService } from '../modules/site/service.ts';
import type { SessionService } from '../modules/user/sessions.ts';
import type { OddsFeed } from '../providers/oddsFeed.ts';
import type { ZhTwForms } from '../lib/zhTW.ts';
import type { Bus } from './bus.ts';
import { Connection, type Identity } from './connection.ts';
import { MEMBER_TOPIC, MemberSockets, WALLET_TOPIC, publishUnread } from './members.ts';
import { SPORT_TOPIC, SportState, matches, publishFeed, type FeedScope } from './sport.ts';
import { TABLES_TOPIC, TableStates } from './tables.ts';
import { RoomSeats } from './rooms.ts';
import type { LiveService } from '../modules/live/service.ts';
// PvP card tables (issue 31)
import type { PvpDesk } from '../modules/cards/pvp/desk.ts';
import { text, type TextKey } from '@portal/contract';

const tableFrame = (json: string) => Buffer.from(`{"msgId":${MSG.TABLE_STATE},"msgData":${json}}`, 'utf8');

/** Sockets per client address: a household or office behind one NAT, several tabs each; more is a script. */
export const MAX_SOCKETS_PER_IP = 50;
/** Sockets per node: each costs ~50 KB (ws buffers + state); past this the load balancer should send new ones elsewhere. */
export const MAX_SOCKETS_PER_NODE = 20_000;
/** How often idle and never-logged-in sockets are looked for. */
const SWEEP_MS = 5_000;

export interface HubDeps {
  bus: Bus;
  sites: SiteService;
  sessions: SessionService;
  jwtSecret: string;
  feed: () => OddsFeed | null;
  feedScope: FeedScope;
  /** zh-TW forms of the pushes' names (leagues, teams, market labels) for sockets that asked for zh-TW. */
  zhTW?: ZhTwForms;
  now?: () => number;
  /** The tables' current state from the database, for a table this node has no push of yet (modules/tables). */
  tableSnapshot?: (gameCode: string) => Promise<TableStateWire | null>;
  /** Tests shorten these. */
  idleTimeoutMs?: number;
  loginTimeoutMs?: number;
  sweepMs?: number;
  maxPerIp?: number;
  /** The live rooms (modules/live): their chat joins this socket (realtime/rooms.ts). */
  live?: LiveService;
  /** PvP card tables (modules/cards/pvp): moves arrive here, each seat's state goes to its member's sockets. */
  pvp?: PvpDesk;
}

type ClientMsg = ReturnType<typeof clientMessage.parse>;
type SubscribeData = Extract<ClientMsg, { msgId: typeof MSG.SPORT_SUBSCRIBE }>['msgData'];
type TableSubscribeData = Extract<ClientMsg, { msgId: typeof MSG.TABLE_SUBSCRIBE }>['msgData'];

export class RealtimeHub {
  readonly sport: SportState;
  readonly tables = new TableStates();
  readonly rooms: RoomSeats | null;
  private readonly conns = new Set<Connection>();
  private readonly members = new MemberSockets();
  private readonly perIp = new Map<string, number>();
  private readonly jwtKey: Uint8Array;
  private readonly offs: Array<() => void> = [];
  private sweeper: NodeJS.Timeout | null = null;
  private nextId = 1;
  private closing = false;
  /** Figures for /metrics and the bench. */
  readonly stats = { pushes: 0, sends: 0, slowDrops: 0, memberSends: 0, tablePushes: 0, tableSends: 0 };
  /** The app's logger once registered (registerRealtime). */
  log: { warn(o: object, msg: string): void } = { warn: (o, msg) => console.warn(msg, o) };

  constructor(private readonly d: HubDeps) {
    this.sport = new SportState(d.feed);
    this.jwtKey = new TextEncoder().encode(d.jwtSecret);
    this.rooms = d.live ? new RoomSeats(d.live, d.bus, (c, code, reason) => this.error(c, code, reason)) : null;
    if (d.pvp) {
      d.pvp.send = (memberId, m) => void this.members.sendTo(memberId, m);
      d.pvp.online = (memberId) => this.members.has(memberId);
    }
  }

  private now(): number {
    return this.d.now ? this.d.now() : Date.now();
  }

  /** Listens on the bus (and publishes this node's feed, if it has one). */
  start(): void {
    if (this.sweeper || this.closing) return;
    this.offs.push(this.d.bus.subscribe(SPORT_TOPIC, (json) => this.onSport(json)));
    this.offs.push(this.d.bus.subscribe(TABLES_TOPIC, (json) => this.onTable(json)));
    if (this.rooms) this.offs.push(this.rooms.start());
    this.offs.push(
      this.d.bus.subscribe(MEMBER_TOPIC, (json) => {
        this.stats.memberSends += this.members.deliver(json, (issues) => this.log.warn({ issues }, 'malformed member push on the bus'));
      }),
    );
    this.offs.push(
      this.d.bus.subscribe(WALLET_TOPIC, (json) => {
        this.stats.memberSends += this.members.deliverWallets(json, (issues) =>
          this.log.warn({ issues }, 'malformed wallet push on the bus'),
        );
      }),
    );
    const feed = this.d.feed();
    if (feed) this.offs.push(publishFeed(feed, this.d.bus, this.d.feedScope, (e) => this.log.warn({ err: e }, 'sport push failed')));
    this.sweeper = setInterval(() => this.sweep(), this.d.sweepMs ?? SWEEP_MS);
    this.sweeper.unref();
  }

  get connections(): number {
    return this.conns.size;
  }

  /** Tells these members' sockets, on every node, that their unread counts changed. */
  notifyMembers(memberIds: readonly string[], kind: MemberUnreadKind): Promise<void> {
    return publishUnread(this.d.bus, memberIds, kind);
  }

  /** A new socket from the websocket route: handshake checks, then it waits for its login. */
  accept(ws: WebSocket, req: IncomingMessage & { ip?: string }, ip: string): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const siteCode = Number(url.searchParams.get('siteId'));
    if (this.closing) return ws.close(WS_CLOSE.GOING_AWAY, 'shutting down');
    if (url.searchParams.get('clientType') !== 'web' || !Number.isInteger(siteCode) || !this.d.sites.get(siteCode)) {
      return ws.close(WS_CLOSE.BAD_HANDSHAKE, 'clientType=web and a known siteId are required');
    }
    const onIp = this.perIp.get(ip) ?? 0;
    if (onIp >= (this.d.maxPerIp ?? MAX_SOCKETS_PER_IP) || this.conns.size >= MAX_SOCKETS_PER_NODE) {
      return ws.close(WS_CLOSE.TOO_MANY, 'too many connections');
    }
    const lang = url.searchParams.get('lang');
    const locale = lang === 'zh-TW' || lang === 'zh-CN' ? lang : this.d.sites.get(siteCode)!.flags.defaultLanguage;
    const c = new Connection(this.nextId++, ws, ip, siteCode, this.now(), locale);
    this.conns.add(c);
    this.perIp.set(ip, onIp + 1);
    ws.on('message', (data, isBinary) => this.onMessage(c, data as Buffer, isBinary));
    ws.on('close', () => this.forget(c));
    ws.on('error', () => c.close(WS_CLOSE.BAD_MESSAGE, 'protocol error'));
  }

  private forget(c: Connection): void {
    c.closed = true;
    this.rooms?.leave(c);
    if (c.identity?.kind === 'member') {
      this.members.remove(c.identity.userId, c);
      if (!this.members.has(c.identity.userId)) this.d.pvp?.away(c.identity.userId);
    }
    if (!this.conns.delete(c)) return;
    const n = (this.perIp.get(c.ip) ?? 1) - 1;
    if (n > 0) this.perIp.set(c.ip, n);
    else this.perIp.delete(c.ip);
  }

  private onMessage(c: Connection, data: Buffer, isBinary: boolean): void {
    if (c.closed) return;
    if (!c.spend(this.now())) return c.close(WS_CLOSE.RATE_LIMITED, 'too many messages');
    let msg: ClientMsg;
    try {
      const parsed = clientMessage.safeParse(isBinary ? undefined : JSON.parse(data.toString('utf8')));
      if (!parsed.success) return c.close(WS_CLOSE.BAD_MESSAGE, 'unknown message');
      msg = parsed.data;
    } catch {
      return c.close(WS_CLOSE.BAD_MESSAGE, 'not JSON');
    }
    switch (msg.msgId) {
      case MSG.HEARTBEAT:
        c.sendMessage({ msgId: MSG.HEARTBEAT, msgData: { ts: this.now() } });
        return;
      case MSG.GUEST_LOGIN: {
        const guestId = `g${randomBytes(8).toString('hex')}`;
        this.identify(c, { kind: 'guest', guestId });
        c.sendMessage({ msgId: MSG.GUEST_LOGIN, msgData: { guestId } });
        return;
      }
      case MSG.LOGIN:
        void this.login(c, msg.msgData.token, msg.msgData.jwt).catch((e) => {
          this.log.warn({ err: e }, 'websocket login failed');
          this.error(c, StatusCode.LOGIN_EXPIRED, 'login failed');
        });
        return;
      case MSG.SPORT_SUBSCRIBE:
        return this.subscribe(c, msg.msgData);
      case MSG.SPORT_UNSUBSCRIBE:
        c.subs.delete(msg.msgData.sub);
        return;
      case MSG.TABLE_SUBSCRIBE:
        void this.subscribeTables(c, msg.msgData).catch((e) => this.log.warn({ err: e }, 'table subscribe failed'));
        return;
      case MSG.TABLE_UNSUBSCRIBE:
        c.tableSubs.delete(msg.msgData.sub);
        return;
      case MSG.JOIN_ROOM:
      case MSG.CHAT_SEND: {
        if (!this.rooms) return this.error(c, StatusCode.INVALID_PARAMETER, 'no live rooms here');
        const m = msg;
        const run = m.msgId === MSG.JOIN_ROOM ? this.rooms.join(c, m.msgData.roomId) : this.rooms.send(c, m.msgData.roomId, m.msgData.text);
        void run.catch((e) => this.log.warn({ err: e }, 'live room message failed'));
        return;
      }
      case MSG.PVP_LOBBY:
      case MSG.PVP_WATCH:
      case MSG.PVP_BID:
      case MSG.PVP_PLAY:
        return this.onPvp(c, msg);
    }
  }

  /** PvP card tables: the lobby (guests too); a member's hand (a reconnect), bids and plays — a refusal changes nothing. */
  private onPvp(c: Connection, msg: Extract<ClientMsg, { msgId: 41001 | 41002 | 41003 | 41004 }>): void {
    const pvp = this.d.pvp;
    if (!pvp) return this.error(c, StatusCode.INVALID_PARAMETER, 'no card tables here');
    if (!c.identity) return this.error(c, StatusCode.LOGIN_EXPIRED, 'login first');
    if (msg.msgId === MSG.PVP_LOBBY) return void c.sendMessage({ msgId: MSG.PVP_LOBBY, msgData: { levels: pvp.lobby(c.siteCode) } });
    if (c.identity.kind !== 'member') return this.error(c, StatusCode.LOGIN_EXPIRED, 'login first');
    const userId = c.identity.userId;
    if (msg.msgId === MSG.PVP_WATCH) return void pvp.watch(userId);
    const r =
      msg.msgId === MSG.PVP_BID
        ? pvp.bid(userId, msg.msgData.handId, msg.msgData.bid)
        : pvp.play(userId, msg.msgData.handId, msg.msgData.cards, msg.msgData.as);
    if (r)
      c.sendMessage({
        msgId: MSG.PVP_REFUSED,
        msgData: { handId: msg.msgData.handId, code: r.code, reason: text(r.key as TextKey, c.locale) },
      });
  }

  private error(c: Connection, code: number, reason: string): void {
    c.sendMessage({ msgId: MSG.ERROR, msgData: { code, reason } });
  }

  /** Member login: the session token must be live on this site and the chat jwt must name the same member. */
  private async login(c: Connection, token: string, jwt: string): Promise<void> {
    const member = await this.d.sessions.authenticate(token, c.siteCode, this.now());
    const claims = await jwtVerify(jwt, this.jwtKey, { algorithms: ['HS256'], audience: 'chat' }).then(
      (r) => r.payload,
      () => null,
    );
    if (!member || !claims || claims.sub !== member.id) return this.error(c, StatusCode.LOGIN_EXPIRED, 'token or jwt not valid');
    this.identify(c, { kind: 'member', userId: member.id, name: member.name });
    c.sendMessage({ msgId: MSG.LOGIN, msgData: { userId: member.id, name: member.name } });
  }

  /** Who the socket is now (a guest may log in as a member, a member log out to a guest): member pushes follow. */
  private identify(c: Connection, who: Identity): void {
    if (c.identity?.kind === 'member') this.members.remove(c.identity.userId, c);
    c.identity = who;
    // A socket closed while its login was checked is never indexed (forget already ran).
    if (who.kind === 'member' && !c.closed) this.members.add(who.userId, c);
  }

  /**
   * A subscription, then its catch-up: the current state of every matching event the client has an
   * older version of (or none, for a type/show-type list), each once, never an older version.
   */
  private subscribe(c: Connection, m: SubscribeData): void {
    if (!c.identity) return this.error(c, StatusCode.LOGIN_EXPIRED, 'login first');
    if (!c.subs.has(m.sub) && c.subs.size >= WS_LIMITS.MAX_SUBSCRIPTIONS)
      return this.error(c, StatusCode.INVALID_PARAMETER, 'too many subscriptions');
    const filter = { gameType: m.gameType, showType: m.showType, gameIds: m.gameIds };
    c.subs.set(m.sub, filter);
    for (const [id, v] of Object.entries(m.versions)) c.setFloor(id, v);
    c.sendMessage({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: m.sub } });
    const candidates = new Map<string, SportEventPushWire>();
    let unknown = 0;
    const consider = (id: string) => {
      const cur = this.sport.current(id);
      if (!cur) unknown += 1;
      else if (matches(filter, cur)) candidates.set(id, cur);
    };
    if (m.gameIds?.length) m.gameIds.forEach(consider);
    else {
      for (const p of this.sport.matching(filter)) {
        candidates.set(p.gameId, p);
        if (candidates.size > WS_LIMITS.MAX_SNAPSHOT_EVENTS) break;
      }
      for (const id of Object.keys(m.versions)) if (!candidates.has(id)) consider(id);
    }
    if (candidates.size > WS_LIMITS.MAX_SNAPSHOT_EVENTS) {
      c.sendMessage({ msgId: MSG.SPORT_RESYNC, msgData: { sub: m.sub, reason: 'snapshot_too_large' } });
      return;
    }
    for (const p of candidates.values()) {
      if (!c.passes(p.gameId, p.version)) continue;
      c.setFloor(p.gameId, p.version);
      c.sendMessage({ msgId: MSG.SPORT_EVENT, msgData: this.inLocale(c, { ...p, resync: true }) });
    }
    if (unknown > 0 && !this.d.feed()) c.sendMessage({ msgId: MSG.SPORT_RESYNC, msgData: { sub: m.sub, reason: 'unknown_events' } });
  }

  /** A table subscription (guests too), then the current state of each table the client has an older version of. */
  private async subscribeTables(c: Connection, m: TableSubscribeData): Promise<void> {
    if (!c.identity) return this.error(c, StatusCode.LOGIN_EXPIRED, 'login first');
    if (!c.tableSubs.has(m.sub) && c.tableSubs.size >= WS_LIMITS.MAX_SUBSCRIPTIONS)
      return this.error(c, StatusCode.INVALID_PARAMETER, 'too many subscriptions');
    c.tableSubs.set(m.sub, new Set(m.gameCodes));
    c.sendMessage({ msgId: MSG.TABLE_SUBSCRIBE, msgData: { sub: m.sub } });
    for (const code of m.gameCodes) {
      let entry = this.tables.get(code);
      if (!entry && this.d.tableSnapshot) {
        const state = await this.d.tableSnapshot(code);
        if (state) {
          entry = { state, frame: tableFrame(JSON.stringify(state)) };
          this.tables.accept(entry);
          entry = this.tables.get(code);
        }
      }
      if (!entry || c.closed) continue;
      const known = m.versions[code] ?? -1;
      if (entry.state.version <= known) continue;
      c.tableSeen.set(code, Math.max(c.tableSeen.get(code) ?? -1, entry.state.version));
      c.sendMessage({ msgId: MSG.TABLE_STATE, msgData: { ...entry.state, serverNow: this.now() } });
    }
  }

  /** A table's new state from the bus: kept if newer, sent once to each socket subscribed to the table. */
  private onTable(json: string): void {
    let state: TableStateWire;
    try {
      state = JSON.parse(json) as TableStateWire;
      if (typeof state.gameCode !== 'string' || typeof state.version !== 'number') return;
    } catch {
      return;
    }
    const entry = { state, frame: tableFrame(json) };
    if (!this.tables.accept(entry)) return;
    this.stats.tablePushes += 1;
    for (const c of this.conns) {
      if (c.tableSubs.size === 0) continue;
      let wanted = false;
      for (const codes of c.tableSubs.values())
        if (codes.has(state.gameCode)) {
          wanted = true;
          break;
        }
      if (!wanted || (c.tableSeen.get(state.gameCode) ?? -1) >= state.version) continue;
      c.tableSeen.set(state.gameCode, state.version);
      if (c.send(entry.frame)) this.stats.tableSends += 1;
      else if (c.closed) this.stats.slowDrops += 1;
    }
  }

  /** A change from the bus: kept if newer than this node's, then sent once to every socket with a matching subscription. */
  private onSport(json: string): void {
    let push: SportEventPushWire;
    try {
      const parsed = sportEventPush.safeParse(JSON.parse(json));
      if (!parsed.success) return this.log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'malformed sport push on the bus');
      push = parsed.data;
    } catch {
      return;
    }
    // Encoded once for every socket (not once per send); the zh-TW frame once too, when a zh-TW socket wants it.
    const frame = Buffer.from(`{"msgId":${MSG.SPORT_EVENT},"msgData":${json}}`, 'utf8');
    let twFrame: Buffer | null = null;
    if (!this.sport.accept({ push, json })) return;
    this.stats.pushes += 1;
    this.rooms?.onSport(push);
    for (const c of this.conns) {
      if (c.subs.size === 0) continue;
      let wanted = false;
      for (const f of c.subs.values())
        if (matches(f, push)) {
          wanted = true;
          break;
        }
      if (!wanted || !c.passes(push.gameId, push.version)) continue;
      const zhTW = c.locale === 'zh-TW' ? this.d.zhTW : undefined;
      if (zhTW) twFrame ??= Buffer.from(`{"msgId":${MSG.SPORT_EVENT},"msgData":${JSON.stringify(zhTW.deep(push))}}`, 'utf8');
      if (c.send(zhTW ? twFrame! : frame)) this.stats.sends += 1;
      else if (c.closed) this.stats.slowDrops += 1;
    }
  }

  private inLocale<T>(c: Connection, data: T): T {
    return c.locale === 'zh-TW' && this.d.zhTW ? this.d.zhTW.deep(data) : data;
  }

  private sweep(): void {
    const now = this.now();
    const idle = this.d.idleTimeoutMs ?? WS_LIMITS.IDLE_TIMEOUT_MS;
    const login = this.d.loginTimeoutMs ?? WS_LIMITS.LOGIN_TIMEOUT_MS;
    for (const c of this.conns) {
      if (!c.identity && now - c.openedAtMs > login) c.close(WS_CLOSE.NO_LOGIN, 'no login');
      else if (now - c.lastHeardMs > idle) c.close(WS_CLOSE.IDLE, 'no heartbeat');
    }
  }

  /** Graceful shutdown: stop listening, tell every client (1001: reconnect elsewhere after the usual delay). */
  async close(): Promise<void> {
    this.closing = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const off of this.offs.splice(0)) off();
    for (const c of this.conns) c.close(WS_CLOSE.GOING_AWAY, 'server shutting down');
  }
}
