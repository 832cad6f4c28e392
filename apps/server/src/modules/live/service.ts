/**
 * Live rooms (modules/live): rooms made by operators, their chat history in the database, moderation
 * (mutes, deletes, clear, shadow-bans, a brand's words; every action audited) and a viewer's own block list.
 * Nothing here talks to sockets: every change to show is handed to `push` (the realtime hub's room bus,
 * realtime/rooms.ts), which carries it to each node's sockets in the room.
 */
import { randomBytes } from 'node:crypto';
import {
  CHAT_LIMITS,
  LIVE_MSG,
  type BlockReason,
  type ChatHistoryPage,
  type ChatMessageWire,
  type LiveRoomWire,
  type RoomStatus,
} from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { LiveMessageTable, LiveRoomTable } from '../../db/schema.ts';
import { recordAudit } from '../../ops/audit.ts';
import { FloodGuard, checkText } from './moderation.ts';

/** One change for the room's sockets on every node: `only` limits it to one member's sockets (a shadow message). */
export interface RoomEvent {
  roomId: string;
  msgId: number;
  msgData: unknown;
  /** The author, for each viewer's block list. */
  from?: string;
  only?: string;
}
export type RoomPush = (e: RoomEvent) => Promise<void>;
export type RoomRow = LiveRoomTable;
export interface Speaker {
  id: string;
  name: string;
  siteCode: number;
}
export interface Actor {
  staff: string;
  kind?: 'staff' | 'ops';
}

export type PostResult = { ok: ChatMessageWire } | { blocked: BlockReason } | { mutedUntil: number };

const toWire = (
  r: Pick<LiveMessageTable, 'room_id' | 'member_id' | 'name' | 'vip' | 'kind' | 'text' | 'created_at'> & { id: number },
): ChatMessageWire => ({
  id: Number(r.id),
  roomId: r.room_id,
  userId: r.member_id,
  name: r.name,
  vip: Number(r.vip),
  text: r.text,
  ts: Number(r.created_at),
  kind: r.kind,
});

export class LiveService {
  /** Filled by the realtime hub (one per node): how many sockets are in each room on this node. */
  online: (roomId: string) => number = () => 0;
  push: RoomPush = async () => undefined;
  private readonly flood = new FloodGuard();
  private readonly words = new Map<number, { at: number; list: string[] }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  wire(r: RoomRow): LiveRoomWire {
    return {
      roomId: r.id,
      title: r.title,
      hostName: r.host_name,
      status: r.status,
      minVip: Number(r.min_vip),
      matchId: r.match_id,
      streamUrl: r.stream_url,
      online: this.online(r.id),
    };
  }

  /** A live (not destroyed) room of this brand, or null. */
  async room(siteCode: number, roomId: string): Promise<RoomRow | null> {
    const r = await this.db
      .selectFrom('live_rooms')
      .selectAll()
      .where('id', '=', roomId)
      .where('site_code', '=', siteCode)
      .executeTakeFirst();
    return r && r.destroyed_at === null ? r : null;
  }

  async list(siteCode: number, all = false): Promise<LiveRoomWire[]> {
    let q = this.db.selectFrom('live_rooms').selectAll().where('site_code', '=', siteCode).where('destroyed_at', 'is', null);
    if (!all) q = q.where('status', '!=', 'closed');
    const rows = await q.orderBy('created_at', 'desc').limit(100).execute();
    return rows.map((r) => this.wire(r)).sort((a, b) => b.online - a.online);
  }

  /** The member's VIP grade on this brand (0 without a row). */
  async vipOf(siteCode: number, memberId: string): Promise<number> {
    const r = await this.db
      .selectFrom('member_vip')
      .select('grade')
      .where('member_id', '=', memberId)
      .where('site_code', '=', siteCode)
      .executeTakeFirst();
    return r ? Number(r.grade) : 0;
  }

  /** Until when the member may not speak in this room (a room's or a brand-wide mute), or null. */
  async mutedUntil(siteCode: number, roomId: string, memberId: string): Promise<number | null> {
    const rows = await this.db
      .selectFrom('live_mutes')
      .select('until')
      .where('site_code', '=', siteCode)
      .where('member_id', '=', memberId)
      .where('room_id', 'in', [roomId, ''])
      .where('until', '>', this.now())
      .execute();
    return rows.length ? Math.max(...rows.map((r) => Number(r.until))) : null;
  }

  async blockList(viewerId: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('live_blocks').select('blocked_id').where('viewer_id', '=', viewerId).execute();
    return new Set(rows.map((r) => r.blocked_id));
  }

