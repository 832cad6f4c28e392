import type { Db } from '../db/connect.ts';
import { moneyStep } from '../ledger/idempotency.ts';
import type { VenueTable } from '../db/schema.ts';
import { transferRepository, venueRepository } from '../modules/wallet/repository.ts';
import type { WalletService } from '../modules/wallet/service.ts';
import type { VenueAdapter } from '../venues/adapter.ts';

/**
 * Finishes or reverses every venue transfer whose answer was lost: asks the venue whether it applied
 * the transfer and settles it (WalletService.settle, once per transfer even with several nodes).
 * Transfers younger than `graceMs` are left to the request that is still driving them, and so is any
 * transfer whose lease someone holds (a retry driving it, another node's reconciler): counted as busy.
 */
export async function reconcileTransfers(
  db: Db,
  wallet: WalletService,
  adapters: (v: VenueTable) => VenueAdapter,
  graceMs = 10_000,
  now = Date.now(),
) {
  const pending = await transferRepository.pendingBefore(db, now - graceMs);
  const out = { completed: 0, reversed: 0, unknown: 0, busy: 0 };
  for (const t of pending) {
    const v = await venueRepository.byCode(db, t.channel_code);
    if (!v) continue;
    // Only while nobody else drives it: the venue's answer is final only when no call of ours is in flight.
    if (!(await moneyStep(db, { statement: (d) => transferRepository.claimDrive(d, t.id, Date.now()) }))) {
      out.busy++;
      continue;
    }
    try {
      const says = await adapters(v).queryTransfer(t.channel_code, t.id);
      await wallet.settle(t.id, says, says === 'not_found' ? 'venue has no such transfer' : undefined);
      if (says === 'done') out.completed++;
      else out.reversed++;
    } catch (e) {
      out.unknown++;
      await transferRepository.noteAttempt(db, t.id, `reconcile: ${(e as Error).message}`, Date.now());
    }
  }
  return out;
}

export function startReconciler(run: () => Promise<unknown>, everyMs = 5_000, onError: (e: unknown) => void = () => undefined): () => void {
  let busy = false;
  const t = setInterval(() => {
    if (busy) return;
    busy = true;
    run()
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  t.unref();
  return () => clearInterval(t);
}
