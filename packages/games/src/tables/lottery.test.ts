import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { DIGIT5, K3, LOTTERY_TARGET_RTP, RACE10, drawDigits, drawRace, oddsFor } from './lottery.ts';
import { tableRtp, type TableGame } from './paytable.ts';

const check = <O>(g: TableGame<O>) => {
  const rtp = tableRtp(g);
  for (const [k, v] of Object.entries(rtp)) {
    expect(v, `${g.code} ${k}`).toBeLessThanOrEqual(LOTTERY_TARGET_RTP + 1e-12);
    expect(v, `${g.code} ${k}`).toBeGreaterThan(LOTTERY_TARGET_RTP - 0.01);
  }
  return rtp;
};

describe('lottery paytables', () => {
  it('odds are the target over the probability, rounded down', () => {
    expect(oddsFor(1 / 10)).toBe(9.65);
    expect(oddsFor(1 / 216)).toBe(208.44);
    expect(oddsFor(1 / 2)).toBe(1.93);
  });

  it('快三: every bet returns just under the target; a triple loses big/small/odd/even', () => {
    const rtp = check(K3);
    expect(rtp.sum3).toBeCloseTo(208.44 / 216, 12);
    expect(rtp.big).toBeCloseTo((oddsFor(105 / 216) * 105) / 216, 12);
    expect(K3.bets.find((b) => b.key === 'big')!.returns([6, 6, 6])).toBe(0);
    expect(K3.bets).toHaveLength(5 + 16 + 12);
  });

  it('五星: positions, big/small/odd/even and the sum, exactly', () => {
    const rtp = check(DIGIT5);
    expect(rtp.p0d7).toBeCloseTo(0.965, 9);
    expect(rtp.sumBig).toBeCloseTo(1.93 / 2, 9);
    const d = drawDigits(seededRng('d5'));
    expect(d).toHaveLength(5);
  });

  it('赛车: positions, and the first two cars’ sum (3–19) with its big/small/odd/even', () => {
    const rtp = check(RACE10);
    expect(rtp.p9c10).toBeCloseTo(0.965, 12);
    expect(rtp.top2sum3).toBeCloseTo((oddsFor(2 / 90) * 2) / 90, 12);
    expect(rtp.top2big).toBeCloseTo((oddsFor(40 / 90) * 40) / 90, 12);
    const order = drawRace(seededRng('race'));
    expect([...order].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
