import { sql, type Kysely } from 'kysely';

/**
 * The settlement job lists, every few seconds, the events that accepted (unsettled) bets are on
 * (sportRepository.openEvents). Since 0019 replaced the status index by a partial index of the pending
 * bets, nothing indexed the accepted ones: the list scanned every leg of every bet ever placed. A partial
 * index of the accepted bets keeps it proportional to the open bets (settled bets leave it). Both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('sport_bets_open_idx')
    .on('sport_bets')
    .column('id')
    .where(sql.ref('status'), '=', sql.lit('accepted'))
    .execute();
}
