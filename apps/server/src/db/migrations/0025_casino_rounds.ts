import { sql, type Kysely } from 'kysely';

/**
 * Casino rounds and provably-fair seeds. Both engines.
 *  - casino_rounds: every round of every casino category — the house slots' spins (modules/casino/rounds.ts)
 *    and the rounds third-party aggregators close through the seamless wallet (modules/seamless). The bet
 *    record (record/betRecordList by category) reads them; the money is in the ledger (journals by round id).
 *  - fair_seeds: each member's server/client seed pairs. One active pair per member: its server seed is secret,
 *    its hash shown; rotation reveals it ('revealed') and its rounds become verifiable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fair_seeds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    /** Rounds played under this server seed (the next round's nonce). */
    .addColumn('nonce', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revealed_at', 'bigint')
    .addCheckConstraint('fair_seeds_status_ck', sql`status in ('active', 'revealed')`)
    .addCheckConstraint('fair_seeds_nonce_ck', sql`nonce >= 0`)
    .execute();
  // One active pair per member: two first spins racing create one pair (the loser reads the winner's).
  await db.schema
    .createIndex('fair_seeds_active_uq')
    .on('fair_seeds')
    .column('member_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema.createIndex('fair_seeds_member_idx').on('fair_seeds').columns(['member_id', 'created_at']).execute();

  await db.schema
    .createTable('casino_rounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    /** Venue category: DZ, ZR, QP, BY, CP, DJ. */
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    /** Stake, wins (base + free spins or the aggregator's), the jackpot won, valid turnover: fen. */
    .addColumn('bet', 'bigint', (c) => c.notNull())
    .addColumn('win', 'bigint', (c) => c.notNull())
    .addColumn('jackpot_win', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('valid', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    /** The outcome record (JSON): the engine's SpinOutcome, or the aggregator's round detail. */
    .addColumn('outcome', 'text', (c) => c.notNull())
    /** Provably fair rounds: the seed pair, the client seed then in force and the nonce; null for third-party rounds. */
    .addColumn('seed_id', 'text')
    .addColumn('client_seed', 'text')
    .addColumn('nonce', 'integer')
    /** The page showed the outcome (an unshown round is shown on the player's return). */
    .addColumn('shown', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addCheckConstraint('casino_rounds_status_ck', sql`status in ('open', 'settled', 'void')`)
    .addCheckConstraint('casino_rounds_money_ck', sql`bet >= 0 and win >= 0 and jackpot_win >= 0 and valid >= 0`)
    .execute();
  await db.schema.createIndex('casino_rounds_member_idx').on('casino_rounds').columns(['member_id', 'category', 'created_at']).execute();
  await db.schema.createIndex('casino_rounds_seed_idx').on('casino_rounds').columns(['seed_id', 'nonce']).unique().execute();
}
