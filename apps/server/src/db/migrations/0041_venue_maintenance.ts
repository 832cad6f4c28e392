import type { Kysely } from 'kysely';

/**
 * The operator's maintenance message of a venue (the console's venue screen). Both engines.
 *  - venue_maintenance: one row per venue in maintenance with a message of the operator's (zh-CN, and its
 *    zh-TW form converted once when it is set); a launch of the venue answers 6415 with it. No row: the
 *    catalogue's standard text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('venue_maintenance')
    .addColumn('channel_code', 'text', (c) => c.primaryKey())
    .addColumn('message_cn', 'text', (c) => c.notNull())
    .addColumn('message_tw', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
