/**
 * Bet-slip helpers (spec §5 bet slip; spec §9 max bet slip items 10).
 * Money here is integer fen and odds integer milli, like the server's: no float touches a stake.
 */
import { LIMITS } from '@portal/contract';
import { RULE_MESSAGES as M, type ValidationResult } from './messages.ts';

const FEN_PER_YUAN = 100;
const MILLI = 1000;

/**
 * Win amount = amount × odds, to the fen (spec §5 "2 decimals"), rounded half up, in integers: the
 * stake in fen, the odds in milli (1.95 → 1950). 0 when either is not a non-negative safe integer.
 */
export function winAmountFen(stakeFen: number, oddsMilli: number): number {
  const valid = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!valid(stakeFen) || !valid(oddsMilli)) return 0;
  // round(p / MILLI) half up = floor((2p + MILLI) / (2 · MILLI)); BigInt keeps the product exact.
  const p = BigInt(stakeFen) * BigInt(oddsMilli);
  return Number((2n * p + BigInt(MILLI)) / BigInt(2 * MILLI));
}

/**
 * Real bet amount (spec §5), in fen: if the stake is over the max or the balance, it becomes the floor
 * of the balance to the whole yuan, then at most the max, and `onAdjust` runs with the new stake.
 * Otherwise the stake is returned unchanged. Never negative, never above the stake. (A stake over the
 * max only, with the max inside the balance's fraction — max 100.50, balance 100.70 — becomes 100.00,
 * the floor of the balance: the order the spec gives.)
 */
export function realBetAmountFen(amountFen: number, maxFen: number, balanceFen: number, onAdjust?: (adjustedFen: number) => void): number {
  if (!(amountFen > maxFen || amountFen > balanceFen)) return amountFen;
  let adjusted = Math.min(amountFen, Math.floor(balanceFen / FEN_PER_YUAN) * FEN_PER_YUAN);
  if (adjusted > maxFen) adjusted = maxFen;
  adjusted = Math.max(0, adjusted);
  onAdjust?.(adjusted);
  return adjusted;
}

/** Adding another item to a slip of `count` items: null, or '投注项数量已达上限' at 10 (spec §5, §9). */
export function validateBetSlipAdd(count: number): ValidationResult {
  return count >= LIMITS.MAX_BET_SLIP_ITEMS ? M.BET_SLIP_FULL : null;
}
