import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import { withAutoId } from './helpers.ts';

/**
 * Live rooms (modules/live). Both engines.
 *  - live_rooms: a room made by an operator, tied to a match of the book (match_id) or standing alone; its host
 *    (a staff member), status open | paused | closed, the lowest VIP grade that may speak, an optional HLS url.
 *  - live_messages: the chat history (the auto id is the paging cursor); deleted by a moderator, or shadow
 *    (a shadow-banned member's message: shown to its author only).
 *  - live_mutes: timed mutes (room_id '' = every room of the brand); live_shadow_bans; live_blocks: a viewer's
 *    own block list; live_words: a brand's word filter.
 *  - live_gifts: one row per gift request key (the ledger journal's idempotency key is derived from it).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('live_rooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('host_name', 'text', (c) => c.notNull())
    .addColumn('host_staff', 'text', (c) => c.notNull())
    .addColumn('match_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('min_vip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stream_url', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('destroyed_at', 'bigint')
    .execute();
  await db.schema.createIndex('live_rooms_site_idx').on('live_rooms').columns(['site_code', 'status']).execute();

  await withAutoId(db.schema.createTable('live_messages'), dialect)
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('vip', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('shadow', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_messages_room_idx').on('live_messages').columns(['room_id', 'id']).execute();

  await db.schema
    .createTable('live_mutes')
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('muted_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_mutes_pk', ['site_code', 'room_id', 'member_id'])
    .execute();
  await db.schema
    .createTable('live_shadow_bans')
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('banned_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_shadow_bans_pk', ['site_code', 'member_id'])
    .execute();
  await db.schema
    .createTable('live_blocks')
    .addColumn('viewer_id', 'text', (c) => c.notNull())
    .addColumn('blocked_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_blocks_pk', ['viewer_id', 'blocked_id'])
    .execute();
  await db.schema
    .createTable('live_words')
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_words_pk', ['site_code', 'word'])
    .execute();
  await db.schema
    .createTable('live_gifts')
    .addColumn('request_key', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('gift_code', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
