/**
 * The rules of player protection, pure (no I/O): windows, the cooling-off of a raised or removed limit,
 * exclusion lengths. modules/compliance/service.ts applies them; eligibility.ts enforces them.
 */
import { PROTECTION_RULES } from '@portal/contract';
import type { LimitRow } from './repository.ts';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type LimitPeriod = 'day' | 'week' | 'month';
/** A limit's window: the 24 hours, 7 days or 30 days that end now. */
export const PERIOD_MS: Record<LimitPeriod, number> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };

export type LimitChange =
  | { action: 'limit_set' | 'limit_decreased'; row: LimitRow }
  | { action: 'limit_increase_requested' | 'limit_removal_requested'; row: LimitRow }
  | { action: 'limit_unchanged'; row: LimitRow | null }
  | { action: 'none'; row: null };

/**
 * A player asks for limit `next` (null: no limit). A first or a lower limit applies at once (a pending raise is
 * dropped); a higher limit or a removal waits for the cooling-off, then for the player's confirmation.
 */
export function changeLimit(
  current: LimitRow | undefined,
  key: Pick<LimitRow, 'member_id' | 'kind' | 'period'>,
  next: number | null,
  now: number,
): LimitChange {
  const inForce = current?.amount ?? null;
  const base: LimitRow = { ...key, amount: inForce, pending_amount: null, pending_remove: 0, pending_at: null, updated_at: now };
  if (inForce === null) {
    if (next === null) return { action: 'none', row: null };
    return { action: 'limit_set', row: { ...base, amount: next } };
  }
  if (next !== null && next < inForce) return { action: 'limit_decreased', row: { ...base, amount: next } };
  if (next === inForce) return { action: 'limit_unchanged', row: base };
  return {
    action: next === null ? 'limit_removal_requested' : 'limit_increase_requested',
    row: { ...base, pending_amount: next, pending_remove: next === null ? 1 : 0, pending_at: now + PROTECTION_RULES.COOLING_OFF_MS },
  };
}

/** The limit after the player confirms a pending change (null: removed); undefined while the cooling-off runs. */
export function confirmedAmount(row: LimitRow, now: number): number | null | undefined {
  if (row.pending_at === null || row.pending_at > now) return undefined;
  return row.pending_remove ? null : row.pending_amount;
}

export type ExclusionPeriod = '24h' | '7d' | '30d' | '6w' | '6m' | '1y' | '2y' | '5y' | 'permanent';
export const TIMEOUT_LENGTHS: readonly ExclusionPeriod[] = ['24h', '7d', '30d', '6w'];
export const EXCLUSION_LENGTHS: readonly ExclusionPeriod[] = ['6m', '1y', '2y', '5y', 'permanent'];

/** When an exclusion taken at `now` ends (null: permanent). Months and years are calendar months and years (UTC). */
export function exclusionEnd(period: ExclusionPeriod, now: number): number | null {
  const fixed: Partial<Record<ExclusionPeriod, number>> = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS, '6w': 42 * DAY_MS };
  if (period === 'permanent') return null;
  const ms = fixed[period];
  if (ms !== undefined) return now + ms;
  const d = new Date(now);
  const months = { '6m': 6, '1y': 12, '2y': 24, '5y': 60 }[period as '6m'];
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** Settled play per hour → stakes and net loss in a window that ends now. */
export function windowSums(hours: readonly { hour: number; stake: number; payout: number }[], fromHour: number) {
  let stake = 0;
  let payout = 0;
  for (const h of hours) {
    if (h.hour < fromHour) continue;
    stake += h.stake;
    payout += h.payout;
  }
  return { stake, loss: Math.max(0, stake - payout) };
}
