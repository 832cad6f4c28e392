/**
 * The stake rules of the slip (spec §5, contract LIMITS.SPORT_STAKE_FEN): limits by kind (a parlay or
 * series uses the parlay limits), below the minimum refused, over the maximum or the sportsbook balance
 * lowered by realBetAmountFen (@portal/rules), the payout shown with winAmountFen / the series payout.
 * Every amount here is integer fen; the typed stake becomes fen through parseAmount only.
 */
import { LIMITS } from '@portal/contract';
import { parseAmount, realBetAmountFen, seriesPayoutFen, seriesTypes, winAmountFen, type SlipState } from '@portal/rules';
import type { ItemLabel } from './store.ts';

export function stakeLimits(slip: SlipState, labels: Record<string, ItemLabel>): { min: number; max: number } {
  const one = slip.items[0];
  const kind =
    slip.items.length > 1
      ? 'parlay'
      : one?.championRate
        ? 'champion'
        : (one && labels[`${one.oddInfo.gameId}:${one.playInfo.w}`]?.kind) || 'main';
  return LIMITS.SPORT_STAKE_FEN[kind];
}

/** Bets a slip places: the series type's count, else one. */
export function betCount(slip: SlipState, seriesType: string | undefined): number {
  if (slip.mode !== 'series') return 1;
  return seriesTypes(slip.items.length).find((t) => t.name === seriesType)?.bets ?? 0;
}

/** The combined European price of a parlay, as the server computes it (floored at every leg). */
export function combinedMilli(slip: SlipState): number {
  return slip.items.reduce((o, i) => Math.floor((o * i.oddInfo.r) / 1000), 1000);
}

/** What the slip pays in fen if every leg wins (0 while the stake is not an amount). */
export function potentialPayoutFen(slip: SlipState, stake: string, seriesType: string | undefined): number {
  const fen = parseAmount(stake);
  if (fen === null || fen <= 0 || slip.items.length === 0) return 0;
  if (slip.mode === 'series') {
    const type = seriesTypes(slip.items.length).find((t) => t.name === seriesType);
    return type
      ? seriesPayoutFen(
          fen,
          slip.items.map((i) => ({ result: 'W' as const, milli: i.oddInfo.r })),
          type.sizes,
        )
      : 0;
  }
  return winAmountFen(fen, combinedMilli(slip));
}

/** The whole stake of the slip in fen: the typed stake per bet times the bets (0 while not an amount). */
export function totalStakeFen(stake: string, bets: number): number {
  return Math.max(0, parseAmount(stake) ?? 0) * bets;
}

/** Limits, the stake and the adjusted stake are integer fen. */
export type StakeCheck =
  | { ok: true }
  | { ok: false; problem: 'required' | 'min' | 'balance'; min: number; max: number }
  | { ok: false; problem: 'adjusted'; adjusted: number; min: number; max: number };

/**
 * The stake as typed against the limits and the balance (fen): refused when missing or below the
 * minimum; over the maximum or the balance it is lowered (the caller shows the new stake and asks again).
 */
export function checkStake(stake: string, limits: { min: number; max: number }, balanceFen: number | null, bets: number): StakeCheck {
  const { min, max } = limits;
  const fen = parseAmount(stake);
  if (fen === null || fen <= 0) return { ok: false, problem: 'required', min, max };
  if (fen < min) return { ok: false, problem: 'min', min, max };
  const perBetBalanceFen = balanceFen === null ? Number.MAX_SAFE_INTEGER : Math.floor(balanceFen / Math.max(1, bets));
  let adjusted: number | null = null;
  realBetAmountFen(fen, max, perBetBalanceFen, (a) => {
    adjusted = a;
  });
  if (adjusted === null) return { ok: true };
  if (adjusted < min) return { ok: false, problem: 'balance', min, max };
  return { ok: false, problem: 'adjusted', adjusted, min, max };
}
