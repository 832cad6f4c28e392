/**
 * What the table calls and the lobby show (read side): a table's public state now, its shoe's results (the
 * roads), its settled rounds (history, trend charts), a bet as the member sees it, the public lobby.
 */
import type { TableBetWire, TableHistoryEntryWire, TableLobbyEntryWire, TableStateWire } from '@portal/contract';
import { tableBet } from '@portal/games';
import { fenToYuanString } from '@portal/rules';
import type { Db } from '../../db/connect.ts';
import type { TableBetTable } from '../../db/schema.ts';
import type { CatalogueService } from '../casino/service.ts';
import type { Caller } from '../user/caller.ts';
import type { TableConfig } from './config.ts';
import { tableState } from './dealer.ts';
import { issueOf, shoeOfRound } from './state.ts';

const yuan = (fen: number | string) => fenToYuanString(Number(fen));
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
      .orderBy('seq')
      .execute();
    // Rounds of this shoe, shown once settled (the current round's result joins when it is).
    return rows
      .filter((r) => r.shoe_after && shoeOfRound({ shoe_before: null, shoe_after: r.shoe_after })!.shoeNo === state.shoe!.shoeNo)
      .filter((r) => r.coup)
      .map((r) => JSON.parse(r.coup!));
  }

  view(t: TableConfig, b: TableBetTable): TableBetWire {
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

  /** The public lobby: the brand's tables of a category with their current round (card tables: the shoe's roads). */
  async lobby(catalogue: CatalogueService, ctx: Caller, category: 'ZR' | 'CP'): Promise<{ list: TableLobbyEntryWire[] }> {
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
          t.intervalMs === null
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
