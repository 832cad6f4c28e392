import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import { rebuildSqliteTables, withoutRowid, type TableRebuild } from './helpers.ts';

/**
 * Fewer pages written per money step. On SQLite a commit writes every page its transaction changed to
 * the WAL (measured by bench:wallet before this: ~36 pages per group commit, ~14 per venue transfer,
 * about 7 µs each, the largest single cost of a transfer). Each B-tree an insert touches is a page:
 *  - two indexes nothing reads: ledger_journals_member_idx (a member's records are read through the
 *    postings of the member's accounts, ledger_postings_account_idx) and venue_transfers_member_idx (the
 *    one-pending rule and the reconciler read the pending rows through venue_transfers_one_pending_uq).
 *    Both keyed by member, so each insert dirtied a page of its own. Dropped on both engines.
 *  - SQLite only: tables keyed by a text primary key were a rowid table plus a separate index for the
 *    key (two B-trees, two pages per insert); WITHOUT ROWID stores the row in the key's B-tree:
 *    ledger_journals, venue_transfers, idempotency_keys and the sandbox venue's books. Postings keep
 *    their integer id, without AUTOINCREMENT (which updates sqlite_sequence on every insert): postings are
 *    never deleted, so the next id is still always above every id used.
 * The SQLite rebuild follows SQLite's documented table-rebuild procedure (foreign keys off, copy, drop,
 * rename, same indexes, foreign_key_check) in one transaction: rows, constraints and the remaining
 * indexes are the same before and after.
 */
const DROPPED_INDEXES = ['ledger_journals_member_idx', 'venue_transfers_member_idx'];

const REBUILDS: TableRebuild[] = [
  { table: 'ledger_journals', change: withoutRowid },
  { table: 'venue_transfers', change: withoutRowid },
  { table: 'idempotency_keys', change: withoutRowid },
  { table: 'sandbox_venue_transfers', change: withoutRowid },
  { table: 'sandbox_venue_wallets', change: withoutRowid },
  { table: 'ledger_postings', change: (create) => create.replace(/\s+autoincrement\b/i, '') },
];

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const name of DROPPED_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  if (dialect !== 'sqlite') return;
  await rebuildSqliteTables(db, '0017_ledger_storage', REBUILDS);
}
