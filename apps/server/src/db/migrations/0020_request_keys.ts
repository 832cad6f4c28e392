import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import { rebuildSqliteTables, withoutRowid } from './helpers.ts';

/**
 * Fewer pages written per money step (bench:sport counted a bet's WAL pages by B-tree: ~15, most of them
 * on pages picked by the member, where SQLite splits a full leaf every few inserts):
 *  - ledger_journals.request_key: the idempotency key of the request whose claim (ledger/idempotency.ts)
 *    a journal belongs to. Such a key is unique by its claim, in the same transaction, so it needs no unique
 *    index of its own; until now it went into idem_key and its unique index — a second random page per
 *    bet, transfer or withdrawal for a uniqueness the claim already enforced. idem_key (and its unique
 *    index) stays for the keys that have no claim: deposit credits, settlements, rewards, rebates.
 *    ledger:verify still checks that a request key has at most one journal (a scan; it is an audit).
 *  - SQLite only: ledger_accounts WITHOUT ROWID. Its rows were in a rowid table (and its text key in a
 *    separate index), so a member's accounts (central, locked, each venue) were wherever their rowid put
 *    them: a stake touched two random pages. Keyed by id ("member:<id>:…"), a member's accounts share a page.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('ledger_journals').addColumn('request_key', 'text').execute();
  if (dialect !== 'sqlite') return;
  await rebuildSqliteTables(db, '0020_request_keys', [{ table: 'ledger_accounts', change: withoutRowid }]);
}
