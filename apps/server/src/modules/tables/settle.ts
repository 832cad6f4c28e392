/**
 * A table round's money after its outcome. Every bet's stake is a hold on the member's venue wallet (one hold per
 * bet request); a batch of members is settled as a set on the wager path (ledger/wager.ts settleHolds): the bets
 * marked in one statement, every hold posted and every return paid (debt first) in ONE journal, the members' part
 * of the round recorded (casino_rounds, the turnover feeds) in one statement each — a constant number of statements
 * per batch, whatever the number of bets. A batch that another node already settled fails on its holds (no longer
 * pending) and changes nothing, so a round is settled exactly once however many times it is retried (a crash, a
 * second node). The round is marked settled when no bet of it is pending. Each batch's bettors then learn their
 * result and new balance by a push (the `notify` given).
 * A cancelled round (the operator) refunds every bet: each hold is voided back to the venue wallet, as a set.
 */
import { NIUNIU_DEPOSIT, payoutFen, tableBet, type TableOutcome } from '@portal/games';
import type { Db, Tx } from '../../db/connect.ts';
import type { TableBetTable, TableRoundTable } from '../../db/schema.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { LedgerError, ledgerRefused } from '../../ledger/errors.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { settleHolds, voidHolds } from '../../ledger/wager.ts';
import { casinoBook } from '../casino/pools.ts';
import { recordCasinoRounds, type CasinoRoundRecord } from '../casino/roundRecord.ts';
import type { TableConfig } from './config.ts';
import { tablesRepository as repo, type BetFilter } from './repository.ts';
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
  // A push is no turnover; a half-returned stake (dragon tiger's tie) counts the half lost; 百人牛牛's stake is a
  // deposit of 5 底注: its valid turnover is the 底注.
  const valid = t.kind === 'niuniu' ? amount / NIUNIU_DEPOSIT : ret === 1 ? 0 : ret > 0 && ret < 1 ? amount - payout : amount;
  return { status, payout, valid };
}

/** One bettor's part of a settled batch: what the push tells them (their wallet's balance is read after the commit). */
export interface BettorResult {
  game: 'table' | 'lottery';
  memberId: string;
  channelCode: string;
  tableCode: string;
  roundId: string;
  issue: string;
  stakeFen: number;
  payoutFen: number;
  status: 'won' | 'lost' | 'push';
  bets: { betId: string; status: 'won' | 'lost' | 'push'; payoutFen: number }[];
}

/** Settles the round's pending bets, a batch of members per transaction; marks the round settled at the end. */
export async function settleRound(
  db: Db,
  t: TableConfig,
  round: TableRoundTable,
  now = Date.now(),
  notify?: (results: BettorResult[]) => void,
): Promise<SettleResult> {
  if (round.status !== 'drawn' || !round.outcome) return { bets: 0, members: 0, done: round.status === 'settled' };
  const outcome = JSON.parse(round.outcome) as TableOutcome;
  let bets = 0;
  let members = 0;
  let lost = 0;
  for (;;) {
    const ids = await repo.pendingMembers(db, round.id, SETTLE_BATCH_MEMBERS);
    if (ids.length === 0) break;
    const done = await moneyStep(db, (tx) => settleMembers(tx, t, round, outcome, ids, now)).catch((e: unknown) => {
      // Another node settled (part of) this batch first: its holds are no longer pending. Read again.
      if (ledgerRefused(e, 'HOLD_NOT_PENDING')) return null;
      throw e;
    });
    if (!done) {
      if (++lost > 3) throw new Error(`table round ${round.id}: pending bets whose holds are not pending`);
      continue;
    }
    notify?.(done.results);
    bets += done.bets;
    members += ids.length;
  }
  await repo.markSettled(db, round.id, now);
  return { bets, members, done: true };
}

