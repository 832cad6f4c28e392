/**
 * The seats' shots, staked and paid in batches. A judged shot waits in its member's queue; BATCH_MS after the first
 * shot queued on the node, EVERY seat's queue goes to ONE money step: the shots' rows (unique per member and key: a
 * replayed key is never paid twice), one journal for all their stakes and wins (the wager path's playInstants: each
 * member's gate, each wallet covering its stakes before its wins count, debt repaid first) and the minutes' tallies —
 * so the ledger sees ~1/BATCH_MS steps a second per node however many seats fire and however fast. A room whose lease
 * this node lost commits nothing (its seats' shots refused, 6302). If the step fails (one member's transfer in flight,
 * a wallet emptied meanwhile) the seats run one by one,
 * each in its own step (`step`), so one refusal refuses only its own seat's shots. A member's batches run one after
 * another. Each shot's answer is sent once its batch committed: a shot the player saw answered is settled; a shot
 * whose batch never committed (a crash, a refusal) took nothing, and its kill is undone.
 * Inside the step the rooms' leases are checked again: a node that lost a room commits nothing of it.
 */
import { StatusCode } from '@portal/contract';
import type { Db, Tx } from '../../db/connect.ts';
import type { FishingMinuteTable, FishingShotTable } from '../../db/schema.ts';
import type { AccountRef } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { playInstant, playInstants, type InstantPart, type WagerGate } from '../../ledger/wager.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { timeOrderedId } from '../../lib/crypto.ts';
import { casinoBook } from '../casino/pools.ts';
import { BATCH_MS, FISHING_VENUE, MINUTE_MS } from './config.ts';
import { fishingRepository as repo } from './repository.ts';
import type { Judged } from './room.ts';

export interface ShotDone {
  /** The wallet's balance after the batch. */
  balance: number;
  /** The shot's stored row: this batch's, or the first use's of a replayed key. */
  row: FishingShotTable;
  /** False for a key committed before (a replay): its judgement here was not used. */
  fresh: boolean;
}

interface Pending {
  key: string;
  judged: Judged;
  stakeFen: number;
  winFen: number;
  angle: number;
  resolve: (d: ShotDone) => void;
  reject: (e: unknown) => void;
}

export interface Seat {
  memberId: string;
  siteCode: number;
  roomId: string;
  hall: string;
  wallet: AccountRef;
  gate: WagerGate;
  /** The wallet's balance after the last batch (or read when seated). */
  balance: number;
  /** Stakes judged and not yet committed (queued or in the step). */
  flyingFen: number;
  flying: number;
  queue: Pending[];
  stepping: boolean;
  /** Shots of this member being judged or queued, by key (a twin request waits for the same answer). */
  keys: Map<string, Promise<ShotDone>>;
}

export interface BatchHooks {
  /** A batch committed: its fresh shots (for the room's events). */
  committed(seat: Seat, shots: readonly { judged: Judged; row: FishingShotTable; angle: number }[]): void;
  /** A batch failed: its kills are given back. */
  undo(seat: Seat, judged: readonly Judged[]): void;
  now(): number;
  /** Counters for the bench and tests. */
  stats: { batches: number; shots: number; failed: number };
}

