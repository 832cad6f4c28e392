import { sql, type Kysely } from 'kysely';

/**
 * The sandbox payment provider's own books (what a real gateway keeps on its side and answers through
 * its order-query API): one row per order the player finished on the pay page. They outlive our
 * process, so a notification lost in a crash is found again by the deposit reconciler
 * (jobs/depositReconciler.ts). `payment_notifications.via` tells a pushed notification ('notify') from
 * one our reconciler fetched ('query'); `deposit_orders.checked_at` is when it last asked about an order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_payments')
    .addColumn('order_no', 'text', (c) => c.primaryKey())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('acted_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('sandbox_payments_event_ck', sql`event in ('paid', 'failed')`)
    .execute();
  await db.schema
    .alterTable('payment_notifications')
    .addColumn('via', 'text', (c) => c.notNull().defaultTo('notify'))
    .execute();
  // When the reconciler last asked the provider about an unsettled order: it asks the least recently asked first.
  await db.schema.alterTable('deposit_orders').addColumn('checked_at', 'bigint').execute();
  await db.schema.createIndex('deposit_orders_status_idx').on('deposit_orders').columns(['status', 'created_at']).execute();
}
