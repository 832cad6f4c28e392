import { sql, type Kysely } from 'kysely';

/**
 * The casino catalogue: the lobby's face of each venue (zh-TW name and art beside the
 * wallet's `venues` row, whose status stays the one venue switch), each brand's games with their declared
 * figures and the operator's sort, tags and status, members' favourites, and the jackpot pools.
 *
 * A pool's amount is not a column here: it is the balance of the house ledger account
 * `house:jackpot_pool:<code>` (ledger/accounts.ts), fed by journals from the house's casino book
 * (modules/casino/pools.ts), so `ledger:verify` covers it like every other balance. Both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('casino_venues')
    .addColumn('channel_code', 'text', (c) => c.primaryKey())
    .addColumn('name_tw', 'text', (c) => c.notNull())
    .addColumn('art', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('casino_games')
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .addColumn('name_tw', 'text', (c) => c.notNull())
    .addColumn('art', 'text', (c) => c.notNull())
    /** Normalized ',hot,jackpot,' (empty: ','): a tag filter is one `like '%,hot,%'`. */
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo(','))
    /** Declared RTP in hundredths of a percent (9600 = 96.00%). */
    .addColumn('rtp_bp', 'integer', (c) => c.notNull())
    .addColumn('volatility', 'text', (c) => c.notNull())
    .addColumn('min_bet', 'bigint', (c) => c.notNull())
    .addColumn('max_bet', 'bigint', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('pool_code', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('casino_games_pk', ['site_code', 'code'])
    .addCheckConstraint('casino_games_status_ck', sql`status in ('active', 'maintenance', 'hidden')`)
    .addCheckConstraint('casino_games_volatility_ck', sql`volatility in ('low', 'medium', 'high', 'very-high')`)
    .addCheckConstraint('casino_games_bets_ck', sql`min_bet > 0 and max_bet >= min_bet`)
    .addCheckConstraint('casino_games_rtp_ck', sql`rtp_bp > 0 and rtp_bp < 10000`)
    .execute();
  await db.schema.createIndex('casino_games_lobby_idx').on('casino_games').columns(['site_code', 'category', 'sort']).execute();

  await db.schema
    .createTable('game_favourites')
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_favourites_pk', ['member_id', 'game_code'])
    .execute();

  await db.schema
    .createTable('jackpot_pools')
    .addColumn('code', 'text', (c) => c.primaryKey())
    /** One pool per title (the deployment's pool, shared by its brands). */
    .addColumn('game_code', 'text', (c) => c.notNull().unique())
    /** The house venue whose casino book feeds it. */
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('feed_bp', 'integer', (c) => c.notNull())
    .addColumn('seed_fen', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('jackpot_pools_feed_ck', sql`feed_bp > 0 and feed_bp < 10000`)
    .addCheckConstraint('jackpot_pools_seed_ck', sql`seed_fen >= 0`)
    .execute();
}
