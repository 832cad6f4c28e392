/**
 * What the table calls and the lobby show (read side): a table's public state now, its shoe's results (the
 * roads), its settled rounds (history, trend charts), a bet as the member sees it, the public lobby.
 */
import type { TableBetWire, TableHistoryEntryWire, TableLobbyEntryWire, TableStateWire } from '@portal/contract';
import { tableBet } from '@portal/games';
import { yuan } from '@portal/rules';
import type { Db } from '../../db/connect.ts';
import type { TableBetTable } from '../../db/schema.ts';
import type { CatalogueService } from '../casino/service.ts';
import type { Caller } from '../user/caller.ts';
import type { TableConfig } from './config.ts';
import { tableState } from './dealer.ts';
import { handStart, issueOf, revealEndOf, shoeOfRound } from './state.ts';
import { revealedSeeds } from './reveal.ts';

const LOBBY_DRAWS = 10;

export class TableViews {
  constructor(
    private readonly db: Db,
    private readonly tables: readonly TableConfig[],
    private readonly byCode: ReadonlyMap<string, TableConfig>,
  ) {}

  /** The table's public state now, read from the database (a node's first subscriber, tableInfo, the lobby). */
  async snapshot(code: string, now = Date.now()): Promise<TableStateWire | null> {
    const t = this.byCode.get(code);
    if (!t) return null;
    const recent = await this.db
      .selectFrom('table_rounds')
      .selectAll()
      .where('table_code', '=', code)
      .orderBy('seq', 'desc')
      .limit(2)
      .execute();
    return tableState(t, recent, now);
  }

  async shoeResults(t: TableConfig, state: TableStateWire | null) {
    if (!state?.shoe) return [];
    const rows = await this.db
      .selectFrom('table_rounds')
      .select(['coup', 'shoe_after', 'status'])
      .where('table_code', '=', t.code)
      .where('status', '=', 'settled')
      .where('seq', '>', Math.max(0, state.seq - 120))
      .where('seq', '<', state.seq)
      .orderBy('seq')
      .execute();
    // The rounds of this shoe before the current one (the current one's entry is its state's `coup`, once shown).
    return rows
      .filter((r) => r.shoe_after && shoeOfRound({ shoe_before: null, shoe_after: r.shoe_after })!.shoeNo === state.shoe!.shoeNo)
      .filter((r) => r.coup)
      .map((r) => JSON.parse(r.coup!));
  }

  /** Bets as the member sees them, numbered as their rounds are ('3-27' at a card table: shoe and hand). */
  async viewsOf(rows: readonly TableBetTable[]): Promise<TableBetWire[]> {
    const ids = [...new Set(rows.map((b) => b.round_id))];
    const rounds = ids.length
      ? await this.db.selectFrom('table_rounds').select(['id', 'shoe_before', 'shoe_after']).where('id', 'in', ids).execute()
      : [];
    const shoes = new Map(rounds.map((r) => [r.id, shoeOfRound(r)]));
    return rows.flatMap((b) => {
      const t = this.byCode.get(b.table_code);
      return t ? [this.view(t, b, shoes.get(b.round_id) ?? null)] : [];
    });
  }

  view(t: TableConfig, b: TableBetTable, shoe: { shoeNo: number; hand: number } | null = null): TableBetWire {
    return {
      betId: b.id,
      gameCode: b.table_code,
      seq: Number(b.seq),
      issue: issueOf(t, Number(b.seq), shoe),
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
    // A draw still being revealed is not history yet (its result would show before the table shows it).
    const now = Date.now();
    const shown = rows.filter((row) => row.status !== 'settled' || (revealEndOf(t, row) ?? 0) <= now);
    const seeds = await revealedSeeds(this.db, shown);
    return {
      total: Number(n.n) - (rows.length - shown.length),
      list: shown.map((row) => ({
        seq: Number(row.seq),
        issue: issueOf(t, Number(row.seq), shoeOfRound(row)),
        status: row.status as 'settled' | 'cancelled',
        // A draw cancelled after it was drawn keeps its outcome beside the refund.
        outcome: row.outcome ? JSON.parse(row.outcome) : null,
        coup: row.coup ? JSON.parse(row.coup) : null,
        seedHash: row.seed_hash,
        serverSeed: seeds.get(row.id) ?? null,
        shoe: shoeOfRound(row) && { ...shoeOfRound(row)!, start: handStart(row) },
        drawAt: Number(row.draw_at),
        settledAt: row.settled_at === null ? null : Number(row.settled_at),
      })),
    };
  }

  /** The public lobby: the brand's tables of a category with their current round (card tables: the shoe's roads). */
  async lobby(catalogue: CatalogueService, ctx: Caller, category: 'ZR' | 'CP' | 'QP'): Promise<{ list: TableLobbyEntryWire[] }> {
    const games = new Map((await catalogue.gamesOfSite(ctx.site.siteCode)).map((g) => [g.code, g]));
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
        lastDraws:
          t.kind === 'baccarat' || t.kind === 'dragonTiger'
            ? []
            : (await this.historyOf(t, 1, LOBBY_DRAWS)).list
                .filter((h) => h.outcome)
                .map((h) => ({ seq: h.seq, issue: h.issue, outcome: h.outcome })),
      });
    }
    return { list };
  }
}

export function emptyState(t: TableConfig): TableStateWire {
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

/** A table's rounds for the console (newest first) with their bets' count, stakes and payouts. */
export async function tableRounds(db: Db, t: TableConfig, pageNum: number, pageSize: number) {
  const q = db.selectFrom('table_rounds').where('table_code', '=', t.code);
  const [n, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    q
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  const sums = rows.length
    ? await db
        .selectFrom('table_bets')
        .select((eb) => [
          'round_id',
          eb.fn.countAll<string>().as('n'),
          eb.fn.sum<string>('amount').as('stake'),
          eb.fn.sum<string>(eb.case().when('status', 'in', ['won', 'lost', 'push']).then(eb.ref('payout')).else(0).end()).as('paid'),
        ])
        .where(
          'round_id',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('round_id')
        .execute()
    : [];
  const byRound = new Map(sums.map((x) => [x.round_id, x]));
  const seeds = await revealedSeeds(db, rows);
  return {
    total: Number(n.n),
    list: rows.map((r) => {
      const x = byRound.get(r.id);
      const revealed = r.status === 'settled' || r.status === 'cancelled';
      return {
        seq: Number(r.seq),
        issue: issueOf(t, Number(r.seq), shoeOfRound(r)),
        status: r.status,
        seedHash: r.seed_hash,
        serverSeed: seeds.get(r.id) ?? null,
        outcome: revealed && r.outcome ? JSON.parse(r.outcome) : null,
        bets: Number(x?.n ?? 0),
        stakeFen: Number(x?.stake ?? 0),
        payoutFen: Number(x?.paid ?? 0),
        openedAt: Number(r.opens_at),
        settledAt: r.settled_at === null ? null : Number(r.settled_at),
        cancelledBy: r.cancelled_by,
      };
    }),
  };
}
