/**
 * Readable numbers of the records a player sees: feedback F20261126-0042, support
 * conversations S20261126-0007 — a kind letter, the business day (UTC+8) and that day's sequence of the brand,
 * at least four digits. The sequence is one atomic upsert of ticket_counters (both engines), in the caller's
 * transaction when it has one; the record's column is unique per brand (migration 0034).
 */
import { businessDay } from '@portal/rules';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.ts';

export type TicketKind = 'F' | 'S';

/** The number of a record of `kind` created at `now` for the brand `siteCode`. */
export async function nextTicketNo(db: DbOrTx, siteCode: number, kind: TicketKind, now: number): Promise<string> {
  const day = businessDay(now).replace(/-/g, '');
  const row = await db
    .insertInto('ticket_counters')
    .values({ site_code: siteCode, kind, day, last: 1 })
    .onConflict((oc) => oc.columns(['site_code', 'kind', 'day']).doUpdateSet({ last: sql<number>`ticket_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return formatTicketNo(kind, day, Number(row.last));
}

export function formatTicketNo(kind: TicketKind, day: string, seq: number): string {
  return `${kind}${day}-${String(seq).padStart(4, '0')}`;
}
