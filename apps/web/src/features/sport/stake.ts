/**
 * The stake rules of the slip (spec §5, contract LIMITS.SPORT_STAKE_FEN): limits by kind (a parlay or
 * series uses the parlay limits), below the minimum refused, over the maximum or the sportsbook balance
 * lowered by realBetAmount (@portal/rules), the payout shown with winAmount / the series payout.
 */
import { LIMITS } from '@portal/contract';
import { parseAmount, realBetAmount, seriesPayoutFen, seriesTypes, winAmount, type SlipState } from '@portal/rules';
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

/** What the slip pays in yuan if every leg wins (0 while the stake is not a number). */
export function potentialPayout(slip: SlipState, stake: string, seriesType: string | undefined): number {
  const fen = parseAmount(stake);
  if (fen === null || fen <= 0 || slip.items.length === 0) return 0;
  if (slip.mode === 'series') {
    const type = seriesTypes(slip.items.length).find((t) => t.name === seriesType);
    return type
      ? seriesPayoutFen(
          fen,
          slip.items.map((i) => ({ result: 'W' as const, milli: i.oddInfo.r })),
          type.sizes,
        ) / 100
      : 0;
  }
  return winAmount(fen / 100, combinedMilli(slip) / 1000);
}

export type StakeCheck =
  | { ok: true }
  | { ok: false; problem: 'required' | 'min' | 'balance'; min: number; max: number }
  | { ok: false; problem: 'adjusted'; adjusted: number; min: number; max: number };

/**
 * The stake as typed against the limits and the balance (yuan): refused when missing or below the
 * minimum; over the maximum or the balance it is lowered (the caller shows the new stake and asks again).
 */
export function checkStake(stake: string, limits: { min: number; max: number }, balanceYuan: number | null, bets: number): StakeCheck {
  const min = limits.min / 100;
  const max = limits.max / 100;
  const fen = parseAmount(stake);
  if (fen === null || fen <= 0) return { ok: false, problem: 'required', min, max };
  if (fen < limits.min) return { ok: false, problem: 'min', min, max };
  const perBetBalance = balanceYuan === null ? Number.POSITIVE_INFINITY : balanceYuan / Math.max(1, bets);
  let adjusted: number | null = null;
  realBetAmount(fen / 100, max, perBetBalance, (a) => {
    adjusted = a;
  });
  if (adjusted === null) return { ok: true };
  if (adjusted < min) return { ok: false, problem: 'balance', min, max };
  return { ok: false, problem: 'adjusted', adjusted, min, max };
}
