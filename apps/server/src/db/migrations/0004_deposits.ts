import { sql, type Kysely } from 'kysely';
import { withAutoId } from './helpers.ts';

/** Deposit channels (generic, per provider), deposit orders and every payment notification received. */
export async function up(db: Kysely<any>, dialect: string): Promise<void> {
  await db.schema
    .createTable('deposit_channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('min_fen', 'bigint', (c) => c.notNull())
    .addColumn('max_fen', 'bigint', (c) => c.notNull())
    .addColumn('presets', 'text', (c) => c.notNull())
    .addColumn('fee_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('networks', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('deposit_channels_type_ck', sql`type in ('bank', 'ewallet', 'usdt')`)
    .execute();

  await db.schema
    .createTable('deposit_orders')
    .addColumn('order_no', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('network', 'text')
    .addColumn('address', 'text')
    .addColumn('usdt_amount', 'text')
    .addColumn('signal_code', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addCheckConstraint('deposit_orders_status_ck', sql`status in ('pending', 'paid', 'failed', 'closed', 'expired')`)
    .addCheckConstraint('deposit_orders_amount_ck', sql`amount > 0 and fee >= 0 and fee < amount`)
    .execute();
  await db.schema.createIndex('deposit_orders_member_idx').on('deposit_orders').columns(['member_id', 'created_at']).execute();

  await withAutoId(db.schema.createTable('payment_notifications'), dialect)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}
