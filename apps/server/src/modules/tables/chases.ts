/**
 * 追号: the same spots on consecutive lottery draws from the open one, every stake held now (one hold per draw, so a
 * stopped plan voids just the rest); settle.ts stops a stop-on-win plan at its first win. Every draw's seed is
 * committed before the plan is accepted (published seed chains, seedChains.ts; docs/table-games.md).
 */
import { StatusCode, type ChaseWire } from '@portal/contract';
import { yuan } from '@portal/rules';
import type { Db, Dialect } from '../../db/connect.ts';
import type { TableChaseTable, VenueTable } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { timeOrderedId } from '../../lib/crypto.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { stake } from '../../ledger/wager.ts';
import type { Eligibility } from '../compliance/eligibility.ts';
import type { MemberCaller } from '../user/caller.ts';
import type { TableConfig } from './config.ts';
import { tablesRepository as repo } from './repository.ts';
import { betRow, checkLimits, openRound, spots as parseSpots } from './rules.ts';
import { committedThrough } from './seedChains.ts';
import { refundBets } from './settle.ts';
import { currentDrawSeq, drawAtOf, roundId } from './state.ts';

export class ChaseDesk {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly byCode: ReadonlyMap<string, TableConfig>,
    private readonly eligibility: Pick<Eligibility, 'check' | 'gate'>,
  ) {}

  /** 追号: the same spots on `draws` consecutive draws from the open one; one hold per draw (a stopped plan voids the rest). */
  async chase(
    ctx: MemberCaller,
    v: VenueTable,
    t: TableConfig,
    r: {
      gameCode: string;
      seq: number;
      bets: { type: string; amount: string }[];
      draws: number;
      stopOnWin: boolean;
      idempotencyKey: string;
    },
  ) {
    if (t.intervalMs === null) fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_BET_TYPE' });
    const spots = parseSpots(t, r.bets);
    const perDraw = spots.reduce((a, s) => a + s.amount, 0);
    await this.eligibility.check(ctx, 'round', perDraw * r.draws);
    const gate = this.eligibility.gate(ctx, v.channel_code);
    const memberId = ctx.member.id;
    const now = Date.now();
    const chaseId = timeOrderedId(now);
    const venueAccount = memberAccount(memberId, 'venue', 'CNY', v.channel_code);
    const done = await moneyStep(
      this.db,
      async (tx, requestKey) => {
        await openRound(tx, this.dialect, roundId(t.code, r.seq), now);
        // Every draw the plan spans has its seed committed in a published chain already (seedChains.ts).
        if (!(await committedThrough(tx, t.code, r.seq, r.seq + r.draws - 1, now)))
          fail(StatusCode.INVALID_PARAMETER, { key: 'CHASE_NOT_COMMITTED' });
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
        await repo.insertChase(tx, chase);
        for (let k = 0; k < r.draws; k++) await checkLimits(tx, t, memberId, roundId(t.code, r.seq + k), spots);
        // One hold per draw (a stopped plan voids just the rest), the whole plan through the gate at once.
        const { holdIds } = await stake(
          tx,
          {
            memberId,
            wallet: venueAccount,
            refType: 'table_bet',
            holds: Array.from({ length: r.draws }, (_, k) => ({ refId: `${chaseId}-${k}`, amountFen: perDraw })),
            requestKey,
          },
          gate,
          now,
        );
        await repo.insertBets(
          tx,
          holdIds.flatMap((holdId, k) =>
            spots.map((s, i) => betRow(t, ctx, v, roundId(t.code, r.seq + k), r.seq + k, `${chaseId}-${k}-${i}`, s, holdId, chaseId, now)),
          ),
        );
        return { chase };
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
    const c = await repo.chase(this.db, id);
    if (!c || c.member_id !== memberId || c.channel_code !== v.channel_code) return fail(StatusCode.NOT_FOUND, { key: 'CHASE_NOT_FOUND' });
    return c;
  }

  /** Stops a running plan: its bets on draws not yet closed are refunded (the open draw's too, while it takes bets). */
  async cancel(memberId: string, v: VenueTable, id: string): Promise<ChaseWire> {
    const c = await this.ownChase(memberId, v, id);
    const t = this.byCode.get(c.table_code)!;
    const now = Date.now();
    if (c.status === 'running') {
      // The first draw whose bets may still be taken back: the open one if its window is still open, else the next.
      const open = currentDrawSeq(t, now);
      const from = now < drawAtOf(t, open) - t.lockMs! ? open : open + 1;
      await moneyStep(this.db, async (tx) => {
        if (!(await repo.endChase(tx, id, 'cancelled', now))) return;
        await refundBets(tx, { chaseId: id, fromSeq: from }, 'table.chase_stop', now);
      });
    }
    return (await this.chaseViews([await this.ownChase(memberId, v, id)]))[0]!;
  }

  async list(memberId: string, v: VenueTable, gameCode?: string) {
    const rows = await repo.memberChases(this.db, memberId, v.channel_code, gameCode);
    return { list: await this.chaseViews(rows) };
  }

  private async chaseViews(rows: TableChaseTable[]): Promise<ChaseWire[]> {
    if (rows.length === 0) return [];
    const bets = await repo.chaseBets(
      this.db,
      rows.map((r) => r.id),
    );
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
}
