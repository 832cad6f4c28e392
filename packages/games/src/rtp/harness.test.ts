import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { exactRtp } from '../slots/rtp.ts';
import { strip } from '../slots/titles/common.ts';
import { DEEP_SEA_PEARL, JADE_DRAGON, TEA_GARDEN, TITLES } from '../slots/titles/index.ts';
import { PROBLEM_NOT_EXACT, PROBLEM_OUTSIDE_INTERVAL, PROBLEM_OVER_100, titleProblems, unreachablePay } from './harness.ts';
import { simulate } from './simulate.ts';

describe('RTP harness rules', () => {
  const exact = exactRtp(JADE_DRAGON);
  const sim = simulate(JADE_DRAGON, seededRng('harness'), 100_000);

  it('passes a title whose declared RTP is exact and inside the interval', () => {
    expect(titleProblems(JADE_DRAGON, exact, sim)).toEqual([]);
  });

  it('fails a declared RTP outside the simulated 99% interval, or not exact, or over 100%', () => {
    expect(titleProblems({ ...JADE_DRAGON, declaredRtpPct: 90 }, exact, sim)).toEqual([PROBLEM_NOT_EXACT, PROBLEM_OUTSIDE_INTERVAL]);
    expect(titleProblems(JADE_DRAGON, { ...exact, totalRtp: 1.01 }, sim)).toContain(PROBLEM_OVER_100);
    expect(titleProblems({ ...JADE_DRAGON, volatility: 'low' }, exact, sim)).toEqual(['volatility class is medium, declared low']);
  });
});

/** H5004 as it first shipped: 夜明珠 (PRL) missing from reel 1, and reel 1 has no wild. */
const H5004_BEFORE_28 = {
  ...DEEP_SEA_PEARL,
  reels: [
    strip('FSH TRT WEED STR JLY SHL FSH WEED STR FSH WEED SHL SCT FSH JLY STR WEED SHL FSH STR TRT WEED FSH JLY SHL STR WEED FSH'),
    strip('WEED FSH STR SHL JLY WEED FSH TRT WLD STR SHL WEED FSH JLY STR PRL WEED FSH SCT SHL STR FSH WEED JLY TRT SHL STR WEED FSH'),
    strip('JLY WEED JLY FSH JLY TRT WEED STR SCT STR WLD SHL PRL JLY WEED PRL WEED STR SHL FSH WEED STR JLY FSH TRT STR SHL WEED STR'),
    strip('WEED FSH SHL STR JLY FSH WEED STR SHL TRT WEED FSH JLY STR SCT FSH TRT PRL SHL FSH STR WLD WEED JLY TRT STR FSH WEED SHL'),
    strip('WEED STR FSH SHL TRT JLY WEED FSH STR FSH PRL WEED JLY STR WEED SCT PRL FSH FSH TRT STR FSH WEED JLY SHL STR WEED FSH'),
  ],
};

describe('unreachable pays (issue 28)', () => {
  it('refuses the copy of H5004 before the fix: 夜明珠 ×3, ×4, ×5 can never win, though its RTP was exact', () => {
    const e = exactRtp(H5004_BEFORE_28);
    expect(Math.abs(e.totalRtp - 0.94)).toBeLessThan(0.0005);
    const problems = titleProblems(H5004_BEFORE_28, e, simulate(H5004_BEFORE_28, seededRng('h5004-before'), 100_000));
    expect(problems).toEqual([
      unreachablePay('PRL', '夜明珠', 3, 50),
      unreachablePay('PRL', '夜明珠', 4, 300),
      unreachablePay('PRL', '夜明珠', 5, 2500),
    ]);
  });

  it('passes today’s H5004 (夜明珠 on reel 1)', () => {
    const e = exactRtp(DEEP_SEA_PEARL);
    expect(titleProblems(DEEP_SEA_PEARL, e, simulate(DEEP_SEA_PEARL, seededRng('h5004'), 100_000))).toEqual([]);
  });
});

describe('free-spin value', () => {
  it("obeys Wald's identity: feature RTP = P(feature) × mean spins × mean free-spin win", () => {
    // The DP computes the feature's value and its length by separate recurrences; Wald ties them together.
    for (const def of TITLES) {
      const e = exactRtp(def);
      expect(e.freeSpinRtp).toBeCloseTo(e.featureFrequency * e.featureMeanSpins * e.freeSpinMeanWin, 10);
    }
  });

  it('without retrigger a feature lasts exactly its award', () => {
    const e = exactRtp(TEA_GARDEN);
    const [, , , a3, a4, a5] = TEA_GARDEN.freeSpins.awards;
    expect(e.featureMeanSpins).toBeGreaterThanOrEqual(a3!);
    expect(e.featureMeanSpins).toBeLessThanOrEqual(a5!);
    expect(a4).toBeGreaterThan(a3!);
  });
});
