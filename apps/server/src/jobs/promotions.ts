import type { Db } from '../db/connect.ts';
import { dueRaces, settlePromotion } from '../modules/promotions/admin.ts';
import type { PromotionService } from '../modules/promotions/service.ts';
import { startReconciler } from './reconciler.ts';

/** Late bet reports get this long after a race's end before its prizes are paid. */
export const RACE_GRACE_MS = 2 * 3_600_000;

/**
 * The promotion job: credited deposits whose promotion step did not run right after the credit (a crash,
 * an error) are processed, and races over for RACE_GRACE_MS are settled. Both are once-only, so several
 * nodes may run it.
 */
export async function promotionJob(db: Db, promotions: PromotionService, now = Date.now()): Promise<{ deposits: number; races: string[] }> {
  const deposits = await promotions.processPendingDeposits();
  const races: string[] = [];
  for (const p of await dueRaces(db, now, RACE_GRACE_MS)) {
    await settlePromotion(db, p.id, now).then(
      () => races.push(p.id),
      () => undefined,
    );
  }
  return { deposits, races };
}

export const startPromotionJob = (
  run: () => Promise<unknown>,
  everyMs = 60_000,
  onError: (e: unknown) => void = () => undefined,
): (() => void) => startReconciler(run, everyMs, onError);
