/**
 * 追号 (issue 16 item 4): the same spots on consecutive lottery draws from the open one, every stake held now (one
 * hold per draw, so a stopped plan voids just the rest); settle.ts stops a stop-on-win plan at its first win. Every
 * draw's seed is committed before the plan is accepted (published seed chains, seedChains.ts: issue 28).
 */
import { StatusCode, type ChaseWire } from '@portal/contract';
import { fenToYuanString } from '@portal/rules';
import type { Db, Dialect } from '../../db/connect.ts';
import type { TableChaseTable, VenueTable } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { timeOrderedId } from '../../lib/crypto.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf, placeHold } from '../../ledger/ledger.ts';
import type { Eligibility } from '../compliance/eligibility.ts';
import type { MemberCaller } from '../user/caller.ts';
import { transferRepository } from '../wallet/repository.ts';
import type { TableConfig } from './config.ts';
import { betRow, checkLimits, openRound, spots as parseSpots } from './rules.ts';
import { committedThrough } from './seedChains.ts';
import { refundBets } from './settle.ts';
import { currentDrawSeq, drawAtOf, roundId } from './state.ts';

const yuan = (fen: number | string) => fenToYuanString(Number(fen));

export class ChaseDesk {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly byCode: ReadonlyMap<string, TableConfig>,
    private readonly eligibility: Pick<Eligibility, 'check'>,
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
    const memberId = ctx.member.id;
    const now = Date.now();
    const chaseId = timeOrderedId(now);
    const venueAccount = memberAccount(memberId, 'venue', 'CNY', v.channel_code);
    const done = await moneyStep(
      this.db,
      async (tx, requestKey) => {
        if (await transferRepository.hasPending(tx, memberId, v.channel_code))
          fail(StatusCode.FREQUENT_SUBMISSION, { key: 'TRANSFER_PENDING' });
        await openRound(tx, this.dialect, roundId(t.code, r.seq), now);
        // Every draw the plan spans has its seed committed in a published chain already (issue 28; seedChains.ts).
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
        await tx.insertInto('table_chases').values(chase).execute();
        let balance = 0;
        for (let k = 0; k < r.draws; k++) {
          const seq = r.seq + k;
          const rid = roundId(t.code, seq);
          await checkLimits(tx, t, memberId, rid, spots);
          const h = await placeHold(
            tx,
            {
              memberId,
              amount: perDraw,
              currency: 'CNY',
              refType: 'table_bet',
              refId: `${chaseId}-${k}`,
              requestKey: k === 0 ? requestKey : null,
              from: venueAccount,
            },
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
  async cancel(memberId: string, v: VenueTable, id: string): Promise<ChaseWire> {
    const c = await this.ownChase(memberId, v, id);
    const t = this.byCode.get(c.table_code)!;
    const now = Date.now();
    if (c.status === 'running') {
      // The first draw whose bets may still be taken back: the open one if its window is still open, else the next.
      const open = currentDrawSeq(t, now);
      const from = now < drawAtOf(t, open) - t.lockMs! ? open : open + 1;
      await moneyStep(this.db, async (tx) => {
        const r = await tx
          .updateTable('table_chases')
          .set({ status: 'cancelled', finished_at: now })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return;
        await refundBets(tx, (q) => q.where('chase_id', '=', id).where('seq', '>=', from), 'table.chase_stop', now);
      });
    }
    return (await this.chaseViews([await this.ownChase(memberId, v, id)]))[0]!;
  }

  async list(memberId: string, v: VenueTable, gameCode?: string) {
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
}
