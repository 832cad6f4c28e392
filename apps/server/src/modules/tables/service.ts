/**
 * The house tables and lottery venues' calls (issue 16): launch, the resource methods of api/tables.ts and the
 * public lobby. A bet request is ONE money step keyed by the client's idempotency key: in one transaction it
 * checks the round is open (the round's row held in share mode on PostgreSQL, so the draw — which changes that
 * row — waits for it: no bet commits after its round closed), the table's limits per bet group for the member's
 * stakes in the round, then holds the whole stake on the venue wallet (one hold for the request) and writes one
 * row per spot. The round's settlement (settle.ts) posts the hold and pays the returns.
 */
import {
  LIMITS,
  StatusCode,
  TABLE_LIMITS,
  type ChaseWire,
  type TableBetWire,
  type TableHistoryEntryWire,
  type TableInfoWire,
  type TableLobbyEntryWire,
  type TableStateWire,
} from '@portal/contract';
import { betGroup, tableBet, tableBetTypes, tableOdds } from '@portal/games';
import { fenToYuanString, parseWireAmount } from '@portal/rules';
import type { z } from 'zod';
import type { resourceRequest } from '@portal/contract';
import type { Db, Dialect, Tx } from '../../db/connect.ts';
import type { TableBetTable, TableChaseTable, TableRoundTable, VenueTable } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { timeOrderedId } from '../../lib/crypto.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf, placeHold } from '../../ledger/ledger.ts';
import type { VenueGame } from '../../venues/adapter.ts';
import type { Eligibility } from '../compliance/eligibility.ts';
import type { CatalogueService } from '../casino/service.ts';
import type { Caller, MemberCaller } from '../user/caller.ts';
import { transferRepository } from '../wallet/repository.ts';
import { TABLES, scaled, type TableConfig } from './config.ts';
import { tableState } from './dealer.ts';
import { refundBets } from './settle.ts';
import { currentDrawSeq, drawAtOf, issueOf, roundId, shoeOfRound } from './state.ts';

type ResourceInput = z.output<typeof resourceRequest>;
export const TABLE_METHOD_NAMES = ['tableInfo', 'tableBet', 'tableCancel', 'tableHistory', 'tableBets', 'lotteryChase', 'chaseCancel', 'chases'] as const;
export type TableInput = Extract<ResourceInput, { method: (typeof TABLE_METHOD_NAMES)[number] }>;
export const isTableInput = (i: ResourceInput): i is TableInput => (TABLE_METHOD_NAMES as readonly string[]).includes(i.method);

const yuan = (fen: number | string) => fenToYuanString(Number(fen));
const LOBBY_DRAWS = 10;

interface Spot {
  type: string;
  amount: number;
  group: string;
}

