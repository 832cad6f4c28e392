/**
 * A closed seamless round in the member's records and turnover:
 * the `roundClosed` win's money step records the round with recordCasinoRound (modules/casino/roundRecord.ts)
 * in its own transaction — a casino_rounds row and the settled bet reported to the turnover module
 * (withdrawal turnover, VIP progress, rebates by category). A rollback of a stake after its round closed
 * amends that record in the rollback's transaction. Recorded once per round: the closing win's transaction
 * applies once, and recordCasinoRound itself records a round id once.
 *
 * - id: `<aggregatorId>:<roundId>` — cannot clash with a house round id nor with another aggregator's round.
 * - game and category: the round's game (the bet's gameCode, else its launch token's) when the brand's
 *   catalogue lists it under one of this aggregator's venues; else the aggregator's first venue (game code
 *   as sent, or ''); an aggregator with no venue records nothing (it has nothing a member could launch).
 * - stake and valid turnover: the round's settled bets (rolled-back ones excluded); win: the round's wins.
 * - a round whose every stake was rolled back (stake 0) was not played: nothing is recorded.
 */
import { sql } from 'kysely';
import type { Tx } from '../../db/connect.ts';
import { recordCasinoRound } from '../casino/roundRecord.ts';
import { catalogueRepository } from '../casino/repository.ts';
import { recordSettledBet, retractSettledBet } from '../turnover/repository.ts';
import { seamlessAdapter } from './aggregators.ts';
import { seamlessRepository as repo, type SeamlessTx } from './repository.ts';

export interface ClosingStep {
  aggregatorId: string;
  memberId: string;
  siteCode: number;
  gameCode: string | null;
  roundId: string;
  now: number;
}

export const casinoRoundId = (aggregatorId: string, roundId: string) => `${aggregatorId}:${roundId}`;
/** The round's detail keeps at most this many transactions (an aggregator may send many wins). */
const DETAIL_MAX = 50;

/** Where the round is recorded: the game's venue and category, or the aggregator's first venue. */
async function placeOf(tx: Tx, m: ClosingStep, gameCode: string | null) {
  const adapter = seamlessAdapter(m.aggregatorId);
  if (gameCode) {
    const g = await catalogueRepository.any(tx, m.siteCode, gameCode);
    const v = g && (await tx.selectFrom('venues').select('adapter').where('channel_code', '=', g.channel_code).executeTakeFirst());
    if (g && v?.adapter === adapter) return { channelCode: g.channel_code, category: g.category, gameCode };
  }
  const first = await tx
    .selectFrom('venues')
    .select(['channel_code', 'category'])
    .where('adapter', '=', adapter)
    .orderBy('sort')
    .orderBy('channel_code')
    .executeTakeFirst();
  return first ? { channelCode: first.channel_code, category: first.category, gameCode: gameCode ?? '' } : null;
}

/** Records the round the step just closed (`settled`: the bets whose stakes the close posted). */
export async function recordRoundClosed(
  tx: Tx,
  m: ClosingStep,
  round: { gameCode: string | null; createdAt: number },
  settled: readonly SeamlessTx[],
): Promise<boolean> {
  const stake = settled.reduce((s, b) => s + b.amount, 0);
  if (stake === 0) return false;
  const place = await placeOf(tx, m, round.gameCode);
  if (!place) return false;
  const all = await repo.roundTransactions(tx, m.aggregatorId, m.roundId);
  const win = all.filter((t) => t.kind === 'win').reduce((s, t) => s + t.amount, 0);
  return recordCasinoRound(
    tx,
    {
      id: casinoRoundId(m.aggregatorId, m.roundId),
      memberId: m.memberId,
      siteCode: m.siteCode,
      channelCode: place.channelCode,
      category: place.category,
      gameCode: place.gameCode,
      betFen: stake,
      winFen: win,
      jackpotFen: 0,
      validFen: stake,
      outcome: {
        aggregator: m.aggregatorId,
        roundId: m.roundId,
        game: place.gameCode,
        transactions: all
          .filter((t) => t.status !== 'tombstone')
          .slice(0, DETAIL_MAX)
          .map((t) => ({
            id: t.transaction_id,
            kind: t.kind,
            amount: t.amount,
            status: t.status,
            ...(t.reference_id ? { ref: t.reference_id } : {}),
          })),
      },
      createdAt: round.createdAt,
      settledAt: m.now,
      shown: true,
    },
    true,
  );
}

/**
 * A stake refunded after its round closed (rollbackStep): the round's record and its reported turnover lose
 * it — the turnover report is taken back and made again with the new figures (recorded on its first day),
 * and a round left with no stake becomes void. Nothing when the round was never recorded.
 */
export async function amendRoundRefund(tx: Tx, aggregatorId: string, roundId: string, refundFen: number): Promise<void> {
  const id = casinoRoundId(aggregatorId, roundId);
  // One statement, the row's lock on PostgreSQL: two refunds of one round's stakes amend it one after the other.
  const r = await tx
    .updateTable('casino_rounds')
    .set((eb) => ({
      bet: sql<number>`case when ${eb.ref('bet')} > ${refundFen} then ${eb.ref('bet')} - ${refundFen} else 0 end`,
      valid: sql<number>`case when ${eb.ref('bet')} > ${refundFen} then ${eb.ref('bet')} - ${refundFen} else 0 end`,
      status: sql<'settled' | 'void'>`case when ${eb.ref('bet')} > ${refundFen} then 'settled' else 'void' end`,
    }))
    .where('id', '=', id)
    .where('status', '=', 'settled')
    .returning(['member_id', 'site_code', 'channel_code', 'category', 'bet', 'win', 'settled_at'])
    .executeTakeFirst();
  if (!r) return;
  const bet = Number(r.bet);
  if (!(await retractSettledBet(tx, r.channel_code, id)) || bet === 0) return;
  await recordSettledBet(tx, {
    memberId: r.member_id,
    siteCode: Number(r.site_code),
    channelCode: r.channel_code,
    category: r.category,
    betRef: id,
    stakeFen: bet,
    validFen: bet,
    payoutFen: Number(r.win),
    settledAtMs: Number(r.settled_at ?? Date.now()),
  });
}
