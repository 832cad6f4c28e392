/**
 * Recovery of PvP hands nobody is running any more (issue 31): a node that crashed mid-hand, or a settlement that
 * failed after its bounded retries, leaves a `playing` hand whose three holds would otherwise stay pending forever.
 *
 * A live desk stamps `active_at` on each of its hands at least every `PVP_HEARTBEAT_MS` (desk.ts); a `playing` hand
 * silent for longer than `PVP_STALE_MS` is held live by no node. The leased job `pvp.recover` (jobs/nodeJobs.ts: runs
 * at start-up and every 30 s, once across the cluster) voids each such hand in ONE money step:
 *   - the hand `playing` → `void` by a conditional update (0 rows: it was settled or voided meanwhile — nothing done),
 *     with `void_reason` 'abandoned' and `ended_at`;
 *   - every `seated` entry of the hand → `voided` (conditionally), and their holds given back through the wager path
 *     (`voidHolds`, which asserts each hold was still pending) in one journal keyed by the hand (pvp.void / pvp_hand);
 * so a hand is never both settled and voided: the desk's settlement and this void each move the hand out of `playing`
 * and its entries out of `seated` inside their own transaction, and whichever commits second finds nothing to do
 * and rolls back. Running the job twice changes nothing more.
 */
import type { Db, Tx } from '../../../db/connect.ts';
import type { PvpEntryTable } from '../../../db/schema.ts';
import { memberAccount } from '../../../ledger/accounts.ts';
import { moneyStep } from '../../../ledger/idempotency.ts';
import { voidHolds } from '../../../ledger/wager.ts';
import { PVP_CHANNEL } from './levels.ts';

/** How often a live desk stamps its hands. */
export const PVP_HEARTBEAT_MS = 10_000;
/** A `playing` hand silent this long has no live desk (several missed heartbeats). */
export const PVP_STALE_MS = 120_000;

export interface PvpRecoveryOptions {
  staleMs?: number;
  /** Hands voided per run (bounds a run; the next run takes the rest). */
  batch?: number;
  now?: number;
}

/**
 * Voids the hands no desk holds live, then the waiting entries no desk queues any more (a crashed node's queue);
 * answers how many of each were voided and how many could not be (retried next run).
 */
export async function recoverPvpHands(db: Db, opts: PvpRecoveryOptions = {}): Promise<{ voided: number; entries: number; errors: number }> {
  const now = opts.now ?? Date.now();
  const stale = await db
    .selectFrom('pvp_hands')
    .select('id')
    .where('status', '=', 'playing')
    .where('practice', '=', 0)
    .where('active_at', '<', now - (opts.staleMs ?? PVP_STALE_MS))
    .orderBy('active_at')
    .limit(opts.batch ?? 200)
    .execute();
  const out = { voided: 0, entries: 0, errors: 0 };
  for (const { id } of stale) {
    try {
      if (await voidHand(db, id, 'abandoned', now)) out.voided++;
    } catch {
      out.errors++;
    }
  }
  const waiting = await db
    .selectFrom('pvp_entries')
    .selectAll()
    .where('status', '=', 'waiting')
    .where('active_at', '<', now - (opts.staleMs ?? PVP_STALE_MS))
    .orderBy('active_at')
    .limit(opts.batch ?? 200)
    .execute();
  for (const e of waiting) {
    try {
      if (await voidWaiting(db, e, now)) out.entries++;
    } catch {
      out.errors++;
    }
  }
  return out;
}

/** Entries `from` → `voided` (each conditionally: false when one had moved on) and their holds back in one journal. */
async function voidEntries(
  tx: Tx,
  entries: readonly PvpEntryTable[],
  from: 'waiting' | 'seated',
  ref: { refType: string; refId: string },
  now: number,
): Promise<boolean> {
  for (const e of entries) {
    const n = await tx
      .updateTable('pvp_entries')
      .set({ status: 'voided', net: 0, rake: 0, settled_at: now })
      .where('id', '=', e.id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(n.numUpdatedRows) !== 1) return false;
  }
  await voidHolds(
    tx,
    entries.map((e) => ({
      holdId: e.hold_id,
      memberId: e.member_id,
      amountFen: Number(e.amount),
      wallet: memberAccount(e.member_id, 'venue', 'CNY', PVP_CHANNEL),
    })),
    { kind: 'pvp.void', ...ref, currency: 'CNY' },
    now,
  );
  return true;
}

/**
 * Gives a waiting entry's hold back (the member left the queue, or the node queueing it is gone) in one journal keyed
 * by the entry; false (nothing written) when it is no longer waiting — seated meanwhile, or voided already.
 */
export function voidWaiting(db: Db, e: PvpEntryTable, now: number): Promise<boolean> {
  return moneyStep(db, (tx) => voidEntries(tx, [e], 'waiting', { refType: 'pvp_entry', refId: e.id }, now));
}

/**
 * Voids one `playing` hand: every seated hold given back in one journal, the entries and the hand marked. False (and
 * nothing written) when the hand is no longer `playing`. The desk's own void (three void deals) goes through here too.
 */
export async function voidHand(db: Db, handId: string, reason: string, now: number): Promise<boolean> {
  return moneyStep(db, async (tx) => {
    const marked = await tx
      .updateTable('pvp_hands')
      .set({ status: 'void', void_reason: reason, ended_at: now })
      .where('id', '=', handId)
      .where('status', '=', 'playing')
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    const entries = await tx.selectFrom('pvp_entries').selectAll().where('hand_id', '=', handId).where('status', '=', 'seated').execute();
    if (!(await voidEntries(tx, entries, 'seated', { refType: 'pvp_hand', refId: handId }, now)))
      throw new Error(`pvp hand ${handId}: an entry is no longer seated`);
    return true;
  });
}
