/**
 * The round engine: every table runs rounds for ever — betting window → closed → outcome drawn
 * from the seed committed when the round was created → steps revealed on the clock → settled → next round.
 * Lottery draws run on the clock (a draw every intervalMs), the next draw's window open while the last one is shown.
 *
 * One node deals a table: it holds the table's lease (table_leases, renewed every LEASE_RENEW_MS, taken over by
 * another node once expired). Everything the dealer does is a conditional change of stored rows (a round is
 * created once per (table, seq); betting → drawn and drawn → settled only from that status), so a node that lost
 * its lease without knowing it (a long pause) cannot double a round, and a node that dies mid-round is replaced
 * without losing it: the next dealer finds the round as stored and carries on (draws it from its committed seed,
 * settles it). The dealer publishes each table's public state whenever its version grows (state.ts).
 */
import { randomBytes } from 'node:crypto';
import type { TableStateWire } from '@portal/contract';
import { coupResultOf, drawTableRound, seedCommitment, shoeContinues, tableRoundSeeds, type ShoeState } from '@portal/games';
import type { Db } from '../../db/connect.ts';
import type { TableRoundTable } from '../../db/schema.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { TABLES, scaled, type TableConfig } from './config.ts';
import { claimLease, releaseLeases } from './lease.ts';
import { chainedSeed, ensureChains } from './seedChains.ts';
import { refundLostDraws, settleRound, type BettorResult } from './settle.ts';
import { currentDrawSeq, drawAtOf, nextOpensAt, publicState, roundId } from './state.ts';

export const LEASE_TTL_MS = 6_000;
export const LEASE_RENEW_MS = 2_000;
const TICK_MS = 100;

export interface DealerOptions {
  /** Tests and benches: every timing divided by this. */
  speed?: number;
  nodeId?: string;
  now?: () => number;
  tables?: readonly TableConfig[];
  leaseTtlMs?: number;
  onError?: (e: unknown, table: string) => void;
  /** Each settled batch's bettors (their result; the push reads their new balance): ledger/wager.ts's push. */
  notify?: (results: BettorResult[]) => void;
}

interface Held {
  /** The table's rounds not yet settled or cancelled, and the newest round (cached while the lease is held). */
  open: TableRoundTable[];
  /** The newest two rounds, newest first. */
  recent: TableRoundTable[];
  renewedAt: number;
  busy: boolean;
  published: number;
}

export class TableDealer {
  readonly nodeId: string;
  readonly tables: readonly TableConfig[];
  private readonly held = new Map<string, Held>();
  private timer: NodeJS.Timeout | null = null;
  private readonly leaseTtl: number;
  /** Figures for tests and the bench. */
  readonly stats = { created: 0, drawn: 0, settled: 0, settleMs: [] as number[] };

  constructor(
    private readonly db: Db,
    private readonly publish: (s: TableStateWire) => void,
    private readonly opts: DealerOptions = {},
  ) {
    this.nodeId = opts.nodeId ?? `node-${randomBytes(6).toString('hex')}`;
    this.tables = (opts.tables ?? TABLES).map((t) => scaled(t, opts.speed ?? 1));
    this.leaseTtl = opts.leaseTtlMs ?? LEASE_TTL_MS;
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    void this.tick();
  }

  /** Stops dealing and lets the leases go (another node takes over at once). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const codes = [...this.held.keys()];
    this.held.clear();
    await releaseLeases(this.db, this.nodeId, codes).catch(() => undefined);
  }

  /** Stops without letting the leases go: what a crashed node leaves behind (tests). */
  halt(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.held.clear();
  }

  owns(code: string): boolean {
    return this.held.has(code);
  }

  /** One pass over every table (the timer calls it; tests call it directly). */
  async tick(): Promise<void> {
    await Promise.all(
      this.tables.map((t) =>
        this.step(t).catch((e: unknown) => {
          const h = this.held.get(t.code);
          if (h) h.busy = false;
          this.opts.onError?.(e, t.code);
        }),
      ),
    );
  }

