import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import { withAutoId } from './helpers.ts';

/**
 * Members and risk in the operator console. Both engines.
 *  - member_notes: staff notes about a member (author = staff username).
 *  - member_risk_flags: manual risk flags; clearing one keeps the row (who cleared it, when).
 *  - Indexes for the member search on 100,000 members and the related-accounts lookups, each covering what
 *    the query reads (index-only): members by brand and registration time (the unfiltered list) and by
 *    registration address; login addresses; devices and /24 networks by their value; bank cards by number.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withAutoId(db.schema.createTable('member_notes'), dialect)
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_notes_member_idx').on('member_notes').columns(['member_id', 'created_at']).execute();

  await withAutoId(db.schema.createTable('member_risk_flags'), dialect)
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('cleared_by', 'text')
    .addColumn('cleared_at', 'bigint')
    .execute();
  await db.schema.createIndex('member_risk_flags_member_idx').on('member_risk_flags').columns(['member_id', 'created_at']).execute();

  await db.schema.createIndex('members_site_created_idx').on('members').columns(['site_code', 'created_at']).execute();
  await db.schema.createIndex('members_site_regip_idx').on('members').columns(['site_code', 'register_ip', 'id']).execute();
  await db.schema.createIndex('login_history_ip_idx').on('login_history').columns(['ip', 'site_code', 'member_id']).execute();
  await db.schema.createIndex('member_devices_uuid_idx').on('member_devices').columns(['uuid', 'member_id']).execute();
  await db.schema.createIndex('member_ips_prefix_idx').on('member_ips').columns(['ip_prefix', 'member_id']).execute();
  await db.schema.createIndex('bank_cards_card_idx').on('bank_cards').columns(['card_no', 'member_id']).execute();
}
