import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

/**
 * Venue transfers: one partial index over the pending rows instead of two. Every transfer is inserted
 * pending and settled moments later, so each partial index costs an insert and a delete per transfer
 * (and on SQLite a page in most commits). The unique one (venue_transfers_one_pending_uq, 0009) must
 * stay: it is the "one pending transfer per member and venue" rule. The reconciler's own index on
 * (updated_at) where pending goes: its query (status = 'pending' and updated_at <= ?, oldest first)
 * scans the unique partial index instead — only the pending rows, sorted in memory, a handful normally
 * and still bounded by the pending rows during a venue outage. Works on existing databases (a drop).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('venue_transfers_pending_idx').ifExists().execute();
}
