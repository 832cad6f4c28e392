import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asianHandicapResult,
  combinations,
  isCancelCode,
  isResultCode,
  overUnderResult,
  payoutFen,
  seriesBets,
  seriesPayoutFen,
  seriesTypes,
  validTurnoverFen,
  type Leg,
  type SettledResult,
} from './settlement.ts';

const STAKE = 10_000; // ¥100

describe('result codes (spec §3)', () => {
  it('W, LW, LL, L, P, D and A; D0 … DZ are cancellations', () => {
    for (const c of ['W', 'LW', 'LL', 'L', 'P', 'D', 'A', 'D0', 'D9', 'DA', 'DZ']) expect(isResultCode(c)).toBe(true);
    for (const c of ['X', 'DD1', 'Da', 'W ', '']) expect(isResultCode(c)).toBe(false);
    expect(isCancelCode('DZ')).toBe(true);
    expect(isCancelCode('D')).toBe(false);
  });

  it('pays a single exactly as each code says', () => {
    const at = (result: Leg['result']) => payoutFen(STAKE, [{ result, milli: 1950 }]);
    expect(at('W')).toBe(19_500);
    expect(at('LW')).toBe(14_750); // 50 × 1.95 + 50
    expect(at('LL')).toBe(5_000);
    expect(at('L')).toBe(0);
    expect(at('P')).toBe(10_000);
    expect(at('D')).toBe(10_000);
    expect(at('D3')).toBe(10_000);
  });

  it('rounds payouts down to the fen', () => {
    expect(payoutFen(333, [{ result: 'W', milli: 1833 }])).toBe(610); // 610.389
    expect(payoutFen(1, [{ result: 'LW', milli: 1950 }])).toBe(1); // 0.975 + 0.5
  });

  it('valid turnover: full for W and L, half for half results, none when void', () => {
    expect((['W', 'L', 'LW', 'LL', 'P', 'D', 'DA'] as const).map((r) => validTurnoverFen(STAKE, r))).toEqual([
      STAKE,
      STAKE,
      5_000,
      5_000,
      0,
      0,
      0,
    ]);
  });
});

describe('Asian handicap and over/under with quarter lines', () => {
  it('handicap results for the backed side', () => {
    const cases: [number, number, SettledResult][] = [
      [-0.5, 1, 'W'],
      [-0.5, 0, 'L'],
      [0, 0, 'P'],
      [0, 1, 'W'],
      [-0.25, 0, 'LL'],
      [-0.25, 1, 'W'],
      [0.25, 0, 'LW'],
      [0.25, -1, 'L'],
      [-0.75, 1, 'LW'],
      [-0.75, 2, 'W'],
      [-0.75, 0, 'L'],
      [-1, 1, 'P'],
      [-1.25, 1, 'LL'],
      [-1.5, 1, 'L'],
      [1.75, -2, 'LL'],
      [1.75, -1, 'W'],
    ];
    for (const [line, diff, want] of cases) expect(asianHandicapResult(line, diff), `${line} @ ${diff}`).toBe(want);
  });

  it('over/under results', () => {
    expect(overUnderResult('over', 2.5, 3)).toBe('W');
    expect(overUnderResult('over', 2.5, 2)).toBe('L');
    expect(overUnderResult('over', 2.25, 2)).toBe('LL');
    expect(overUnderResult('under', 2.25, 2)).toBe('LW');
    expect(overUnderResult('over', 2.75, 3)).toBe('LW');
    expect(overUnderResult('under', 2.75, 3)).toBe('LL');
    expect(overUnderResult('over', 3, 3)).toBe('P');
    expect(() => overUnderResult('over', 2.3, 3)).toThrow(RangeError);
  });

  it('property: the two sides of a handicap line settle as mirror images', () => {
    const mirror: Record<SettledResult, SettledResult> = { W: 'L', L: 'W', LW: 'LL', LL: 'LW', P: 'P', D: 'D' };
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -10, max: 10 }), (quarters, diff) => {
        const line = quarters / 4;
        return mirror[asianHandicapResult(line, diff)] === asianHandicapResult(-line, -diff);
      }),
    );
  });
});

describe('parlays and series', () => {
  it('a parlay multiplies its legs; void legs act as odds 1; one lost leg loses it', () => {
    expect(
      payoutFen(STAKE, [
        { result: 'W', milli: 2000 },
        { result: 'W', milli: 1500 },
      ]),
    ).toBe(30_000);
    expect(
      payoutFen(STAKE, [
        { result: 'W', milli: 2000 },
        { result: 'P', milli: 1500 },
        { result: 'D5', milli: 3000 },
      ]),
    ).toBe(20_000);
    expect(
      payoutFen(STAKE, [
        { result: 'W', milli: 2000 },
        { result: 'LW', milli: 1900 },
      ]),
    ).toBe(29_000); // 2 × 1.45
    expect(
      payoutFen(STAKE, [
        { result: 'W', milli: 2000 },
        { result: 'LL', milli: 1900 },
      ]),
    ).toBe(10_000);
    expect(
      payoutFen(STAKE, [
        { result: 'W', milli: 2000 },
        { result: 'L', milli: 1900 },
      ]),
    ).toBe(0);
  });

  it('series types: k串1 for every size and the full cover n串(2ⁿ−n−1)', () => {
    expect(seriesTypes(3).map((t) => `${t.name}:${t.bets}`)).toEqual(['2串1:3', '3串1:1', '3串4:4']);
    expect(seriesTypes(4).map((t) => `${t.name}:${t.bets}`)).toEqual(['2串1:6', '3串1:4', '4串1:1', '4串11:11']);
    expect(seriesTypes(10).at(-1)).toMatchObject({ name: '10串1013', bets: 1013 });
    expect(seriesTypes(1)).toEqual([]);
    expect(seriesTypes(11)).toEqual([]);
    expect(seriesBets(3, [2, 3])).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
    expect(combinations(5, 2)).toHaveLength(10);
  });

  it('a 3串4 pays every winning combination', () => {
    const legs: Leg[] = [
      { result: 'W', milli: 2000 },
      { result: 'W', milli: 1500 },
      { result: 'L', milli: 3000 },
    ];
    // Doubles: AB wins 3.0; AC, BC lose; treble loses.
    expect(seriesPayoutFen(1_000, legs, [2, 3])).toBe(3_000);
  });

  const leg = fc.record({
    result: fc.constantFrom<Leg['result']>('W', 'LW', 'LL', 'L', 'P', 'D', 'D7'),
    milli: fc.integer({ min: 1001, max: 20_000 }),
  });

  it('property: a settled bet never pays more than stake × product of its odds, and void legs act as odds 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(leg, { minLength: 1, maxLength: 10 }), (stake, legs) => {
        const max = legs.reduce((acc, l) => acc * (l.milli / 1000), stake);
        const pay = payoutFen(stake, legs);
        const live = legs.filter((l) => !['P', 'D', 'D7'].includes(l.result));
        const same = live.length === 0 ? stake : payoutFen(stake, live);
        return pay >= 0 && pay <= Math.ceil(max) && pay === same;
      }),
    );
  });
});
