import { sql, type Kysely } from 'kysely';

/**
 * Promotions: rules per brand, members' participation, rewards (each paid once per
 * member, rule and period — the unique key is the last guard behind the ledger's idempotency key),
 * credited deposits waiting for the promotion engine (an outbox written in the deposit's transaction),
 * wheel spins with their revealed seeds, and members' invite codes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promotions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title_cn', 'text', (c) => c.notNull())
    .addColumn('title_tw', 'text', (c) => c.notNull())
    .addColumn('summary_cn', 'text', (c) => c.notNull())
    .addColumn('summary_tw', 'text', (c) => c.notNull())
    .addColumn('rules_cn', 'text', (c) => c.notNull())
    .addColumn('rules_tw', 'text', (c) => c.notNull())
    .addColumn('banner_theme', 'text', (c) => c.notNull())
    .addColumn('banner_image', 'text')
    .addColumn('params_json', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('promotions_status_ck', sql`status in ('active', 'ended')`)
    .execute();
  await db.schema.createIndex('promotions_site_idx').on('promotions').columns(['site_code', 'status', 'sort']).execute();

  await db.schema
    .createTable('promo_participations')
    .addColumn('promotion_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    /** Wheel: the seed of the member's next spin (secret until spun) and its published sha256. */
    .addColumn('next_seed', 'text')
    .addColumn('next_commit', 'text')
    .addColumn('spins_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('promo_participations_pk', ['promotion_id', 'member_id'])
    .execute();

  await db.schema
    .createTable('promo_rewards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('promotion_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('period_key', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('wagering', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source_cn', 'text', (c) => c.notNull())
    .addColumn('source_tw', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('flag_reason', 'text')
    .addColumn('journal_id', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('promo_rewards_status_ck', sql`status in ('paid', 'flagged', 'refused')`)
    .addCheckConstraint('promo_rewards_amount_ck', sql`amount > 0 and wagering >= 0`)
    .execute();
  // One reward per member, rule and period: whatever races past the checks above it, this refuses.
  await db.schema
    .createIndex('promo_rewards_once_uq')
    .on('promo_rewards')
    .columns(['promotion_id', 'member_id', 'period_key'])
    .unique()
    .execute();
  await db.schema.createIndex('promo_rewards_member_idx').on('promo_rewards').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('promo_rewards_status_idx').on('promo_rewards').columns(['status']).execute();

  await db.schema
    .createTable('promo_deposit_events')
    .addColumn('order_no', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** 1 for the member's first credited deposit, 2 for the second, … */
    .addColumn('deposit_seq', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('processed_at', 'bigint')
    .execute();
  await db.schema.createIndex('promo_deposit_events_pending_idx').on('promo_deposit_events').columns(['processed_at']).execute();

  await db.schema
    .createTable('promo_draw_spins')
    .addColumn('promotion_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('spin_no', 'integer', (c) => c.notNull())
    .addColumn('commit_hash', 'text', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('hmac', 'text', (c) => c.notNull())
    .addColumn('prize_index', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('promo_draw_spins_pk', ['promotion_id', 'member_id', 'spin_no'])
    .execute();

  await db.schema
    .createTable('promo_invite_codes')
    .addColumn('member_id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Invitees are the members who registered with an inviter's code (members.icode).
  await db.schema.createIndex('members_icode_idx').on('members').columns(['site_code', 'icode']).execute();
  await db.schema.createIndex('promo_invite_codes_code_uq').on('promo_invite_codes').columns(['site_code', 'code']).unique().execute();
}