  private async lease(t: TableConfig, now: number): Promise<Held | null> {
    const h = this.held.get(t.code);
    if (h && now - h.renewedAt < Math.min(LEASE_RENEW_MS, this.leaseTtl / 3)) return h;
    if (!(await claimLease(this.db, t.code, this.nodeId, now, this.leaseTtl))) {
      this.held.delete(t.code);
      return null;
    }
    if (h) {
      h.renewedAt = now;
      return h;
    }
    // Taken (or taken over): read the table as stored.
    const fresh: Held = { open: [], recent: [], renewedAt: now, busy: false, published: -1 };
    await this.reload(t, fresh);
    this.held.set(t.code, fresh);
    return fresh;
  }

  private async reload(t: TableConfig, h: Held): Promise<void> {
    const [open, recent] = await Promise.all([
      this.db
        .selectFrom('table_rounds')
        .selectAll()
        .where('table_code', '=', t.code)
        .where('status', 'in', ['betting', 'drawn'])
        .orderBy('seq')
        .execute(),
      this.db.selectFrom('table_rounds').selectAll().where('table_code', '=', t.code).orderBy('seq', 'desc').limit(2).execute(),
    ]);
    h.open = open;
    h.recent = recent;
  }

  private async step(t: TableConfig): Promise<void> {
    const now = this.now();
    const h = await this.lease(t, now);
    if (!h) return;
    this.announce(t, h, now);
    if (h.busy) return;
    h.busy = true;
    try {
      let changed = false;
      for (const r of h.open) {
        if (r.status === 'betting' && now >= Number(r.draw_at)) {
          await this.draw(t, r, now);
          changed = true;
        } else if (r.status === 'drawn') {
          const started = Date.now();
          await settleRound(this.db, t, r, now, this.opts.notify);
          this.stats.settled += 1;
          this.stats.settleMs.push(Date.now() - started);
          changed = true;
        }
      }
      if (changed) await this.reload(t, h);
      if (await this.open(t, h, now)) await this.reload(t, h);
      this.announce(t, h, this.now());
    } finally {
      h.busy = false;
    }
  }

  /** Publishes the table's state if its version grew since the last one this node sent. */
  private announce(t: TableConfig, h: Held, now: number): void {
    const s = this.stateOf(t, h, now);
    if (!s || s.version <= h.published) return;
    h.published = s.version;
    this.publish(s);
  }

  /** The table's public state from what this dealer holds (lottery: the open draw, with the last one being shown). */
  stateOf(t: TableConfig, h: Pick<Held, 'recent'>, now: number): TableStateWire | null {
    return tableState(t, h.recent, now);
  }

