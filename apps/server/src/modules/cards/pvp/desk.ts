/**
 * The PvP 斗地主 desk (issue 31): matchmaking by brand and stake level, tables of three, each deal committed before it
 * is dealt and revealed after, the turn timer with its disclosed auto-play, reconnects, and the money of a hand on the
 * wager path. The house is never a party: its only share is the rake.
 *
 *   join (HTTP, one money step keyed by the client's key): the member's largest loss of a hand held on their CRQP
 *   wallet (`stake`), an entry `waiting`; the third waiting player of a level seats a table → the deal's seed hash is
 *   stored and pushed before anyone sees a card → bidding → play → the end settles in ONE money step: every hold
 *   posted and each seat's return paid (`settleHolds`: hold ± the result − the rake), the sum of the rakes into the
 *   house's rake revenue (fee_income `pvp:CRQP`), the entries and the hand marked, a casino round per seat (category QP:
 *   the bet record, turnover, VIP, rebates; valid turnover is the rake shared by the seats). Three void deals (every
 *   bid a pass) end the hand void: every hold given back.
 *   leave (HTTP): only while waiting — the hold comes back.
 *
 * Moves arrive on the socket (realtime/hub.ts → bid/play) and are checked by the pure rules (packages/games
 * doudizhu.ts): a move not the seat's turn, a card it does not hold, an illegal or too-small combination is refused
 * and changes nothing. The clock (`clock`, injectable) runs the timer: a seat that lets its time run out is played by
 * the auto-play (bid: pass; follow: pass; lead: the smallest single), marked `auto` to everyone, and keeps being
 * auto-played quickly until it moves again; a seat whose member has no socket left is auto-played the same way.
 * Practice tables seat the member with two computer players (openly `computer`, the web labels them 电脑) for points:
 * no hold, no record, no money.
 *
 * One node runs the desk's tables in memory (its sockets are those of this node): see docs/cards.md for what a
 * second node would need.
 */
import { randomBytes } from 'node:crypto';
import { MSG, StatusCode, type PvpLevelWire, type PvpStateWire } from '@portal/contract';
import {
  allPlays,
  applyAuto,
  applyBid,
  applyPlay,
  beats,
  dealDoudizhu,
  ddzResult,
  ddzValue,
  fairRng,
  seedCommitment,
  shuffleDoudizhu,
  smallestBeating,
  type DdzPlay,
  type DdzPlayType,
  type DdzRefusal,
  type DdzState,
} from '@portal/games';
import { yuan } from '@portal/rules';
import type { Db } from '../../../db/connect.ts';
import type { PvpEntryTable } from '../../../db/schema.ts';
import { houseAccount, memberAccount } from '../../../ledger/accounts.ts';
import { moneyStep } from '../../../ledger/idempotency.ts';
import { balanceOf } from '../../../ledger/ledger.ts';
import { settleHolds, stake } from '../../../ledger/wager.ts';
import { fail } from '../../../lib/errors.ts';
import { timeOrderedId } from '../../../lib/crypto.ts';
import type { Eligibility } from '../../compliance/eligibility.ts';
import { recordCasinoRounds } from '../../casino/roundRecord.ts';
import type { MemberCaller } from '../../user/caller.ts';
import {
  PRACTICE_LEVEL,
  PVP_CHANNEL,
  PVP_GAME_CODE,
  PVP_LEVELS,
  holdFenOf,
  pvpLevel,
  rakeBpOf,
  splitHand,
  validShares,
  type PvpLevel,
} from './levels.ts';
import { PVP_HEARTBEAT_MS, voidHand, voidWaiting } from './recovery.ts';

/** The house's rake revenue of the PvP tables. */
export const PVP_RAKE_BOOK = houseAccount('fee_income', `pvp:${PVP_CHANNEL}`);
/** Void deals (all three passed) before the hand itself is void. */
export const MAX_VOID_DEALS = 3;
/** Turns kept in a state push. */
const TURNS_SHOWN = 12;

export interface PvpTiming {
  /** A seat's time to move. */
  turnMs: number;
  /** A seat already on auto-play (timed out or away) moves after this. */
  autoMs: number;
  /** A computer player's pause before it moves. */
  computerMs: number;
}
export const PVP_TIMING: PvpTiming = { turnMs: 20_000, autoMs: 1_000, computerMs: 900 };

