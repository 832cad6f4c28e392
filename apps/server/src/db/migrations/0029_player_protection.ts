import { sql, type Kysely } from 'kysely';
import { withAutoId } from './helpers.ts';

/**
 * Player protection (modules/compliance). Both engines.
 *  - members.protection: 0 while the member has never set a limit, a reality check or an exclusion; else a
 *    counter bumped by every change. The session check reads it with the member, so the eligibility check
 *    of a member without protection settings costs nothing, and a change is seen at once by every node.
 *  - protection_limits: one row per member and limit (kind deposit/loss/wager per period day/week/month;
 *    kind session (minutes) and reality (minutes) with period 'session'). `amount` is the limit in force
 *    (null: none), `pending_*` an increase or removal waiting for its cooling-off and the player's confirmation.
 *  - protection_exclusions: time-outs and self-exclusions (ends_at null: permanent); `source_id` links a
 *    brand's copy of an exclusion taken on another brand "for every brand".
 *  - protection_exclusion_keys: the identity keys (sha-256 of phone, e-mail, verified document) of every
 *    all-brands exclusion, matched at login on every brand of the deployment.
 *  - protection_hourly: settled stakes and payouts per member and hour (the loss and wager windows; blind
 *    transfer venues add transfers in and out).
 *  - ledger_holds_member_open_idx: a member's pending holds (open stakes count against loss and wager limits).
 *  - protection_events: every change, reality-check answer and refusal, for the operator; the member sees
 *    their own changes.
 */
export async function up(db: Kysely<any>, dialect: string): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('protection', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('protection_limits')
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('pending_amount', 'bigint')
    .addColumn('pending_remove', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('protection_limits_pk', ['member_id', 'kind', 'period'])
    .addCheckConstraint('protection_limits_kind_ck', sql`kind in ('deposit', 'loss', 'wager', 'session', 'reality')`)
    .execute();
  await db.schema
    .createTable('protection_exclusions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint')
    .addColumn('all_brands', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source_id', 'text')
    .addCheckConstraint('protection_exclusions_kind_ck', sql`kind in ('timeout', 'self_exclusion')`)
    .execute();
  await db.schema.createIndex('protection_exclusions_member_idx').on('protection_exclusions').columns(['member_id', 'starts_at']).execute();
  await db.schema
    .createTable('protection_exclusion_keys')
    .addColumn('exclusion_id', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('protection_exclusion_keys_pk', ['key_hash', 'exclusion_id'])
    .execute();
  await db.schema
    .createTable('protection_hourly')
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('payout', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('protection_hourly_pk', ['member_id', 'hour'])
    .execute();
  // A member's open stakes (unsettled sport bets, open aggregator rounds) count against a loss or wager limit.
  await db.schema
    .createIndex('ledger_holds_member_open_idx')
    .on('ledger_holds')
    .columns(['member_id', 'ref_type'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  await withAutoId(db.schema.createTable('protection_events'), dialect)
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('period', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('after', 'text', (c) => c.notNull().defaultTo(''))
    /** Refusals: the entry point and code; reality checks: the figures shown. */
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('protection_events_member_idx').on('protection_events').columns(['member_id', 'id']).execute();
  await db.schema.createIndex('protection_events_site_idx').on('protection_events').columns(['site_code', 'at']).execute();
}
