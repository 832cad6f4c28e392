import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import { withAutoId } from './helpers.ts';

/** Sites (brands), members, sessions, devices, login history, verification codes, captchas, dev outbox. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const bigint = 'bigint' as const;

  await db.schema
    .createTable('sites')
    .addColumn('site_code', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('h5_domain_url', 'text', (c) => c.notNull())
    .addColumn('domains', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('theme_json', 'text', (c) => c.notNull())
    .addColumn('flags_json', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('safe_switch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('login_captcha', 'text', (c) => c.notNull().defaultTo('always'))
    .addColumn('register_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ip_check', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cs_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull().references('sites.site_code'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('second_password_hash', 'text')
    .addColumn('phone', 'text')
    .addColumn('area_code', 'text')
    .addColumn('email', 'text')
    .addColumn('real_name', 'text')
    .addColumn('gender', 'text')
    .addColumn('birthday', 'text')
    .addColumn('profile_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('rcode', 'text')
    .addColumn('icode', 'text')
    .addColumn('register_ip', 'text', (c) => c.notNull())
    .addColumn('register_domain', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_login_at', bigint)
    .addColumn('password_changed_at', bigint, (c) => c.notNull())
    .addCheckConstraint('members_status_ck', sql`status in ('active', 'disabled')`)
    .execute();
  await db.schema.createIndex('members_site_name_uq').on('members').columns(['site_code', 'name_lower']).unique().execute();
  await db.schema.createIndex('members_site_phone_uq').on('members').columns(['site_code', 'phone']).unique().execute();
  await db.schema.createIndex('members_site_email_uq').on('members').columns(['site_code', 'email']).unique().execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_seen_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('revoked_at', bigint)
    .execute();
  await db.schema.createIndex('sessions_member_idx').on('sessions').column('member_id').execute();

  await db.schema
    .createTable('member_devices')
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', bigint, (c) => c.notNull())
    .addColumn('last_seen_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('member_devices_pk', ['member_id', 'uuid'])
    .execute();

  await db.schema
    .createTable('member_ips')
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('ip_prefix', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', bigint, (c) => c.notNull())
    .addColumn('last_seen_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('member_ips_pk', ['member_id', 'ip_prefix'])
    .execute();

  await withAutoId(db.schema.createTable('login_history'), dialect)
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_history_member_idx').on('login_history').columns(['member_id', 'at']).execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text')
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', bigint)
    .addColumn('consumed_at', bigint)
    .execute();
  await db.schema
    .createIndex('verification_codes_dest_idx')
    .on('verification_codes')
    .columns(['site_code', 'destination', 'created_at'])
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('ktype', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('meta', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('used_at', bigint)
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

  await db.schema
    .createTable('device_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('reason', 'integer', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('middle_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('middle_passed_at', bigint)
    .addColumn('passed_at', bigint)
    .execute();
  await db.schema.createIndex('device_challenges_member_idx').on('device_challenges').columns(['member_id', 'uuid']).execute();

  await withAutoId(db.schema.createTable('dev_outbox'), dialect)
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('code_id', 'text')
    .addColumn('code', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
}
