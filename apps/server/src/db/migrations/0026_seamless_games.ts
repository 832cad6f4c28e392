import type { Kysely } from 'kysely';

/**
 * Aggregator games (modules/seamless). Both engines.
 *  - seamless_tokens.game_code: the game a launch token was issued for (the catalogue's code; null for a
 *    token issued without one, e.g. the dev demo route).
 *  - seamless_rounds.game_code: the round's game — the bet's `gameCode`, else its launch token's. A closed
 *    round is recorded under that game's category (casino_rounds, turnover).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('seamless_tokens').addColumn('game_code', 'text').execute();
  await db.schema.alterTable('seamless_rounds').addColumn('game_code', 'text').execute();
}
