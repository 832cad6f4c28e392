import { sql, type Kysely } from 'kysely';

/**
 * Messages of the member centre: letters (one row per letter, one per recipient so reading and
 * deleting are per member), notices (公告) and advertising items per brand with a start/end window, and
 * member feedback with the operator's reply.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('letters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('broadcast', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('segment', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addCheckConstraint('letters_type_ck', sql`type in ('notice', 'activity', 'bulletin', 'match', 'fd')`)
    .execute();
  await db.schema.createIndex('letters_site_idx').on('letters').columns(['site_code', 'created_at']).execute();

  await db.schema
    .createTable('letter_recipients')
    .addColumn('letter_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addPrimaryKeyConstraint('letter_recipients_pk', ['member_id', 'letter_id'])
    .execute();
  await db.schema.createIndex('letter_recipients_letter_idx').on('letter_recipients').columns(['letter_id']).execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('marquee', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('withdrawn_at', 'bigint')
    .addCheckConstraint('notices_category_ck', sql`category in ('notice', 'activity', 'bulletin', 'match', 'fd')`)
    .execute();
  await db.schema.createIndex('notices_site_idx').on('notices').columns(['site_code', 'start_at']).execute();

  await db.schema
    .createTable('ads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('withdrawn_at', 'bigint')
    .execute();
  await db.schema.createIndex('ads_site_idx').on('ads').columns(['site_code', 'position']).execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('replied_by', 'text')
    .addColumn('replied_at', 'bigint')
    .addColumn('reply_read_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('feedback_status_ck', sql`status in ('pending', 'replied')`)
    .execute();
  await db.schema.createIndex('feedback_member_idx').on('feedback').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('feedback_status_idx').on('feedback').columns(['site_code', 'status', 'created_at']).execute();
}
