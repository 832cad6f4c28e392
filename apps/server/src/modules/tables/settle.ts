/**
 * A table round's money after its outcome (issue 16 item 5). Every bet's stake is a hold on the member's venue
 * wallet (one hold per bet request); settlement posts each hold to the house's casino book and pays each
 * member's returns in ONE journal per hold, then records the member's part of the round (casino_rounds, the
 * turnover feeds: withdrawal turnover, VIP, rebates, promotions). Members are settled in batches, each batch one
 * transaction; a batch that another node already settled fails on its holds (no longer pending) and changes
 * nothing, so a round is settled exactly once however many times it is retried (a crash, a second node). The
 * round is marked settled when no bet of it is pending.
 * A cancelled round (the operator) refunds every bet: each hold is voided back to the venue wallet.
 */
import { payoutFen, tableBet, type TableOutcome } from '@portal/games';
import type { Db, Tx } from '../../db/connect.ts';
import type { TableBetTable, TableRoundTable } from '../../db/schema.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { repayFirst } from '../../ledger/debt.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { post, postHold, voidHold } from '../../ledger/ledger.ts';
import { casinoBook } from '../casino/pools.ts';
import { recordCasinoRound } from '../casino/roundRecord.ts';
import type { TableConfig } from './config.ts';
import { issueOf, shoeOfRound } from './state.ts';

/** Members settled per transaction: a batch stays well under a second on either engine. */
export const SETTLE_BATCH_MEMBERS = 400;

export interface SettleResult {
  bets: number;
  members: number;
  /** The round is settled (no pending bet left). */
  done: boolean;
}

/** What each bet of a hold returns: status, payout (fen, stake included), valid turnover. */
export function judge(t: TableConfig, outcome: TableOutcome, b: Pick<TableBetTable, 'bet_type' | 'amount'>) {
  const type = tableBet(t.kind, t.variant ?? 'commission', b.bet_type);
  const ret = type ? type.returns(outcome) : 1; // a type this code no longer knows is a push, never a loss
  const amount = Number(b.amount);
  const payout = payoutFen(ret, amount);
  const status: TableBetTable['status'] = ret === 1 ? 'push' : ret > 1 ? 'won' : ret === 0 ? 'lost' : 'lost';
  // A push is no turnover; a half-returned stake (dragon tiger's tie) counts the half lost.
  const valid = ret === 1 ? 0 : ret > 0 && ret < 1 ? amount - payout : amount;
  return { status, payout, valid };
}

/** Settles the round's pending bets, a batch of members per transaction; marks the round settled at the end. */
export async function settleRound(db: Db, t: TableConfig, round: TableRoundTable, now = Date.now()): Promise<SettleResult> {
  if (round.status !== 'drawn' || !round.outcome) return { bets: 0, members: 0, done: round.status === 'settled' };
  const outcome = JSON.parse(round.outcome) as TableOutcome;
  let bets = 0;
  let members = 0;
  let lost = 0;
  for (;;) {
    const batch = await db
      .selectFrom('table_bets')
      .select('member_id')
      .distinct()
      .where('round_id', '=', round.id)
      .where('status', '=', 'pending')
      .limit(SETTLE_BATCH_MEMBERS)
      .execute();
    if (batch.length === 0) break;
    const ids = batch.map((b) => b.member_id);
    const n = await moneyStep(db, (tx) => settleMembers(tx, t, round, outcome, ids, now)).catch((e: unknown) => {
      // Another node settled (part of) this batch first: its holds are no longer pending. Read again.
      if (e instanceof Error && e.message.includes('HOLD_NOT_PENDING')) return 0;
      throw e;
    });
    if (n === 0 && ++lost > 3) throw new Error(`table round ${round.id}: pending bets whose holds are not pending`);
    bets += n;
    members += ids.length;
  }
  await db
    .updateTable('table_rounds')
    .set({ status: 'settled', settled_at: now })
    .where('id', '=', round.id)
    .where('status', '=', 'drawn')
    .execute();
  return { bets, members, done: true };
}

