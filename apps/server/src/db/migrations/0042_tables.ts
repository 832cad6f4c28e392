import { sql, type Kysely } from 'kysely';

/**
 * Shared tables and lottery draws (modules/tables). Both engines.
 *  - table_rounds: every round of every table, one per (table, seq). Its seed is stored from the start (its
 *    hash shown before the window opens, the seed itself only once the round is settled or cancelled); the
 *    outcome once drawn. Status: betting → drawn → settled, or cancelled (operator) — every change a
 *    conditional update, so two nodes can never move one round twice.
 *  - table_bets: one row per bet spot; the stake is a hold on the member's venue wallet (hold_id) until the
 *    round settles (posted, and the return paid) or is cancelled (voided). A multi-draw plan's bets name
 *    rounds not yet opened (round_id is `<table>-<seq>` whether or not the round exists yet).
 *  - table_chases: multi-draw plans (追号) of the lottery.
 *  - table_leases: which node deals a table (a lease renewed every few seconds; an expired one is taken over).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('table_rounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('table_code', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('seed_hash', 'text', (c) => c.notNull())
    /** Card tables: the shoe before this round (JSON ShoeState, null for a first round) and after it. */
    .addColumn('shoe_before', 'text')
    .addColumn('shoe_after', 'text')
    .addColumn('opens_at', 'bigint', (c) => c.notNull())
    .addColumn('closes_at', 'bigint', (c) => c.notNull())
    .addColumn('draw_at', 'bigint', (c) => c.notNull())
    /** JSON: the TableOutcome, its steps, its road entry (null until drawn). */
    .addColumn('outcome', 'text')
    .addColumn('steps', 'text')
    .addColumn('coup', 'text')
    .addColumn('drawn_at', 'bigint')
    .addColumn('settled_at', 'bigint')
    .addColumn('cancelled_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('table_rounds_status_ck', sql`status in ('betting', 'drawn', 'settled', 'cancelled')`)
    .execute();
  await db.schema.createIndex('table_rounds_seq_uq').on('table_rounds').columns(['table_code', 'seq']).unique().execute();
  await db.schema.createIndex('table_rounds_status_idx').on('table_rounds').columns(['status', 'table_code']).execute();

  await db.schema
    .createTable('table_bets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('table_code', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('bet_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('hold_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    /** Paid back, stake included (fen). */
    .addColumn('payout', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('chase_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addCheckConstraint('table_bets_status_ck', sql`status in ('pending', 'won', 'lost', 'push', 'refunded')`)
    .addCheckConstraint('table_bets_amount_ck', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('table_bets_round_idx').on('table_bets').columns(['round_id', 'status']).execute();
  await db.schema.createIndex('table_bets_member_idx').on('table_bets').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('table_bets_chase_idx').on('table_bets').column('chase_id').execute();

  await db.schema
    .createTable('table_chases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('table_code', 'text', (c) => c.notNull())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('start_seq', 'bigint', (c) => c.notNull())
    .addColumn('draws', 'integer', (c) => c.notNull())
    .addColumn('stop_on_win', 'integer', (c) => c.notNull())
    /** JSON [{type, amount}] (fen): the bets placed on every draw. */
    .addColumn('bets', 'text', (c) => c.notNull())
    .addColumn('per_draw', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addCheckConstraint('table_chases_status_ck', sql`status in ('running', 'won', 'finished', 'cancelled')`)
    .execute();
  await db.schema.createIndex('table_chases_member_idx').on('table_chases').columns(['member_id', 'created_at']).execute();

  await db.schema
    .createTable('table_leases')
    .addColumn('table_code', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    /** Grows at every change of owner (a fencing number for logs and tests). */
    .addColumn('epoch', 'bigint', (c) => c.notNull())
    .execute();
}
