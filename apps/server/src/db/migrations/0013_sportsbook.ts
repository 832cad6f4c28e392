import { sql, type Kysely } from 'kysely';

/**
 * The house sportsbook: bets and their legs (a bet's stake is a ledger hold until it
 * settles), event results (from the feed, or set by an operator for a resettlement), the running
 * potential payout per member, business day and sport group (the spec §9 daily payout caps), and the
 * venue's own record of wallet transfers (the answer to queryTransfer).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sport_bets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('series_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('cap_day', 'text', (c) => c.notNull())
    .addColumn('cap_groups', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('stake_per_bet', 'bigint', (c) => c.notNull())
    .addColumn('bet_count', 'integer', (c) => c.notNull())
    .addColumn('odds', 'bigint', (c) => c.notNull())
    .addColumn('max_payout', 'bigint', (c) => c.notNull())
    .addColumn('odds_type', 'text', (c) => c.notNull())
    .addColumn('accept_any', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('payout', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('valid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('settle_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payout_journal', 'text')
    .addColumn('hold_id', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('accept_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addCheckConstraint('sport_bets_status_ck', sql`status in ('pending', 'accepted', 'rejected', 'settled')`)
    .addCheckConstraint('sport_bets_kind_ck', sql`kind in ('single', 'parlay', 'series', 'champion')`)
    .addCheckConstraint('sport_bets_stake_ck', sql`stake > 0 and stake_per_bet > 0 and bet_count > 0`)
    .execute();
  await db.schema.createIndex('sport_bets_member_idx').on('sport_bets').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('sport_bets_status_idx').on('sport_bets').columns(['status', 'accept_at']).execute();

  await db.schema
    .createTable('sport_bet_legs')
    .addColumn('bet_id', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('league', 'text', (c) => c.notNull())
    .addColumn('team_h', 'text', (c) => c.notNull())
    .addColumn('team_c', 'text', (c) => c.notNull())
    .addColumn('w', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('odds', 'bigint', (c) => c.notNull())
    .addColumn('in_play', 'integer', (c) => c.notNull())
    .addColumn('score', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addPrimaryKeyConstraint('sport_bet_legs_pk', ['bet_id', 'idx'])
    .execute();
  await db.schema.createIndex('sport_bet_legs_event_idx').on('sport_bet_legs').columns(['event_id']).execute();

  await db.schema
    .createTable('sport_results')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('score_h', 'integer', (c) => c.notNull())
    .addColumn('score_c', 'integer', (c) => c.notNull())
    .addColumn('ht_h', 'integer')
    .addColumn('ht_c', 'integer')
    .addColumn('winner', 'text')
    .addColumn('cancel_code', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sport_payout_caps')
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('cap_group', 'text', (c) => c.notNull())
    .addColumn('potential', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sport_payout_caps_pk', ['member_id', 'day', 'cap_group'])
    .addCheckConstraint('sport_payout_caps_ck', sql`potential >= 0`)
    .execute();

  await db.schema
    .createTable('sportsbook_transfers')
    .addColumn('transfer_id', 'text', (c) => c.primaryKey())
    .addColumn('player', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // CRTY was a sandbox venue until the house sportsbook landed: existing deployments switch to it.
  await db
    .updateTable('venues')
    .set({ adapter: 'house_sportsbook' })
    .where('channel_code', '=', 'CRTY')
    .where('adapter', '=', 'sandbox')
    .execute();
}
