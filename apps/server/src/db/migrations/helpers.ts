import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../connect.ts';

/** An auto-increment `id` primary key: bigserial on PostgreSQL, integer autoincrement on SQLite. */
export function withAutoId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect | string): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
