import { jackpotDrawRange } from './compile.ts';
import type { SlotDef } from './types.ts';

/** The chance that one spin at `betFen` wins the pool (0 for titles without one). */
export function jackpotChance(def: SlotDef, betFen: number): number {
  return def.jackpot ? betFen / jackpotDrawRange(def) : 0;
}

/**
 * The pool's feed from one stake, in fen: betFen × feedBasisPoints ÷ 10000, rounded down (the titles' bet levels
 * make it exact). The server adds it to the pool in the same journal as the bet.
 */
export function jackpotFeedFen(def: SlotDef, betFen: number): number {
  if (!def.jackpot) return 0;
  return Math.floor((betFen * def.jackpot.feedBasisPoints) / 10_000);
}
