import type { UntypedDb } from './prepared.ts';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DbHandle, Dialect } from './connect.ts';
import * as m0001 from './migrations/0001_accounts.ts';
import * as m0002 from './migrations/0002_ledger.ts';
import * as m0003 from './migrations/0003_venues.ts';
import * as m0004 from './migrations/0004_deposits.ts';
import * as m0005 from './migrations/0005_withdrawals.ts';
import * as m0006 from './migrations/0006_audit.ts';
import * as m0007 from './migrations/0007_bet_turnover.ts';
import * as m0008 from './migrations/0008_messages.ts';
import * as m0009 from './migrations/0009_wallet_perf.ts';
import * as m0010 from './migrations/0010_vip.ts';
import * as m0011 from './migrations/0011_promotions.ts';
import * as m0012 from './migrations/0012_profile.ts';
import * as m0013 from './migrations/0013_sportsbook.ts';
import * as m0014 from './migrations/0014_turnover_resettle.ts';
import * as m0015 from './migrations/0015_sandbox_payments.ts';
import * as m0016 from './migrations/0016_transfer_pending_index.ts';
import * as m0017 from './migrations/0017_ledger_storage.ts';
import * as m0018 from './migrations/0018_transfer_driving.ts';
import * as m0019 from './migrations/0019_sport_storage.ts';
import * as m0020 from './migrations/0020_request_keys.ts';
import * as m0021 from './migrations/0021_sport_open_bets.ts';
import * as m0022 from './migrations/0022_outbox.ts';
import * as m0023 from './migrations/0023_casino_catalogue.ts';
import * as m0024 from './migrations/0024_seamless_wallet.ts';
import * as m0025 from './migrations/0025_casino_rounds.ts';
import * as m0026 from './migrations/0026_seamless_games.ts';
import * as m0028 from './migrations/0028_support_desk.ts';
import * as m0029 from './migrations/0029_player_protection.ts';
import * as m0030 from './migrations/0030_kyc.ts';
import * as m0034 from './migrations/0034_deposit_promo_tickets.ts';
import * as m0035 from './migrations/0035_zh_tw_forms.ts';
import * as m0036 from './migrations/0036_console.ts';
import * as m0037 from './migrations/0037_withdraw_review.ts';
import * as m0038 from './migrations/0038_console_members.ts';
import * as m0039 from './migrations/0039_reports.ts';
import * as m0041 from './migrations/0041_venue_maintenance.ts';
import * as m0042 from './migrations/0042_tables.ts';
import * as m0043 from './migrations/0043_protection_controls.ts';
import * as m0044 from './migrations/0044_table_fairness.ts';
import * as m0047 from './migrations/0047_esports.ts';
import * as m0048 from './migrations/0048_fishing.ts';
import * as m0049 from './migrations/0049_live_rooms.ts';
import * as m0050 from './migrations/0050_job_leases.ts';
// issue 34 (live rooms, gifts)
import * as m0052 from './migrations/0052_live_gift_prices.ts';
// PvP card tables (issue 31)
import * as m0054 from './migrations/0054_pvp_cards.ts';

/** One ordered list of migrations for both engines; each receives the dialect for the few type differences. */
const MIGRATIONS = {
  '0001_accounts': m0001,
  '0002_ledger': m0002,
  '0003_venues': m0003,
  '0004_deposits': m0004,
  '0005_withdrawals': m0005,
  '0006_audit': m0006,
  '0007_bet_turnover': m0007,
  '0008_messages': m0008,
  '0009_wallet_perf': m0009,
  '0010_vip': m0010,
  '0011_promotions': m0011,
  '0012_profile': m0012,
  '0013_sportsbook': m0013,
  '0014_turnover_resettle': m0014,
  '0015_sandbox_payments': m0015,
  '0016_transfer_pending_index': m0016,
  '0017_ledger_storage': m0017,
  '0018_transfer_driving': m0018,
  '0019_sport_storage': m0019,
  '0020_request_keys': m0020,
  '0021_sport_open_bets': m0021,
  '0022_outbox': m0022,
  '0023_casino_catalogue': m0023,
  '0024_seamless_wallet': m0024,
  '0025_casino_rounds': m0025,
  '0026_seamless_games': m0026,
  '0028_support_desk': m0028,
  '0029_player_protection': m0029,
  '0030_kyc': m0030,
  '0034_deposit_promo_tickets': m0034,
  '0035_zh_tw_forms': m0035,
  '0036_console': m0036,
  '0037_withdraw_review': m0037,
  '0038_console_members': m0038,
  '0039_reports': m0039,
  '0041_venue_maintenance': m0041,
  '0042_tables': m0042,
  '0043_protection_controls': m0043,
  '0044_table_fairness': m0044,
  '0047_esports': m0047,
  '0048_fishing': m0048,
  '0049_live_rooms': m0049,
  '0050_job_leases': m0050,
  '0052_live_gift_prices': m0052,
  // PvP card tables (issue 31)
  '0054_pvp_cards': m0054,
};

/** Migrates to the latest version, or up to and including `target` (tests of a migration's data copy). */
export async function migrate(handle: DbHandle, target?: keyof typeof MIGRATIONS): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, mod] of Object.entries(MIGRATIONS)) {
        out[name] = { up: (db: UntypedDb) => (mod.up as (db: UntypedDb, d: Dialect) => Promise<void>)(db, handle.dialect) };
      }
      return out;
    },
  };
  // On PostgreSQL name the connection's own schema: otherwise Kysely takes another schema's migration
  // tables (parallel test schemas, or deployments sharing one database) for ours and never creates them.
  const migrationTableSchema =
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db: handle.db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
