import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { exactRtp } from '../slots/rtp.ts';
import { JADE_DRAGON, TEA_GARDEN, TITLES } from '../slots/titles/index.ts';
import { PROBLEM_NOT_EXACT, PROBLEM_OUTSIDE_INTERVAL, PROBLEM_OVER_100, titleProblems } from './harness.ts';
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
