/**
 * Fishing rooms: halls, seats, the room's state and every shot judged here (docs/fishing.md). A node serves the rooms
 * whose lease it holds (table_leases `fish:<room>`, renewed every ROOM_TICK_MS, taken over once expired); taking a
 * room reads its seed and replays its committed kills. A shot: its key answered again if already stored or in
 * flight; the seat, the cannon level, the fire rate, the bullets in flight and the stake checked; the hit judged
 * (room.ts); then the seat's batch (batcher.ts) stakes and pays it and the answer follows the commit.
 */
import { randomBytes } from 'node:crypto';
import {
  FISH_LIMITS,
  StatusCode,
  type FishHallWire,
  type FishRoomPushWire,
  type FishRoomStateWire,
  type FishShotAnswerWire,
} from '@portal/contract';
import { CANNON_LEVELS_FEN, FISH_HALLS, FISH_RTP, FISH_SEATS, fishHall, type Fish } from '@portal/games';
import { yuan } from '@portal/rules';
import type { Db } from '../../db/connect.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { fail } from '../../lib/errors.ts';
import type { Eligibility } from '../compliance/eligibility.ts';
import type { CatalogueService } from '../casino/service.ts';
import { claimLease, releaseLeases } from '../tables/lease.ts';
import type { Bus } from '../../realtime/bus.ts';
import { TABLES_TOPIC } from '../../realtime/tables.ts';
import type { Caller, MemberCaller } from '../user/caller.ts';
import { Batcher, type Seat, type ShotDone } from './batcher.ts';
import {
  BATCH_MS,
  FISHING_VENUE,
  MAX_ROOMS,
  MINUTE_MS,
  ROOM_LEASE_TTL_MS,
  ROOM_TICK_MS,
  SEAT_IDLE_MS,
  hallOfRoom,
  leaseKey,
  roomIdOf,
} from './config.ts';
import { closeMinutes } from './minutes.ts';
import { fishingRepository as repo } from './repository.ts';
import { Room } from './room.ts';
import { maskName, shotAnswer } from './views.ts';

export interface FishingOptions {
  nodeId?: string;
  now?: () => number;
  batchMs?: number;
  leaseTtlMs?: number;
  /** The realtime bus: each room's committed shots are pushed to its seats' sockets (the tables' channel). */
  bus?: Pick<Bus, 'publish'>;
  pushMs?: number;
  /** The length of a recorded minute (config.fishingMinuteMs: MINUTE_MS but in tests, FISHING_MINUTE_MS). */
  minuteMs?: number;
}

interface Held {
  room: Room;
  renewedAt: number;
}

const fishWire = (f: Fish) => ({
  ...f,
  path: f.path.map((p) => [p.x, p.y]) as [[number, number], [number, number], [number, number], [number, number]],
});

export class FishingService {
  readonly nodeId: string;
  private readonly held = new Map<string, Held>();
  private readonly loading = new Map<string, Promise<Room>>();
  private readonly seats = new Map<string, Seat>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly seenAt = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  readonly batcher: Batcher;
  readonly stats = { batches: 0, shots: 0, failed: 0, pushes: 0 };
  private readonly leaseTtl: number;

