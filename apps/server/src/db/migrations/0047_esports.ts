import type { Kysely } from 'kysely';

/**
 * E-sports results. Both engines.
 *  - sport_results.detail: the feed's per-map detail of an e-sports series as JSON ({ maps, forfeit }: each map
 *    played to its end with its winner, kills or rounds, first blood, first objective, pistol round) — map
 *    markets settle on it, and a map not in it was not played (its bets are void). Null for every other sport.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sport_results').addColumn('detail', 'text').execute();
}
