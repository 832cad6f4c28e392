/**
 * The house tables and lottery venues' calls: launch, the resource methods of api/tables.ts and the
 * public lobby. A bet request is ONE money step keyed by the client's idempotency key: in one transaction it
 * checks the round is open (the round's row held in share mode on PostgreSQL, so the draw — which changes that
 * row — waits for it: no bet commits after its round closed), the table's limits per bet group for the member's
 * stakes in the round, then holds the whole stake on the venue wallet (one hold for the request) and writes one
 * row per spot. The round's settlement (settle.ts) posts the hold and pays the returns.
 */
import { LIMITS, StatusCode, TABLE_LIMITS, type ResourceAnswer, type TableInfoWire, type TableStateWire } from '@portal/contract';
import { betGroup, tableBetTypes, tableOdds } from '@portal/games';
import { yuan } from '@portal/rules';
import type { z } from 'zod';
import type { resourceRequest } from '@portal/contract';
import type { Db, Dialect } from '../../db/connect.ts';
import type { VenueTable } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { timeOrderedId } from '../../lib/crypto.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { stake } from '../../ledger/wager.ts';
import type { VenueGame } from '../../venues/adapter.ts';
import type { Eligibility } from '../compliance/eligibility.ts';
import type { CatalogueService } from '../casino/service.ts';
import type { Caller, MemberCaller } from '../user/caller.ts';
import { TABLES, scaled, type TableConfig } from './config.ts';
import { ChaseDesk } from './chases.ts';
import { tablesRepository as repo } from './repository.ts';
import { betRow, checkLimits, openRound, spots as parseSpots } from './rules.ts';
import { refundBets } from './settle.ts';
import { roundId } from './state.ts';
import { TableViews, emptyState } from './views.ts';
import type { PvpDesk } from '../cards/pvp/desk.ts';
import { PVP_CHANNEL } from '../cards/pvp/levels.ts';

type ResourceInput = z.output<typeof resourceRequest>;
export const TABLE_METHOD_NAMES = [
  'tableInfo',
  'tableBet',
  'tableCancel',
  'tableHistory',
  'tableBets',
  'lotteryChase',
  'chaseCancel',
  'chases',
  // PvP card tables (issue 31, modules/cards/pvp)
  'pvpJoin',
  'pvpLeave',
] as const;
export type TableMethod = (typeof TABLE_METHOD_NAMES)[number];
export type TableInput = Extract<ResourceInput, { method: TableMethod }>;
export const isTableInput = (i: ResourceInput): i is TableInput => (TABLE_METHOD_NAMES as readonly string[]).includes(i.method);

