import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';

/**
 * venue_transfers.driving_until: one actor at a time per pending transfer. The request that creates a
 * transfer drives it (calls the venue); a client's retry, a second node or the reconciler could drive or
 * judge the same transfer at the same moment, and a "the venue has no such transfer" answer read while
 * another actor's call was still landing reversed money the venue kept (seen once in the PostgreSQL crash
 * test: a member's venue mirror 44.38 yuan below the venue's books). Whoever acts on a pending transfer
 * now holds this lease (set at insert for the creator, claimed by a conditional update by the others,
 * cleared when an attempt ends without a final answer; it expires by itself if its holder dies).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('venue_transfers').addColumn('driving_until', 'bigint').execute();
}
