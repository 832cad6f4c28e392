/**
 * Match clocks (spec §9 "Basketball clock from t_count seconds as mm:ss. Baseball overtime at
 * inning 9 or more").
 */
import { LIMITS } from '@portal/contract';

/** t_count seconds → 'mm:ss' (minutes grow past 99 if ever needed). Missing or negative → '00:00'. */
export function basketballClock(tCountSeconds: number | string): string {
  const n = Math.floor(Number(tCountSeconds));
  const total = Number.isFinite(n) && n > 0 ? n : 0;
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** Baseball extra innings: inning 9 or later (spec §9). Non-numeric → false. */
export function isBaseballOvertime(inningNum: number | string): boolean {
  const n = Number(inningNum);
  return Number.isFinite(n) && n >= LIMITS.BASEBALL_OVERTIME_INNING;
}