  /** A new round when it is due: card tables after the last one's result was shown; lottery on the clock. */
  private async open(t: TableConfig, h: Held, now: number): Promise<boolean> {
    const last = h.recent[0] ?? null;
    let seq: number;
    let opensAt: number;
    let closesAt: number;
    let drawAt: number;
    if (t.intervalMs !== null) {
      seq = currentDrawSeq(t, now);
      if (last && Number(last.seq) >= seq) return false;
      // Draws no node held (the service was down) never happen: bets placed on them in advance are refunded.
      if (last && Number(last.seq) < seq - 1) await refundLostDraws(this.db, t.code, seq, now);
      opensAt = drawAtOf(t, seq - 1);
      drawAt = drawAtOf(t, seq);
      closesAt = drawAt - t.lockMs!;
      if (now >= closesAt) return false; // too late to open this one: the next opens on time
    } else {
      if (h.open.length > 0) return false;
      const due = last ? nextOpensAt(t, last) : now;
      if (due === null || now < due) return false;
      seq = last ? Number(last.seq) + 1 : 1;
      opensAt = now;
      closesAt = now + t.bettingMs;
      drawAt = closesAt;
    }
    const card = t.kind === 'baccarat' || t.kind === 'dragonTiger';
    const shoeBefore = card ? (last?.shoe_after ?? 'null') : null;
    // Lottery: the draw's seed comes from a chain published before it (and before any plan reaching it): seedChains.ts.
    // Card tables: the shoe's seed — a new one when a new shoe starts, else the last hand's (shoe.ts: one commitment
    // per shoe, published before its first hand). Other tables: a seed of the round's own.
    const serverSeed =
      t.intervalMs !== null
        ? await this.chainedSeed(t, seq, now)
        : card && last && shoeContinues(JSON.parse(shoeBefore!) as ShoeState | null)
          ? last.server_seed
          : randomBytes(32).toString('hex');
    const ins = await this.db
      .insertInto('table_rounds')
      .values({
        id: roundId(t.code, seq),
        table_code: t.code,
        seq,
        status: 'betting',
        server_seed: serverSeed,
        seed_hash: seedCommitment(serverSeed),
        // Card tables: the shoe as the last round left it ('null': a first round, a new shoe).
        shoe_before: shoeBefore,
        shoe_after: null,
        opens_at: opensAt,
        closes_at: closesAt,
        draw_at: drawAt,
        outcome: null,
        steps: null,
        coup: null,
        drawn_at: null,
        settled_at: null,
        cancelled_by: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['table_code', 'seq']).doNothing())
      .executeTakeFirst();
    if (Number(ins.numInsertedOrUpdatedRows ?? 0) === 1) this.stats.created += 1;
    return true;
  }

  /** A lottery draw's seed from the published chains, which first reach every draw a plan started on it can span. */
  private async chainedSeed(t: TableConfig, seq: number, now: number): Promise<string> {
    await ensureChains(this.db, t, seq, now);
    return chainedSeed(this.db, t, seq);
  }

  /**
   * Closes the round and draws its outcome from its committed seed, in one conditional change (betting → drawn).
   * On PostgreSQL the change waits for bets holding the round's row in share mode (service.ts): no bet commits
   * after the draw.
   */
  private async draw(t: TableConfig, r: TableRoundTable, now: number): Promise<void> {
    const shoeBefore = r.shoe_before === null ? null : (JSON.parse(r.shoe_before) as ShoeState | null);
    const drawn = drawTableRound(t.kind, tableRoundSeeds(r.server_seed, t.code, Number(r.seq)), shoeBefore);
    await moneyStep(this.db, {
      statement: (d) =>
        d
          .updateTable('table_rounds')
          .set({
            status: 'drawn',
            outcome: JSON.stringify(drawn.outcome),
            steps: JSON.stringify(drawn.steps),
            coup: JSON.stringify(coupResultOf(drawn.outcome)),
            shoe_after: drawn.shoe ? JSON.stringify(drawn.shoe) : null,
            drawn_at: now,
          })
          .where('id', '=', r.id)
          .where('status', '=', 'betting')
          .execute(),
    });
    this.stats.drawn += 1;
  }
}

/**
 * A table's public state from its newest round and its open ones. Card tables: the newest round. Lottery: the draw
 * taking bets, with `last` the draw before it (revealing, then its result) — the version grows with either.
 */
export function tableState(t: TableConfig, recent: readonly TableRoundTable[], now: number): TableStateWire | null {
  const latest = recent[0];
  if (!latest) return null;
  if (t.intervalMs === null) return publicState(t, latest, now);
  const current = publicState(t, latest, now);
  const prevRow = recent[1] && Number(recent[1].seq) === Number(latest.seq) - 1 ? recent[1] : null;
  const last = prevRow ? publicState(t, prevRow, now) : null;
  const lastStep = last ? Math.min(last.steps.length, 19) + (last.status === 'settled' ? 20 : 0) : 20;
  return { ...current, last, version: Number(latest.seq) * 100 + lastStep + (current.status === 'betting' ? 0 : 40) };
}
