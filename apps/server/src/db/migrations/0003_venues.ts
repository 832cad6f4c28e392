import { sql, type Kysely } from 'kysely';

/**
 * Venues and venue transfers (with their recovery points), member wallet preferences, and the sandbox
 * venue's own books (it plays a remote third party, so it keeps its state apart from our ledger).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('venues')
    .addColumn('channel_code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('adapter', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CNY'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('venues_status_ck', sql`status in ('active', 'maintenance')`)
    .execute();

  await db.schema
    .createTable('venue_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('venue_transfers_dir_ck', sql`direction in ('in', 'out')`)
    .addCheckConstraint('venue_transfers_status_ck', sql`status in ('pending', 'completed', 'reversed', 'failed')`)
    .addCheckConstraint('venue_transfers_amount_ck', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('venue_transfers_pending_idx').on('venue_transfers').columns(['status', 'updated_at']).execute();
  await db.schema.createIndex('venue_transfers_member_idx').on('venue_transfers').columns(['member_id', 'created_at']).execute();

  await db.schema
    .createTable('member_prefs')
    .addColumn('member_id', 'text', (c) => c.primaryKey())
    .addColumn('auto_transfer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_venue_wallets')
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('player', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sandbox_venue_wallets_pk', ['channel_code', 'player'])
    .addCheckConstraint('sandbox_venue_wallets_ck', sql`balance >= 0`)
    .execute();
  await db.schema
    .createTable('sandbox_venue_transfers')
    .addColumn('transfer_id', 'text', (c) => c.primaryKey())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('player', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
