import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

/**
 * Player-versus-player card tables (issue 31, modules/cards/pvp). Both engines.
 *  - pvp_entries: a member's place at a stake level — the hold of their largest loss (the wager path's hold id),
 *    waiting → seated (hand_id) → settled (net: won + / lost −, after rake) or voided (left the queue, a void hand).
 *    The address and device at joining feed the collusion signals. active_at: the live desk's heartbeat of a
 *    waiting entry (its queue is in that node's memory) — one silent past the recovery timeout is voided.
 *  - pvp_hands: one hand of three seats: its deal's commitment (deck_hash) before the deal, the seed revealed at the
 *    end, the result and the rake; practice hands (against computer players, for points) too — never money.
 *    active_at: the live desk's heartbeat — a `playing` hand silent past the recovery timeout was lost with its node
 *    (or its settlement failed for good) and is voided by the recovery job (pvp/recovery.ts), void_reason says why.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('pvp_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('hold_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hand_id', 'text')
    .addColumn('seat', 'integer')
    .addColumn('net', 'bigint')
    .addColumn('rake', 'bigint')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('device', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addColumn('active_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pvp_entries_member_idx').on('pvp_entries').columns(['member_id', 'status']).execute();
  await db.schema.createIndex('pvp_entries_hand_idx').on('pvp_entries').columns(['hand_id']).execute();
  await db.schema.createIndex('pvp_entries_status_idx').on('pvp_entries').columns(['status']).execute();

  await db.schema
    .createTable('pvp_hands')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_code', 'integer', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('practice', 'integer', (c) => c.notNull())
    .addColumn('seats', 'text', (c) => c.notNull())
    .addColumn('deck_hash', 'text', (c) => c.notNull())
    .addColumn('seed', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('rake', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('active_at', 'bigint', (c) => c.notNull())
    .addColumn('void_reason', 'text')
    .execute();
  await db.schema.createIndex('pvp_hands_status_idx').on('pvp_hands').columns(['status', 'active_at']).execute();
}
