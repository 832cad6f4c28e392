import type { Kysely } from 'kysely';

/**
 * Issue 27 (protection and staff controls against adversaries). Both engines.
 *  - audit_log.mac: HMAC-SHA256 of the row's hash with AUDIT_KEY, a key outside the database (finding 15);
 *    null on the rows written before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('mac', 'text').execute();
}