export class TableService {
  readonly tables: readonly TableConfig[];
  private readonly byCode: Map<string, TableConfig>;
  readonly views: TableViews;
  private readonly chases: ChaseDesk;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly catalogue: CatalogueService,
    private readonly venue: VenueGame,
    private readonly eligibility: Pick<Eligibility, 'check' | 'gate'>,
    speed = 1,
  ) {
    this.tables = TABLES.map((t) => scaled(t, speed));
    this.byCode = new Map(this.tables.map((t) => [t.code, t]));
    this.views = new TableViews(db, this.tables, this.byCode);
    this.chases = new ChaseDesk(db, dialect, this.byCode, eligibility);
  }

  /** The table's public state now, read from the database (a node's first subscriber, tableInfo, the lobby). */
  snapshot(code: string, now = Date.now()): Promise<TableStateWire | null> {
    return this.views.snapshot(code, now);
  }

  historyOf(t: TableConfig, pageNum: number, pageSize: number) {
    return this.views.historyOf(t, pageNum, pageSize);
  }

  /** The public lobby of a category (guests watch). */
  lobby(ctx: Caller, category: 'ZR' | 'CP' | 'QP') {
    return this.views.lobby(this.catalogue, ctx, category);
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

  async resource(ctx: MemberCaller, v: VenueTable, input: TableInput): Promise<ResourceAnswer<TableMethod>> {
    if (!this.venue.checkToken(input.Request.token, ctx.member.id, ctx.site.siteCode, v.channel_code)) fail(StatusCode.UID_VERIFICATION);
    const r = input.Request;
    switch (input.method) {
      case 'tableInfo':
        return this.info(ctx, v, input.Request.gameCode) satisfies Promise<ResourceAnswer<'tableInfo'>>;
      case 'tableBet':
        return this.bet(ctx, v, input.Request) satisfies Promise<ResourceAnswer<'tableBet'>>;
      case 'tableCancel':
        return this.cancel(ctx, v, input.Request) satisfies Promise<ResourceAnswer<'tableCancel'>>;
      case 'tableHistory':
        return this.history(ctx, v, input.Request) satisfies Promise<ResourceAnswer<'tableHistory'>>;
      case 'tableBets':
        return this.myBets(ctx.member.id, v, input.Request) satisfies Promise<ResourceAnswer<'tableBets'>>;
      case 'lotteryChase':
        return this.chases.chase(ctx, v, await this.table(ctx.site.siteCode, v, input.Request.gameCode), input.Request) satisfies Promise<
          ResourceAnswer<'lotteryChase'>
        >;
      case 'chaseCancel':
        return this.chases.cancel(ctx.member.id, v, input.Request.chaseId) satisfies Promise<ResourceAnswer<'chaseCancel'>>;
      case 'chases':
        return this.chases.list(ctx.member.id, v, (r as { gameCode?: string }).gameCode) satisfies Promise<ResourceAnswer<'chases'>>;
      // PvP card tables (issue 31): the CRQP venue only.
      case 'pvpJoin':
        return this.pvpDesk(v).join(ctx, input.Request) satisfies Promise<ResourceAnswer<'pvpJoin'>>;
      case 'pvpLeave':
        return this.pvpDesk(v).leave(ctx, input.Request) satisfies Promise<ResourceAnswer<'pvpLeave'>>;
    }
  }

  /** The PvP desk (services.ts sets it), for the 棋牌 venue only. */
  pvp: PvpDesk | null = null;
  private pvpDesk(v: VenueTable): PvpDesk {
    if (!this.pvp || v.channel_code !== PVP_CHANNEL) return fail(StatusCode.NOT_FOUND, { key: 'TABLE_NOT_FOUND' });
    return this.pvp;
  }

  /** A table of this venue playable at the brand (else 6004 / 6415). */
  private async table(siteCode: number, v: VenueTable, gameCode: string): Promise<TableConfig> {
    const t = this.byCode.get(gameCode);
    if (!t || t.channelCode !== v.channel_code) return fail(StatusCode.NOT_FOUND, { key: 'TABLE_NOT_FOUND' });
    await this.catalogue.playable(siteCode, gameCode);
    return t;
  }

  private async info(ctx: MemberCaller, v: VenueTable, gameCode: string): Promise<TableInfoWire> {
    const t = await this.table(ctx.site.siteCode, v, gameCode);
    const game = await this.catalogue.playable(ctx.site.siteCode, gameCode);
    const state = await this.views.snapshot(gameCode);
    const [shoeResults, mine, balance] = await Promise.all([
      this.views.shoeResults(t, state),
      state ? repo.memberBetsOn(this.db, ctx.member.id, roundId(gameCode, state.seq)) : Promise.resolve([]),
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
      myBets: await this.views.viewsOf(mine),
      balance: yuan(balance),
    };
  }

  private async bet(
    ctx: MemberCaller,
    v: VenueTable,
    r: { gameCode: string; seq: number; bets: { type: string; amount: string }[]; idempotencyKey: string },
  ) {
    const t = await this.table(ctx.site.siteCode, v, r.gameCode);
    const spots = parseSpots(t, r.bets);
    const total = spots.reduce((a, s) => a + s.amount, 0);
    await this.eligibility.check(ctx, 'round', total);
    const gate = this.eligibility.gate(ctx, v.channel_code);
    const memberId = ctx.member.id;
    const rid = roundId(t.code, r.seq);
    const now = Date.now();
    const group = timeOrderedId(now);
    const venueAccount = memberAccount(memberId, 'venue', 'CNY', v.channel_code);
    const placed = await moneyStep(
      this.db,
      async (tx, requestKey) => {
        await openRound(tx, this.dialect, rid, now);
        await checkLimits(tx, t, memberId, rid, spots);
        const { holdIds, balance } = await stake(
          tx,
          { memberId, wallet: venueAccount, refType: 'table_bet', holds: [{ refId: group, amountFen: total }], requestKey },
          gate,
          now,
        );
        const rows = spots.map((s, i) => betRow(t, ctx, v, rid, r.seq, `${group}-${i}`, s, holdIds[0]!, null, now));
        await repo.insertBets(tx, rows);
        return { rows, balance };
      },
      {
        scope: `table.bet:${memberId}`,
        key: r.idempotencyKey,
        request: { gameCode: r.gameCode, seq: r.seq, spots: spots.map((s) => [s.type, s.amount]) },
        store: { before: { group, n: spots.length } },
        decode: (s) => s as { group: string; n: number },
      },
    );
    if (placed.fresh) return { bets: await this.views.viewsOf(placed.value.rows), balance: yuan(placed.value.balance) };
    const ids = Array.from({ length: placed.stored.n }, (_, i) => `${placed.stored.group}-${i}`);
    const rows = await repo.betsByIds(this.db, ids);
    return { bets: await this.views.viewsOf(rows), balance: yuan(await balanceOf(this.db, venueAccount)) };
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
        await openRound(tx, this.dialect, rid, now);
        const refunded = await refundBets(tx, { roundId: rid, memberId, noChase: true }, 'table.cancel', now);
        if (refunded.length === 0) fail(StatusCode.NOT_FOUND, { key: 'TABLE_NO_BETS' });
        return refunded.map((b) => b.id);
      },
      {
        scope: `table.cancel:${memberId}`,
        key: r.idempotencyKey,
        request: { rid },
        store: { after: (ids) => ids },
        decode: (s) => s as string[],
      },
    );
    const ids = done.fresh ? done.value : done.stored;
    const rows = await repo.betsByIds(this.db, ids);
    return {
      bets: await this.views.viewsOf(rows),
      balance: yuan(await balanceOf(this.db, memberAccount(memberId, 'venue', 'CNY', v.channel_code))),
    };
  }

  private async history(
    ctx: MemberCaller,
    v: VenueTable,
    r: { gameCode: string; pageNum?: number | undefined; pageSize?: number | undefined },
  ) {
    const t = await this.table(ctx.site.siteCode, v, r.gameCode);
    return this.views.historyOf(t, r.pageNum ?? 1, r.pageSize ?? 20);
  }

  private async myBets(
    memberId: string,
    v: VenueTable,
    r: { gameCode?: string | undefined; pageNum?: number | undefined; pageSize?: number | undefined },
  ) {
    const { total, rows } = await repo.memberBets(this.db, memberId, v.channel_code, r.gameCode, r.pageNum ?? 1, r.pageSize ?? 20);
    return {
      total,
      list: await this.views.viewsOf(rows),
    };
  }
}
