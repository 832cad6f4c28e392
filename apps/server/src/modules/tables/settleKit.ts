/**
 * A drawn round with many bettors, made straight in the database (each bettor funded, one bet held on the wager
 * path): for the settlement crash test and bench:tables' settlement figures, where 2,000 or 10,000 real members
 * would cost minutes of sign-ups. Sic bo, 大 or 小, 10 to 50 yuan.
 */
import { randomBytes } from 'node:crypto';
import { drawTableRound, seedCommitment, tableBetTypes, tableRoundSeeds, type TableOutcome } from '@portal/games';
import type { Db } from '../../db/connect.ts';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { post } from '../../ledger/ledger.ts';
import { NO_GATE, stake } from '../../ledger/wager.ts';
import { TABLES, type TableConfig } from './config.ts';
import { roundId } from './state.ts';

export const SETTLE_TABLE: TableConfig = TABLES.find((x) => x.code === 'SB1')!;
export const BETTOR_FUND_FEN = 10_000;
export const bettorWallet = (m: string) => memberAccount(m, 'venue', 'CNY', SETTLE_TABLE.channelCode);

/** Bettors per money step while setting up. */
const SETUP_STEP = 500;

export async function drawnRoundWithBettors(
  db: Db,
  seq: number,
  bettors: number,
  prefix = 'settle',
  /** Another table (bench:cards: 百人牛牛), its bet types in turn; default sic bo's 大 / 小. */
  t: TableConfig = SETTLE_TABLE,
): Promise<{ roundId: string; outcome: TableOutcome; stakes: number[] }> {
  const types = t === SETTLE_TABLE ? ['small', 'big'] : tableBetTypes(t.kind).map((b) => b.key);
  const wallet = (m: string) => memberAccount(m, 'venue', 'CNY', t.channelCode);
  const rid = roundId(t.code, seq);
  const serverSeed = randomBytes(32).toString('hex');
  const drawn = drawTableRound(t.kind, tableRoundSeeds(serverSeed, t.code, seq), null);
  const now = Date.now();
  await db
    .insertInto('table_rounds')
    .values({
      id: rid,
      table_code: t.code,
      seq,
      status: 'drawn',
      server_seed: serverSeed,
      seed_hash: seedCommitment(serverSeed),
      shoe_before: null,
      shoe_after: null,
      opens_at: now - 20_000,
      closes_at: now - 10_000,
      draw_at: now - 10_000,
      outcome: JSON.stringify(drawn.outcome),
      steps: '[]',
      coup: null,
      drawn_at: now - 9_000,
      settled_at: null,
      cancelled_by: null,
      created_at: now - 20_000,
    })
    .execute();
  const bets = Array.from({ length: bettors }, (_, i) => ({
    m: `${prefix}-${seq}-${String(i).padStart(5, '0')}`,
    type: types[i % types.length]!,
    amount: 1_000 * (1 + (i % 5)),
  }));
  for (let i = 0; i < bettors; i += SETUP_STEP) {
    await moneyStep(db, async (tx) => {
      for (const b of bets.slice(i, i + SETUP_STEP)) {
        await post(tx, {
          kind: 'test.fund',
          currency: 'CNY',
          refType: 'test',
          refId: b.m,
          lines: [
            { account: houseAccount('clearing', 'test'), amount: -BETTOR_FUND_FEN },
            { account: wallet(b.m), amount: BETTOR_FUND_FEN },
          ],
        });
        const { holdIds } = await stake(
          tx,
          { memberId: b.m, wallet: wallet(b.m), refType: 'table_bet', holds: [{ refId: `${rid}:${b.m}`, amountFen: b.amount }] },
          NO_GATE,
          now,
        );
        await tx
          .insertInto('table_bets')
          .values({
            id: `${rid}:${b.m}`,
            round_id: rid,
            table_code: t.code,
            seq,
            member_id: b.m,
            site_code: 7000,
            channel_code: t.channelCode,
            bet_type: b.type,
            amount: b.amount,
            hold_id: holdIds[0]!,
            status: 'pending',
            payout: 0,
            chase_id: null,
            created_at: now,
            settled_at: null,
          })
          .execute();
      }
    });
  }
  return { roundId: rid, outcome: drawn.outcome, stakes: bets.map((b) => b.amount) };
}