async function settleMembers(tx: Tx, t: TableConfig, round: TableRoundTable, outcome: TableOutcome, memberIds: string[], now: number) {
  const rows = await tx
    .selectFrom('table_bets')
    .selectAll()
    .where('round_id', '=', round.id)
    .where('status', '=', 'pending')
    .where('member_id', 'in', memberIds)
    .orderBy('member_id')
    .orderBy('hold_id')
    .execute();
  const byMember = new Map<string, TableBetTable[]>();
  for (const r of rows) {
    const list = byMember.get(r.member_id);
    if (list) list.push(r);
    else byMember.set(r.member_id, [r]);
  }
  const book = casinoBook(t.channelCode);
  const shoe = shoeOfRound(round);
  const issue = issueOf(t, Number(round.seq), shoe);
  const wonChases = new Set<string>();
  const chases = new Set<string>();
  for (const [memberId, list] of byMember) {
    const venue = memberAccount(memberId, 'venue', 'CNY', t.channelCode);
    const holds = new Map<string, number>();
    let stake = 0;
    let paid = 0;
    let valid = 0;
    const detail: { type: string; amount: number; payout: number }[] = [];
    for (const b of list) {
      const j = judge(t, outcome, b);
      await tx
        .updateTable('table_bets')
        .set({ status: j.status, payout: j.payout, settled_at: now })
        .where('id', '=', b.id)
        .where('status', '=', 'pending')
        .execute();
      holds.set(b.hold_id, (holds.get(b.hold_id) ?? 0) + j.payout);
      stake += Number(b.amount);
      paid += j.payout;
      valid += j.valid;
      detail.push({ type: b.bet_type, amount: Number(b.amount), payout: j.payout });
      if (b.chase_id) {
        chases.add(b.chase_id);
        if (j.status === 'won') wonChases.add(b.chase_id);
      }
    }
    for (const [holdId, payout] of holds) {
      await postHold(tx, holdId, book, 'casino.stake', now);
      if (payout > 0) {
        const credit = (await repayFirst(tx, memberId, venue, payout)).lines;
        await post(
          tx,
          {
            kind: 'casino.win',
            currency: 'CNY',
            refType: 'table_bet',
            refId: holdId,
            memberId,
            lines: [{ account: book, amount: -payout }, ...credit],
          },
          now,
        );
      }
    }
    await recordCasinoRound(tx, {
      id: `${round.id}:${memberId}`,
      memberId,
      siteCode: list[0]!.site_code,
      channelCode: t.channelCode,
      category: t.category,
      gameCode: t.code,
      betFen: stake,
      winFen: paid,
      jackpotFen: 0,
      validFen: valid,
      outcome: { table: t.code, kind: t.kind, seq: Number(round.seq), issue, outcome, bets: detail, seedHash: round.seed_hash },
      createdAt: Number(list[0]!.created_at),
      settledAt: now,
      shown: true,
    });
  }
  await finishChases(tx, round, chases, wonChases, now);
  return rows.length;
}

/** Plans with a bet in this round: a win stops a stop-on-win plan (its later bets refunded); the last draw ends it. */
async function finishChases(tx: Tx, round: TableRoundTable, chases: Set<string>, won: Set<string>, now: number) {
  for (const id of chases) {
    const c = await tx.selectFrom('table_chases').selectAll().where('id', '=', id).where('status', '=', 'running').executeTakeFirst();
    if (!c) continue;
    if (won.has(id) && Number(c.stop_on_win) === 1) {
      await refundBets(tx, (q) => q.where('chase_id', '=', id).where('seq', '>', Number(round.seq)), 'table.chase_stop', now);
      await tx.updateTable('table_chases').set({ status: 'won', finished_at: now }).where('id', '=', id).execute();
    } else if (Number(round.seq) >= Number(c.start_seq) + Number(c.draws) - 1) {
      await tx.updateTable('table_chases').set({ status: 'finished', finished_at: now }).where('id', '=', id).execute();
    }
  }
}

/** Refunds pending bets (their holds voided back to the venue wallet), in the caller's transaction; answers how many. */
export async function refundBets(
  tx: Tx,
  where: (q: ReturnType<typeof pendingBets>) => ReturnType<typeof pendingBets>,
  kind: string,
  now: number,
): Promise<TableBetTable[]> {
  const rows = await where(pendingBets(tx)).execute();
  const holds = new Set<string>();
  for (const b of rows) {
    await tx
      .updateTable('table_bets')
      .set({ status: 'refunded', payout: b.amount, settled_at: now })
      .where('id', '=', b.id)
      .where('status', '=', 'pending')
      .execute();
    holds.add(b.hold_id);
  }
  for (const h of holds) await voidHold(tx, h, kind, now);
  return rows;
}

const pendingBets = (tx: Tx) => tx.selectFrom('table_bets').selectAll().where('status', '=', 'pending');

/**
 * The operator cancels a round that is not settled: it will never be drawn (or its outcome is set aside), every bet
 * is refunded and the seed is revealed. Answers the bets refunded, or null if the round was already settled.
 */
export async function cancelRound(db: Db, roundIdValue: string, by: string, now = Date.now(), openOnly = false): Promise<number | null> {
  return moneyStep(db, async (tx) => {
    // openOnly (one approver, cancel.ts): only while the round still takes bets — after that, two people.
    let q = tx.updateTable('table_rounds').set({ status: 'cancelled', cancelled_by: by, settled_at: now }).where('id', '=', roundIdValue);
    q = openOnly ? q.where('status', '=', 'betting').where('closes_at', '>', now) : q.where('status', 'in', ['betting', 'drawn']);
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return null;
    const refunded = await refundBets(tx, (q) => q.where('round_id', '=', roundIdValue), 'table.refund', now);
    return refunded.length;
  });
}

/** Lottery draws that never took place (no node ran at their time): their bets (multi-draw plans) are refunded. */
export async function refundLostDraws(db: Db, tableCode: string, beforeSeq: number, now = Date.now()): Promise<number> {
  return moneyStep(db, async (tx) => {
    const refunded = await refundBets(
      tx,
      (q) =>
        q
          .where('table_code', '=', tableCode)
          .where('seq', '<', beforeSeq)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('table_rounds').select('table_rounds.id').whereRef('table_rounds.id', '=', 'table_bets.round_id'))),
          ),
      'table.refund',
      now,
    );
    return refunded.length;
  });
}
