import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_MILLI_ODDS,
  MIN_MILLI_ODDS,
  ODDS_FORMATS,
  convertOdds,
  formatOdds,
  fromOdds,
  oddsRatio,
  pricesWithMargin,
  profitFen,
  toDisplayOdds,
} from './odds.ts';

const price = fc.integer({ min: MIN_MILLI_ODDS, max: 50_000 });

describe('odds formats E, H, I, M', () => {
  it('converts the textbook prices exactly', () => {
    // E 1.95: H 0.95, M 0.95, I −1/0.95 = −1.0526… → −1.06 (toward the lower payout).
    expect([toDisplayOdds(1950, 'E'), toDisplayOdds(1950, 'H'), toDisplayOdds(1950, 'M'), toDisplayOdds(1950, 'I')]).toEqual([
      1.95, 0.95, 0.95, -1.06,
    ]);
    // E 2.50: H 1.50, M −1/1.5 = −0.666… → −0.67, I 1.50.
    expect([toDisplayOdds(2500, 'E'), toDisplayOdds(2500, 'H'), toDisplayOdds(2500, 'M'), toDisplayOdds(2500, 'I')]).toEqual([
      2.5, 1.5, -0.67, 1.5,
    ]);
    // E 2.00 is evens in every Asian format: H 1, M 1, I 1.
    expect(ODDS_FORMATS.map((f) => toDisplayOdds(2000, f))).toEqual([2, 1, 1, 1]);
    // E 1.833: H 0.833 → 0.83 (down), I −1/0.833 = −1.2004… → −1.21.
    expect(toDisplayOdds(1833, 'H')).toBe(0.83);
    expect(toDisplayOdds(1833, 'I')).toBe(-1.21);
    expect(formatOdds(1950, 'I')).toBe('-1.06');
    expect(formatOdds(3000, 'E')).toBe('3.00');
  });

  it('exact ratios: M and I are the negative reciprocal of H on their side of evens', () => {
    expect(oddsRatio(1800, 'M')).toEqual({ p: 800, q: 1000 });
    expect(oddsRatio(3000, 'M')).toEqual({ p: -1000, q: 2000 });
    expect(oddsRatio(1800, 'I')).toEqual({ p: -1000, q: 800 });
    expect(() => oddsRatio(1000, 'E')).toThrow(RangeError);
    expect(() => oddsRatio(1950.5, 'E')).toThrow(RangeError);
  });

  it('reads quotes in any format, never above the quote; refuses values a format does not allow', () => {
    expect(fromOdds(1.95, 'E')).toBe(1950);
    expect(fromOdds(0.95, 'H')).toBe(1950);
    expect(fromOdds(-0.5, 'M')).toBe(3000);
    expect(fromOdds(-2, 'I')).toBe(1500);
    expect(fromOdds(1.5, 'M')).toBeNull(); // Malay is within (−1, 1]
    expect(fromOdds(0.5, 'I')).toBeNull(); // Indonesian is ≥ 1 or ≤ −1
    expect(fromOdds(1, 'E')).toBeNull();
    expect(fromOdds(Number.NaN, 'H')).toBeNull();
    expect(convertOdds(0.95, 'H', 'I')).toBe(-1.06);
    expect(convertOdds(-0.5, 'M', 'E')).toBe(3);
  });

  it('property: a displayed price never pays more than the canonical price', () => {
    fc.assert(
      fc.property(price, fc.constantFrom(...ODDS_FORMATS), (milli, f) => {
        const shown = toDisplayOdds(milli, f);
        const back = fromOdds(shown, f);
        return back === null || back <= milli;
      }),
    );
  });

  it('property: the canonical price survives a round trip through every format at 3 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_MILLI_ODDS, max: 2000 }), (milli) => {
        // Below evens, H and M are exact in thousandths.
        return fromOdds(toDisplayOdds(milli, 'H', 3), 'H') === milli && fromOdds(toDisplayOdds(milli, 'M', 3), 'M') === milli;
      }),
    );
  });

  it('profit in fen is rounded down', () => {
    expect(profitFen(10_000, 1950)).toBe(9_500);
    expect(profitFen(333, 1833)).toBe(277); // 277.389
    expect(() => profitFen(-1, 1950)).toThrow(RangeError);
  });

  it('a margin makes the implied probabilities sum to more than 1', () => {
    const prices = pricesWithMargin([0.45, 0.27, 0.28], 0.05);
    const overround = prices.reduce((s, m) => s + 1000 / m, 0);
    expect(overround).toBeGreaterThan(1.049);
    expect(overround).toBeLessThan(1.06);
    expect(prices.every((m) => m >= MIN_MILLI_ODDS && m <= MAX_MILLI_ODDS)).toBe(true);
  });
});
