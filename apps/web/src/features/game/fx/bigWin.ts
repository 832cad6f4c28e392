/** The celebration's pace by big-win tier (the tiers themselves: @portal/games bigWin.ts). */
import type { BigWinTier } from '@portal/games';

export { BIG_WIN_TIERS, bigWinTier, type BigWinTier } from '@portal/games';

/** How long the amount counts up in a celebration of the tier (ms); reduced motion shows it at once. */
export const COUNT_UP_MS: Record<BigWinTier, number> = { big: 1200, mega: 1800, super: 2600 };
/** Coins in the shower of the tier (none with reduced motion). */
export const COINS: Record<BigWinTier, number> = { big: 14, mega: 24, super: 36 };

/** The shown amount at `elapsedMs` of a count-up to `targetFen` (ease-out, whole fen, never above the target). */
export function countUpFen(targetFen: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return targetFen;
  const t = Math.max(0, elapsedMs) / durationMs;
  return Math.min(targetFen, Math.floor(targetFen * (1 - (1 - t) ** 3)));
}
