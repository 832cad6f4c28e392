import type { Kysely } from 'kysely';

/**
 * Live-room gifts (issue 34, modules/live/gifts.ts). Both engines.
 *  - live_gift_prices: a brand's own price of a gift of the catalogue (packages/contract LIVE_GIFTS), or the gift
 *    taken off that brand's list (enabled 0). No row: the catalogue's price, on the list.
 *  - live_gifts (0049) gets its console index: a brand's gifts by time (gift income by day, room and host).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_gift_prices')
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('gift_code', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('live_gift_prices_pk', ['site_code', 'gift_code'])
    .execute();
  await db.schema.createIndex('live_gifts_site_idx').on('live_gifts').columns(['site_code', 'created_at']).execute();
}
