import { describe, expect, it } from 'vitest';
import { seededRng } from '../../rng/seeded.ts';
import { simulate } from '../../rtp/simulate.ts';
import { catalogueEntry } from '../catalogue.ts';
import { compiled } from '../compile.ts';
import { exactRtp, type ExactRtp } from '../rtp.ts';
import { volatilityClassOf } from '../volatility.ts';
import { TITLES, titleByCode } from './index.ts';

const exact = new Map<string, ExactRtp>(TITLES.map((def) => [def.code, exactRtp(def)]));

describe('slot titles', () => {
  it('are four, with unique codes, names in zh-CN and zh-TW, wild, scatter and free spins', () => {
    expect(TITLES.length).toBeGreaterThanOrEqual(4);
    expect(new Set(TITLES.map((t) => t.code)).size).toBe(TITLES.length);
    for (const def of TITLES) {
      expect(def.code).toMatch(/^H5\d{3}$/);
      expect(titleByCode(def.code)).toBe(def);
      expect(def.names['zh-CN'] && def.names['zh-TW'] && def.theme['zh-CN'] && def.theme['zh-TW']).toBeTruthy();
      expect(def.symbols.every((s) => s.names['zh-CN'] && s.names['zh-TW'])).toBe(true);
      expect(def.symbols.filter((s) => s.kind === 'wild')).toHaveLength(1);
      expect(def.symbols.filter((s) => s.kind === 'scatter')).toHaveLength(1);
      expect(def.reels).toHaveLength(5);
      expect(Math.max(...def.freeSpins.awards)).toBeGreaterThan(0);
      expect(() => compiled(def)).not.toThrow();
    }
    expect(TITLES.filter((t) => t.jackpot)).toHaveLength(1);
    expect(TITLES.map(catalogueEntry).map((e) => [e.code, e.layout, e.lineCount, e.minBetFen, e.hasJackpot])).toEqual([
      ['H5001', 'lines', 20, 20, false],
      ['H5002', 'ways', 243, 50, false],
      ['H5003', 'lines', 20, 100, true],
      ['H5004', 'ways', 243, 50, false],
    ]);
    expect(new Set(TITLES.map((t) => t.mode.kind))).toEqual(new Set(['lines', 'ways']));
  });

  for (const def of TITLES) {
    it(`${def.code} ${def.names['zh-CN']}: exact RTP within ±0.05 pp of the declared ${def.declaredRtpPct}%, under 100%, volatility class holds`, () => {
      const e = exact.get(def.code)!;
      expect(Math.abs(e.totalRtp * 100 - def.declaredRtpPct)).toBeLessThanOrEqual(0.05);
      expect(e.totalRtp).toBeLessThan(1);
      expect(e.baseRtp + e.freeSpinRtp).toBeLessThan(1);
      expect(volatilityClassOf(e.volatility)).toBe(def.volatility);
      expect(e.jackpotRtp).toBe((def.jackpot?.feedBasisPoints ?? 0) / 10_000);
      // Every bet level is a whole number of coins, so each win is whole fen (and the jackpot feed too).
      for (const betFen of def.betLevelsFen) {
        expect(betFen % def.coinsPerBet).toBe(0);
        if (def.jackpot) expect((betFen * def.jackpot.feedBasisPoints) % 10_000).toBe(0);
      }
    });

    it(`${def.code}: simulated RTP over 200k spins (fixed seed) lies in its 99% interval around the exact RTP`, () => {
      const e = exact.get(def.code)!;
      const sim = simulate(def, seededRng(`titles-${def.code}`), 200_000);
      expect(e.totalRtp).toBeGreaterThan(sim.low);
      expect(e.totalRtp).toBeLessThan(sim.high);
      expect(Math.abs(sim.hitFrequency - e.hitFrequency)).toBeLessThan(0.005);
    });
  }
});
