import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import { rebuildSqliteTables, withoutRowid, type TableRebuild } from './helpers.ts';

/**
 * Fewer pages written per bet (as 0017 did for venue transfers). A placed bet inserts into many B-trees,
 * and on SQLite each one is at least a page of the group commit:
 *  - sport_bets_status_idx (status, accept_at) took every bet, though only the in-play bets waiting for
 *    their delay are ever looked up by it (duePending): replaced on both engines by a partial index of the
 *    pending rows, which a pre-match bet (accepted at once) never enters.
 *  - SQLite only: tables keyed by their primary key were a rowid table plus the key's automatic index; WITHOUT
 *    ROWID keeps the row in the key's B-tree: sport_bets, sport_bet_legs, sport_payout_caps, ledger_holds.
 * The rebuild is SQLite's documented procedure in one transaction (helpers.ts): same rows, keys, checks and
 * the other indexes.
 */
const REBUILDS: TableRebuild[] = ['sport_bets', 'sport_bet_legs', 'sport_payout_caps', 'ledger_holds'].map((table) => ({
  table,
  change: withoutRowid,
}));

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('sport_bets_status_idx').ifExists().execute();
  await db.schema
    .createIndex('sport_bets_pending_idx')
    .on('sport_bets')
    .column('accept_at')
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  if (dialect !== 'sqlite') return;
  await rebuildSqliteTables(db, '0019_sport_storage', REBUILDS);
}
