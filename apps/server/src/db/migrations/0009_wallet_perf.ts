import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

/**
 * Venue transfers: "at most one pending transfer per member and venue" enforced by the database (a
 * unique partial index: a second concurrent insert fails or waits for the first on both engines), and
 * the reconciler's index narrowed to the pending rows (a transfer leaves it when it settles, so it
 * stays small and each status change touches one index less).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const dup = await sql<{ n: number }>`select count(*) as n from (
    select member_id, channel_code from venue_transfers where status = 'pending' group by member_id, channel_code having count(*) > 1) d`.execute(
    db,
  );
  if (Number(dup.rows[0]?.n ?? 0) > 0) {
    throw new Error(
      '0009_wallet_perf: some members have several pending transfers on one venue; let the reconciler settle them, then migrate again',
    );
  }
  await sql`create unique index venue_transfers_one_pending_uq on venue_transfers (member_id, channel_code) where status = 'pending'`.execute(
    db,
  );
  await db.schema.dropIndex('venue_transfers_pending_idx').execute();
  await sql`create index venue_transfers_pending_idx on venue_transfers (updated_at) where status = 'pending'`.execute(db);
}
