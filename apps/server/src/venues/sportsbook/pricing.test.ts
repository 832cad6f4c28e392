import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asianHandicapResult, payoutFen } from '@portal/rules';
import { poisson, priceBySettlement, priceFirstHalf, priceFootball, scoreGrid, type MatchState } from './pricing.ts';

const PRE: MatchState = { lambdaHome: 1.6, lambdaAway: 1.1, scoreHome: 0, scoreAway: 0, minute: 0 };
const implied = (prices: Array<number | null>) => prices.reduce<number>((s, m) => s + (m ? 1000 / m : 0), 0);

describe('football pricing (Poisson goals)', () => {
  it('the score distribution sums to 1', () => {
    const total = scoreGrid(PRE)
      .flat()
      .reduce((s, p) => s + p, 0);
    expect(total).toBeCloseTo(1, 9);
    expect(poisson(0)).toEqual([1, ...Array(15).fill(0)]);
  });

  it('1X2 carries the margin and favours the stronger side', () => {
    const p = priceFootball(PRE, 0.05);
    expect(implied(p.h2h)).toBeGreaterThan(1.049);
    expect(implied(p.h2h)).toBeLessThan(1.06);
    expect(p.h2h[0]!).toBeLessThan(p.h2h[2]!);
  });

  it('the main handicap and total are balanced lines priced near evens, with the margin on both sides', () => {
    const p = priceFootball(PRE, 0.04);
    expect(p.handicap.line).toBeLessThan(0); // home gives goals
    expect(Number.isInteger(p.handicap.line * 4)).toBe(true);
    for (const m of [p.handicap.home, p.handicap.away, p.total.over, p.total.under]) {
      expect(m).toBeGreaterThan(1700);
      expect(m).toBeLessThan(2300);
    }
    expect(p.total.line).toBeGreaterThanOrEqual(2);
    expect(p.total.line).toBeLessThanOrEqual(3);
  });

  it('prices move with the score and the clock', () => {
    const lead = priceFootball({ ...PRE, scoreHome: 1, minute: 70 }, 0.05);
    const start = priceFootball(PRE, 0.05);
    expect(lead.h2h[0]!).toBeLessThan(start.h2h[0]!);
    expect(lead.h2h[2]!).toBeGreaterThan(start.h2h[2]!);
    expect(lead.total.line).toBeGreaterThanOrEqual(1.5);
    // Late in a 0–0 the draw shortens.
    expect(priceFootball({ ...PRE, minute: 85 }, 0.05).h2h[1]!).toBeLessThan(start.h2h[1]!);
    expect(priceFirstHalf({ ...PRE, minute: 50 }, 0.05)).toBeNull();
    expect(priceFirstHalf(PRE, 0.05)!.every((m) => m !== null)).toBe(true);
  });

  it('a decided market offers no price for the impossible side', () => {
    const p = priceFootball({ ...PRE, scoreHome: 3, scoreAway: 0, minute: 90 }, 0.05);
    expect(p.h2h[1]).toBeNull();
    expect(p.h2h[2]).toBeNull();
  });

  it('property: the expected payout of every handicap price is at most the stake in action over the margin, plus pushes (the house keeps its margin)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        fc.integer({ min: -12, max: 12 }),
        fc.integer({ min: 0, max: 89 }),
        (lh, la, quarters, minute) => {
          const s: MatchState = { lambdaHome: lh, lambdaAway: la, scoreHome: 0, scoreAway: 0, minute };
          const grid = scoreGrid(s);
          const line = quarters / 4;
          const milli = priceBySettlement(grid, (h, a) => asianHandicapResult(line, h - a), 0.04);
          if (milli === null) return true;
          let expected = 0;
          let pushed = 0;
          grid.forEach((row, h) =>
            row.forEach((p, a) => {
              const result = asianHandicapResult(line, h - a);
              if (result === 'P') pushed += p;
              expected += p * payoutFen(1_000_000, [{ result, milli }]);
            }),
          );
          // A push hands the stake back: the margin is on the stake in action (pricing.ts priceBySettlement).
          return expected <= pushed * 1_000_000 + ((1 - pushed) * 1_000_000) / 1.04 + 1;
        },
      ),
      { numRuns: 200 },
    );
  });
});
