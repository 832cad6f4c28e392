import { sql, type Kysely } from 'kysely';
import { withAutoId } from './helpers.ts';

/**
 * The built-in customer-service desk (modules/support). Both engines.
 *  - support_threads: one conversation per brand and owner — a member, or a visitor by the SHA-256 of the
 *    random key their browser keeps; `waiting` is 1 while the player's last message has no staff answer.
 *  - support_messages: the conversation, in order (the id is the order).
 */
export async function up(db: Kysely<any>, dialect: string): Promise<void> {
  await db.schema
    .createTable('support_threads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    /** 'm:<member id>' or 'v:<sha256 of the visitor key>'. */
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text')
    .addColumn('waiting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('support_threads_owner_uq', ['site_code', 'owner'])
    .addCheckConstraint('support_threads_waiting_ck', sql`waiting in (0, 1)`)
    .execute();
  await db.schema.createIndex('support_threads_queue_idx').on('support_threads').columns(['site_code', 'waiting', 'updated_at']).execute();
  await withAutoId(db.schema.createTable('support_messages'), dialect)
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    /** The operator who answered (staff messages). */
    .addColumn('staff', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('support_messages_author_ck', sql`author in ('player', 'staff')`)
    .execute();
  await db.schema.createIndex('support_messages_thread_idx').on('support_messages').columns(['thread_id', 'id']).execute();
}
