/**
 * Live rooms on the hub (protocol: packages/contract/src/liveChat.ts). Each node keeps which of its sockets
 * sit in which room (one room per socket); every change for a room travels on the bus topic `live` so a room
 * spans nodes (Redis pub/sub), and each node hands it to its own sockets in that room — a shadow message only
 * to its author's sockets, a message never to a viewer who blocked its author. History lives in the database
 * (modules/live): a reconnecting client joins again and gets the latest page (its resync).
 */
import { randomBytes } from 'node:crypto';
import { LIVE_MSG, StatusCode, type BlockReason, type SportEventPushWire } from '@portal/contract';
import type { LiveService, RoomEvent, RoomRow } from '../modules/live/service.ts';
import { blockText, welcomeText } from '../modules/live/moderation.ts';
import type { Bus } from './bus.ts';
import type { Connection } from './connection.ts';

export const LIVE_TOPIC = 'live';
/** Not a socket message: a bus note that a member's block list changed (`only` names them). */
export const BLOCKS_CHANGED = -1;
/** Not a socket message: a node's sockets per room ({node, counts}), so each node's online figure covers every node. */
export const ONLINE_COUNTS = -2;
/** How often a node tells the others its rooms' counts, and how long a count it heard stays good (a node gone stops counting). */
const ONLINE_EVERY_MS = 5_000;
const ONLINE_STALE_MS = 3 * ONLINE_EVERY_MS;
/** Nodes remembered (a restart is a new name: stale ones stop counting and make room when the map is full). */
const MAX_NODES = 64;

interface Seat {
  roomId: string;
  matchId: string | null;
  vip: number;
  blocked: Set<string>;
  lastScore: string;
}

export class RoomSeats {
  private readonly seats = new WeakMap<Connection, Seat>();
  private readonly rooms = new Map<string, Set<Connection>>();
  readonly stats = { chatSends: 0 };
  /** This node on the bus (a random name per start: two hubs of one process are two nodes). */
  private readonly node = randomBytes(6).toString('hex');
  /** The other nodes' last counts per room, with when they came. */
  private readonly elsewhere = new Map<string, { at: number; counts: Record<string, number> }>();

  constructor(
    private readonly live: LiveService,
    private readonly bus: Bus,
    private readonly error: (c: Connection, code: number, reason: string) => void,
  ) {
    live.online = (roomId) => {
      let n = this.rooms.get(roomId)?.size ?? 0;
      const fresh = Date.now() - ONLINE_STALE_MS;
      for (const o of this.elsewhere.values()) if (o.at >= fresh) n += o.counts[roomId] ?? 0;
      return n;
    };
    live.push = (e) => bus.publish(LIVE_TOPIC, JSON.stringify(e));
  }

  start(): () => void {
    const off = this.bus.subscribe(LIVE_TOPIC, (json) => this.deliver(json));
    const timer = setInterval(() => void this.publishOnline().catch(() => undefined), ONLINE_EVERY_MS);
    timer.unref();
    return () => {
      clearInterval(timer);
      off();
    };
  }

  /** Tells the other nodes how many of this node's sockets sit in each room (every ONLINE_EVERY_MS; tests call it). */
  publishOnline(): Promise<void> {
    const counts = Object.fromEntries([...this.rooms].map(([roomId, set]) => [roomId, set.size]));
    return this.bus.publish(LIVE_TOPIC, JSON.stringify({ roomId: '', msgId: ONLINE_COUNTS, msgData: { node: this.node, counts } }));
  }

  /** 10002: leave the old room, take a seat, answer with the latest page, welcome (10016), announce (10008). */
  async join(c: Connection, roomId: string): Promise<void> {
    if (!c.identity) return this.error(c, StatusCode.LOGIN_EXPIRED, 'login first');
    const room = await this.live.room(c.siteCode, roomId);
    if (!room) return void c.sendMessage({ msgId: LIVE_MSG.ROOM_DESTROYED, msgData: { roomId } });
    const member = c.identity.kind === 'member' ? c.identity : null;
    const [vip, blocked, mutedUntil, page] = await Promise.all([
      member ? this.live.vipOf(c.siteCode, member.userId) : 0,
      member ? this.live.blockList(member.userId) : new Set<string>(),
      member ? this.live.mutedUntil(c.siteCode, roomId, member.userId) : null,
      this.live.history(roomId, member?.userId ?? null),
    ]);
    if (c.closed) return;
    this.leave(c);
    this.seats.set(c, { roomId, matchId: room.match_id, vip, blocked, lastScore: '' });
    let set = this.rooms.get(roomId);
    if (!set) this.rooms.set(roomId, (set = new Set()));
    set.add(c);
    const canSend = !!member && vip >= Number(room.min_vip) && room.status === 'open' && !mutedUntil;
    c.sendMessage({ msgId: LIVE_MSG.JOIN_ROOM, msgData: { ...page, room: this.live.wire(room), canSend, mutedUntil } });
    c.sendMessage({ msgId: LIVE_MSG.JOIN_UNICAST, msgData: { roomId, welcome: welcomeText(c.locale) } });
    if (member)
      await this.live.push({ roomId, msgId: LIVE_MSG.JOIN_BROADCAST, msgData: { roomId, name: member.name }, from: member.userId });
  }

