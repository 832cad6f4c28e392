import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

/**
 * Profile: the member's avatar, and uploaded images. Images live in the database (bytea / blob), not on
 * a node's disk: every node of a multi-node deployment serves every image with no shared volume, and
 * backups hold them with the rows that point at them. They are small (LIMITS.UPLOAD_MAX_BYTES) and
 * content-addressed, so the same file uploaded twice is stored once.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('members').addColumn('avatar', 'text').execute();
  await db.schema
    .createTable('upload_blobs')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One row per upload: who uploaded which file for what. Only the uploader may attach its id.
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull().references('upload_blobs.sha256'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_member_idx').on('uploads').columns(['member_id', 'created_at']).execute();
}
