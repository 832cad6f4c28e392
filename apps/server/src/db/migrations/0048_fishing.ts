import type { Kysely } from 'kysely';

/**
 * Fishing (捕鱼, modules/fishing). Both engines. Room leases reuse table_leases (key `fish:<room>`).
 *  - fishing_seeds: each room's ocean seeds. A seed rules the room's ocean (which fish swim where) and every shot's
 *    kill draw from starts_at until ends_at; its hash is shown from the start, the seed itself once it has ended.
 *  - fishing_shots: every judged, staked shot, one row per (member, idempotency key) — the key's unique index is
 *    what makes a retried shot answer the same and never pay twice. `killed_fish` (JSON ids) and `freeze` let a
 *    node taking a room over rebuild its ocean (dead fish, frozen time) from what was committed.
 *  - fishing_minutes: a member's play per minute (shots, kills, stake, win): closed minutes become one casino round
 *    each (the bet record, turnover, VIP, rebates; `recorded` = 1 once done).
 *  - fishing_seats: who sits where (the lobby's seated players; a seat not seen for a while is free again).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fishing_seeds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('seed_hash', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fishing_seeds_room_idx').on('fishing_seeds').columns(['room_id', 'starts_at']).execute();

  await db.schema
    .createTable('fishing_shots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('shot_key', 'text', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('seed_id', 'text', (c) => c.notNull())
    .addColumn('fish_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('draw', 'bigint', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('win', 'bigint', (c) => c.notNull())
    .addColumn('killed', 'integer', (c) => c.notNull())
    .addColumn('killed_fish', 'text', (c) => c.notNull())
    .addColumn('freeze', 'integer', (c) => c.notNull())
    /** Server time of the judgement (the ocean's time is derived from it and the seed's freezes). */
    .addColumn('judged_at', 'bigint', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fishing_shots_key_uq').on('fishing_shots').columns(['member_id', 'shot_key']).unique().execute();
  await db.schema.createIndex('fishing_shots_seed_idx').on('fishing_shots').columns(['seed_id', 'killed']).execute();
  await db.schema.createIndex('fishing_shots_member_idx').on('fishing_shots').columns(['member_id', 'judged_at']).execute();

  await db.schema
    .createTable('fishing_minutes')
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('hall', 'text', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('shots', 'integer', (c) => c.notNull())
    .addColumn('kills', 'integer', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('win', 'bigint', (c) => c.notNull())
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('recorded', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('fishing_minutes_pk', ['member_id', 'minute'])
    .execute();
  await db.schema.createIndex('fishing_minutes_open_idx').on('fishing_minutes').columns(['recorded', 'minute']).execute();

  await db.schema
    .createTable('fishing_seats')
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('hall', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fishing_seats_pk', ['room_id', 'seat'])
    .execute();
  await db.schema.createIndex('fishing_seats_member_idx').on('fishing_seats').column('member_id').execute();
}