  /**
   * A page of history, newest page first (each page oldest first): deleted messages never, a shadow message only
   * to its author, nothing from a member the viewer blocked. `cursor`: the smallest id of the page after.
   */
  async history(roomId: string, viewerId: string | null, cursor?: number): Promise<ChatHistoryPage> {
    const blocked = viewerId ? [...(await this.blockList(viewerId))] : [];
    let q = this.db
      .selectFrom('live_messages')
      .select(['id', 'room_id', 'member_id', 'name', 'vip', 'kind', 'text', 'created_at'])
      .where('room_id', '=', roomId)
      .where('deleted_by', 'is', null)
      .where((eb) => (viewerId ? eb.or([eb('shadow', '=', 0), eb('member_id', '=', viewerId)]) : eb('shadow', '=', 0)));
    if (blocked.length) q = q.where('member_id', 'not in', blocked);
    if (cursor !== undefined) q = q.where('id', '<', cursor);
    const rows = await q
      .orderBy('id', 'desc')
      .limit(CHAT_LIMITS.PAGE + 1)
      .execute();
    const more = rows.length > CHAT_LIMITS.PAGE;
    const page = rows.slice(0, CHAT_LIMITS.PAGE).reverse().map(toWire);
    return { list: page, cursor: more && page.length ? page[0]!.id : null };
  }

  private async brandWords(siteCode: number): Promise<string[]> {
    const c = this.words.get(siteCode);
    if (c && this.now() - c.at < 5_000) return c.list;
    const list = (await this.db.selectFrom('live_words').select('word').where('site_code', '=', siteCode).execute()).map((r) => r.word);
    this.words.set(siteCode, { at: this.now(), list });
    return list;
  }

  /** A member's message: every rule checked, then stored and pushed (a shadow-banned member's to themselves only). */
  async post(room: RoomRow, who: Speaker, vip: number, raw: string): Promise<PostResult> {
    if (room.status === 'closed') return { blocked: 'closed' };
    if (room.status === 'paused') return { blocked: 'paused' };
    if (vip < Number(room.min_vip)) return { blocked: 'vip' };
    const until = await this.mutedUntil(who.siteCode, room.id, who.id);
    if (until) return { mutedUntil: until };
    const checked = checkText(raw, await this.brandWords(who.siteCode));
    if ('reason' in checked) return { blocked: checked.reason };
    const flood = this.flood.check(who.id, checked.text, this.now());
    if (flood) return { blocked: flood };
    const shadow = await this.db
      .selectFrom('live_shadow_bans')
      .select('member_id')
      .where('site_code', '=', who.siteCode)
      .where('member_id', '=', who.id)
      .executeTakeFirst();
    const row = {
      room_id: room.id,
      member_id: who.id,
      name: who.name,
      vip,
      kind: 'chat' as const,
      text: checked.text,
      shadow: shadow ? 1 : 0,
      created_at: this.now(),
    };
    const { id } = await this.db.insertInto('live_messages').values(row).returning('id').executeTakeFirstOrThrow();
    const msg = toWire({ ...row, id: Number(id) });
    await this.push({ roomId: room.id, msgId: LIVE_MSG.CHAT_SEND, msgData: msg, from: who.id, ...(shadow ? { only: who.id } : {}) });
    return { ok: msg };
  }

  async block(viewerId: string, blockedId: string, on: boolean): Promise<void> {
    if (viewerId === blockedId) return;
    if (!on)
      return void (await this.db.deleteFrom('live_blocks').where('viewer_id', '=', viewerId).where('blocked_id', '=', blockedId).execute());
    await this.db
      .insertInto('live_blocks')
      .values({ viewer_id: viewerId, blocked_id: blockedId, created_at: this.now() })
      .onConflict((oc) => oc.columns(['viewer_id', 'blocked_id']).doNothing())
      .execute();
  }

  // ----- operators (console and ops CLI): every action audited -----

  private audit(a: Actor, siteCode: number, action: string, target: string, detail: unknown): Promise<void> {
    return recordAudit(
      this.db,
      { actor: a.staff, actorKind: a.kind ?? 'staff', siteCode, action: `live.${action}`, target, detail, outcome: 'ok' },
      this.now(),
    );
  }

  async createRoom(
    a: Actor,
    siteCode: number,
    o: { title: string; hostName: string; hostStaff: string; matchId?: string | null; minVip?: number; streamUrl?: string | null },
  ): Promise<RoomRow> {
    const row: RoomRow = {
      id: `r${randomBytes(6).toString('hex')}`,
      site_code: siteCode,
      title: o.title.trim().slice(0, 60),
      host_name: o.hostName.trim().slice(0, 30),
      host_staff: o.hostStaff,
      match_id: o.matchId ?? null,
      status: 'open',
      min_vip: o.minVip ?? 0,
      stream_url: o.streamUrl ?? null,
      created_by: a.staff,
      created_at: this.now(),
      destroyed_at: null,
    };
    await this.db.insertInto('live_rooms').values(row).execute();
    await this.audit(a, siteCode, 'room.create', row.id, o);
    return row;
  }

  async setStatus(a: Actor, room: RoomRow, status: RoomStatus): Promise<void> {
    await this.db.updateTable('live_rooms').set({ status }).where('id', '=', room.id).execute();
    await this.audit(a, room.site_code, 'room.status', room.id, { from: room.status, to: status });
    await this.push({ roomId: room.id, msgId: LIVE_MSG.ROOM_STATUS_CHANGE, msgData: { roomId: room.id, status } });
  }

