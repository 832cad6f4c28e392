/**
 * A seat's shots, staked and paid in batches. A judged shot waits in its member's queue; BATCH_MS after the first
 * one, the queue goes to ONE money step (the wager path's playInstant: every stake of the batch and every win in one
 * journal), with the shots' rows (unique per member and key: a replayed key is never paid twice) and the minute's
 * tally — so the ledger sees at most one step per seat per window however fast the seat fires. A member's batches run
 * one after another. Each shot's answer is sent once its batch committed: a shot the player saw answered is settled;
 * a shot whose batch never committed (a crash, a refusal) took nothing, and its kill is undone.
 * Inside the step the room's lease is checked again: a node that lost the room commits nothing.
 */
import { StatusCode } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { FishingShotTable } from '../../db/schema.ts';
import type { AccountRef } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { playInstant, type WagerGate } from '../../ledger/wager.ts';
import { fail } from '../../lib/errors.ts';
import { timeOrderedId } from '../../lib/crypto.ts';
import { casinoBook } from '../casino/pools.ts';
import { BATCH_MS, FISHING_VENUE } from './config.ts';
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
  timer: NodeJS.Timeout | null;
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
  constructor(
    private readonly db: Db,
    private readonly nodeId: string,
    private readonly hooks: BatchHooks,
    private readonly windowMs = BATCH_MS,
  ) {}

  /** Queues a judged shot; answers once its batch committed (or rejects with the step's refusal). */
  add(seat: Seat, key: string, judged: Judged, stakeFen: number, angle = 0): Promise<ShotDone> {
    const winFen = judged.killed ? stakeFen * judged.value : 0;
    seat.flyingFen += stakeFen;
    seat.flying++;
    const done = new Promise<ShotDone>((resolve, reject) => seat.queue.push({ key, judged, stakeFen, winFen, angle, resolve, reject }));
    if (!seat.timer && !seat.stepping) seat.timer = setTimeout(() => void this.flush(seat), this.windowMs);
    return done;
  }

  /** Runs the seat's queue now (a timer, a leaving seat, a stopping node, tests). */
  async flush(seat: Seat): Promise<void> {
    if (seat.timer) clearTimeout(seat.timer);
    seat.timer = null;
    if (seat.stepping || seat.queue.length === 0) return;
    seat.stepping = true;
    const shots = seat.queue.splice(0);
    try {
      await this.step(seat, shots);
    } finally {
      seat.stepping = false;
      for (const p of shots) {
        seat.flyingFen -= p.stakeFen;
        seat.flying--;
      }
      if (seat.queue.length > 0 && !seat.timer) seat.timer = setTimeout(() => void this.flush(seat), this.windowMs);
    }
  }

  private async step(seat: Seat, shots: Pending[]): Promise<void> {
    const now = this.hooks.now();
    const batchId = timeOrderedId(now);
    const rows: FishingShotTable[] = shots.map((p) => ({
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
    let out: { balance: number; fresh: Set<string>; stored: Map<string, FishingShotTable> };
    try {
      out = await moneyStep(this.db, async (tx) => {
        if (!(await repo.holdsLease(tx, seat.roomId, this.nodeId, now))) fail(StatusCode.UID_VERIFICATION, { key: 'FISH_ROOM_MOVED' });
        const fresh = await repo.insertShots(tx, rows);
        const stored = new Map<string, FishingShotTable>();
        for (const p of shots.filter((x) => !fresh.has(x.key))) {
          const row = await repo.shotByKey(tx, seat.memberId, p.key);
          if (row) stored.set(p.key, row);
        }
        const mine = rows.filter((r) => fresh.has(r.shot_key));
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
        for (const [minute, part] of byMinute(mine))
          await repo.addMinute(tx, {
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
          });
        return { balance: paid.balance, fresh, stored };
      });
    } catch (e) {
      this.hooks.stats.failed++;
      this.hooks.undo(
        seat,
        shots.map((p) => p.judged),
      );
      for (const p of shots) p.reject(e);
      return;
    }
    seat.balance = out.balance;
    this.hooks.stats.batches++;
    this.hooks.stats.shots += out.fresh.size;
    const committed: { judged: Judged; row: FishingShotTable; angle: number }[] = [];
    const replayed: Judged[] = [];
    for (const [i, p] of shots.entries()) {
      const fresh = out.fresh.has(p.key);
      const row = fresh ? rows[i]! : out.stored.get(p.key);
      if (fresh) committed.push({ judged: p.judged, row: rows[i]!, angle: p.angle });
      else replayed.push(p.judged);
      if (row) p.resolve({ balance: out.balance, row, fresh });
      else p.reject(new Error('fishing: a shot neither inserted nor stored'));
    }
    if (replayed.length) this.hooks.undo(seat, replayed);
    this.hooks.committed(seat, committed);
  }
}

function byMinute(rows: readonly FishingShotTable[]): Map<number, FishingShotTable[]> {
  const out = new Map<number, FishingShotTable[]>();
  for (const r of rows) {
    const m = Math.floor(r.judged_at / 60_000) * 60_000;
    out.set(m, [...(out.get(m) ?? []), r]);
  }
  return out;
}
