import { describe, expect, it } from 'vitest';
import { compiled } from './compile.ts';
import { countScatters, fillGrid, lineWin, wayWin } from './evaluate.ts';
import { payReach, unreachablePays } from './reach.ts';
import { TINY_LINES, TINY_WAYS } from './test/tinyTitles.ts';
import { TITLES } from './titles/index.ts';
import { REEL_COUNT } from './types.ts';

/** Every stop combination through the spin's own evaluator: P(symbol × count) on line 0 / among the ways wins. */
function bruteForce(def: typeof TINY_LINES): Map<string, number> {
  const c = compiled(def);
  const strips = c.baseStrips;
  const total = strips.reduce((p, s) => p * s.length, 1);
  const [grid, stops, detail, out] = [new Int32Array(15), new Int32Array(REEL_COUNT), new Int32Array(3), new Map<string, number>()];
  const add = (key: string) => out.set(key, (out.get(key) ?? 0) + 1 / total);
  for (let index = 0; index < total; index++) {
    let rest = index;
    for (let reel = 0; reel < REEL_COUNT; reel++)
      [stops[reel], rest] = [rest % strips[reel]!.length, Math.floor(rest / strips[reel]!.length)];
    fillGrid(grid, strips, stops);
    add(`${c.symbolIds[c.scatter]}:${countScatters(c, grid)}`);
    if (c.ways) {
      for (const s of c.regulars) if (wayWin(c, grid, s, detail) > 0) add(`${c.symbolIds[s]}:${detail[1]}`);
    } else if (lineWin(c, grid, 0, detail) > 0) add(`${c.symbolIds[detail[0]!]}:${detail[1]}`);
  }
  return out;
}

describe('listed pays are reachable (issue 28)', () => {
  for (const def of [TINY_LINES, TINY_WAYS]) {
    it(`${def.code} (${def.mode.kind}): each pay's probability equals brute force over every stop combination`, () => {
      const brute = bruteForce(def);
      for (const p of payReach(def)) expect(p.base).toBeCloseTo(brute.get(`${p.symbol}:${p.count}`) ?? 0, 12);
    });
  }

  it('every house title: every symbol’s every listed pay has a probability above 0', () => {
    for (const def of TITLES) {
      expect(unreachablePays(def)).toEqual([]);
      expect(payReach(def).every((p) => p.base > 0)).toBe(true);
    }
  });
});