  async setMinVip(a: Actor, room: RoomRow, minVip: number): Promise<void> {
    await this.db.updateTable('live_rooms').set({ min_vip: minVip }).where('id', '=', room.id).execute();
    await this.audit(a, room.site_code, 'room.vip', room.id, { from: room.min_vip, to: minVip });
    await this.push({ roomId: room.id, msgId: LIVE_MSG.VIP_CHAT_LEVEL, msgData: { roomId: room.id, minVip } });
  }

  async update(a: Actor, room: RoomRow, o: { title?: string; hostName?: string; streamUrl?: string | null }): Promise<void> {
    const next = {
      title: o.title ?? room.title,
      host_name: o.hostName ?? room.host_name,
      stream_url: o.streamUrl === undefined ? room.stream_url : o.streamUrl,
    };
    await this.db.updateTable('live_rooms').set(next).where('id', '=', room.id).execute();
    await this.audit(a, room.site_code, 'room.update', room.id, o);
    const msgData = {
      roomId: room.id,
      online: this.online(room.id),
      title: next.title,
      hostName: next.host_name,
      streamUrl: next.stream_url,
    };
    await this.push({ roomId: room.id, msgId: LIVE_MSG.ROOM_STATUS_UPDATE, msgData });
  }

  async destroy(a: Actor, room: RoomRow): Promise<void> {
    await this.db.updateTable('live_rooms').set({ destroyed_at: this.now(), status: 'closed' }).where('id', '=', room.id).execute();
    await this.audit(a, room.site_code, 'room.destroy', room.id, {});
    await this.push({ roomId: room.id, msgId: LIVE_MSG.ROOM_DESTROYED, msgData: { roomId: room.id } });
  }

  /** Mutes a member for `minutes` in one room ('' = every room of the brand); 0 minutes lifts it. */
  async mute(a: Actor, siteCode: number, roomId: string, memberId: string, minutes: number): Promise<number> {
    const until = this.now() + minutes * 60_000;
    await this.db
      .deleteFrom('live_mutes')
      .where('site_code', '=', siteCode)
      .where('room_id', '=', roomId)
      .where('member_id', '=', memberId)
      .execute();
    if (minutes > 0)
      await this.db
        .insertInto('live_mutes')
        .values({ site_code: siteCode, room_id: roomId, member_id: memberId, until, muted_by: a.staff })
        .execute();
    await this.audit(a, siteCode, minutes > 0 ? 'mute' : 'unmute', memberId, { roomId, minutes });
    if (minutes > 0 && roomId) await this.push({ roomId, msgId: LIVE_MSG.CHAT_MUTED, msgData: { roomId, until }, only: memberId });
    return until;
  }

  async deleteMessage(a: Actor, room: RoomRow, id: number): Promise<boolean> {
    const r = await this.db
      .updateTable('live_messages')
      .set({ deleted_by: a.staff })
      .where('id', '=', id)
      .where('room_id', '=', room.id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await this.audit(a, room.site_code, 'message.delete', room.id, { id });
    await this.push({ roomId: room.id, msgId: LIVE_MSG.CLEAR_CHAT, msgData: { roomId: room.id, ids: [id] } });
    return true;
  }

  async clear(a: Actor, room: RoomRow): Promise<void> {
    await this.db
      .updateTable('live_messages')
      .set({ deleted_by: a.staff })
      .where('room_id', '=', room.id)
      .where('deleted_by', 'is', null)
      .execute();
    await this.audit(a, room.site_code, 'room.clear', room.id, {});
    await this.push({ roomId: room.id, msgId: LIVE_MSG.CLEAR_CHAT, msgData: { roomId: room.id, ids: null } });
  }

  async shadowBan(a: Actor, siteCode: number, memberId: string, on: boolean): Promise<void> {
    await this.db.deleteFrom('live_shadow_bans').where('site_code', '=', siteCode).where('member_id', '=', memberId).execute();
    if (on)
      await this.db
        .insertInto('live_shadow_bans')
        .values({ site_code: siteCode, member_id: memberId, banned_by: a.staff, created_at: this.now() })
        .execute();
    await this.audit(a, siteCode, on ? 'shadow.on' : 'shadow.off', memberId, {});
  }

  async setWords(a: Actor, siteCode: number, words: string[]): Promise<void> {
    const list = [...new Set(words.map((w) => w.trim()).filter(Boolean))].slice(0, CHAT_LIMITS.MAX_WORDS);
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('live_words').where('site_code', '=', siteCode).execute();
      if (list.length)
        await tx
          .insertInto('live_words')
          .values(list.map((word) => ({ site_code: siteCode, word })))
          .execute();
    });
    this.words.delete(siteCode);
    await this.audit(a, siteCode, 'words', String(siteCode), { count: list.length });
  }

  /** The host's score prediction (10018), pushed to the room. */
  async predict(a: Actor, room: RoomRow, scoreH: number, scoreC: number, note: string): Promise<void> {
    const msgData = { roomId: room.id, matchId: room.match_id ?? '', scoreH, scoreC, note: note.trim().slice(0, 60), ts: this.now() };
    await this.audit(a, room.site_code, 'predict', room.id, msgData);
    await this.push({ roomId: room.id, msgId: LIVE_MSG.PREDICTION_PUSH, msgData });
  }
}
