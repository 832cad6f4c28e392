/**
 * Bet-slip helpers (spec §5 bet slip; spec §9 max bet slip items 10).
 * Stakes here are the slip's display numbers (yuan), as typed; the server converts to fen.
 */
import { LIMITS } from '@portal/contract';
import { RULE_MESSAGES as M, type ValidationResult } from './messages.ts';

/** Reads a number from a number or numeric string; NaN for anything else ('' included). */
function toNumber(v: number | string | null | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v.trim() === '') return Number.NaN;
  return Number(v);
}

/** Rounds half away from zero to 2 decimals, cleaning binary noise first (0.8049999… → 0.81). */
function round2(x: number): number {
  const clean = Number(x.toPrecision(15));
  const rounded = Math.round(Number(`${Math.abs(clean)}e2`)) / 100;
  return Math.sign(clean) * rounded;
}

/**
 * Win amount = amount × odds, 2 decimals (spec §5); 0 when either is not a finite number;
 * never negative.
 */
export function winAmount(amount: number | string, odds: number | string): number {
  const a = toNumber(amount);
  const o = toNumber(odds);
  if (!Number.isFinite(a) || !Number.isFinite(o)) return 0;
  const win = round2(a * o);
  return Number.isFinite(win) && win > 0 ? win : 0; // also turns -0 into 0
}

/**
 * Real bet amount (spec §5): if the stake is over the max or the balance, it becomes the floor of the
 * balance, then at most the max, and `onAdjust` runs with the new stake. Otherwise the stake is
 * returned unchanged. Never negative, never above the stake. (A stake over the max only, with the max
 * inside the balance's fraction — max 100.5, balance 100.7 — becomes 100, the floor of the balance:
 * the order the spec gives. The earlier version answered the max there, which a property test found.)
 */
export function realBetAmount(amount: number, max: number, balance: number, onAdjust?: (adjusted: number) => void): number {
  if (!(amount > max || amount > balance)) return amount;
  let adjusted = Math.min(amount, Math.floor(balance));
  if (adjusted > max) adjusted = max;
  adjusted = Math.max(0, adjusted);
  onAdjust?.(adjusted);
  return adjusted;
}

/** Adding another item to a slip of `count` items: null, or '投注项数量已达上限' at 10 (spec §5, §9). */
export function validateBetSlipAdd(count: number): ValidationResult {
  return count >= LIMITS.MAX_BET_SLIP_ITEMS ? M.BET_SLIP_FULL : null;
}
