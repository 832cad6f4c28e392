/** Deterministic randomness for the simulator: the same seed and event id always play the same match. */
import { createHash } from 'node:crypto';

export type Rng = () => number;

/** mulberry32 seeded from sha256(seed | key): uniform in [0, 1). */
export function rngFor(seed: string, key: string): Rng {
  let a = createHash('sha256').update(`${seed}|${key}`).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Poisson(λ) draw (Knuth; fine for the small λ of goals and baskets). */
export function poissonDraw(rng: Rng, lambda: number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng();
  while (p > limit) {
    k++;
    p *= rng();
  }
  return k;
}

export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** Standard normal CDF (Abramowitz–Stegun 7.1.26, |error| < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** A line as text with its sign: −0.25 → '-0.25', 0.5 → '+0.5', 0 → '0'. */
export const signedLine = (line: number) => (line > 0 ? `+${line}` : `${line}`);