interface Seat {
  memberId: string | null;
  name: string | null;
  entry: PvpEntryTable | null;
  auto: boolean;
  connected: boolean;
}

interface Deal {
  seed: string;
  hash: string;
  deck: number[];
}

export interface PvpTable {
  id: string;
  siteCode: number;
  level: PvpLevel;
  practice: boolean;
  seats: Seat[];
  state: DdzState;
  deal: Deal;
  voidDeals: { deckHash: string; seed: string }[];
  deadline: number;
  version: number;
  /** Settling (no more moves) or over. */
  ending: boolean;
  result: PvpStateWire['result'];
  voided: boolean;
}

type Refusal = { code: string; key: string };
const REFUSAL_KEYS: Record<DdzRefusal | 'noHand', string> = {
  phase: 'PVP_PHASE',
  notYourTurn: 'PVP_NOT_YOUR_TURN',
  badBid: 'PVP_BAD_BID',
  notHeld: 'PVP_NOT_HELD',
  illegal: 'PVP_ILLEGAL',
  cannotBeat: 'PVP_CANNOT_BEAT',
  mustLead: 'PVP_MUST_LEAD',
  noHand: 'PVP_NO_HAND',
};

const maskName = (name: string): string => (name.length <= 2 ? `${name[0] ?? ''}***` : `${name.slice(0, 2)}***`);

export class PvpDesk {
  /** Waiting entries per `${siteCode}:${level}`. */
  private readonly queues = new Map<string, PvpEntryTable[]>();
  private readonly tables = new Map<string, PvpTable>();
  /** A member's waiting entry or current table (the last one until they join again: a reconnect shows its result). */
  private readonly waiting = new Map<string, PvpEntryTable>();
  private readonly atTable = new Map<string, PvpTable>();
  private timer: NodeJS.Timeout | null = null;
  /** Sends a message to this node's sockets of a member (the hub sets it). */
  send: (memberId: string, m: { msgId: number; msgData: unknown }) => void = () => undefined;
  /** Whether a member has a socket on this node (the hub sets it). */
  online: (memberId: string) => boolean = () => true;
  clock: () => number = () => Date.now();
  timing: PvpTiming = PVP_TIMING;
  /** Money steps in flight (tests and shutdown wait for them). */
  private readonly pending = new Set<Promise<unknown>>();
  readonly stats = { actions: 0, pushes: 0, hands: 0 };
  /**
   * A settlement or void that failed (logged). A settlement is retried (`settleTries`, `retryMs` apart); one that
   * still fails drops the table from this desk, so its heartbeat stops and the recovery job voids the hand.
   */
  onError: (e: unknown) => void = (e) => console.error('pvp desk', e);
  settleTries = 3;
  retryMs = 500;
  /** When this desk last stamped its live hands' `active_at` (the recovery job's sign that they are held live). */
  private beatAt = 0;

  constructor(
    private readonly db: Db,
    private readonly eligibility: Pick<Eligibility, 'check' | 'gate'>,
  ) {}