export class Batcher {
  /** Seats with shots queued, and the node's window timer. */
  private readonly waiting = new Set<Seat>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly nodeId: string,
    private readonly hooks: BatchHooks,
    private readonly windowMs = BATCH_MS,
    /** The length of the minutes the shots are recorded in (MINUTE_MS but in tests). */
    private readonly minuteMs = MINUTE_MS,
  ) {}

  /** Queues a judged shot; answers once its batch committed (or rejects with the step's refusal). */
  add(seat: Seat, key: string, judged: Judged, stakeFen: number, angle = 0): Promise<ShotDone> {
    const winFen = judged.killed ? stakeFen * judged.value : 0;
    seat.flyingFen += stakeFen;
    seat.flying++;
    const done = new Promise<ShotDone>((resolve, reject) => seat.queue.push({ key, judged, stakeFen, winFen, angle, resolve, reject }));
    this.waiting.add(seat);
    this.arm();
    return done;
  }

  /** Shots queued for the next window (tests). */
  get queued(): number {
    let n = 0;
    for (const s of this.waiting) n += s.queue.length;
    return n;
  }

  private arm(): void {
    if (!this.timer) this.timer = setTimeout(() => void this.flushAll(), this.windowMs);
  }

  /** Every seat's queue now, in one money step (the node's window; a stopping node, tests). */
  async flushAll(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const seats = [...this.waiting].filter((s) => !s.stepping && s.queue.length > 0);
    for (const s of seats) this.waiting.delete(s);
    if (seats.length === 0) return;
    const parts = seats.map((seat) => {
      seat.stepping = true;
      return { seat, shots: seat.queue.splice(0) };
    });
    try {
      await (parts.length === 1 ? this.step(parts[0]!.seat, parts[0]!.shots) : this.stepMany(parts));
    } finally {
      for (const { seat, shots } of parts) {
        seat.stepping = false;
        for (const p of shots) {
          seat.flyingFen -= p.stakeFen;
          seat.flying--;
        }
        if (seat.queue.length > 0) this.waiting.add(seat);
      }
      if (this.waiting.size > 0) this.arm();
    }
  }

  /** Runs one seat's queue now, alone (a leaving seat). */
  async flush(seat: Seat): Promise<void> {
    if (seat.stepping || seat.queue.length === 0) return;
    seat.stepping = true;
    this.waiting.delete(seat);
    const shots = seat.queue.splice(0);
    try {
      await this.step(seat, shots);
    } finally {
      seat.stepping = false;
      for (const p of shots) {
        seat.flyingFen -= p.stakeFen;
        seat.flying--;
      }
      if (seat.queue.length > 0) {
        this.waiting.add(seat);
        this.arm();
      }
    }
  }

  private rowsOf(seat: Seat, shots: readonly Pending[], batchId: string): FishingShotTable[] {
    return shots.map((p) => ({
      id: `${batchId}.${p.key}`.slice(0, 120),
      member_id: seat.memberId,
      shot_key: p.key,
      room_id: seat.roomId,
      seed_id: p.judged.seedId,
      fish_id: p.judged.fish.id,
      kind: p.judged.fish.kind,
      value: p.judged.value,
      draw: p.judged.draw,
      stake: p.stakeFen,
      win: p.winFen,
      killed: p.judged.killed ? 1 : 0,
      killed_fish: JSON.stringify(p.judged.killedFish),
      freeze: p.judged.freeze ? 1 : 0,
      judged_at: p.judged.judgedAt,
      batch_id: batchId,
    }));
  }

  /** The stored rows of the shots a batch did not insert (their keys were used before: replays). */
  private async storedOf(tx: Tx, seat: Seat, shots: readonly Pending[], fresh: ReadonlySet<string>) {
    const stored = new Map<string, FishingShotTable>();
    for (const p of shots.filter((x) => !fresh.has(shotId(seat.memberId, x.key)))) {
      const row = await repo.shotByKey(tx, seat.memberId, p.key);
      if (row) stored.set(p.key, row);
    }
    return stored;
  }

  /** Several seats' shots in ONE step and ONE journal; any refusal: each seat alone (`step`). */
  private async stepMany(parts: readonly { seat: Seat; shots: Pending[] }[]): Promise<void> {
    const now = this.hooks.now();
    const batchId = timeOrderedId(now);
    const rows = parts.map(({ seat, shots }) => this.rowsOf(seat, shots, batchId));
    let out: { balances: Map<string, number>; fresh: Set<string>; stored: Map<string, FishingShotTable>[]; held: Set<string> };
    try {
      out = await moneyStep(this.db, async (tx) => {
        // A room this node no longer holds commits nothing: its seats' shots are refused (6302), the others go on.
        const held = await repo.heldLeases(tx, [...new Set(parts.map((p) => p.seat.roomId))], this.nodeId, now);
        const fresh = await repo.insertShots(tx, rows.filter((_, i) => held.has(parts[i]!.seat.roomId)).flat());
        const stored: Map<string, FishingShotTable>[] = [];
        const money: InstantPart[] = [];
        const minutes: FishingMinuteTable[] = [];
        for (const [i, { seat, shots }] of parts.entries()) {
          if (!held.has(seat.roomId)) {
            stored.push(new Map());
            continue;
          }
          stored.push(await this.storedOf(tx, seat, shots, fresh));
          const mine = rows[i]!.filter((r) => fresh.has(shotId(r.member_id, r.shot_key)));
          const stakeFen = mine.reduce((a, r) => a + r.stake, 0);
          if (stakeFen === 0) continue;
          money.push({
            memberId: seat.memberId,
            wallet: seat.wallet,
            stakeFen,
            returnFen: mine.reduce((a, r) => a + r.win, 0),
            gate: seat.gate,
          });
          minutes.push(...minuteRows(seat, mine, this.minuteMs));
        }
        const balances = await playInstants(
          tx,
          money,
          { book: casinoBook(FISHING_VENUE), kind: 'casino.fishing', refType: 'fishing_batch', refId: batchId },
          now,
        );
        for (const { seat } of parts)
          if (held.has(seat.roomId) && !balances.has(seat.memberId)) balances.set(seat.memberId, await balanceOf(tx, seat.wallet));
        await repo.addMinutes(tx, minutes);
        return { balances, fresh, stored, held };
      });
    } catch {
      // One part refused (or the commit failed): every seat alone, so a refusal costs only its own seat's shots (on
      // SQLite the seats' steps still share commits: the group commit, each step under its own savepoint).
      await Promise.all(parts.map(({ seat, shots }) => this.step(seat, shots)));
      return;
    }
    for (const [i, { seat, shots }] of parts.entries())
      if (out.held.has(seat.roomId))
        this.settled(seat, shots, rows[i]!, { balance: out.balances.get(seat.memberId)!, fresh: out.fresh, stored: out.stored[i]! });
      else this.refused(seat, shots, new AppError(StatusCode.UID_VERIFICATION, { key: 'FISH_ROOM_MOVED' }));
  }

  /** One seat's shots in their own step: its lease, its gate, its journal (`playInstant`). */
  private async step(seat: Seat, shots: Pending[]): Promise<void> {
    const now = this.hooks.now();
    const batchId = timeOrderedId(now);
    const rows = this.rowsOf(seat, shots, batchId);
    let out: { balance: number; fresh: Set<string>; stored: Map<string, FishingShotTable> };
    try {
      out = await moneyStep(this.db, async (tx) => {
        if (!(await repo.holdsLease(tx, seat.roomId, this.nodeId, now))) fail(StatusCode.UID_VERIFICATION, { key: 'FISH_ROOM_MOVED' });
        const fresh = await repo.insertShots(tx, rows);
        const stored = await this.storedOf(tx, seat, shots, fresh);
        const mine = rows.filter((r) => fresh.has(shotId(r.member_id, r.shot_key)));
        const stakeFen = mine.reduce((a, r) => a + r.stake, 0);
        if (stakeFen === 0) return { balance: await balanceOf(tx, seat.wallet), fresh, stored };
        const paid = await playInstant(
          tx,
          {
            memberId: seat.memberId,
            wallet: seat.wallet,
            book: casinoBook(FISHING_VENUE),
            stakeFen,
            returnFen: mine.reduce((a, r) => a + r.win, 0),
            kind: 'casino.fishing',
            refType: 'fishing_batch',
            refId: batchId,
          },
          seat.gate,
          now,
        );
        await repo.addMinutes(tx, minuteRows(seat, mine, this.minuteMs));
        return { balance: paid.balance, fresh, stored };
      });
    } catch (e) {
      this.refused(seat, shots, e);
      return;
    }
    this.settled(seat, shots, rows, out);
  }

  /** A seat's shots that never committed: their kills undone, each refused with the step's error. */
  private refused(seat: Seat, shots: readonly Pending[], e: unknown): void {
    this.hooks.stats.failed++;
    this.hooks.undo(
      seat,
      shots.map((p) => p.judged),
    );
    for (const p of shots) p.reject(e);
  }

  /** A committed batch's seat: its balance, each shot answered (its row, or a replay's stored row), replays undone. */
  private settled(
    seat: Seat,
    shots: readonly Pending[],
    rows: readonly FishingShotTable[],
    out: { balance: number; fresh: ReadonlySet<string>; stored: ReadonlyMap<string, FishingShotTable> },
  ): void {
    seat.balance = out.balance;
    this.hooks.stats.batches++;
    const committed: { judged: Judged; row: FishingShotTable; angle: number }[] = [];
    const replayed: Judged[] = [];
    for (const [i, p] of shots.entries()) {
      const fresh = out.fresh.has(shotId(seat.memberId, p.key));
      const row = fresh ? rows[i]! : out.stored.get(p.key);
      if (fresh) {
        this.hooks.stats.shots++;
        committed.push({ judged: p.judged, row: rows[i]!, angle: p.angle });
      } else replayed.push(p.judged);
      if (row) p.resolve({ balance: out.balance, row, fresh });
      else p.reject(new Error('fishing: a shot neither inserted nor stored'));
    }
    if (replayed.length) this.hooks.undo(seat, replayed);
    this.hooks.committed(seat, committed);
  }
}

/** A shot's identity in the stored rows: its member and key. */
export const shotId = (memberId: string, key: string) => `${memberId}|${key}`;

/** The member's minutes of these shots (one row each, summed into the stored minute). */
function minuteRows(seat: Seat, mine: readonly FishingShotTable[], minuteMs: number): FishingMinuteTable[] {
  return [...byMinute(mine, minuteMs)].map(([minute, part]) => ({
    member_id: seat.memberId,
    minute,
    site_code: seat.siteCode,
    hall: seat.hall,
    room_id: seat.roomId,
    shots: part.length,
    kills: part.filter((r) => r.killed === 1).length,
    stake: part.reduce((a, r) => a + r.stake, 0),
    win: part.reduce((a, r) => a + r.win, 0),
    first_at: part[0]!.judged_at,
    last_at: part.at(-1)!.judged_at,
    recorded: 0,
  }));
}

function byMinute(rows: readonly FishingShotTable[], minuteMs: number): Map<number, FishingShotTable[]> {
  const out = new Map<number, FishingShotTable[]>();
  for (const r of rows) {
    const m = Math.floor(r.judged_at / minuteMs) * minuteMs;
    out.set(m, [...(out.get(m) ?? []), r]);
  }
  return out;
}
