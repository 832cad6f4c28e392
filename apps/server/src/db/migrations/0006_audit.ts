import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import { withAutoId } from './helpers.ts';

/** Operator audit log: every operator command that changes something (who, what, on what, outcome). */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withAutoId(db.schema.createTable('audit_log'), dialect)
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
}