  start(everyMs = 250): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.settled();
  }

  /** Resolves once every money step started so far has finished. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => undefined);
    return p;
  }

  // ---- the lobby ----

  lobby(siteCode: number): PvpLevelWire[] {
    return PVP_LEVELS.map((l) => {
      const tables = [...this.tables.values()].filter(
        (t) => !t.practice && t.siteCode === siteCode && t.level.code === l.code && !t.ending,
      );
      return {
        level: l.code,
        game: 'doudizhu' as const,
        base: yuan(l.baseFen),
        hold: yuan(holdFenOf(l)),
        cap: l.cap,
        rakePercent: rakeBpOf(siteCode) / 100,
        rakeCap: yuan(l.rakeCapFen),
        waiting: this.queues.get(`${siteCode}:${l.code}`)?.length ?? 0,
        seated: tables.length * 3,
        tables: tables.length,
      };
    });
  }

  // ---- joining and leaving (HTTP) ----

  async join(ctx: MemberCaller, r: { level: string; practice?: boolean | undefined; idempotencyKey: string }) {
    const memberId = ctx.member.id;
    const venueAccount = memberAccount(memberId, 'venue', 'CNY', PVP_CHANNEL);
    const current = this.atTable.get(memberId);
    if (current && !current.ending) fail(StatusCode.DATA_EXISTS, { key: 'PVP_ALREADY_SEATED' });
    if (r.practice) {
      const t = this.seat(ctx.site.siteCode, PRACTICE_LEVEL, true, [
        { memberId, name: maskName(ctx.member.name), entry: null, auto: false, connected: true },
        { memberId: null, name: null, entry: null, auto: false, connected: true },
        { memberId: null, name: null, entry: null, auto: false, connected: true },
      ]);
      return {
        ticket: t.id,
        level: PRACTICE_LEVEL.code,
        practice: true,
        hold: '0',
        balance: yuan(await balanceOf(this.db, venueAccount)),
        handId: t.id,
      };
    }
    const level = pvpLevel(r.level);
    if (!level) return fail(StatusCode.NOT_FOUND, { key: 'TABLE_NOT_FOUND' });
    const waitingNow = this.waiting.get(memberId);
    const hold = holdFenOf(level);
    await this.eligibility.check(ctx, 'round', hold);
    const gate = this.eligibility.gate(ctx, PVP_CHANNEL);
    const now = this.clock();
    const entryId = timeOrderedId(now);
    const placed = await moneyStep(
      this.db,
      async (tx, requestKey) => {
        if (waitingNow) fail(StatusCode.DATA_EXISTS, { key: 'PVP_ALREADY_WAITING' });
        const { holdIds, balance } = await stake(
          tx,
          { memberId, wallet: venueAccount, refType: 'pvp_entry', holds: [{ refId: entryId, amountFen: hold }], requestKey },
          gate,
          now,
        );
        const entry: PvpEntryTable = {
          id: entryId,
          member_id: memberId,
          site_code: ctx.site.siteCode,
          level: level.code,
          hold_id: holdIds[0]!,
          amount: hold,
          status: 'waiting',
          hand_id: null,
          seat: null,
          net: null,
          rake: null,
          ip: ctx.ip,
          device: ctx.uuid || null,
          created_at: now,
          settled_at: null,
          active_at: now,
        };
        await tx.insertInto('pvp_entries').values(entry).execute();
        return { entry, balance };
      },
      {
        scope: `pvp.join:${memberId}`,
        key: r.idempotencyKey,
        request: { level: level.code },
        store: { before: { entryId } },
        decode: (s) => s as { entryId: string },
      },
    );
    if (!placed.fresh) {
      const entry = await this.db.selectFrom('pvp_entries').selectAll().where('id', '=', placed.stored.entryId).executeTakeFirstOrThrow();
      return {
        ticket: entry.id,
        level: entry.level,
        practice: false,
        hold: yuan(Number(entry.amount)),
        balance: yuan(await balanceOf(this.db, venueAccount)),
        handId: entry.hand_id,
      };
    }
    const { entry, balance } = placed.value;
    const key = `${ctx.site.siteCode}:${level.code}`;
    const queue = this.queues.get(key) ?? [];
    queue.push(entry);
    this.queues.set(key, queue);
    this.waiting.set(memberId, entry);
    const names = new Map([[memberId, maskName(ctx.member.name)]]);
    this.names.set(memberId, names.get(memberId)!);
    let handId: string | null = null;
    if (queue.length >= 3) handId = await this.seatFromQueue(ctx.site.siteCode, level, queue.splice(0, 3));
    return { ticket: entry.id, level: level.code, practice: false, hold: yuan(hold), balance: yuan(balance), handId };
  }

  private readonly names = new Map<string, string>();

  async leave(ctx: MemberCaller, _r: { idempotencyKey: string }) {
    const memberId = ctx.member.id;
    const venueAccount = memberAccount(memberId, 'venue', 'CNY', PVP_CHANNEL);
    const entry = this.waiting.get(memberId);
    if (!entry) {
      if (this.atTable.get(memberId)?.ending === false) fail(StatusCode.DATA_EXISTS, { key: 'PVP_ALREADY_SEATED' });
      return { left: false, balance: yuan(await balanceOf(this.db, venueAccount)) };
    }
    // Out of the queue first (synchronously): no table can seat it while its hold is given back.
    const key = `${entry.site_code}:${entry.level}`;
    this.queues.set(
      key,
      (this.queues.get(key) ?? []).filter((e) => e.id !== entry.id),
    );
    this.waiting.delete(memberId);
    await this.track(voidWaiting(this.db, entry, this.clock()));
    return { left: true, balance: yuan(await balanceOf(this.db, venueAccount)) };
  }

  private async seatFromQueue(siteCode: number, level: PvpLevel, entries: PvpEntryTable[]): Promise<string> {
    for (const e of entries) this.waiting.delete(e.member_id);
    const t = this.seat(
      siteCode,
      level,
      false,
      entries.map((e) => ({
        memberId: e.member_id,
        name: this.names.get(e.member_id) ?? null,
        entry: e,
        auto: false,
        connected: this.online(e.member_id),
      })),
      false,
    );
    const now = this.clock();
    await this.track(
      moneyStep(this.db, async (tx) => {
        await tx
          .insertInto('pvp_hands')
          .values({
            id: t.id,
            site_code: siteCode,
            level: level.code,
            practice: 0,
            seats: JSON.stringify(entries.map((e) => e.member_id)),
            deck_hash: t.deal.hash,
            seed: null,
            status: 'playing',
            result: null,
            rake: 0,
            started_at: now,
            ended_at: null,
            active_at: now,
            void_reason: null,
          })
          .execute();
        for (const [seat, e] of entries.entries()) {
          const n = await tx
            .updateTable('pvp_entries')
            .set({ status: 'seated', hand_id: t.id, seat })
            .where('id', '=', e.id)
            .where('status', '=', 'waiting')
            .executeTakeFirst();
          if (Number(n.numUpdatedRows) !== 1) throw new Error(`pvp entry ${e.id} is no longer waiting`);
          e.status = 'seated';
          e.hand_id = t.id;
          e.seat = seat;
        }
      }),
    );
    // The deal's commitment is stored: now the seats see their cards.
    this.push(t);
    return t.id;
  }

  /** A table of three seats with its first deal (pushed at once unless `hold` says the hash must be stored first). */
  private seat(siteCode: number, level: PvpLevel, practice: boolean, seats: Seat[], push = true): PvpTable {
    const id = `${PVP_GAME_CODE}-${timeOrderedId(this.clock())}`;
    const deal = newDeal(id, 0);
    const t: PvpTable = {
      id,
      siteCode,
      level,
      practice,
      seats,
      state: dealDoudizhu(deal.deck, firstBidder(deal)),
      deal,
      voidDeals: [],
      deadline: 0,
      version: 1,
      ending: false,
      result: null,
      voided: false,
    };
    this.tables.set(id, t);
    for (const s of seats) if (s.memberId) this.atTable.set(s.memberId, t);
    this.stats.hands += 1;
    this.arm(t);
    if (push) this.push(t);
    return t;
  }

  // ---- moves (the socket) ----

  /** The member's current hand, pushed to them (a reconnect); false when they have none. */
  watch(memberId: string): boolean {
    const t = this.atTable.get(memberId);
    if (!t) {
      const w = this.waiting.get(memberId);
      this.send(memberId, { msgId: MSG.PVP_WATCH, msgData: { handId: null, waiting: w ? w.level : null } });
      return false;
    }
    const seat = t.seats.find((s) => s.memberId === memberId)!;
    seat.connected = true;
    this.send(memberId, { msgId: MSG.PVP_STATE, msgData: this.view(t, t.seats.indexOf(seat)) });
    return true;
  }

  /** The member has no socket left on this node: their seat is auto-played until they come back. */
  away(memberId: string): void {
    const t = this.atTable.get(memberId);
    if (!t || t.ending) return;
    const seat = t.seats.find((s) => s.memberId === memberId)!;
    seat.connected = false;
    if (t.state.turn === t.seats.indexOf(seat)) t.deadline = Math.min(t.deadline, this.clock() + this.timing.autoMs);
    this.bump(t);
  }

  bid(memberId: string, handId: string, bid: number): Refusal | null {
    return this.move(memberId, handId, (s, seat) => applyBid(s, seat, bid));
  }

  play(memberId: string, handId: string, cards: number[], as?: string): Refusal | null {
    return this.move(memberId, handId, (s, seat) => applyPlay(s, seat, cards, false, as as DdzPlayType | undefined));
  }

  private move(memberId: string, handId: string, f: (s: DdzState, seat: number) => DdzRefusal | null): Refusal | null {
    const t = this.atTable.get(memberId);
    if (!t || t.id !== handId || t.ending) return { code: 'noHand', key: REFUSAL_KEYS.noHand };
    const seatNo = t.seats.findIndex((s) => s.memberId === memberId);
    const r = f(t.state, seatNo);
    if (r) return { code: r, key: REFUSAL_KEYS[r] };
    this.stats.actions += 1;
    const seat = t.seats[seatNo]!;
    seat.auto = false;
    seat.connected = true;
    this.afterMove(t);
    return null;
  }

  /** Runs every table whose seat to move is out of time (the auto-play) or is a computer player. */
  tick(now = this.clock()): void {
    if (now - this.beatAt >= PVP_HEARTBEAT_MS) this.heartbeat(now);
    for (const t of this.tables.values()) {
      if (t.ending || now < t.deadline) continue;
      const seat = t.seats[t.state.turn]!;
      if (seat.memberId === null) computerMove(t.state);
      else {
        applyAuto(t.state);
        seat.auto = true;
      }
      this.stats.actions += 1;
      this.afterMove(t);
    }
  }

  /** Stamps every live money hand of this desk (one statement): the recovery job leaves them alone. */
  heartbeat(now = this.clock()): void {
    this.beatAt = now;
    const ids = [...this.tables.values()].filter((t) => !t.practice).map((t) => t.id);
    if (ids.length > 0)
      void this.track(
        this.db.updateTable('pvp_hands').set({ active_at: now }).where('id', 'in', ids).where('status', '=', 'playing').execute(),
      ).catch(this.onError);
    const waiting = [...this.waiting.values()].map((e) => e.id);
    if (waiting.length > 0)
      void this.track(
        this.db.updateTable('pvp_entries').set({ active_at: now }).where('id', 'in', waiting).where('status', '=', 'waiting').execute(),
      ).catch(this.onError);
  }

  /** What a crashed node leaves behind (tests): the tables, queues and timers gone from memory, the rows as they were. */
  crash(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.tables.clear();
    this.queues.clear();
    this.waiting.clear();
    this.atTable.clear();
  }

  private afterMove(t: PvpTable): void {
    const s = t.state;
    if (s.phase === 'redeal') {
      t.voidDeals.push({ deckHash: t.deal.hash, seed: t.deal.seed });
      if (t.voidDeals.length >= MAX_VOID_DEALS) return this.end(t);
      t.deal = newDeal(t.id, t.voidDeals.length);
      t.state = dealDoudizhu(t.deal.deck, firstBidder(t.deal));
      if (!t.practice)
        void this.track(
          this.db.updateTable('pvp_hands').set({ deck_hash: t.deal.hash, active_at: this.clock() }).where('id', '=', t.id).execute(),
        ).catch(this.onError);
    }
    if (t.state.phase === 'done') return this.end(t);
    this.arm(t);
    this.bump(t);
  }

  /** Sets the deadline of the seat to move. */
  private arm(t: PvpTable): void {
    const seat = t.seats[t.state.turn]!;
    const wait = seat.memberId === null ? this.timing.computerMs : seat.auto || !seat.connected ? this.timing.autoMs : this.timing.turnMs;
    t.deadline = this.clock() + wait;
  }

  private bump(t: PvpTable): void {
    t.version += 1;
    this.push(t);
  }

  private push(t: PvpTable): void {
    for (const [i, s] of t.seats.entries()) {
      if (!s.memberId) continue;
      this.stats.pushes += 1;
      this.send(s.memberId, { msgId: MSG.PVP_STATE, msgData: this.view(t, i) });
    }
  }

  // ---- the end of a hand ----

  private end(t: PvpTable): void {
    t.ending = true;
    const now = this.clock();
    const voided = t.state.phase === 'redeal';
    if (voided) {
      t.voided = true;
      t.version += 1;
      if (t.practice) return this.finish(t);
      void this.track(
        (async () => {
          await voidHand(this.db, t.id, 'passes', now);
          this.finish(t);
        })(),
      ).catch((e: unknown) => {
        this.tables.delete(t.id); // the recovery job voids it
        this.onError(e);
      });
      return;
    }
    const r = ddzResult(t.state, t.level.cap);
    const split = splitHand(r.units, t.level, t.practice ? 0 : rakeBpOf(t.siteCode));
    const money = (fen: number) => (t.practice ? String(fen / t.level.baseFen) : yuan(fen));
    t.result = {
      landlordWins: r.landlordWins,
      spring: r.spring,
      antiSpring: r.antiSpring,
      multiple: r.multiple,
      seats: split.seats.map((x, seat) => ({ seat, gross: money(x.gross), rake: money(x.rake), net: money(x.net) })),
      rake: money(split.rake),
      seed: t.deal.seed,
      deck: t.deal.deck,
    };
    t.version += 1;
    if (t.practice) return this.finish(t);
    void this.track(
      (async () => {
        await this.settleRetried(t, split, r, now);
        this.finish(t);
      })(),
    ).catch((e: unknown) => {
      // Out of this desk's heartbeat: the recovery job voids the hand (its holds never stay pending).
      this.tables.delete(t.id);
      this.onError(e);
    });
  }

  /**
   * The settlement, retried a bounded number of times: each attempt is one transaction (a failed one wrote nothing),
   * and it moves the hand out of `playing` only if it still is — a hand the recovery job voided meanwhile stops here.
   */
  private async settleRetried(t: PvpTable, split: ReturnType<typeof splitHand>, r: ReturnType<typeof ddzResult>, now: number) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.settle(t, split, r, now);
      } catch (e) {
        if (attempt >= this.settleTries || e instanceof HandGone) throw e;
        this.onError(e);
        await new Promise((res) => setTimeout(res, this.retryMs * attempt));
      }
    }
  }

  private finish(t: PvpTable): void {
    this.push(t);
    this.tables.delete(t.id);
  }

  private async settle(t: PvpTable, split: ReturnType<typeof splitHand>, r: ReturnType<typeof ddzResult>, now: number): Promise<void> {
    const entries = t.seats.map((s) => s.entry!);
    const valid = validShares(split.rake);
    await moneyStep(this.db, async (tx) => {
      // First, and only if still playing: a hand the recovery job voided is never settled too.
      const marked = await tx
        .updateTable('pvp_hands')
        .set({ status: 'settled', seed: t.deal.seed, result: JSON.stringify(t.result), rake: split.rake, ended_at: now })
        .where('id', '=', t.id)
        .where('status', '=', 'playing')
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) throw new HandGone(t.id);
      await settleHolds(
        tx,
        entries.map((e, i) => ({
          holdId: e.hold_id,
          memberId: e.member_id,
          wallet: memberAccount(e.member_id, 'venue', 'CNY', PVP_CHANNEL),
          amountFen: Number(e.amount),
          returnFen: Number(e.amount) + split.seats[i]!.net,
        })),
        { book: PVP_RAKE_BOOK, kind: 'pvp.hand', refType: 'pvp_hand', refId: t.id },
        now,
      );
      for (const [i, e] of entries.entries()) {
        const n = await tx
          .updateTable('pvp_entries')
          .set({ status: 'settled', net: split.seats[i]!.net, rake: split.seats[i]!.rake, settled_at: now })
          .where('id', '=', e.id)
          .where('status', '=', 'seated')
          .executeTakeFirst();
        if (Number(n.numUpdatedRows) !== 1) throw new Error(`pvp entry ${e.id} is not seated`);
      }
      await recordCasinoRounds(
        tx,
        entries.map((e, i) => ({
          id: `${t.id}:${e.member_id}`,
          memberId: e.member_id,
          siteCode: e.site_code,
          channelCode: PVP_CHANNEL,
          category: 'QP',
          gameCode: PVP_GAME_CODE,
          betFen: Number(e.amount),
          winFen: Number(e.amount) + split.seats[i]!.net,
          jackpotFen: 0,
          validFen: valid[i]!,
          outcome: {
            pvp: PVP_GAME_CODE,
            handId: t.id,
            level: t.level.code,
            seat: i,
            landlord: t.state.landlord,
            bid: t.state.bid,
            bombs: t.state.bombs,
            multiple: r.multiple,
            spring: r.spring,
            antiSpring: r.antiSpring,
            gross: split.seats[i]!.gross,
            rake: split.seats[i]!.rake,
            net: split.seats[i]!.net,
            deckHash: t.deal.hash,
            seed: t.deal.seed,
          },
          createdAt: Number(e.created_at),
          settledAt: now,
          shown: true,
        })),
      );
    });
  }

  // ---- what a seat sees ----

  view(t: PvpTable, seatNo: number): PvpStateWire {
    const s = t.state;
    const known = s.landlord !== null && s.phase !== 'bidding';
    const multiple = t.result?.multiple ?? Math.min(Math.max(s.bid, 1) * 2 ** s.bombs, t.level.cap);
    const toPlay = (p: DdzPlay) => ({ type: p.type, key: p.key, len: p.len, cards: p.cards });
    return {
      handId: t.id,
      level: t.level.code,
      practice: t.practice,
      version: t.version,
      seat: seatNo,
      seats: t.seats.map((x, i) => ({
        seat: i,
        name: x.name,
        computer: x.memberId === null,
        cards: s.hands[i]!.length,
        landlord: known && s.landlord === i,
        auto: x.auto,
        connected: x.connected,
      })),
      hand: [...s.hands[seatNo]!],
      bottom: known || t.ending ? [...s.bottom] : null,
      phase: t.voided ? 'void' : s.phase === 'redeal' ? 'bidding' : s.phase,
      turn: s.turn,
      deadline: t.deadline,
      serverNow: this.clock(),
      bids: s.bids.map((b) => ({ ...b })),
      bid: s.bid,
      landlord: known ? s.landlord : null,
      last: s.last ? { seat: s.last.seat, play: toPlay(s.last.play) } : null,
      turns: s.turns.slice(-TURNS_SHOWN).map((x) => ({ seat: x.seat, play: x.play ? toPlay(x.play) : null, auto: x.auto })),
      bombs: s.bombs,
      multiple,
      deckHash: t.deal.hash,
      voidDeals: t.voidDeals,
      result: t.result,
    };
  }

  /** A table by hand id (tests, the bench). */
  table(handId: string): PvpTable | undefined {
    return this.tables.get(handId) ?? [...this.atTable.values()].find((t) => t.id === handId);
  }
}

