import type { VolatilityClass } from './types.ts';

/**
 * Volatility classes by the standard deviation of one spin's return in units of the total bet (the exact
 * figure from rtp.ts). Upper bounds, exclusive: low < 2.75 ≤ medium < 4.5 ≤ high < 8 ≤ very-high.
 */
export const VOLATILITY_BOUNDS: Readonly<Record<VolatilityClass, readonly [number, number]>> = {
  low: [0, 2.75],
  medium: [2.75, 4.5],
  high: [4.5, 8],
  'very-high': [8, Number.POSITIVE_INFINITY],
};

export function volatilityClassOf(sd: number): VolatilityClass {
  const found = (Object.keys(VOLATILITY_BOUNDS) as VolatilityClass[]).find(
    (k) => sd >= VOLATILITY_BOUNDS[k][0] && sd < VOLATILITY_BOUNDS[k][1],
  );
  return found ?? 'very-high';
}
