import type { Kysely } from 'kysely';

/**
 * VIP grades and welfare: the ladder per brand, each member's grade, the welfare
 * rewards (upgrade, birthday, weekly — one row per member, kind and period, so each is paid once) and
 * the daily rebate (洗码) payouts (one row per member and business day, so a day is paid once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vip_grades')
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Thresholds in fen: cumulative credited deposits and cumulative valid turnover (both needed).
    .addColumn('deposit_min', 'bigint', (c) => c.notNull())
    .addColumn('turnover_min', 'bigint', (c) => c.notNull())
    .addColumn('upgrade_bonus', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('birthday_bonus', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('weekly_bonus', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('weekly_turnover_min', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_multiple', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('rebate_multiple', 'integer', (c) => c.notNull().defaultTo(1))
    // Rebate rates per venue category in basis points (1 = 0.01 %).
    .addColumn('rebate_ty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rebate_zr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rebate_qp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rebate_dz', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rebate_cp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rebate_dj', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rebate_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('vip_grades_pk', ['site_code', 'grade'])
    .execute();
  await db.schema
    .createTable('member_vip')
    .addColumn('member_id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('grade', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('upgraded_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('vip_rewards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('multiple', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('journal_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint')
    .addUniqueConstraint('vip_rewards_once', ['member_id', 'kind', 'period'])
    .execute();
  await db.schema
    .createTable('vip_rebates')
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addColumn('valid', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('journal_id', 'text')
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('vip_rebates_pk', ['member_id', 'day'])
    .execute();
  await db.schema.createIndex('vip_rebates_day_idx').on('vip_rebates').columns(['day']).execute();
}