async function settleMembers(tx: Tx, t: TableConfig, round: TableRoundTable, outcome: TableOutcome, memberIds: string[], now: number) {
  const rows = await repo.pendingBetsOf(tx, round.id, memberIds);
  const shoe = shoeOfRound(round);
  const issue = issueOf(t, Number(round.seq), shoe);
  const judged = rows.map((b) => ({ b, j: judge(t, outcome, b) }));
  if (
    (await repo.markBets(
      tx,
      judged.map(({ b, j }) => ({ id: b.id, status: j.status, payout: j.payout })),
      now,
    )) !== rows.length
  )
    throw new LedgerErrorNotPending();
  const holds = new Map<string, { memberId: string; amountFen: number; returnFen: number }>();
  const byMember = new Map<
    string,
    { first: TableBetTable; stake: number; paid: number; valid: number; detail: object[]; bets: BettorResult['bets'] }
  >();
  const wonChases = new Set<string>();
  const chases = new Set<string>();
  for (const { b, j } of judged) {
    const h = holds.get(b.hold_id) ?? { memberId: b.member_id, amountFen: 0, returnFen: 0 };
    h.amountFen += Number(b.amount);
    h.returnFen += j.payout;
    holds.set(b.hold_id, h);
    const m = byMember.get(b.member_id) ?? { first: b, stake: 0, paid: 0, valid: 0, detail: [], bets: [] };
    m.bets.push({ betId: b.id, status: j.status === 'push' ? 'push' : j.status === 'won' ? 'won' : 'lost', payoutFen: j.payout });
    m.stake += Number(b.amount);
    m.paid += j.payout;
    m.valid += j.valid;
    m.detail.push({ type: b.bet_type, amount: Number(b.amount), payout: j.payout });
    byMember.set(b.member_id, m);
    if (b.chase_id) {
      chases.add(b.chase_id);
      if (j.status === 'won') wonChases.add(b.chase_id);
    }
  }
  await settleHolds(
    tx,
    [...holds].map(([holdId, h]) => ({ holdId, ...h, wallet: memberAccount(h.memberId, 'venue', 'CNY', t.channelCode) })),
    { book: casinoBook(t.channelCode), kind: 'casino.table', refType: 'table_round', refId: round.id },
    now,
  );
  const records: CasinoRoundRecord[] = [...byMember].map(([memberId, m]) => ({
    id: `${round.id}:${memberId}`,
    memberId,
    siteCode: m.first.site_code,
    channelCode: t.channelCode,
    category: t.category,
    gameCode: t.code,
    betFen: m.stake,
    winFen: m.paid,
    jackpotFen: 0,
    validFen: m.valid,
    outcome: { table: t.code, kind: t.kind, seq: Number(round.seq), issue, outcome, bets: m.detail, seedHash: round.seed_hash },
    createdAt: Number(m.first.created_at),
    settledAt: now,
    shown: true,
  }));
  await recordCasinoRounds(tx, records);
  await finishChases(tx, round, chases, wonChases, now);
  const results: BettorResult[] = [...byMember].map(([memberId, m]) => ({
    game: t.intervalMs === null ? 'table' : 'lottery',
    memberId,
    channelCode: t.channelCode,
    tableCode: t.code,
    roundId: round.id,
    issue,
    stakeFen: m.stake,
    payoutFen: m.paid,
    status: m.paid > m.stake ? 'won' : m.paid === m.stake ? 'push' : 'lost',
    bets: m.bets,
  }));
  return { bets: rows.length, results };
}

/** Bets another step settled meanwhile: the batch rolls back and is read again. */
class LedgerErrorNotPending extends LedgerError {
  constructor() {
    super('HOLD_NOT_PENDING', 'table bets settled by another step');
  }
}

/** Plans with a bet in this round: a win stops a stop-on-win plan (its later bets refunded); the last draw ends it. */
async function finishChases(tx: Tx, round: TableRoundTable, chases: Set<string>, won: Set<string>, now: number) {
  for (const id of chases) {
    const c = await repo.runningChase(tx, id);
    if (!c) continue;
    if (won.has(id) && Number(c.stop_on_win) === 1) {
      await refundBets(tx, { chaseId: id, fromSeq: Number(round.seq) + 1 }, 'table.chase_stop', now);
      await repo.endChase(tx, id, 'won', now);
    } else if (Number(round.seq) >= Number(c.start_seq) + Number(c.draws) - 1) {
      await repo.endChase(tx, id, 'finished', now);
    }
  }
}

/** Refunds pending bets (their holds voided back to the venue wallet, as a set), in the caller's transaction; answers them. */
export async function refundBets(tx: Tx, filter: BetFilter, kind: string, now: number): Promise<TableBetTable[]> {
  const rows = await repo.pendingBets(tx, filter);
  if (rows.length === 0) return rows;
  if (
    (await repo.markBets(
      tx,
      rows.map((b) => ({ id: b.id, status: 'refunded', payout: Number(b.amount) })),
      now,
    )) !== rows.length
  )
    throw new LedgerErrorNotPending();
  const holds = new Map<string, { memberId: string; amountFen: number; channelCode: string }>();
  for (const b of rows) {
    const h = holds.get(b.hold_id) ?? { memberId: b.member_id, amountFen: 0, channelCode: b.channel_code };
    h.amountFen += Number(b.amount);
    holds.set(b.hold_id, h);
  }
  await voidHolds(
    tx,
    [...holds].map(([holdId, h]) => ({
      holdId,
      memberId: h.memberId,
      amountFen: h.amountFen,
      wallet: memberAccount(h.memberId, 'venue', 'CNY', h.channelCode),
    })),
    { kind, refType: 'table_refund', refId: rows[0]!.round_id, currency: 'CNY' },
    now,
  );
  return rows;
}

/**
 * The operator cancels a round that is not settled: it will never be drawn (or its outcome is set aside), every bet
 * is refunded and the seed is revealed. Answers the bets refunded, or null if the round was already settled.
 */
export async function cancelRound(db: Db, roundIdValue: string, by: string, now = Date.now(), openOnly = false): Promise<number | null> {
  return moneyStep(db, async (tx) => {
    // openOnly (one approver, cancel.ts): only while the round still takes bets — after that, two people.
    if (!(await repo.cancelRound(tx, roundIdValue, by, now, openOnly))) return null;
    return (await refundBets(tx, { roundId: roundIdValue }, 'table.refund', now)).length;
  });
}

/** Lottery draws that never took place (no node ran at their time): their bets (multi-draw plans) are refunded. */
export async function refundLostDraws(db: Db, tableCode: string, beforeSeq: number, now = Date.now()): Promise<number> {
  return moneyStep(db, async (tx) => (await refundBets(tx, { lostDraws: { tableCode, beforeSeq } }, 'table.refund', now)).length);
}
