/**
 * The money of the seamless wallet: bet, win and rollback as ledger steps (moneyStep, keyed by the
 * aggregator's transaction id). The aggregator debits the member's CENTRAL wallet (docs/seamless-wallet.md,
 * "Which wallet"); a bet is a hold (central → locked), posted to the aggregator's house account when its
 * round closes, or voided by a rollback. Wins come from that house account. A guard that refuses throws
 * `Refusal`, which rolls the whole step back: nothing is written.
 */
import type { SeamlessStatus } from '@portal/contract';
import type { Tx } from '../../db/connect.ts';
import { accountId, houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { balanceOf, placeHold, post, postHold, voidHold } from '../../ledger/ledger.ts';
import { amendRoundRefund, recordRoundClosed } from './roundFeed.ts';
import { seamlessRepository as repo, type SeamlessTx } from './repository.ts';

/** A protocol refusal raised inside a step: the step rolls back and the request is answered with `status`. */
export class Refusal extends Error {
  constructor(readonly status: SeamlessStatus) {
    super(`seamless: ${status}`);
  }
}

/** The aggregator's side of the books: stakes it won go here, the wins it pays come from here. */
export const aggregatorAccount = (aggregatorId: string) => houseAccount('venue_float', `SEAMLESS_${aggregatorId}`);
const central = (memberId: string) => memberAccount(memberId, 'central', 'CNY');

export interface MoneyInput {
  aggregatorId: string;
  memberId: string;
  /** The brand of the request's launch token. */
  siteCode: number;
  /** The game: the bet's `gameCode`, else the launch token's (null when neither names one). */
  gameCode: string | null;
  roundId: string;
  transactionId: string;
  amount: number;
  now: number;
}

/** The round the transaction belongs to (locked): opened by its first transaction, one member's, refused once closed. */
async function ensureRound(tx: Tx, m: MoneyInput) {
  await repo.openRound(tx, m.aggregatorId, m.roundId, m.memberId, m.gameCode, m.now);
  const round = await repo.lockRound(tx, m.aggregatorId, m.roundId);
  if (!round || round.member_id !== m.memberId) throw new Refusal('INVALID_REQUEST');
  if (round.status === 'closed') throw new Refusal('ROUND_CLOSED');
  if (round.game_code === null && m.gameCode !== null) await repo.setRoundGame(tx, m.aggregatorId, m.roundId, m.gameCode);
  return { gameCode: round.game_code ?? m.gameCode, createdAt: Number(round.created_at) };
}

function row(m: MoneyInput, kind: SeamlessTx['kind'], status: SeamlessTx['status'], extra: Partial<SeamlessTx> = {}): SeamlessTx {
  return {
    aggregator_id: m.aggregatorId,
    transaction_id: m.transactionId,
    kind,
    status,
    member_id: m.memberId,
    round_id: m.roundId,
    amount: m.amount,
    currency: 'CNY',
    hold_id: null,
    reference_id: null,
    created_at: m.now,
    ...extra,
  };
}

/** Records the transaction id; a taken id (not seen by the idempotency claim) is a tombstone or another kind. */
async function claimTransaction(tx: Tx, r: SeamlessTx): Promise<void> {
  if (await repo.insertTransaction(tx, r)) return;
  const seen = await repo.transaction(tx, r.aggregator_id, r.transaction_id);
  throw new Refusal(seen?.status === 'tombstone' ? 'BET_ALREADY_ROLLED_BACK' : 'TRANSACTION_CONFLICT');
}

/** A bet: the stake is held (central → locked); answers the central balance left. Insufficient funds → LedgerError. */
export async function betStep(tx: Tx, m: MoneyInput, requestKey: string): Promise<number> {
  await ensureRound(tx, m);
  await claimTransaction(tx, row(m, 'bet', 'open'));
  const { holdId, fromBalance } = await placeHold(
    tx,
    {
      memberId: m.memberId,
      amount: m.amount,
      currency: 'CNY',
      refType: 'seamless',
      refId: `${m.aggregatorId}:${m.transactionId}`,
      requestKey,
    },
    m.now,
  );
  await repo.setTransaction(tx, m.aggregatorId, m.transactionId, { status: 'open', hold_id: holdId });
  return fromBalance;
}

/** A win (amount 0 allowed: a loss that closes the round); `roundClosed` posts the round's open stakes. */
export async function winStep(tx: Tx, m: MoneyInput, roundClosed: boolean, requestKey: string): Promise<number> {
  const round = await ensureRound(tx, m);
  await claimTransaction(tx, row(m, 'win', 'done'));
  // The close before the credit: bet rows are locked before any account (the order a rollback takes them in).
  if (roundClosed) {
    const settled = await closeRound(tx, m);
    // The closed round in the member's records and turnover, with the money that closed it (once: this step runs once).
    await recordRoundClosed(tx, m, round, settled);
  }
  let balance: number | undefined;
  if (m.amount > 0) {
    const { balances } = await post(
      tx,
      {
        kind: 'seamless.win',
        currency: 'CNY',
        refType: 'seamless',
        refId: `${m.aggregatorId}:${m.transactionId}`,
        memberId: m.memberId,
        requestKey,
        lines: [
          { account: aggregatorAccount(m.aggregatorId), amount: -m.amount },
          { account: central(m.memberId), amount: m.amount },
        ],
      },
      m.now,
    );
    balance = balances.get(accountId(central(m.memberId)));
  }
  return balance ?? balanceOf(tx, central(m.memberId));
}

/**
 * Runs after ensureRound locked the round: every bet that got into it has committed, none gets in after.
 * Answers the bets it settled (their stakes posted): the round's stake, rolled-back bets excluded.
 */
async function closeRound(tx: Tx, m: MoneyInput): Promise<SeamlessTx[]> {
  await repo.closeRound(tx, m.aggregatorId, m.roundId, m.now);
  // Every bet row first, then the accounts: a racing rollback (bet row, then accounts) cannot deadlock with it.
  const taken: SeamlessTx[] = [];
  for (const bet of await repo.openBets(tx, m.aggregatorId, m.roundId)) {
    // A rollback that took the bet meanwhile has released its stake: nothing to post.
    if (await repo.moveTransaction(tx, m.aggregatorId, bet.transaction_id, 'open', 'settled')) taken.push(bet);
  }
  for (const bet of taken)
    if (bet.hold_id) await postHold(tx, bet.hold_id, aggregatorAccount(m.aggregatorId), 'seamless.bet.settle', m.now);
  return taken;
}

/**
 * A rollback of bet `referenceId`: an open stake is released, a settled one refunded by a new journal. A bet
 * not seen yet leaves a tombstone (its late arrival is refused); a win is never rolled back.
 */
export async function rollbackStep(tx: Tx, m: MoneyInput, referenceId: string): Promise<number> {
  const bet = (await repo.transaction(tx, m.aggregatorId, referenceId)) ?? (await tombstone(tx, m, referenceId));
  await claimTransaction(tx, row(m, 'rollback', 'done', { amount: bet?.amount ?? 0, reference_id: referenceId }));
  if (!bet) return balanceOf(tx, central(m.memberId));
  if (bet.member_id !== m.memberId || bet.round_id !== m.roundId) throw new Refusal('TRANSACTION_NOT_FOUND');
  if (bet.kind !== 'bet') throw new Refusal('ROLLBACK_NOT_ALLOWED');
  if ((await takeBet(tx, m, bet)) === 'open' && bet.hold_id) await voidHold(tx, bet.hold_id, 'seamless.bet.rollback', m.now);
  else await refund(tx, m, bet);
  return balanceOf(tx, central(m.memberId));
}

/**
 * Marks the bet rolled back from the status it has now, answered: 'open' (its stake is still held) or 'settled'
 * (posted). A racing rollback or round close changes it first (PostgreSQL: this update waits for it), so the
 * status is read again: a stake is released or refunded once, never twice.
 */
async function takeBet(tx: Tx, m: MoneyInput, bet: SeamlessTx): Promise<'open' | 'settled'> {
  for (let status = bet.status; ;) {
    if (status !== 'open' && status !== 'settled') throw new Refusal('BET_ALREADY_ROLLED_BACK');
    if (await repo.moveTransaction(tx, m.aggregatorId, bet.transaction_id, status, 'rolled_back')) return status;
    status = (await repo.transaction(tx, m.aggregatorId, bet.transaction_id))?.status ?? 'tombstone';
  }
}

/**
 * The bet's id taken by a tombstone (null): its late arrival is refused. The id is found taken when the bet
 * committed after this step's first read (PostgreSQL, read committed): that bet is answered, to be rolled back.
 */
async function tombstone(tx: Tx, m: MoneyInput, referenceId: string): Promise<SeamlessTx | null> {
  if (await repo.insertTransaction(tx, row({ ...m, transactionId: referenceId, amount: 0 }, 'bet', 'tombstone'))) return null;
  return (await repo.transaction(tx, m.aggregatorId, referenceId)) ?? null;
}

/** A stake already posted to the aggregator (its round closed) comes back by a new journal. */
async function refund(tx: Tx, m: MoneyInput, bet: SeamlessTx): Promise<void> {
  await post(
    tx,
    {
      kind: 'seamless.bet.refund',
      currency: 'CNY',
      refType: 'seamless',
      refId: `${m.aggregatorId}:${bet.transaction_id}`,
      memberId: m.memberId,
      lines: [
        { account: aggregatorAccount(m.aggregatorId), amount: -bet.amount },
        { account: central(m.memberId), amount: bet.amount },
      ],
    },
    m.now,
  );
  // The round was recorded with this stake when it closed: its record and turnover lose it.
  await amendRoundRefund(tx, m.aggregatorId, bet.round_id, bet.amount);
}
