import type { Kysely } from 'kysely';

/**
 * The seamless-wallet callback API for third-party game aggregators (docs/seamless-wallet.md;
 * modules/seamless). Both engines.
 *  - seamless_tokens: launch tokens (sha256 only, as sessions), bound to member, brand and aggregator.
 *  - seamless_requests: the answer given to each request id, byte for byte (a repeated request id answers it).
 *  - seamless_transactions: each bet, win and rollback by the aggregator's transaction id; a rollback that
 *    came before its bet leaves the bet's id as a 'tombstone' row, so the late bet is refused.
 *  - seamless_rounds: a round's owner and whether it closed (its open stakes posted to the house).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('seamless_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('aggregator_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seamless_tokens_member_idx').on('seamless_tokens').column('member_id').execute();
  await db.schema
    .createTable('seamless_requests')
    .addColumn('aggregator_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    /** sha256 of the raw body: the same request id with another body is refused. */
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('seamless_requests_pk', ['aggregator_id', 'request_id'])
    .execute();
  await db.schema
    .createTable('seamless_transactions')
    .addColumn('aggregator_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    /** 'bet' | 'win' | 'rollback' */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** bet: 'open' | 'settled' | 'rolled_back' | 'tombstone'; win and rollback: 'done'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('hold_id', 'text')
    /** A rollback's bet. */
    .addColumn('reference_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('seamless_transactions_pk', ['aggregator_id', 'transaction_id'])
    .execute();
  await db.schema
    .createIndex('seamless_transactions_round_idx')
    .on('seamless_transactions')
    .columns(['aggregator_id', 'round_id'])
    .execute();
  await db.schema
    .createTable('seamless_rounds')
    .addColumn('aggregator_id', 'text', (c) => c.notNull())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .addPrimaryKeyConstraint('seamless_rounds_pk', ['aggregator_id', 'round_id'])
    .execute();
}
