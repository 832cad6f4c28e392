import { type Kysely } from 'kysely';

/**
 * Issue 13 items 4 and 8. Both engines.
 *  - deposit_orders.promotion_id: the deposit promotion the member opted into with this order (one per order,
 *    null: none); the credited deposit then pays that promotion's bonus (modules/promotions/types/deposit.ts).
 *  - ticket_counters: the per-brand, per-kind, per-business-day sequence of readable numbers.
 *  - feedback.ticket_no, support_threads.ticket_no: the number a player sees (F20261126-0042, S20261126-0007),
 *    unique per brand; the rows before this migration are numbered here in their creation order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deposit_orders').addColumn('promotion_id', 'text').execute();
  await db.schema
    .createTable('ticket_counters')
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_counters_pk', ['site_code', 'kind', 'day'])
    .execute();
  for (const [table, kind] of [
    ['feedback', 'F'],
    ['support_threads', 'S'],
  ] as const) {
    await db.schema.alterTable(table).addColumn('ticket_no', 'text').execute();
    await backfill(db, table, kind);
    await db.schema.createIndex(`${table}_ticket_uq`).on(table).columns(['site_code', 'ticket_no']).unique().execute();
  }
}

/** The business day (UTC+8) of a time as yyyymmdd, as modules/tickets numbers new rows. */
const day = (ms: number) => new Date(Number(ms) + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');

async function backfill(db: Kysely<any>, table: 'feedback' | 'support_threads', kind: 'F' | 'S'): Promise<void> {
  const rows: Array<{ id: string; site_code: number; created_at: number }> = await db
    .selectFrom(table)
    .select(['id', 'site_code', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const last = new Map<string, number>();
  for (const r of rows) {
    const d = day(r.created_at);
    const key = `${r.site_code}|${d}`;
    const n = (last.get(key) ?? 0) + 1;
    last.set(key, n);
    await db
      .updateTable(table)
      .set({ ticket_no: `${kind}${d}-${String(n).padStart(4, '0')}` })
      .where('id', '=', r.id)
      .execute();
  }
  for (const [key, n] of last) {
    const [site, d] = key.split('|');
    await db
      .insertInto('ticket_counters')
      .values({ site_code: Number(site), kind, day: d, last: n })
      .execute();
  }
}
