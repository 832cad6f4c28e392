import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

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

const REBUILDS: Array<{ table: string; change: (create: string) => string }> = [
  { table: 'ledger_journals', change: withoutRowid },
  { table: 'venue_transfers', change: withoutRowid },
  { table: 'idempotency_keys', change: withoutRowid },
  { table: 'sandbox_venue_transfers', change: withoutRowid },
  { table: 'sandbox_venue_wallets', change: withoutRowid },
  { table: 'ledger_postings', change: (create) => create.replace(/\s+autoincrement\b/i, '') },
];

function withoutRowid(create: string): string {
  return /without\s+rowid\s*$/i.test(create) ? create : `${create} without rowid`;
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const name of DROPPED_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  if (dialect !== 'sqlite') return;
  // Outside any transaction (a no-op inside one): the copies below drop tables other tables refer to.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      for (const { table, change } of REBUILDS) await rebuild(db, table, change);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error(`0017_ledger_storage: foreign key check failed after the rebuild (${JSON.stringify(broken.rows[0])})`);
      await sql`commit`.execute(db);
    } catch (e) {
      await sql`rollback`.execute(db);
      throw e;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function rebuild(db: Kysely<any>, table: string, change: (create: string) => string): Promise<void> {
  const rows = (await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_schema where tbl_name = ${table}`.execute(db)).rows;
  const create = rows.find((r) => r.type === 'table')?.sql;
  if (!create) throw new Error(`0017_ledger_storage: table ${table} not found`);
  const next = change(create);
  if (next === create) return;
  const tmp = `${table}__rebuild`;
  // The CREATE statement as SQLite stored it, under a temporary name: same columns, checks and keys.
  const renamed = next.replace(/^create\s+table\s+("?)[A-Za-z0-9_]+\1/i, `create table "${tmp}"`);
  if (renamed === next) throw new Error(`0017_ledger_storage: cannot read the definition of ${table}`);
  await sql.raw(renamed).execute(db);
  await sql.raw(`insert into "${tmp}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${tmp}" rename to "${table}"`).execute(db);
  // Explicit indexes come back as they were (automatic ones, sql null, come with the table's keys).
  for (const r of rows) if (r.type === 'index' && r.sql) await sql.raw(r.sql).execute(db);
}
