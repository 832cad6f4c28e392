import type { Rng } from '../rng/rng.ts';
import { normalQuantile } from '../rng/stats.ts';
import { compiled } from '../slots/compile.ts';
import { spinWinCoins } from '../slots/spin.ts';
import type { SlotDef } from '../slots/types.ts';

/** Simulated return of a title over `rounds` spins of the fast path, with a normal-approximation interval. */
export interface SimulationResult {
  rounds: number;
  /** Mean return per unit bet, jackpot feed share included (the pool pays back its feed in the long run). */
  rtp: number;
  /** Sample standard deviation of one spin's return per unit bet (jackpot excluded). */
  sd: number;
  low: number;
  high: number;
  hitFrequency: number;
  features: number;
  jackpotHits: number;
  elapsedMs: number;
  roundsPerSecond: number;
}

/** z for a two-sided interval at `confidence` (0.99 → 2.5758). */
export function zFor(confidence: number): number {
  return normalQuantile(1 - (1 - confidence) / 2);
}

export function simulate(def: SlotDef, rng: Rng, rounds: number, confidence = 0.99): SimulationResult {
  const c = compiled(def);
  const counters = { jackpotHits: 0, features: 0 };
  let [sum, sumSquares, hits] = [0, 0, 0];
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const coins = spinWinCoins(c, rng, counters);
    sum += coins;
    sumSquares += coins * coins;
    if (coins > 0) hits++;
  }
  const elapsedMs = performance.now() - started;
  const bet = def.coinsPerBet;
  const mean = sum / rounds / bet;
  const sd = Math.sqrt(Math.max(0, sumSquares / rounds / (bet * bet) - mean * mean) * (rounds / Math.max(1, rounds - 1)));
  const half = (zFor(confidence) * sd) / Math.sqrt(rounds);
  const feed = (def.jackpot?.feedBasisPoints ?? 0) / 10_000;
  return {
    rounds,
    rtp: mean + feed,
    sd,
    low: mean + feed - half,
    high: mean + feed + half,
    hitFrequency: hits / rounds,
    features: counters.features,
    jackpotHits: counters.jackpotHits,
    elapsedMs,
    roundsPerSecond: rounds / (elapsedMs / 1000),
  };
}
