import { sql, type Kysely } from 'kysely';

/** Bank cards, USDT addresses, withdrawal orders and each member's turnover requirement. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bank_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('card_no', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('branch', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_cards_member_card_uq').on('bank_cards').columns(['member_id', 'card_no']).unique().execute();

  await db.schema
    .createTable('usdt_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('usdt_addresses_member_uq')
    .on('usdt_addresses')
    .columns(['member_id', 'network', 'address'])
    .unique()
    .execute();

  await db.schema
    .createTable('withdraw_orders')
    .addColumn('order_no', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hold_id', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('withdraw_orders_status_ck', sql`status in ('pending', 'approved', 'paid', 'rejected')`)
    .addCheckConstraint('withdraw_orders_amount_ck', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('withdraw_orders_member_idx').on('withdraw_orders').columns(['member_id', 'created_at']).execute();

  await db.schema
    .createTable('member_turnover')
    .addColumn('member_id', 'text', (c) => c.primaryKey())
    .addColumn('required', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
