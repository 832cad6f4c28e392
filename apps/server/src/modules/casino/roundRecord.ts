/**
 * One closed casino round as the member's record and the turnover feeds see it: a `casino_rounds` row and
 * the settled bet reported to the turnover module (withdrawal turnover, VIP progress, rebates by category,
 * betting promotions) — in the caller's transaction, the one that moved the round's money. House slot
 * spins (rounds.ts) and third-party rounds closed through the seamless wallet (modules/seamless) both end here.
 */
import type { DbOrTx } from '../../db/connect.ts';
import { recordSettledBet } from '../turnover/repository.ts';

export interface CasinoRoundRecord {
  /** The round id (unique across venues: recording it twice records it once). */
  id: string;
  memberId: string;
  siteCode: number;
  channelCode: string;
  /** DZ, ZR, QP, BY, CP, DJ. */
  category: string;
  gameCode: string;
  betFen: number;
  /** Wins of the round (base game and free spins, or the aggregator's). */
  winFen: number;
  /** A progressive pool won in this round (0 otherwise). */
  jackpotFen: number;
  /** Valid turnover (the whole stake for a slot spin; 0 for a push or a void round). */
  validFen: number;
  /** The round's detail (JSON-serializable): the engine's outcome, or the aggregator's. */
  outcome: unknown;
  /** Provably fair rounds: the seed pair, the client seed in force and the nonce. */
  fair?: { seedId: string; clientSeed: string; nonce: number } | undefined;
  createdAt: number;
  settledAt: number;
  /** The page showed it already (third-party rounds: their own page did). */
  shown?: boolean;
}

/** Records a closed round; false when this round id was already recorded (nothing changes). */
export async function recordCasinoRound(tx: DbOrTx, r: CasinoRoundRecord): Promise<boolean> {
  const ins = await tx
    .insertInto('casino_rounds')
    .values({
      id: r.id,
      member_id: r.memberId,
      site_code: r.siteCode,
      channel_code: r.channelCode,
      category: r.category,
      game_code: r.gameCode,
      bet: r.betFen,
      win: r.winFen,
      jackpot_win: r.jackpotFen,
      valid: r.validFen,
      status: 'settled',
      outcome: JSON.stringify(r.outcome),
      seed_id: r.fair?.seedId ?? null,
      client_seed: r.fair?.clientSeed ?? null,
      nonce: r.fair?.nonce ?? null,
      shown: r.shown ? 1 : 0,
      created_at: r.createdAt,
      settled_at: r.settledAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  if (Number(ins.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await recordSettledBet(tx, {
    memberId: r.memberId,
    siteCode: r.siteCode,
    channelCode: r.channelCode,
    category: r.category,
    betRef: r.id,
    stakeFen: r.betFen,
    validFen: r.validFen,
    payoutFen: r.winFen + r.jackpotFen,
    settledAtMs: r.settledAt,
  });
  return true;
}