export class TableService {
  readonly tables: readonly TableConfig[];
  private readonly byCode: Map<string, TableConfig>;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly catalogue: CatalogueService,
    private readonly venue: VenueGame,
    private readonly eligibility: Pick<Eligibility, 'check'>,
    speed = 1,
  ) {
    this.tables = TABLES.map((t) => scaled(t, speed));
    this.byCode = new Map(this.tables.map((t) => [t.code, t]));
  }

  config(code: string): TableConfig | undefined {
    return this.byCode.get(code);
  }

  /** launch for a table venue: the table must be playable at the brand (6004 / 6415); answers the venue token. */
  async launch(ctx: MemberCaller, v: VenueTable, gameCode: string) {
    if (gameCode !== LIMITS.VENUE_LOBBY_GAME_CODE) await this.table(ctx.site.siteCode, v, gameCode);
    const { token, expiresAt } = this.venue.issueToken(ctx.member.id, ctx.site.siteCode, v.channel_code);
    return { url: '', data: { enName: v.channel_code, token, expiresAt, gameCode } };
  }

  async resource(ctx: MemberCaller, v: VenueTable, input: TableInput): Promise<unknown> {
    if (!this.venue.checkToken(input.Request.token, ctx.member.id, ctx.site.siteCode, v.channel_code)) fail(StatusCode.UID_VERIFICATION);
    const r = input.Request;
    switch (input.method) {
      case 'tableInfo':
        return this.info(ctx, v, input.Request.gameCode);
      case 'tableBet':
        return this.bet(ctx, v, input.Request);
      case 'tableCancel':
        return this.cancel(ctx, v, input.Request);
      case 'tableHistory':
        return this.history(ctx, v, input.Request);
      case 'tableBets':
        return this.myBets(ctx.member.id, v, input.Request);
      case 'lotteryChase':
        return this.chase(ctx, v, input.Request);
      case 'chaseCancel':
        return this.chaseCancel(ctx.member.id, v, input.Request.chaseId);
      case 'chases':
        return this.chases(ctx.member.id, v, (r as { gameCode?: string }).gameCode);
    }
  }

  /** A table of this venue playable at the brand (else 6004 / 6415). */
  private async table(siteCode: number, v: VenueTable, gameCode: string): Promise<TableConfig> {
    const t = this.byCode.get(gameCode);
    if (!t || t.channelCode !== v.channel_code) return fail(StatusCode.NOT_FOUND, { key: 'SLOT_NOT_A_SLOT' });
    await this.catalogue.playable(siteCode, gameCode);
    return t;
  }

  /** The table's public state now, read from the database (a node's first subscriber, tableInfo, the lobby). */
  async snapshot(code: string, now = Date.now()): Promise<TableStateWire | null> {
    const t = this.byCode.get(code);
    if (!t) return null;
    const recent = await this.db.selectFrom('table_rounds').selectAll().where('table_code', '=', code).orderBy('seq', 'desc').limit(2).execute();
    return tableState(t, recent, now);
  }

  private async shoeResults(t: TableConfig, state: TableStateWire | null) {
    if (!state?.shoe) return [];
    const rows = await this.db
      .selectFrom('table_rounds')
      .select(['coup', 'shoe_after', 'status'])
      .where('table_code', '=', t.code)
      .where('status', '=', 'settled')
      .where('seq', '>', Math.max(0, state.seq - 120))
      .orderBy('seq')
      .execute();
    // Rounds of this shoe, shown once settled (the current round's result joins when it is).
    return rows
      .filter((r) => r.shoe_after && shoeOfRound({ shoe_before: null, shoe_after: r.shoe_after })!.shoeNo === state.shoe!.shoeNo)
      .filter((r) => r.coup)
      .map((r) => JSON.parse(r.coup!));
  }

  private view(t: TableConfig, b: TableBetTable): TableBetWire {
    return {
      betId: b.id,
      gameCode: b.table_code,
      seq: Number(b.seq),
      issue: issueOf(t, Number(b.seq), null),
      type: b.bet_type,
      typeName: tableBet(t.kind, t.variant ?? 'commission', b.bet_type)?.name ?? b.bet_type,
      amount: yuan(b.amount),
      status: b.status,
      payout: yuan(b.payout),
      chaseId: b.chase_id,
      createdAt: Number(b.created_at),
      settledAt: b.settled_at === null ? null : Number(b.settled_at),
    };
  }

  private async info(ctx: MemberCaller, v: VenueTable, gameCode: string): Promise<TableInfoWire> {
    const t = await this.table(ctx.site.siteCode, v, gameCode);
    const game = await this.catalogue.playable(ctx.site.siteCode, gameCode);
    const state = await this.snapshot(gameCode);
    const [shoeResults, mine, balance] = await Promise.all([
      this.shoeResults(t, state),
      state
        ? this.db
            .selectFrom('table_bets')
            .selectAll()
            .where('member_id', '=', ctx.member.id)
            .where('round_id', '=', roundId(gameCode, state.seq))
            .orderBy('created_at')
            .execute()
        : Promise.resolve([]),
      balanceOf(this.db, memberAccount(ctx.member.id, 'venue', 'CNY', v.channel_code)),
    ]);
    return {
      gameCode,
      channelCode: v.channel_code,
      kind: t.kind,
      name: ctx.locale === 'zh-TW' ? game.name_tw : game.name_cn,
      liveDealer: false,
      variant: t.variant,
      betTypes: tableBetTypes(t.kind, t.variant ?? 'commission').map((b) => ({
        key: b.key,
        name: b.name,
        odds: String(tableOdds(t.kind, t.variant ?? 'commission')[b.key] ?? 1),
        group: betGroup(t.kind, b.key),
      })),
      limits: Object.entries(t.limits).map(([group, l]) => ({ group, min: yuan(l.min), max: yuan(l.max) })),
      chips: [...TABLE_LIMITS.CHIPS],
      timing: {
        bettingMs: t.intervalMs === null ? t.bettingMs : t.intervalMs - t.lockMs!,
        revealMs: t.stepMs,
        intervalMs: t.intervalMs,
        lockMs: t.lockMs,
      },
      state: state ?? emptyState(t),
      shoeResults,
      myBets: mine.map((b) => this.view(t, b)),
      balance: yuan(balance),
    };
  }

  /** Spots as asked: known types, whole fen, each at least its group's minimum; the same type twice is one spot. */
  private spots(t: TableConfig, bets: { type: string; amount: string }[]): Spot[] {
    const merged = new Map<string, Spot>();
    for (const b of bets) {
      if (!tableBet(t.kind, t.variant ?? 'commission', b.type)) fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_BET_TYPE' });
      const fen = parseWireAmount(b.amount);
      if (fen === null || fen <= 0) return fail(StatusCode.INVALID_PARAMETER);
      const group = betGroup(t.kind, b.type);
      const s = merged.get(b.type) ?? { type: b.type, amount: 0, group };
      s.amount += fen;
      merged.set(b.type, s);
    }
    for (const s of merged.values()) {
      const l = t.limits[s.group]!;
      if (s.amount < l.min) fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_LIMIT', vars: { min: yuan(l.min), max: yuan(l.max) } });
    }
    return [...merged.values()];
  }

  /** The member's stakes per group in a round plus these must stay within the group's maximum. */
  private async checkLimits(tx: Tx, t: TableConfig, memberId: string, rid: string, spots: Spot[]) {
    const have = await tx
      .selectFrom('table_bets')
      .select(['bet_type', 'amount'])
      .where('round_id', '=', rid)
      .where('member_id', '=', memberId)
      .where('status', '=', 'pending')
      .execute();
    const sums = new Map<string, number>();
    for (const b of have) sums.set(betGroup(t.kind, b.bet_type), (sums.get(betGroup(t.kind, b.bet_type)) ?? 0) + Number(b.amount));
    for (const s of spots) sums.set(s.group, (sums.get(s.group) ?? 0) + s.amount);
    for (const [g, sum] of sums) {
      const l = t.limits[g]!;
      if (sum > l.max) fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_LIMIT', vars: { min: yuan(l.min), max: yuan(l.max) } });
    }
  }

  /** The round open for bets now, read in the bet's transaction (share-locked on PostgreSQL), else 6007 '本局已停止下注'. */
  private async openRound(tx: Tx, rid: string, now: number): Promise<TableRoundTable> {
    let q = tx.selectFrom('table_rounds').selectAll().where('id', '=', rid);
    if (this.dialect === 'postgres') q = q.forShare();
    const round = await q.executeTakeFirst();
    if (!round || round.status !== 'betting' || now >= Number(round.closes_at) || now < Number(round.opens_at))
      return fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_CLOSED' });
    return round;
  }

  private async bet(ctx: MemberCaller, v: VenueTable, r: { gameCode: string; seq: number; bets: { type: string; amount: string }[]; idempotencyKey: string }) {
    const t = await this.table(ctx.site.siteCode, v, r.gameCode);
    const spots = this.spots(t, r.bets);
    const total = spots.reduce((a, s) => a + s.amount, 0);
    await this.eligibility.check(ctx, 'round', total);
    const memberId = ctx.member.id;
    const rid = roundId(t.code, r.seq);
    const now = Date.now();
    const group = timeOrderedId(now);
    const venueAccount = memberAccount(memberId, 'venue', 'CNY', v.channel_code);
    const placed = await moneyStep(
      this.db,
      async (tx, requestKey) => {
        if (await transferRepository.hasPending(tx, memberId, v.channel_code)) fail(StatusCode.FREQUENT_SUBMISSION, { key: 'TRANSFER_PENDING' });
        await this.openRound(tx, rid, now);
        await this.checkLimits(tx, t, memberId, rid, spots);
        const { holdId, fromBalance } = await placeHold(
          tx,
          { memberId, amount: total, currency: 'CNY', refType: 'table_bet', refId: group, requestKey, from: venueAccount },
          now,
        );
        const rows = spots.map((s, i) => betRow(t, ctx, v, rid, r.seq, `${group}-${i}`, s, holdId, null, now));
        await tx.insertInto('table_bets').values(rows).execute();
        return { rows, balance: fromBalance };
      },
      {
        scope: `table.bet:${memberId}`,
        key: r.idempotencyKey,
        request: { gameCode: r.gameCode, seq: r.seq, spots: spots.map((s) => [s.type, s.amount]) },
        store: { before: { group, n: spots.length } },
        decode: (s) => s as { group: string; n: number },
      },
    );
    if (placed.fresh) return { bets: placed.value.rows.map((b) => this.view(t, b)), balance: yuan(placed.value.balance) };
    const ids = Array.from({ length: placed.stored.n }, (_, i) => `${placed.stored.group}-${i}`);
    const rows = await this.db.selectFrom('table_bets').selectAll().where('id', 'in', ids).execute();
    return { bets: rows.map((b) => this.view(t, b)), balance: yuan(await balanceOf(this.db, venueAccount)) };
  }

  /** Takes back the member's bets on the round (not a plan's), while its window is open. */
  private async cancel(ctx: MemberCaller, v: VenueTable, r: { gameCode: string; seq: number; idempotencyKey: string }) {
    const t = await this.table(ctx.site.siteCode, v, r.gameCode);
    const memberId = ctx.member.id;
    const rid = roundId(t.code, r.seq);
    const now = Date.now();
    const done = await moneyStep(
      this.db,
      async (tx) => {
        await this.openRound(tx, rid, now);
        const refunded = await refundBets(
          tx,
          (q) => q.where('round_id', '=', rid).where('member_id', '=', memberId).where('chase_id', 'is', null),
          'table.cancel',
          now,
        );
        if (refunded.length === 0) fail(StatusCode.NOT_FOUND, { key: 'TABLE_NO_BETS' });
        return refunded.map((b) => b.id);
      },
      { scope: `table.cancel:${memberId}`, key: r.idempotencyKey, request: { rid }, store: { after: (ids) => ids }, decode: (s) => s as string[] },
    );
    const ids = done.fresh ? done.value : done.stored;
    const rows = ids.length ? await this.db.selectFrom('table_bets').selectAll().where('id', 'in', ids).execute() : [];
    return {
      bets: rows.map((b) => this.view(t, b)),
      balance: yuan(await balanceOf(this.db, memberAccount(memberId, 'venue', 'CNY', v.channel_code))),
    };
  }

  private async history(ctx: MemberCaller, v: VenueTable, r: { gameCode: string; pageNum?: number | undefined; pageSize?: number | undefined }) {
    const t = await this.table(ctx.site.siteCode, v, r.gameCode);
    return this.historyOf(t, r.pageNum ?? 1, r.pageSize ?? 20);
  }

  async historyOf(t: TableConfig, pageNum: number, pageSize: number): Promise<{ total: number; list: TableHistoryEntryWire[] }> {
    const q = this.db.selectFrom('table_rounds').where('table_code', '=', t.code).where('status', 'in', ['settled', 'cancelled']);
    const [n, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      q
        .selectAll()
        .orderBy('seq', 'desc')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    return {
      total: Number(n.n),
      list: rows.map((row) => ({
        seq: Number(row.seq),
        issue: issueOf(t, Number(row.seq), shoeOfRound(row)),
        status: row.status as 'settled' | 'cancelled',
        outcome: row.outcome && row.status === 'settled' ? JSON.parse(row.outcome) : null,
        coup: row.coup && row.status === 'settled' ? JSON.parse(row.coup) : null,
        seedHash: row.seed_hash,
        serverSeed: row.server_seed,
        drawAt: Number(row.draw_at),
        settledAt: row.settled_at === null ? null : Number(row.settled_at),
      })),
    };
  }

  private async myBets(memberId: string, v: VenueTable, r: { gameCode?: string | undefined; pageNum?: number | undefined; pageSize?: number | undefined }) {
    const size = r.pageSize ?? 20;
    let q = this.db.selectFrom('table_bets').where('member_id', '=', memberId).where('channel_code', '=', v.channel_code);
    if (r.gameCode) q = q.where('table_code', '=', r.gameCode);
    const [n, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      q
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset(((r.pageNum ?? 1) - 1) * size)
        .execute(),
    ]);
    return { total: Number(n.n), list: rows.flatMap((b) => (this.byCode.get(b.table_code) ? [this.view(this.byCode.get(b.table_code)!, b)] : [])) };
  }

  /** 追号: the same spots on `draws` consecutive draws from the open one; one hold per draw (a stopped plan voids the rest). */
  private async chase(
    ctx: MemberCaller,
    v: VenueTable,
    r: { gameCode: string; seq: number; bets: { type: string; amount: string }[]; draws: number; stopOnWin: boolean; idempotencyKey: string },
  ) {
    const t = await this.table(ctx.site.siteCode, v, r.gameCode);
    if (t.intervalMs === null) fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_BET_TYPE' });
    const spots = this.spots(t, r.bets);
    const perDraw = spots.reduce((a, s) => a + s.amount, 0);
    await this.eligibility.check(ctx, 'round', perDraw * r.draws);
    const memberId = ctx.member.id;
    const now = Date.now();
    const chaseId = timeOrderedId(now);
    const venueAccount = memberAccount(memberId, 'venue', 'CNY', v.channel_code);
    const done = await moneyStep(
      this.db,
      async (tx, requestKey) => {
        if (await transferRepository.hasPending(tx, memberId, v.channel_code)) fail(StatusCode.FREQUENT_SUBMISSION, { key: 'TRANSFER_PENDING' });
        await this.openRound(tx, roundId(t.code, r.seq), now);
        const chase: TableChaseTable = {
          id: chaseId,
          member_id: memberId,
          site_code: ctx.site.siteCode,
          table_code: t.code,
          channel_code: v.channel_code,
          start_seq: r.seq,
          draws: r.draws,
          stop_on_win: r.stopOnWin ? 1 : 0,
          bets: JSON.stringify(spots.map((s) => ({ type: s.type, amount: s.amount }))),
          per_draw: perDraw,
          status: 'running',
          created_at: now,
          finished_at: null,
        };
        await tx.insertInto('table_chases').values(chase).execute();
        let balance = 0;
        for (let k = 0; k < r.draws; k++) {
          const seq = r.seq + k;
          const rid = roundId(t.code, seq);
          await this.checkLimits(tx, t, memberId, rid, spots);
          const h = await placeHold(
            tx,
            { memberId, amount: perDraw, currency: 'CNY', refType: 'table_bet', refId: `${chaseId}-${k}`, requestKey: k === 0 ? requestKey : null, from: venueAccount },
            now,
          );
          balance = h.fromBalance;
          await tx
            .insertInto('table_bets')
            .values(spots.map((s, i) => betRow(t, ctx, v, rid, seq, `${chaseId}-${k}-${i}`, s, h.holdId, chaseId, now)))
            .execute();
        }
        return { chase, balance };
      },
      {
        scope: `table.chase:${memberId}`,
        key: r.idempotencyKey,
        request: { gameCode: r.gameCode, seq: r.seq, draws: r.draws, stopOnWin: r.stopOnWin, spots: spots.map((s) => [s.type, s.amount]) },
        store: { before: { chaseId } },
        decode: (s) => s as { chaseId: string },
      },
    );
    const id = done.fresh ? done.value.chase.id : done.stored.chaseId;
    const [view] = await this.chaseViews([await this.ownChase(memberId, v, id)]);
    return { ...view!, balance: yuan(await balanceOf(this.db, venueAccount)) };
  }

  private async ownChase(memberId: string, v: VenueTable, id: string): Promise<TableChaseTable> {
    const c = await this.db.selectFrom('table_chases').selectAll().where('id', '=', id).executeTakeFirst();
    if (!c || c.member_id !== memberId || c.channel_code !== v.channel_code) return fail(StatusCode.NOT_FOUND, { key: 'CHASE_NOT_FOUND' });
    return c;
  }

  /** Stops a running plan: its bets on draws not yet closed are refunded (the open draw's too, while it takes bets). */
  private async chaseCancel(memberId: string, v: VenueTable, id: string): Promise<ChaseWire> {
    const c = await this.ownChase(memberId, v, id);
    const t = this.byCode.get(c.table_code)!;
    const now = Date.now();
    if (c.status === 'running') {
      // The first draw whose bets may still be taken back: the open one if its window is still open, else the next.
      const open = currentDrawSeq(t, now);
      const from = now < drawAtOf(t, open) - t.lockMs! ? open : open + 1;
      await moneyStep(this.db, async (tx) => {
        const r = await tx.updateTable('table_chases').set({ status: 'cancelled', finished_at: now }).where('id', '=', id).where('status', '=', 'running').executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return;
        await refundBets(tx, (q) => q.where('chase_id', '=', id).where('seq', '>=', from), 'table.chase_stop', now);
      });
    }
    return (await this.chaseViews([await this.ownChase(memberId, v, id)]))[0]!;
  }

  private async chases(memberId: string, v: VenueTable, gameCode?: string) {
    let q = this.db.selectFrom('table_chases').selectAll().where('member_id', '=', memberId).where('channel_code', '=', v.channel_code);
    if (gameCode) q = q.where('table_code', '=', gameCode);
    const rows = await q.orderBy('created_at', 'desc').limit(50).execute();
    return { list: await this.chaseViews(rows) };
  }

  private async chaseViews(rows: TableChaseTable[]): Promise<ChaseWire[]> {
    if (rows.length === 0) return [];
    const bets = await this.db
      .selectFrom('table_bets')
      .select(['chase_id', 'seq', 'status', 'amount', 'payout'])
      .where(
        'chase_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.map((c) => {
      const mine = bets.filter((b) => b.chase_id === c.id);
      const done = new Set(mine.filter((b) => b.status === 'won' || b.status === 'lost' || b.status === 'push').map((b) => Number(b.seq)));
      const staked = mine.filter((b) => b.status !== 'refunded').reduce((a, b) => a + Number(b.amount), 0);
      const paid = mine.filter((b) => b.status !== 'refunded' && b.status !== 'pending').reduce((a, b) => a + Number(b.payout), 0);
      return {
        chaseId: c.id,
        gameCode: c.table_code,
        startSeq: Number(c.start_seq),
        draws: Number(c.draws),
        stopOnWin: Number(c.stop_on_win) === 1,
        status: c.status,
        perDraw: yuan(c.per_draw),
        drawsDone: done.size,
        totalStake: yuan(staked),
        totalPayout: yuan(paid),
        createdAt: Number(c.created_at),
      };
    });
  }

  /** The public lobby: the brand's tables of a category with their current round (card tables: the shoe's roads). */
  async lobby(ctx: Caller, category: 'ZR' | 'CP'): Promise<{ list: TableLobbyEntryWire[] }> {
    const games = new Map((await this.catalogue.gamesOfSite(ctx.site.siteCode)).map((g) => [g.code, g]));
    const now = Date.now();
    const list: TableLobbyEntryWire[] = [];
    for (const t of this.tables) {
      const g = games.get(t.code);
      if (t.category !== category || !g || g.status === 'hidden') continue;
      const state = await this.snapshot(t.code, now);
      list.push({
        gameCode: t.code,
        kind: t.kind,
        name: ctx.locale === 'zh-TW' ? g.name_tw : g.name_cn,
        status: g.status === 'active' ? 'active' : 'maintenance',
        minBet: yuan(g.min_bet),
        maxBet: yuan(g.max_bet),
        state,
        shoeResults: await this.shoeResults(t, state),
        lastDraws: t.intervalMs === null ? [] : (await this.historyOf(t, 1, LOBBY_DRAWS)).list.filter((h) => h.outcome).map((h) => ({ seq: h.seq, issue: h.issue, outcome: h.outcome })),
      });
    }
    return { list };
  }
}

function betRow(t: TableConfig, ctx: MemberCaller, v: VenueTable, rid: string, seq: number, id: string, s: Spot, holdId: string, chaseId: string | null, now: number): TableBetTable {
  return {
    id,
    round_id: rid,
    table_code: t.code,
    seq,
    member_id: ctx.member.id,
    site_code: ctx.site.siteCode,
    channel_code: v.channel_code,
    bet_type: s.type,
    amount: s.amount,
    hold_id: holdId,
    status: 'pending',
    payout: 0,
    chase_id: chaseId,
    created_at: now,
    settled_at: null,
  };
}

function emptyState(t: TableConfig): TableStateWire {
  const now = Date.now();
  return {
    gameCode: t.code,
    kind: t.kind,
    seq: 0,
    issue: '',
    status: 'closed',
    seedHash: '',
    serverSeed: null,
    opensAt: now,
    closesAt: now,
    drawAt: now,
    steps: [],
    outcome: null,
    coup: null,
    shoe: null,
    version: 0,
    serverNow: now,
  };
}
