/**
 * Big-win tiers by the win's multiple of the stake (win ÷ stake), the titles a celebration wears:
 * 大奖 from 10×, 巨奖 from 25×, 超级巨奖 from 50×. Below 10× a win is shown, not celebrated as big. Shared by the
 * slot page's celebration and the lobby's recent big-wins feed (the server picks and tiers the rounds with it).
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
