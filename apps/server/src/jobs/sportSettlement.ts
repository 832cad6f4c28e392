/**
 * The sportsbook's background work: confirm in-play bets whose delay is over (every `confirmMs`) and
 * settle bets whose events have results (every `settleMs`). Each step is idempotent, so overlapping
 * runs on several nodes move money once.
 */
import type { Settlement } from '../modules/sport/settlement.ts';

export function startSportJobs(s: Settlement, onError: (e: unknown) => void, confirmMs = 500, settleMs = 5_000): () => void {
  let busyConfirm = false;
  let busySettle = false;
  const confirm = setInterval(() => {
    if (busyConfirm) return;
    busyConfirm = true;
    s.confirmDue()
      .catch(onError)
      .finally(() => {
        busyConfirm = false;
      });
  }, confirmMs);
  const settle = setInterval(() => {
    if (busySettle) return;
    busySettle = true;
    s.settleDue()
      .catch(onError)
      .finally(() => {
        busySettle = false;
      });
  }, settleMs);
  confirm.unref();
  settle.unref();
  return () => {
    clearInterval(confirm);
    clearInterval(settle);
  };
}
