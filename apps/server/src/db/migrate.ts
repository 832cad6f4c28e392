import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Kysely } from 'kysely';
import type { DbHandle, Dialect } from './connect.ts';
import * as m0001 from './migrations/0001_accounts.ts';
import * as m0002 from './migrations/0002_ledger.ts';
import * as m0003 from './migrations/0003_venues.ts';
import * as m0004 from './migrations/0004_deposits.ts';
import * as m0005 from './migrations/0005_withdrawals.ts';

/** One ordered list of migrations for both engines; each receives the dialect for the few type differences. */
const MIGRATIONS = { '0001_accounts': m0001, '0002_ledger': m0002, '0003_venues': m0003, '0004_deposits': m0004, '0005_withdrawals': m0005 };

export async function migrate(handle: DbHandle): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, mod] of Object.entries(MIGRATIONS)) {
        out[name] = { up: (db: Kysely<any>) => (mod.up as (db: Kysely<any>, d: Dialect) => Promise<void>)(db, handle.dialect) };
      }
      return out;
    },
  };
  // On PostgreSQL name the connection's own schema: otherwise Kysely takes another schema's migration
  // tables (parallel test schemas, or deployments sharing one database) for ours and never creates them.
  const migrationTableSchema = handle.dialect === 'postgres'
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db: handle.db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
