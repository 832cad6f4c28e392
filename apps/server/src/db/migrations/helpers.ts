import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

/** An auto-increment `id` primary key: bigserial on PostgreSQL, integer autoincrement on SQLite. */
export function withAutoId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect | string): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A SQLite table to rebuild: `change` turns its stored CREATE TABLE statement into the new one. */
export interface TableRebuild {
  table: string;
  change: (create: string) => string;
}

/** A CREATE TABLE statement made WITHOUT ROWID (the row stored in its primary key's B-tree). */
export function withoutRowid(create: string): string {
  return /without\s+rowid\s*$/i.test(create) ? create : `${create} without rowid`;
}

/**
 * SQLite's documented table-rebuild procedure (foreign keys off, create the new table, copy, drop, rename,
 * the same explicit indexes again, foreign_key_check) for several tables in one transaction: rows,
 * constraints and indexes are the same before and after. `migration` names the caller in errors.
 */
export async function rebuildSqliteTables(db: Kysely<any>, migration: string, rebuilds: TableRebuild[]): Promise<void> {
  // Outside any transaction (a no-op inside one): the copies drop tables other tables refer to.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      for (const { table, change } of rebuilds) await rebuild(db, migration, table, change);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length)
        throw new Error(`${migration}: foreign key check failed after the rebuild (${JSON.stringify(broken.rows[0])})`);
      await sql`commit`.execute(db);
    } catch (e) {
      await sql`rollback`.execute(db);
      throw e;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function rebuild(db: Kysely<any>, migration: string, table: string, change: (create: string) => string): Promise<void> {
  const rows = (
    await sql<{
      type: string;
      name: string;
      sql: string | null;
    }>`select type, name, sql from sqlite_schema where tbl_name = ${table}`.execute(db)
  ).rows;
  const create = rows.find((r) => r.type === 'table')?.sql;
  if (!create) throw new Error(`${migration}: table ${table} not found`);
  const next = change(create);
  if (next === create) return;
  const tmp = `${table}__rebuild`;
  // The CREATE statement as SQLite stored it, under a temporary name: same columns, checks and keys.
  const renamed = next.replace(/^create\s+table\s+("?)[A-Za-z0-9_]+\1/i, `create table "${tmp}"`);
  if (renamed === next) throw new Error(`${migration}: cannot read the definition of ${table}`);
  await sql.raw(renamed).execute(db);
  await sql.raw(`insert into "${tmp}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${tmp}" rename to "${table}"`).execute(db);
  // Explicit indexes come back as they were (automatic ones, sql null, come with the table's keys).
  for (const r of rows) if (r.type === 'index' && r.sql) await sql.raw(r.sql).execute(db);
}
