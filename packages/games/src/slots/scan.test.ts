import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { simulate } from '../rtp/simulate.ts';
import { compiled, type CompiledSlot } from './compile.ts';
import { countScatters, fillGrid, gridWinCoins } from './evaluate.ts';
import { exactRtp } from './rtp.ts';
import { SCATTER_KEY_STRIDE, scanOutcomes } from './scan.ts';
import { TINY_LINES, TINY_WAYS } from './test/tinyTitles.ts';
import { REEL_COUNT } from './types.ts';

/** Every stop combination through the spin's own evaluator: the reference the pruned scan must equal. */
function bruteForce(c: CompiledSlot, strips: readonly Int32Array[]): Map<number, number> {
  const table = new Map<number, number>();
  const stops = new Int32Array(REEL_COUNT);
  const grid = new Int32Array(15);
  const total = strips.reduce((p, s) => p * s.length, 1);
  for (let index = 0; index < total; index++) {
    let rest = index;
    for (let reel = 0; reel < REEL_COUNT; reel++) {
      stops[reel] = rest % strips[reel]!.length;
      rest = Math.floor(rest / strips[reel]!.length);
    }
    fillGrid(grid, strips, stops);
    const scatters = countScatters(c, grid);
    const key = (gridWinCoins(c, grid) - c.scatterPays[scatters]!) * SCATTER_KEY_STRIDE + scatters;
    table.set(key, (table.get(key) ?? 0) + 1);
  }
  return table;
}

const sorted = (m: Map<number, number>) => [...m.entries()].sort((a, b) => a[0] - b[0]);

describe('exact scan', () => {
  for (const def of [TINY_LINES, TINY_WAYS]) {
    it(`${def.code} (${def.mode.kind}): equals brute force over every stop combination, base and free strips`, () => {
      const c = compiled(def);
      for (const strips of [c.baseStrips, c.freeStrips]) {
        const scan = scanOutcomes(c, strips);
        expect(sorted(scan.weights)).toEqual(sorted(bruteForce(c, strips)));
        expect([...scan.weights.values()].reduce((a, b) => a + b, 0)).toBe(scan.totalWeight);
      }
    });

    it(`${def.code}: exact base RTP is the brute-force mean, and simulation agrees with the whole (feature included)`, () => {
      const c = compiled(def);
      const exact = exactRtp(def);
      const table = bruteForce(c, c.baseStrips);
      let coins = 0;
      for (const [key, weight] of table) {
        const scatters = key % SCATTER_KEY_STRIDE;
        coins += ((key - scatters) / SCATTER_KEY_STRIDE + c.scatterPays[scatters]!) * weight;
      }
      expect(Number(exact.baseWinCoinsTotal)).toBe(coins);
      expect(exact.baseRtp).toBeCloseTo(coins / exact.combinations / def.coinsPerBet, 12);
      const sim = simulate(def, seededRng(`tiny-${def.code}`), 100_000);
      expect(exact.totalRtp).toBeGreaterThan(sim.low);
      expect(exact.totalRtp).toBeLessThan(sim.high);
      // Volatility and hit frequency agree with the sample within a few standard errors.
      expect(Math.abs(sim.sd - exact.volatility) / exact.volatility).toBeLessThan(0.05);
      expect(Math.abs(sim.hitFrequency - exact.hitFrequency)).toBeLessThan(0.01);
    });
  }
});