  constructor(
    private readonly db: Db,
    private readonly catalogue: Pick<CatalogueService, 'playable'>,
    private readonly eligibility: Pick<Eligibility, 'check' | 'gate'>,
    private readonly opts: FishingOptions = {},
  ) {
    this.nodeId = opts.nodeId ?? `fish-${randomBytes(6).toString('hex')}`;
    this.leaseTtl = opts.leaseTtlMs ?? ROOM_LEASE_TTL_MS;
    this.batcher = new Batcher(
      db,
      this.nodeId,
      {
        now: () => this.now(),
        stats: this.stats,
        undo: (seat, judged) => {
          const room = this.held.get(seat.roomId)?.room;
          if (room) for (const j of judged) room.undo(j);
        },
        committed: (seat, shots) => {
          const room = this.held.get(seat.roomId)?.room;
          const at = this.seatNo(seat);
          if (!room) return;
          for (const s of shots)
            room.event({
              seat: at,
              fishId: s.row.fish_id,
              angle: s.angle,
              killed: s.judged.killed,
              win: yuan(s.row.win),
              fish: s.judged.killedFish,
              at: s.row.judged_at,
            });
          if (shots.length) this.schedulePush(room);
        },
      },
      opts.batchMs ?? BATCH_MS,
      opts.minuteMs ?? MINUTE_MS,
    );
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  /**
   * The room's shots committed since its last push go out together at most every PUSH_MS (the tables' channel of the
   * hub: every node hands them to its sockets subscribed to the room). Versions only grow, across owners too.
   */
  private schedulePush(room: Room): void {
    const bus = this.opts.bus;
    if (!bus) return void (room.unpushed.length = 0);
    if (room.pushTimer) return;
    room.pushTimer = setTimeout(() => {
      room.pushTimer = null;
      const events = room.unpushed.splice(0);
      if (!events.length || !this.held.has(room.id)) return;
      const now = this.now();
      room.pushVersion = Math.max(room.pushVersion + 1, now);
      const push: FishRoomPushWire = {
        kind: 'fishing',
        gameCode: room.id,
        status: 'live',
        seq: room.cursor,
        version: room.pushVersion,
        serverNow: now,
        seedId: room.seed.id,
        freezes: room.freezes,
        events,
        cursor: room.cursor,
      };
      this.stats.pushes++;
      void bus.publish(TABLES_TOPIC, JSON.stringify(push)).catch(() => undefined);
    }, this.opts.pushMs ?? FISH_LIMITS.PUSH_MS);
    room.pushTimer.unref?.();
  }

  private seatNo(seat: Seat): number {
    return this.seatNos.get(seat.memberId) ?? 0;
  }
  private readonly seatNos = new Map<string, number>();

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick().catch(() => undefined), ROOM_TICK_MS);
    this.timer.unref();
  }

  /** Stops: every queued shot settled first, then the rooms let go (another node takes them at once). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.batcher.flushAll();
    await Promise.all([...this.seats.values()].map((s) => this.batcher.flush(s)));
    for (const h of this.held.values()) if (h.room.pushTimer) clearTimeout(h.room.pushTimer);
    await releaseLeases(
      this.db,
      this.nodeId,
      [...this.held.keys()].map((r) => leaseKey(r)),
    ).catch(() => undefined);
    this.held.clear();
  }

  /**
   * Renews the rooms' leases (one statement for all; a room whose lease another node took is dropped) and turns seeds
   * over. A tick still running when the next is due is not doubled (a loaded node would pile them up and let its leases
   * expire). Finished minutes are recorded by the leased job `fishing.minutes` (jobs/nodeJobs.ts →
   * `closeFinishedMinutes`): once per period across the nodes, not by every node's ticker.
   */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = this.now();
      const ids = [...this.held.keys()];
      const renewed = await repo.renewLeases(this.db, ids, this.nodeId, now, this.leaseTtl);
      for (const id of ids) {
        const h = this.held.get(id)!;
        if (renewed.has(id) || (await claimLease(this.db, leaseKey(id), this.nodeId, now, this.leaseTtl))) h.renewedAt = now;
        else this.held.delete(id);
        if (now >= Number(h.room.seed.ends_at)) h.room.reseed(await repo.currentSeed(this.db, id, now));
      }
    } finally {
      this.ticking = false;
    }
  }
  private ticking = false;

  /** Finished minutes of every room (this node's or not) recorded as casino rounds; run by the leased job `fishing.minutes`. */
  closeFinishedMinutes(now = this.now()): Promise<number> {
    return closeMinutes(this.db, now, undefined, this.opts.minuteMs ?? MINUTE_MS);
  }

  /** The room, owned by this node (taken if free or expired); else 6302 — another node serves it. */
  async room(roomId: string): Promise<Room> {
    const now = this.now();
    const h = this.held.get(roomId);
    if (h && now - h.renewedAt < this.leaseTtl / 3) {
      if (now >= Number(h.room.seed.ends_at)) h.room.reseed(await repo.currentSeed(this.db, roomId, now));
      return h.room;
    }
    const loading = this.loading.get(roomId);
    if (loading) return loading;
    const p = (async () => {
      if (!(await claimLease(this.db, leaseKey(roomId), this.nodeId, now, this.leaseTtl))) {
        this.held.delete(roomId);
        fail(StatusCode.UID_VERIFICATION, { key: 'FISH_ROOM_MOVED' });
      }
      if (h) {
        h.renewedAt = now;
        return h.room;
      }
      const seed = await repo.currentSeed(this.db, roomId, now);
      const room = new Room(roomId, hallOfRoom(roomId), seed);
      room.restore(await repo.kills(this.db, seed.id));
      this.held.set(roomId, { room, renewedAt: now });
      return room;
    })();
    this.loading.set(roomId, p);
    try {
      return await p;
    } finally {
      this.loading.delete(roomId);
    }
  }

  owns(roomId: string): boolean {
    return this.held.has(roomId);
  }

  /** The halls at this brand (listed and open), their rooms and seated players. */
  async halls(ctx: Caller): Promise<{ list: FishHallWire[] }> {
    const seats = await repo.liveSeats(this.db, this.now() - SEAT_IDLE_MS);
    const list: FishHallWire[] = [];
    for (const h of FISH_HALLS) {
      if (
        !(await this.catalogue.playable(ctx.site.siteCode, h.code).then(
          () => true,
          () => false,
        ))
      )
        continue;
      const rooms = new Map<string, number>();
      for (const s of seats.filter((x) => x.hall === h.code)) rooms.set(s.room_id, (rooms.get(s.room_id) ?? 0) + 1);
      const levels = CANNON_LEVELS_FEN.slice(h.minLevel, h.maxLevel + 1).map((f) => yuan(f));
      list.push({
        code: h.code,
        name: h.names[ctx.locale],
        minBet: levels[0]!,
        maxBet: levels.at(-1)!,
        levels,
        minLevel: h.minLevel,
        rtp: (FISH_RTP * 100).toFixed(2),
        players: [...rooms.values()].reduce((a, b) => a + b, 0),
        rooms: [...rooms].map(([roomId, seated]) => ({ roomId, seated })),
      });
    }
    return { list };
  }

  /** Seats the member in the hall's first room with a free seat (a new room when all are full). */
  async join(ctx: MemberCaller, hallCode: string) {
    const hall = fishHall(hallCode) ?? fail(StatusCode.NOT_FOUND, { key: 'FISH_ROOM_NOT_FOUND' });
    await this.catalogue.playable(ctx.site.siteCode, hall.code);
    await this.eligibility.check(ctx, 'launch');
    const now = this.now();
    const seated = await repo.liveSeats(this.db, now - SEAT_IDLE_MS, hall.code);
    // Full rooms are passed over (any number of them, up to MAX_ROOMS); a seat taken meanwhile costs one of 40 tries.
    for (let n = 1, tries = 0; tries < 40 && n <= MAX_ROOMS;) {
      const roomId = roomIdOf(hall.code, n);
      const taken = new Set(seated.filter((s) => s.room_id === roomId && s.member_id !== ctx.member.id).map((s) => s.seat));
      const free = [...Array(FISH_SEATS).keys()].find((i) => !taken.has(i));
      if (free === undefined) {
        n++;
        continue;
      }
      tries++;
      const ok = await repo.takeSeat(
        this.db,
        { room_id: roomId, seat: free, hall: hall.code, member_id: ctx.member.id, name: ctx.member.name, level: hall.minLevel },
        now,
        now - SEAT_IDLE_MS,
      );
      if (!ok) {
        seated.push({ room_id: roomId, seat: free, hall: hall.code, member_id: '', name: '', level: 0, seen_at: now });
        continue;
      }
      const room = await this.room(roomId);
      const seat = await this.seat(ctx, roomId, free);
      return { seat: free, balance: yuan(seat.balance), state: await this.stateOf(room, ctx.member.id, 0) };
    }
    fail(StatusCode.FREQUENT_SUBMISSION, { key: 'FISH_ROOM_FULL' });
  }

  /** The member's seat on this node (read back from the seats table after a takeover); 6007 when not seated there. */
  private async seat(ctx: MemberCaller, roomId: string, seatNo?: number): Promise<Seat> {
    const s = this.seats.get(ctx.member.id);
    if (s && s.roomId === roomId && seatNo === undefined) return s;
    if (s && s.queue.length) await this.batcher.flush(s);
    let no = seatNo;
    if (no === undefined) {
      const row = await repo.seatOf(this.db, ctx.member.id);
      if (!row || row.room_id !== roomId) fail(StatusCode.INVALID_PARAMETER, { key: 'FISH_NOT_SEATED' });
      no = Number(row.seat);
    }
    const wallet = memberAccount(ctx.member.id, 'venue', 'CNY', FISHING_VENUE);
    const fresh: Seat = {
      memberId: ctx.member.id,
      siteCode: ctx.site.siteCode,
      roomId,
      hall: hallOfRoom(roomId),
      wallet,
      gate: this.eligibility.gate(ctx, FISHING_VENUE),
      balance: await balanceOf(this.db, wallet),
      flyingFen: s?.flyingFen ?? 0,
      flying: s?.flying ?? 0,
      queue: [],
      stepping: false,
      keys: new Map(),
    };
    this.seats.set(ctx.member.id, fresh);
    this.seatNos.set(ctx.member.id, no);
    return fresh;
  }

  async state(ctx: MemberCaller, input: { roomId: string; since: number; fishFrom?: number | undefined }): Promise<FishRoomStateWire> {
    await this.seat(ctx, input.roomId);
    const room = await this.room(input.roomId);
    const now = this.now();
    if (now - (this.seenAt.get(ctx.member.id) ?? 0) > 5_000) {
      this.seenAt.set(ctx.member.id, now);
      await repo.seen(this.db, ctx.member.id, now);
    }
    return this.stateOf(room, ctx.member.id, input.since, input.fishFrom);
  }

  private async stateOf(room: Room, memberId: string, since: number, fishFrom?: number): Promise<FishRoomStateWire> {
    const now = this.now();
    const t = room.oceanAt(now);
    const seats = await repo.liveSeats(this.db, now - SEAT_IDLE_MS, room.hall, room.id);
    return {
      roomId: room.id,
      hall: room.hall,
      seedId: room.seed.id,
      seedHash: room.seed.seed_hash,
      startsAt: Number(room.seed.starts_at),
      endsAt: Number(room.seed.ends_at),
      serverNow: now,
      oceanNow: t,
      freezes: room.freezes,
      fish: room.visible(t, fishFrom).map(fishWire),
      dead: [...room.dead],
      seats: seats.map((s) => ({ seat: Number(s.seat), name: maskName(s.name), level: Number(s.level), me: s.member_id === memberId })),
      events: room.eventsAfter(since),
      cursor: room.cursor,
    };
  }

  /** One shot (ctx.requestKey is its key): judged, queued, answered after its batch committed. */
  async shoot(ctx: MemberCaller, input: { roomId: string; fishId: string; level: number; angle: number }): Promise<FishShotAnswerWire> {
    const key = ctx.requestKey;
    if (key.length > 64) fail(StatusCode.INVALID_PARAMETER, { key: 'IDEMPOTENCY_KEY_REQUIRED' });
    const seat = await this.seat(ctx, input.roomId);
    const twin = seat.keys.get(key);
    const p = twin ?? this.fire(ctx, seat, key, input);
    if (!twin) {
      seat.keys.set(key, p);
      void p.catch(() => undefined).finally(() => seat.keys.delete(key));
    }
    const done = await p;
    return shotAnswer(done.row, done.balance);
  }

  private async fire(
    ctx: MemberCaller,
    seat: Seat,
    key: string,
    input: { roomId: string; fishId: string; level: number; angle: number },
  ): Promise<ShotDone> {
    const stored = await repo.shotByKey(this.db, ctx.member.id, key);
    if (stored) return { row: stored, balance: seat.balance, fresh: false };
    const room = await this.room(input.roomId);
    const hall = fishHall(room.hall)!;
    if (input.level < hall.minLevel || input.level > hall.maxLevel) fail(StatusCode.INVALID_PARAMETER, { key: 'FISH_CANNON' });
    const now = this.now();
    if (!room.hittable(input.fishId, now)) fail(StatusCode.INVALID_PARAMETER, { key: 'FISH_GONE' });
    if (!this.takeToken(ctx.member.id, now)) fail(StatusCode.FREQUENT_SUBMISSION, { key: 'FISH_FIRE_RATE' });
    if (seat.flying >= FISH_LIMITS.BULLETS_IN_FLIGHT) fail(StatusCode.FREQUENT_SUBMISSION, { key: 'FISH_BULLETS' });
    const stakeFen = CANNON_LEVELS_FEN[input.level]!;
    if (seat.balance - seat.flyingFen < stakeFen) fail(StatusCode.INVALID_PARAMETER, { key: 'INSUFFICIENT_FUNDS' });
    const judged = room.judge(ctx.member.id, key, input.fishId, now) ?? fail(StatusCode.INVALID_PARAMETER, { key: 'FISH_GONE' });
    return this.batcher.add(seat, key, judged, stakeFen, input.angle);
  }

  /** The fire rate: a bucket of FIRE_BURST shots refilled at FIRE_PER_SECOND. */
  private takeToken(memberId: string, now: number): boolean {
    const b = this.buckets.get(memberId) ?? { tokens: FISH_LIMITS.FIRE_BURST, at: now };
    b.tokens = Math.min(FISH_LIMITS.FIRE_BURST, b.tokens + ((now - b.at) * FISH_LIMITS.FIRE_PER_SECOND) / 1000);
    b.at = now;
    this.buckets.set(memberId, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Leaves the seat: the shots in flight settle first. */
  async leave(ctx: MemberCaller, roomId: string) {
    const s = this.seats.get(ctx.member.id);
    if (s) {
      await this.batcher.flush(s);
      this.seats.delete(ctx.member.id);
    }
    await repo.leave(this.db, ctx.member.id, roomId);
    return { left: true };
  }

  /** Runs every seat's queue now, in one step (tests; a stopping node). */
  flushAll(): Promise<void> {
    return this.batcher.flushAll();
  }

  async seeds(roomId: string) {
    const now = this.now();
    const rows = await repo.seeds(this.db, roomId);
    return {
      list: rows.map((r) => ({
        seedId: r.id,
        roomId: r.room_id,
        seedHash: r.seed_hash,
        seed: Number(r.ends_at) <= now ? r.seed : null,
        startsAt: Number(r.starts_at),
        endsAt: Number(r.ends_at),
      })),
    };
  }

  async shots(ctx: MemberCaller, input: { seedId?: string | undefined; limit: number }) {
    const rows = await repo.memberShots(this.db, ctx.member.id, input.seedId, input.limit);
    return {
      list: rows.map((r) => ({
        shotKey: r.shot_key,
        seedId: r.seed_id,
        fishId: r.fish_id,
        kind: r.kind,
        value: Number(r.value),
        draw: Number(r.draw),
        stake: yuan(r.stake),
        win: yuan(r.win),
        killed: Number(r.killed) === 1,
        judgedAt: Number(r.judged_at),
      })),
    };
  }
}
