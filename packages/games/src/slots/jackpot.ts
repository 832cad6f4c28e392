import type { SlotDef } from './types.ts';

/**
 * The pool's feed from one stake, in fen: betFen × feedBasisPoints ÷ 10000, rounded down (the titles' bet levels
 * make it exact). The server adds it to the pool in the same journal as the bet.
 */
export function jackpotFeedFen(def: SlotDef, betFen: number): number {
  if (!def.jackpot) return 0;
  return Math.floor((betFen * def.jackpot.feedBasisPoints) / 10_000);
}
