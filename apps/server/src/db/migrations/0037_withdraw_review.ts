import { sql, type Kysely } from 'kysely';

/**
 * Issue 17 item 3: the four-eyes withdrawal review. Both engines.
 *  - withdraw_orders.stage: where the review stands (pending → risk_review → [second_review] → approved → paying →
 *    paid | rejected); `status` stays the member's four-state view of it (modules/withdraw/review.ts).
 *  - who holds the risk lock, who approved (first, second), who holds the payout lock: the four-eyes rules compare them.
 *  - payout_state / payout_ref: the payout provider's answer ('unknown' while sent and unanswered: never refunded by
 *    itself, only a reconcile asks again).
 *  - sandbox_payouts: the sandbox payout provider's own books (as a real provider keeps them on its side).
 *  - the console's deposit search per brand and date, and an order's notifications.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('withdraw_orders')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('pending'))
    .execute();
  for (const col of ['risk_locked_by', 'first_approver', 'second_approver', 'pay_locked_by', 'payout_state', 'payout_ref'])
    await db.schema.alterTable('withdraw_orders').addColumn(col, 'text').execute();
  await db
    .updateTable('withdraw_orders')
    .set({ stage: sql`status` })
    .execute();
  await db.schema.createIndex('withdraw_orders_stage_idx').on('withdraw_orders').columns(['site_code', 'stage', 'created_at']).execute();

  await db.schema.createIndex('deposit_orders_site_idx').on('deposit_orders').columns(['site_code', 'created_at']).execute();
  await db.schema.createIndex('payment_notifications_order_idx').on('payment_notifications').column('order_no').execute();

  await db.schema
    .createTable('sandbox_payouts')
    .addColumn('order_no', 'text', (c) => c.primaryKey())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
