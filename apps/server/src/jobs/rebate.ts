import type { Db } from '../db/connect.ts';
import { payRebates, type RebateRunResult } from '../modules/vip/rebate.ts';
import type { VipService } from '../modules/vip/service.ts';
import { startReconciler } from './reconciler.ts';
import { businessDay } from '@portal/rules';

const HOUR_MS = 3_600_000;
/**
 * A business day is paid once it has been over for this long: venues report a day's last settled
 * bets a little late. Bets reported for a day after it was paid are not rebated (see the operator guide).
 */
export const REBATE_GRACE_MS = 2 * HOUR_MS;
/** Days looked back on each run, so a node that was down catches up (each day is paid once anyway). */
export const REBATE_CATCH_UP_DAYS = 3;

/** The business days due for payment at `now`, oldest first. */
export function dueDays(now: number): string[] {
  const latest = businessDay(now - REBATE_GRACE_MS - 24 * HOUR_MS);
  return Array.from({ length: REBATE_CATCH_UP_DAYS }, (_, i) =>
    businessDay(Date.parse(`${latest}T12:00:00+08:00`) - i * 24 * HOUR_MS),
  ).reverse();
}

/** The daily rebate job: pays every due day (idempotent per member and day, so several nodes may run it). */
export async function rebateJob(db: Db, vip: VipService, now = Date.now()): Promise<RebateRunResult[]> {
  const out: RebateRunResult[] = [];
  for (const day of dueDays(now)) out.push(await payRebates(db, vip, day, { now }));
  return out;
}

/** Scheduled like the reconciler: every `everyMs`, skipping a tick while the previous run is busy. */
export const startRebateJob = (
  run: () => Promise<unknown>,
  everyMs = 15 * 60_000,
  onError: (e: unknown) => void = () => undefined,
): (() => void) => startReconciler(run, everyMs, onError);
