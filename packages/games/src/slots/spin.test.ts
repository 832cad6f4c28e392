import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRng } from '../rng/fair.ts';
import { rngFromWords } from '../rng/rng.ts';
import { seededRng } from '../rng/seeded.ts';
import { compiled } from './compile.ts';
import { jackpotChance, jackpotFeedFen } from './jackpot.ts';
import { spin, spinWinCoins } from './spin.ts';
import { TINY_LINES, TINY_WAYS } from './test/tinyTitles.ts';
import { LANTERN_FESTIVAL, TITLES } from './titles/index.ts';

const ALL = [...TITLES, TINY_LINES, TINY_WAYS];

describe('spin', () => {
  it('depends only on the rng: same stream, different stakes → same stops and grids, wins scaled exactly', () => {
    for (const def of ALL) {
      const [low, high] = [def.betLevelsFen[0]!, def.betLevelsFen.at(-1)!];
      for (let nonce = 0; nonce < 200; nonce++) {
        const seeds = { serverSeed: 'stake-test', clientSeed: def.code, nonce };
        const a = spin(def, fairRng(seeds), low);
        const b = spin(def, fairRng(seeds), high);
        expect(b.base.stops).toEqual(a.base.stops);
        expect(b.freeSpins.map((s) => s.grid)).toEqual(a.freeSpins.map((s) => s.grid));
        if (a.jackpotHit) expect(b.jackpotHit).toBe(true); // a chance proportional to the stake: low hits ⊂ high hits
        expect(b.totalWinFen * a.coinFen).toBe(a.totalWinFen * b.coinFen);
      }
    }
  });

  it('reports integer fen, wins that add up, and free spins within the cap', () => {
    const rng = seededRng('spin-shape');
    for (const def of ALL) {
      for (let i = 0; i < 3000; i++) {
        const betFen = def.betLevelsFen[i % def.betLevelsFen.length]!;
        const outcome = spin(def, rng, betFen);
        expect(Number.isSafeInteger(outcome.totalWinFen)).toBe(true);
        expect(outcome.base.wins.reduce((s, w) => s + w.winFen, 0)).toBe(outcome.base.winFen);
        for (const stage of outcome.freeSpins) expect(stage.wins.reduce((s, w) => s + w.winFen, 0)).toBe(stage.winFen);
        expect(outcome.freeSpins.length).toBeLessThanOrEqual(def.freeSpins.maxSpins);
        expect(outcome.freeSpins.length).toBe(outcome.freeSpinsAwarded + outcome.freeSpins.reduce((s, f) => s + f.addedSpins, 0));
        expect(outcome.base.grid.every((col) => col.length === 3)).toBe(true);
      }
    }
  });

  it('the fast path sums the same total as spin() on the same rng stream', () => {
    for (const def of ALL) {
      const c = compiled(def);
      const counters = { jackpotHits: 0, features: 0 };
      const [a, b] = [seededRng(`fast-${def.code}`), seededRng(`fast-${def.code}`)];
      for (let i = 0; i < 10_000; i++) {
        const outcome = spin(def, a, def.betLevelsFen[0]!);
        expect(spinWinCoins(c, b, counters)).toBe(outcome.totalWinFen / outcome.coinFen);
      }
      expect(a.nextU32()).toBe(b.nextU32()); // both consumed the same words
    }
  });

  it('draws the jackpot after the base stops with a chance proportional to the stake', () => {
    // Every word 150: stops 150 mod strip length, then the jackpot draw int(2·10^9) = 150, a hit when 150 < betFen.
    const words = () => rngFromWords(() => 150);
    expect(spin(LANTERN_FESTIVAL, words(), 100).jackpotHit).toBe(false);
    expect(spin(LANTERN_FESTIVAL, words(), 200).jackpotHit).toBe(true);
    expect(spin(LANTERN_FESTIVAL, words(), 200).base.stops).toEqual(spin(LANTERN_FESTIVAL, words(), 100).base.stops);
    expect(jackpotChance(LANTERN_FESTIVAL, 10_000)).toBe(1 / 200_000);
    expect(jackpotChance(LANTERN_FESTIVAL, 100)).toBe(1 / 20_000_000);
    expect(jackpotChance(TITLES[0]!, 100)).toBe(0);
    expect(jackpotFeedFen(LANTERN_FESTIVAL, 100)).toBe(1);
    expect(jackpotFeedFen(LANTERN_FESTIVAL, 2000)).toBe(20);
    expect(jackpotFeedFen(TITLES[0]!, 2000)).toBe(0);
  });

  it('refuses a stake that is not a bet level', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 20_000 }), (betFen) => {
        for (const def of TITLES) {
          if (def.betLevelsFen.includes(betFen)) continue;
          expect(() => spin(def, seededRng('x'), betFen)).toThrow(RangeError);
        }
      }),
      { numRuns: 50 },
    );
  });
});
