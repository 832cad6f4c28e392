/** The seamless wallet's rows (migration 0024): launch tokens, answered requests, transactions, rounds. */
import type { Db, DbOrTx } from '../../db/connect.ts';
import type { SeamlessTransactionTable } from '../../db/schema.ts';

export type SeamlessTx = SeamlessTransactionTable;

const tx = (r: SeamlessTransactionTable): SeamlessTx => ({ ...r, amount: Number(r.amount), created_at: Number(r.created_at) });

export const seamlessRepository = {
  async insertToken(
    db: Db,
    row: { tokenHash: string; aggregatorId: string; memberId: string; siteCode: number; expiresAt: number; gameCode?: string | null },
  ) {
    await db
      .insertInto('seamless_tokens')
      .values({
        token_hash: row.tokenHash,
        aggregator_id: row.aggregatorId,
        member_id: row.memberId,
        site_code: row.siteCode,
        currency: 'CNY',
        expires_at: row.expiresAt,
        revoked_at: null,
        created_at: Date.now(),
        game_code: row.gameCode ?? null,
      })
      .execute();
  },

  /** The token with its member's status (expired and revoked tokens too: wins and rollbacks still pass). */
  async token(db: Db, tokenHash: string) {
    const r = await db
      .selectFrom('seamless_tokens')
      .innerJoin('members', 'members.id', 'seamless_tokens.member_id')
      .select([
        'seamless_tokens.aggregator_id',
        'seamless_tokens.member_id',
        'seamless_tokens.site_code',
        'seamless_tokens.currency',
        'seamless_tokens.expires_at',
        'seamless_tokens.revoked_at',
        'seamless_tokens.game_code',
        'members.status',
      ])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return r ? { ...r, expires_at: Number(r.expires_at), revoked_at: r.revoked_at === null ? null : Number(r.revoked_at) } : undefined;
  },

  /** Spends a live launch code (service.ts: issueLaunchCode): true for the one request that spent it. */
  async spendCode(db: Db, codeHash: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('seamless_tokens')
      .set({ revoked_at: now })
      .where('token_hash', '=', codeHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async revokeTokens(db: Db, memberId: string, now = Date.now()) {
    await db
      .updateTable('seamless_tokens')
      .set({ revoked_at: now })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .execute();
  },

  answered(db: DbOrTx, aggregatorId: string, requestId: string) {
    return db
      .selectFrom('seamless_requests')
      .select(['body_hash', 'http_status', 'response'])
      .where('aggregator_id', '=', aggregatorId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  },

  /** Stores an answer; false when the request id already had one (a concurrent twin answered first). */
  async storeAnswer(
    db: DbOrTx,
    row: { aggregatorId: string; requestId: string; op: string; bodyHash: string; http: number; response: string },
  ) {
    const r = await db
      .insertInto('seamless_requests')
      .values({
        aggregator_id: row.aggregatorId,
        request_id: row.requestId,
        op: row.op,
        body_hash: row.bodyHash,
        http_status: row.http,
        response: row.response,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.columns(['aggregator_id', 'request_id']).doNothing())
      .returning('request_id')
      .executeTakeFirst();
    return r !== undefined;
  },

  async transaction(db: DbOrTx, aggregatorId: string, transactionId: string): Promise<SeamlessTx | undefined> {
    const r = await db
      .selectFrom('seamless_transactions')
      .selectAll()
      .where('aggregator_id', '=', aggregatorId)
      .where('transaction_id', '=', transactionId)
      .executeTakeFirst();
    return r ? tx(r) : undefined;
  },

  /** Inserts a transaction row; false when its id is taken (a tombstone, or another kind). */
  async insertTransaction(db: DbOrTx, row: SeamlessTx): Promise<boolean> {
    const r = await db
      .insertInto('seamless_transactions')
      .values(row)
      .onConflict((oc) => oc.columns(['aggregator_id', 'transaction_id']).doNothing())
      .returning('transaction_id')
      .executeTakeFirst();
    return r !== undefined;
  },

  async setTransaction(db: DbOrTx, aggregatorId: string, transactionId: string, set: { status: SeamlessTx['status']; hold_id?: string }) {
    await db
      .updateTable('seamless_transactions')
      .set(set)
      .where('aggregator_id', '=', aggregatorId)
      .where('transaction_id', '=', transactionId)
      .execute();
  },

  /** A conditional status change (the row's lock on PostgreSQL orders racing changes); false when the status was not `from`. */
  async moveTransaction(db: DbOrTx, aggregatorId: string, transactionId: string, from: SeamlessTx['status'], to: SeamlessTx['status']) {
    const r = await db
      .updateTable('seamless_transactions')
      .set({ status: to })
      .where('aggregator_id', '=', aggregatorId)
      .where('transaction_id', '=', transactionId)
      .where('status', '=', from)
      .returning('transaction_id')
      .executeTakeFirst();
    return r !== undefined;
  },

  async openBets(db: DbOrTx, aggregatorId: string, roundId: string): Promise<SeamlessTx[]> {
    const rows = await db
      .selectFrom('seamless_transactions')
      .selectAll()
      .where('aggregator_id', '=', aggregatorId)
      .where('round_id', '=', roundId)
      .where('kind', '=', 'bet')
      .where('status', '=', 'open')
      .orderBy('transaction_id')
      .execute();
    return rows.map(tx);
  },

  /**
   * The round, its row locked for the transaction (an update that changes nothing): a bet and the win that
   * closes the round are ordered by it on PostgreSQL, so no bet lands in a round after its close.
   */
  lockRound(db: DbOrTx, aggregatorId: string, roundId: string) {
    return db
      .updateTable('seamless_rounds')
      .set((eb) => ({ created_at: eb.ref('created_at') }))
      .where('aggregator_id', '=', aggregatorId)
      .where('round_id', '=', roundId)
      .returning(['member_id', 'status', 'game_code', 'created_at'])
      .executeTakeFirst();
  },

  /** The round's game, when its first transaction did not know it (a rollback before its bet opened it). */
  async setRoundGame(db: DbOrTx, aggregatorId: string, roundId: string, gameCode: string) {
    await db
      .updateTable('seamless_rounds')
      .set({ game_code: gameCode })
      .where('aggregator_id', '=', aggregatorId)
      .where('round_id', '=', roundId)
      .where('game_code', 'is', null)
      .execute();
  },

  /** Every transaction of a round (its record's detail and wins), in id order. */
  async roundTransactions(db: DbOrTx, aggregatorId: string, roundId: string): Promise<SeamlessTx[]> {
    const rows = await db
      .selectFrom('seamless_transactions')
      .selectAll()
      .where('aggregator_id', '=', aggregatorId)
      .where('round_id', '=', roundId)
      .orderBy('created_at')
      .orderBy('transaction_id')
      .execute();
    return rows.map(tx);
  },

  async openRound(db: DbOrTx, aggregatorId: string, roundId: string, memberId: string, gameCode: string | null, now: number) {
    await db
      .insertInto('seamless_rounds')
      .values({
        aggregator_id: aggregatorId,
        round_id: roundId,
        member_id: memberId,
        status: 'open',
        created_at: now,
        closed_at: null,
        game_code: gameCode,
      })
      .onConflict((oc) => oc.columns(['aggregator_id', 'round_id']).doNothing())
      .execute();
  },

  async closeRound(db: DbOrTx, aggregatorId: string, roundId: string, now: number) {
    await db
      .updateTable('seamless_rounds')
      .set({ status: 'closed', closed_at: now })
      .where('aggregator_id', '=', aggregatorId)
      .where('round_id', '=', roundId)
      .execute();
  },
};
