import { describe, expect, test } from 'vitest';
import { goodRoads } from './goodRoads.ts';
import type { CoupResult } from './roads.ts';

/** 'B' banker, 'P' player, 'T' tie. */
const shoe = (s: string): CoupResult[] =>
  [...s].map((c) => ({ winner: c === 'B' ? 'banker' : c === 'P' ? 'player' : 'tie' }) as CoupResult);

describe('好路 on the big road', () => {
  test('nothing on an empty shoe, a short run, or ties only', () => {
    expect(goodRoads([])).toEqual([]);
    expect(goodRoads(shoe('TTT'))).toEqual([]);
    expect(goodRoads(shoe('PBBB'))).toEqual([]);
  });

  test('长庄 / 长闲: the current column four or more deep; a tie does not break it', () => {
    expect(goodRoads(shoe('PBBBB'))).toEqual([{ kind: 'streak', side: 'banker', length: 4 }]);
    expect(goodRoads(shoe('BPPTPPP'))).toEqual([{ kind: 'streak', side: 'player', length: 5 }]);
    // An earlier run that ended is not flagged.
    expect(goodRoads(shoe('BBBBBP'))).toEqual([]);
  });

  test('单跳: four or more alternating singles', () => {
    expect(goodRoads(shoe('BPB'))).toEqual([]);
    expect(goodRoads(shoe('BPBP'))).toEqual([{ kind: 'pingPong', length: 4 }]);
    expect(goodRoads(shoe('PPBPBPTB'))).toEqual([{ kind: 'pingPong', length: 5 }]);
    // Only the trailing singles count: a pair ends it.
    expect(goodRoads(shoe('BPBPBB'))).toEqual([]);
  });

  test('双跳: three or more alternating pairs', () => {
    expect(goodRoads(shoe('BBPP'))).toEqual([]);
    expect(goodRoads(shoe('BBPPBB'))).toEqual([{ kind: 'doublePingPong', length: 3 }]);
    expect(goodRoads(shoe('PBBPPBBPP'))).toEqual([{ kind: 'doublePingPong', length: 4 }]);
  });

  test('every flagged pattern is true of the results (random shoes)', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 500; n++) {
      const s = Array.from({ length: 1 + Math.floor(rnd() * 70) }, () => (rnd() < 0.1 ? 'T' : rnd() < 0.5 ? 'B' : 'P')).join('');
      const bp = s.replace(/T/g, '');
      for (const g of goodRoads(shoe(s))) {
        if (g.kind === 'streak') expect(bp.endsWith((g.side === 'banker' ? 'B' : 'P').repeat(g.length))).toBe(true);
        if (g.kind === 'pingPong') {
          const tail = bp.slice(-g.length);
          for (let i = 1; i < tail.length; i++) expect(tail[i]).not.toBe(tail[i - 1]);
        }
        if (g.kind === 'doublePingPong') expect(bp.length).toBeGreaterThanOrEqual(g.length * 2);
      }
    }
  });
});
