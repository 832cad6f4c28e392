/**
 * Big-win tiers by the win's multiple of the stake (win ÷ stake), the titles a celebration wears:
 * 大奖 from 10×, 巨奖 from 25×, 超级巨奖 from 50×. Below 10× a win is shown, not celebrated as big.
 * Integer fen only: the comparison is win ≥ stake × times, no division, so no rounding decides a tier.
 */
export type BigWinTier = 'big' | 'mega' | 'super';

/** Lowest multiple of the stake for each tier, highest first. */
export const BIG_WIN_TIERS: ReadonlyArray<{ tier: BigWinTier; times: number }> = [
  { tier: 'super', times: 50 },
  { tier: 'mega', times: 25 },
  { tier: 'big', times: 10 },
];

/** The tier of a win, or null (no stake, no win, or under 10× the stake). */
export function bigWinTier(winFen: number, stakeFen: number): BigWinTier | null {
  if (!(stakeFen > 0) || !(winFen > 0)) return null;
  return BIG_WIN_TIERS.find((t) => winFen >= stakeFen * t.times)?.tier ?? null;
}

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
