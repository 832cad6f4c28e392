import type { Db } from '../db/connect.ts';
import { dueRaces, settlePromotion } from '../modules/promotions/admin.ts';
import type { EffectDispatcher } from '../ledger/outbox.ts';
import { startReconciler } from './reconciler.ts';

/** Late bet reports get this long after a race's end before its prizes are paid. */
export const RACE_GRACE_MS = 2 * 3_600_000;

/**
 * The promotion and effects job: the outbox's effects that did not run right after their money step's commit
 * (a crash, an error: a credited deposit's promotions, VIP check and funds letter, a withdrawal's letter;
 * ledger/outbox.ts) are run, and races over for RACE_GRACE_MS are settled. Both are once-only, so several
 * nodes may run it.
 */
export async function promotionJob(db: Db, effects: EffectDispatcher, now = Date.now()): Promise<{ effects: number; races: string[] }> {
  const ran = await effects.dispatchPending();
  const races: string[] = [];
  for (const p of await dueRaces(db, now, RACE_GRACE_MS)) {
    await settlePromotion(db, p.id, now).then(
      () => races.push(p.id),
      () => undefined,
    );
  }
  return { effects: ran, races };
}

export const startPromotionJob = (
  run: () => Promise<unknown>,
  everyMs = 60_000,
  onError: (e: unknown) => void = () => undefined,
): (() => void) => startReconciler(run, everyMs, onError);