/** The hand is no longer `playing` (the recovery job voided it): its settlement must not be retried. */
class HandGone extends Error {
  constructor(handId: string) {
    super(`pvp hand ${handId} is no longer playing`);
  }
}

/** A deal: a fresh 32-byte seed, its commitment, the deck it shuffles to (re-computable once the seed is revealed). */
function newDeal(handId: string, n: number): Deal {
  const seed = randomBytes(32).toString('hex');
  const deck = shuffleDoudizhu(fairRng({ serverSeed: seed, clientSeed: `${handId}:${n}`, nonce: 0 }));
  return { seed, hash: seedCommitment(seed), deck };
}

/** The first bidder, from the deal itself (re-computable from the revealed seed): the deck's first card mod 3. */
function firstBidder(d: Deal): number {
  return d.deck[0]! % 3;
}

/**
 * The computer player of practice tables (openly labelled): bids by strength (jokers, 2s, bombs), leads its lowest
 * combination, follows with the smallest play that beats — a bomb only when an opponent is close to going out —
 * and never beats its partner.
 */
export function computerMove(s: DdzState): void {
  const seat = s.turn;
  const hand = s.hands[seat]!;
  if (s.phase === 'bidding') {
    const v = hand.map(ddzValue);
    const strength = v.filter((x) => x >= 15).length + (v.includes(16) && v.includes(17) ? 2 : 0);
    const want = strength >= 5 ? 3 : strength >= 4 ? 2 : strength >= 3 ? 1 : 0;
    const r = applyBid(s, seat, want > s.bid ? want : 0, false);
    if (r) applyBid(s, seat, 0, false);
    return;
  }
  const partner = (x: number) => s.landlord !== seat && x !== s.landlord && x !== seat;
  if (s.last === null) {
    const plays = allPlays(hand).filter((p) => p.type !== 'bomb' && p.type !== 'rocket' && p.type !== 'four2' && p.type !== 'four2pairs');
    const lowest = Math.min(...plays.map((p) => p.key));
    const pick = plays.filter((p) => p.key === lowest).sort((a, b) => b.cards.length - a.cards.length)[0];
    applyPlay(s, seat, (pick ?? allPlays(hand)[0]!).cards);
    return;
  }
  if (partner(s.last.seat)) {
    applyPlay(s, seat, []);
    return;
  }
  const beat = smallestBeating(hand, s.last.play);
  const threat = s.hands.some((h, i) => i !== seat && !partner(i) && h.length <= 4);
  if (beat && (!(beat.type === 'bomb' || beat.type === 'rocket') || threat) && beats(beat, s.last.play)) applyPlay(s, seat, beat.cards);
  else applyPlay(s, seat, []);
}
