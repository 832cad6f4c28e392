/**
 * One closed casino round as the member's record and the turnover feeds see it: a `casino_rounds` row and
 * the settled bet reported to the turnover module (withdrawal turnover, VIP progress, rebates by category,
 * betting promotions) — in the caller's transaction, the one that moved the round's money. House slot
 * spins (rounds.ts) and third-party rounds closed through the seamless wallet (modules/seamless) both end here.
 */
import type { DbOrTx } from '../../db/connect.ts';
import { recordSettledBet, recordSettledBets } from '../turnover/repository.ts';

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

/**
 * Records a closed round; false when this round id was already recorded (nothing changes). `amendable`: the venue
 * may amend the round after its close (a third party's late refund: modules/seamless), so its turnover keeps the
 * reference row that lets it be taken back and counted again; the house's own rounds never change once closed.
 */
export async function recordCasinoRound(tx: DbOrTx, r: CasinoRoundRecord, amendable = false): Promise<boolean> {
  return (await recordCasinoRounds(tx, [r], amendable)) === 1;
}

/**
 * Records closed rounds as a set (a shared round's batch: one insert, then the turnover feeds in one statement
 * each); a round id already recorded is skipped. Answers how many were recorded.
 */
export async function recordCasinoRounds(tx: DbOrTx, records: readonly CasinoRoundRecord[], amendable = false): Promise<number> {
  if (records.length === 0) return 0;
  const inserted = new Set<string>();
  for (let i = 0; i < records.length; i += ROUNDS_PER_INSERT) {
    const rows = await tx
      .insertInto('casino_rounds')
      .values(records.slice(i, i + ROUNDS_PER_INSERT).map(row))
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    for (const x of rows) inserted.add(x.id);
  }
  const fresh = records.filter((r) => inserted.has(r.id));
  const bets = fresh.map((r) => ({
    memberId: r.memberId,
    siteCode: r.siteCode,
    channelCode: r.channelCode,
    category: r.category,
    betRef: r.id,
    stakeFen: r.betFen,
    validFen: r.validFen,
    payoutFen: r.winFen + r.jackpotFen,
    settledAtMs: r.settledAt,
  }));
  if (amendable) for (const b of bets) await recordSettledBet(tx, b);
  // The round's row counts it once: the turnover feeds need no reference row of their own.
  else await recordSettledBets(tx, bets);
  return fresh.length;
}

/** Rounds per insert (18 columns each: inside both engines' limits on bound values). */
const ROUNDS_PER_INSERT = 500;

const row = (r: CasinoRoundRecord) => ({
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
  status: 'settled' as const,
  outcome: JSON.stringify(r.outcome),
  seed_id: r.fair?.seedId ?? null,
  client_seed: r.fair?.clientSeed ?? null,
  nonce: r.fair?.nonce ?? null,
  shown: r.shown ? 1 : 0,
  created_at: r.createdAt,
  settled_at: r.settledAt,
});
