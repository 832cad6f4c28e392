import { sql, type Kysely } from 'kysely';

/**
 * One outbox for the effects that follow a committed money step: the funds letter of a
 * credited deposit or a decided withdrawal, the VIP upgrade check after a credit, the deposit promotions. The
 * step writes the row in its own transaction; a dispatcher runs it after the commit (right away, and the
 * effects job for whatever a crash or an error left), then marks it done — so a crash between the commit and
 * the effect loses none. Effects are idempotent by their own keys (a letter's fixed id, a grade raise, the
 * promotion event's claim), so a row run twice (a crash between the effect and the mark) takes effect once.
 *
 * Replaces the promotions' own queue (promo_deposit_events.processed_at scanned by the promotion job): its
 * pending events become 'promo.deposit' rows here; the table keeps the event's data and its once-claim.
 * Both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    /** `<kind>:<ref>`: an effect is written once per business event (a retried credit writes none). */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The business row it follows (order number): after the commit its step dispatches its own rows by it. */
    .addColumn('ref', 'text', (c) => c.notNull())
    /** The effect as JSON (ledger/outbox.ts `Effect`). */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'bigint')
    .execute();
  await db.schema.createIndex('outbox_ref_idx').on('outbox').column('ref').execute();
  await db.schema.createIndex('outbox_pending_idx').on('outbox').column('created_at').where(sql.ref('done_at'), 'is', null).execute();
  await db
    .insertInto('outbox')
    .columns(['id', 'kind', 'ref', 'payload', 'created_at'])
    .expression(
      db
        .selectFrom('promo_deposit_events')
        .select([
          sql<string>`${sql.lit('promo.deposit:')} || order_no`.as('id'),
          sql.lit('promo.deposit').as('kind'),
          'order_no as ref',
          sql<string>`${sql.lit('{"kind":"promo.deposit","orderNo":"')} || order_no || ${sql.lit('"}')}`.as('payload'),
          'paid_at as created_at',
        ])
        .where('processed_at', 'is', null),
    )
    .execute();
}