  leave(c: Connection): void {
    const seat = this.seats.get(c);
    if (!seat) return;
    this.seats.delete(c);
    const set = this.rooms.get(seat.roomId);
    set?.delete(c);
    if (set?.size === 0) this.rooms.delete(seat.roomId);
  }

  /** 10003: guests never send; the member must sit in the room; then the service's rules (10005 / 10004 on refusal). */
  async send(c: Connection, roomId: string, text: string): Promise<void> {
    const seat = this.seats.get(c);
    const blocked = (reason: BlockReason): void =>
      void c.sendMessage({ msgId: LIVE_MSG.CHAT_BLOCKED, msgData: { roomId, reason, message: blockText(reason, c.locale) } });
    if (c.identity?.kind !== 'member') return blocked('guest');
    if (!seat || seat.roomId !== roomId) return this.error(c, StatusCode.INVALID_PARAMETER, 'join the room first');
    const room: RoomRow | null = await this.live.room(c.siteCode, roomId);
    if (!room) return void c.sendMessage({ msgId: LIVE_MSG.ROOM_DESTROYED, msgData: { roomId } });
    const r = await this.live.post(room, { id: c.identity.userId, name: c.identity.name, siteCode: c.siteCode }, seat.vip, text);
    if ('blocked' in r) return blocked(r.blocked);
    if ('mutedUntil' in r) c.sendMessage({ msgId: LIVE_MSG.CHAT_MUTED, msgData: { roomId, until: r.mutedUntil } });
  }

  /** A change from the bus, to this node's sockets in the room. */
  private deliver(json: string): void {
    let e: RoomEvent;
    try {
      e = JSON.parse(json) as RoomEvent;
      if (typeof e.roomId !== 'string' || typeof e.msgId !== 'number') return;
    } catch {
      return;
    }
    if (e.msgId === BLOCKS_CHANGED) return void this.reloadBlocks(String(e.only));
    if (e.msgId === ONLINE_COUNTS) return this.heard(e.msgData);
    const set = this.rooms.get(e.roomId);
    if (!set) return;
    const frame = Buffer.from(JSON.stringify({ msgId: e.msgId, msgData: e.msgData }), 'utf8');
    for (const c of [...set]) {
      const who = c.identity?.kind === 'member' ? c.identity.userId : null;
      if (e.only && who !== e.only) continue;
      const seat = this.seats.get(c)!;
      if (e.from && (seat.blocked.has(e.from) || (e.msgId === LIVE_MSG.JOIN_BROADCAST && who === e.from))) continue;
      if (c.send(frame) && e.msgId === LIVE_MSG.CHAT_SEND) this.stats.chatSends += 1;
      if (e.msgId === LIVE_MSG.ROOM_DESTROYED) this.leave(c);
    }
  }

  /** 10014: a sport push's score to the rooms of that match on this node (each node has the feed), once per change. */
  onSport(p: SportEventPushWire): void {
    const score = { scoreH: p.data.sc_FT_H, scoreC: p.data.sc_FT_C, clock: p.data.re_time, state: p.data.gameStatus };
    const key = JSON.stringify(score);
    for (const [roomId, set] of this.rooms) {
      for (const c of set) {
        const seat = this.seats.get(c)!;
        if (seat.matchId !== p.gameId || seat.lastScore === key) continue;
        seat.lastScore = key;
        c.sendMessage({ msgId: LIVE_MSG.SCORE_PUSH, msgData: { roomId, matchId: p.gameId, home: p.team_h, away: p.team_c, ...score } });
      }
    }
  }

  private heard(d: unknown): void {
    const o = d as { node?: unknown; counts?: unknown };
    if (typeof o?.node !== 'string' || o.node === this.node || typeof o.counts !== 'object' || o.counts === null) return;
    if (!this.elsewhere.has(o.node) && this.elsewhere.size >= MAX_NODES) {
      const stale = Date.now() - ONLINE_STALE_MS;
      for (const [k, v] of this.elsewhere) if (v.at < stale) this.elsewhere.delete(k);
      if (this.elsewhere.size >= MAX_NODES) return;
    }
    this.elsewhere.set(o.node, { at: Date.now(), counts: o.counts as Record<string, number> });
  }

  /** A viewer changed their block list (on any node): their seats on this node follow at once. */
  private async reloadBlocks(memberId: string): Promise<void> {
    const mine = [...this.rooms.values()].flatMap((set) =>
      [...set].filter((c) => c.identity?.kind === 'member' && c.identity.userId === memberId),
    );
    if (!mine.length) return;
    const blocked = await this.live.blockList(memberId).catch(() => null);
    if (blocked) for (const c of mine) if (this.seats.has(c)) this.seats.get(c)!.blocked = blocked;
  }
}
