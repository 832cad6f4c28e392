import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { GAME_CATEGORIES } from './casino.ts';

const tag = 'Game';

/** How many wins the feed answers at most, and how far back it looks (days). */
export const BIG_WINS_LIMITS = { LIST_MAX: 12, DAYS: 7 } as const;

/** One big win of a real settled round (slot) or won bet (table, lottery): the player's name masked (张**), the game, the win and its multiple. */
export const bigWinEntry = z.object({
  /** The member's name masked: its first character and ** (the length hidden). */
  player: z.string(),
  gameCode: z.string(),
  name: z.string(),
  names: z.object({ 'zh-CN': z.string(), 'zh-TW': z.string() }),
  /** What the round or bet paid (slots: base game, free spins and jackpot; a bet: stake included), yuan with 2 decimals. */
  amount: z.string(),
  /** The win ÷ the stake, rounded down. */
  multiple: z.number().int(),
  tier: z.enum(['big', 'mega', 'super']),
  /** When the round settled (epoch ms). */
  settledAt: z.number(),
});
export type BigWinEntry = z.infer<typeof bigWinEntry>;

export const bigWinsApi = {
  recentBigWins: endpoint({
    path: '/game/api/v1/recentBigWins',
    auth: 'none',
    tag,
    summary:
      "The brand's latest big wins on house games (a settled slot round or a won table or lottery bet paying at least 10× its stake, the last 7 days), newest first, players' names masked.",
    request: z.strictObject({ category: z.enum(GAME_CATEGORIES).optional() }),
    response: z.object({ list: z.array(bigWinEntry) }),
  }),
};
