import type { Kysely } from 'kysely';

/**
 * Issue 27 (protection and staff controls against adversaries). Both engines.
 *  - audit_log.mac: HMAC-SHA256 of the row's hash with AUDIT_KEY, a key outside the database (finding 15);
 *    null on the rows written before.
 *  - staff_grants: money granted by staff — a VIP raise's upgrade bonuses, a flagged promotion reward paid, a
 *    manual adjustment (finding 4). Above the brand's grantSecondApprovalFen a row waits (pending) for a second
 *    staff member; every row keeps who asked, who decided and why.
 *  - staff_cli_tokens: one-time tokens a staff member takes in the console for one money command of the command
 *    line (finding 5): the CLI acts as that staff member, never as a self-declared OPERATOR name.
 *  - protection_exclusions.cause: 'underage' when an under-18 birthday on file closed play and deposits at once
 *    (finding 7); null for the player's own time-outs and exclusions.
 *  - sessions.reality_ack_at: when the player last acknowledged a reality check in the session (finding 9: play
 *    pauses from a check's time until it is answered).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('mac', 'text').execute();
  await db.schema.alterTable('protection_exclusions').addColumn('cause', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('reality_ack_at', 'bigint').execute();
  await db.schema
    .createTable('staff_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createTable('staff_cli_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_grants_site_idx').on('staff_grants').columns(['site_code', 'status', 'requested_at']).execute();
}
