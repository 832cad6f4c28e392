import type { Kysely } from 'kysely';

/**
 * Settled bets per member, day and venue: the one feed that VIP grades, rebates (洗码), betting-gift
 * tiers, races and the withdrawal turnover requirement read. Every venue (the house sportsbook, later
 * casino venues, third-party venues' bet records) reports its settled bets here, once per bet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bet_turnover_daily')
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('bets', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stake', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('valid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('payout', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bet_turnover_daily_pk', ['member_id', 'day', 'channel_code'])
    .execute();
  await db.schema.createIndex('bet_turnover_daily_day_idx').on('bet_turnover_daily').columns(['site_code', 'day']).execute();
  // One row per reported bet: a venue that reports the same settled bet twice counts it once.
  await db.schema
    .createTable('bet_turnover_refs')
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('bet_ref', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bet_turnover_refs_pk', ['channel_code', 'bet_ref'])
    .execute();
}
