import type { Kysely } from 'kysely';

/**
 * Fairness of the shared tables. Both engines.
 *  - table_round_cancels: a cancellation asked for after a round's betting closed (its outcome drawn, or fixed
 *    by its committed seed). It waits for a second games staff member (approved_by ≠ requested_by); only then
 *    is the round cancelled and its bets refunded — the outcome stays published beside the refund.
 *  - table_seed_chains: the lottery's committed future seeds. A chain covers draws from_seq..to_seq: the seed
 *    of draw s is SHA-256 applied (to_seq − s) times to the secret tail seed (hex text → its 32 bytes each time),
 *    and `anchor` = SHA-256 of the seed of from_seq is published when the chain is made, before any of its
 *    draws takes a bet. Each revealed seed hashes forward to the anchor, so every draw a 追号 plan reaches was
 *    committed before the plan was accepted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('table_round_cancels')
    .addColumn('round_id', 'text', (c) => c.primaryKey())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'bigint')
    .execute();

  await db.schema
    .createTable('table_seed_chains')
    .addColumn('table_code', 'text', (c) => c.notNull())
    .addColumn('from_seq', 'bigint', (c) => c.notNull())
    .addColumn('to_seq', 'bigint', (c) => c.notNull())
    .addColumn('tail_seed', 'text', (c) => c.notNull())
    .addColumn('anchor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('table_seed_chains_pk', ['table_code', 'from_seq'])
    .execute();
}
