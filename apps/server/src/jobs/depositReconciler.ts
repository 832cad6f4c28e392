import type { Db } from '../db/connect.ts';
import { depositRepository } from '../modules/deposit/repository.ts';
import type { DepositService } from '../modules/deposit/service.ts';
import type { PaymentProvider } from '../providers/payment.ts';
import type { DepositOrderTable } from '../db/schema.ts';

export interface DepositReconcileOptions {
  /** Orders younger than this are left to the provider's own notifications. */
  graceMs?: number;
  /** How far back an unpaid order is still asked about (money can arrive after the order expired). */
  lookBackMs?: number;
  /** Orders asked about per run (bounds a run; the least recently asked go first, so all get their turn). */
  batch?: number;
}

const DEFAULTS = { graceMs: 60_000, lookBackMs: 2 * 86_400_000, batch: 200 } as const;

/**
 * Finds payments whose notification never reached us (lost in a crash, or the provider stopped
 * retrying): asks each provider about unpaid orders and feeds a final answer to the same path a
 * notification takes (DepositService.notified, which credits once however often it is told). A stale
 * 'failed' for an order that is no longer pending changes nothing and is not recorded again.
 */
export async function reconcileDeposits(
  db: Db,
  deposits: DepositService,
  providers: Map<string, PaymentProvider>,
  opts: DepositReconcileOptions = {},
  now = Date.now(),
) {
  const { graceMs, lookBackMs, batch } = { ...DEFAULTS, ...opts };
  const out = { asked: 0, credited: 0, failed: 0, unknown: 0, errors: 0 };
  for (const o of await depositRepository.unsettled(db, now - lookBackMs, now - graceMs, batch)) {
    const provider = providers.get(o.provider);
    if (!provider) continue;
    out.asked++;
    try {
      const r = await reconcileOrder(db, deposits, provider, o);
      if (r !== 'asked') out[r]++;
    } catch {
      out.errors++;
    }
  }
  return out;
}

/**
 * Ask the provider about one order and feed its final answer to the notification path (credits once). Answers
 * what came of it: 'credited', 'failed' (the order ended unpaid), 'unknown' (no final answer yet) or 'asked'
 * (nothing changed: a duplicate, a stale failure, an amount mismatch left to an operator). The reconciler's run
 * and the console's manual reconcile (console/finance) both go through here.
 */
export async function reconcileOrder(
  db: Db,
  deposits: DepositService,
  provider: PaymentProvider,
  o: DepositOrderTable,
): Promise<'credited' | 'failed' | 'unknown' | 'asked'> {
  const record = await provider.queryOrder(o.order_no);
  await depositRepository.checked(db, o.order_no, Date.now());
  if (!record) return 'unknown';
  if (record.event === 'failed' && o.status !== 'pending') return 'asked';
  const outcome = await deposits.notified(o.provider, record, 'query');
  if (outcome === 'credited') return 'credited';
  return record.event === 'failed' ? 'failed' : 'asked';
}
