import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import { chainAuditRows } from '../../ops/auditChain.ts';
import { withAutoId } from './helpers.ts';

/**
 * The operator console. Both engines.
 *  - staff: console accounts (not members): argon2id password, TOTP secret (on once enrolled) and the last
 *    time step used (a code is good once), roles and brands as JSON (`sites` null = every brand), an IP
 *    allow-list (empty = any), failures in a row and a lock.
 *  - staff_sessions: SHA-256 of the bearer token; ends when idle or at expires_at, or revoked.
 *  - staff_challenges: between the password step and the code step (SHA-256 of the challenge).
 *  - staff_recovery_codes: SHA-256 of each one-time recovery code.
 *  - audit_log gains the brand, the actor's kind, before/after and the hash chain (prev_hash → hash); rows
 *    written before this migration are chained here in id order. Triggers refuse UPDATE and DELETE: the log
 *    is append-only for every role (a database owner who drops the triggers is caught by `audit:verify`).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withAutoId(db.schema.createTable('staff'), dialect)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('sites', 'text')
    .addColumn('ip_allow', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('staff_flags_ck', sql`totp_enabled in (0, 1) and disabled in (0, 1)`)
    .execute();
  await db.schema
    .createTable('staff_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').columns(['staff_id']).execute();
  await db.schema
    .createTable('staff_challenges')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_recovery_codes_staff_idx').on('staff_recovery_codes').columns(['staff_id']).execute();

  await db.schema.alterTable('audit_log').addColumn('site_code', 'integer').execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('actor_kind', 'text', (c) => c.notNull().defaultTo('ops'))
    .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('before', 'text', (c) => c.notNull().defaultTo('null'))
    .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('after', 'text', (c) => c.notNull().defaultTo('null'))
    .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('prev_hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_log_site_idx').on('audit_log').columns(['site_code', 'id']).execute();
  await chainAuditRows(db);

  if (dialect === 'postgres') {
    await sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}
