import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

/**
 * Daily report roll-ups of the operator console. Both engines. Money in fen.
 *  - report_daily: one row per brand and business day (UTC+8): registrations, deposits (first ones too),
 *    paid withdrawals, betting members, settled bets, promotion / VIP bonus / rebate cost.
 *  - report_daily_venue: per brand, day and venue the settled bets (from bet_turnover_daily), and per
 *    category a total row (channel_code '') whose `players` counts each member once across the category.
 *  - report_dirty_days: business days older than yesterday whose bets changed (a resettlement took a bet
 *    back into its first day): the roll-up job rebuilds them on its next run.
 * The indexes let the roll-up of one day read that day's rows of each source, never a whole table.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const money = [
    'registrations',
    'deposit_count',
    'deposit_amount',
    'depositors',
    'first_deposit_count',
    'first_deposit_amount',
    'withdraw_count',
    'withdraw_amount',
    'active_players',
    'bets',
    'stake',
    'valid',
    'payout',
    'promo_cost',
    'vip_bonus_cost',
    'rebate_cost',
  ];
  let t = db.schema
    .createTable('report_daily')
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull());
  for (const m of money) t = t.addColumn(m, 'bigint', (c) => c.notNull().defaultTo(0));
  await t
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_daily_pk', ['site_code', 'day'])
    .execute();
  await db.schema
    .createTable('report_daily_venue')
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('players', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bets', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stake', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('valid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('payout', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_daily_venue_pk', ['site_code', 'day', 'category', 'channel_code'])
    .execute();
  await db.schema
    .createTable('report_dirty_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('marked_at', 'bigint', (c) => c.notNull())
    .execute();
  // One day of each source, per brand.
  await db.schema.createIndex('deposit_orders_site_paid_idx').on('deposit_orders').columns(['site_code', 'paid_at']).execute();
  await db.schema.createIndex('deposit_orders_member_paid_idx').on('deposit_orders').columns(['member_id', 'paid_at']).execute();
  // Registrations of a day use members_site_created_idx (site_code, created_at), made by 0038.
  await db.schema
    .createIndex('withdraw_orders_site_status_idx')
    .on('withdraw_orders')
    .columns(['site_code', 'status', 'updated_at'])
    .execute();
  await db.schema.createIndex('promo_rewards_site_created_idx').on('promo_rewards').columns(['site_code', 'created_at']).execute();
  await db.schema.createIndex('promo_rewards_site_decided_idx').on('promo_rewards').columns(['site_code', 'decided_at']).execute();
  await db.schema.createIndex('vip_rebates_site_paid_idx').on('vip_rebates').columns(['site_code', 'paid_at']).execute();
  await db.schema.createIndex('vip_rewards_site_claimed_idx').on('vip_rewards').columns(['site_code', 'claimed_at']).execute();
}
