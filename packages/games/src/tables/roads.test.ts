import { describe, expect, it } from 'vitest';
import { askRoad, beadPlate, bigRoad, colourColumns, derivedRoad, roadGrid, roadsOf, shoeStats, type CoupResult } from './roads.ts';

const parse = (s: string): CoupResult[] => s.split(' ').map((t) => ({ winner: t === 'B' ? 'banker' : t === 'P' ? 'player' : 'tie' }));
const R = 'red';
const U = 'blue';

/**
 * Worked example (derived by hand from the rules in roads.ts): B B P P P B T B P B B B B B B B.
 * Big road columns: [B B] [P P P] [B(tie) B] [P] [B×7] — lengths 2 3 2 1 7.
 */
const SHOE = parse('B B P P P B T B P B B B B B B B');

describe('the big road', () => {
  it('groups winners into columns; a tie marks the entry it follows', () => {
    const road = bigRoad(SHOE);
    expect(road.columns.map((c) => c.length)).toEqual([2, 3, 2, 1, 7]);
    expect(road.columns.map((c) => c[0]!.winner)).toEqual(['banker', 'player', 'banker', 'player', 'banker']);
    expect(road.columns[2]![0]!.ties).toBe(1);
    expect(bigRoad(parse('T T B')).leadingTies).toBe(2);
  });

  it('turns right at the bottom: the seventh banker of column 5 goes to (5, 5)', () => {
    const grid = roadGrid(bigRoad(SHOE).columns);
    const at = grid.map((c) => `${c.x},${c.y}`);
    expect(at.slice(0, 8)).toEqual(['0,0', '0,1', '1,0', '1,1', '1,2', '2,0', '2,1', '3,0']);
    expect(at.slice(8)).toEqual(['4,0', '4,1', '4,2', '4,3', '4,4', '4,5', '5,5']);
    // The next column starts at x = 5 (its top cell is free).
    const more = roadGrid(bigRoad([...SHOE, ...parse('P P')]).columns);
    expect(more.slice(-2).map((c) => `${c.x},${c.y}`)).toEqual(['5,0', '5,1']);
  });

  it('a column that meets a dragon tail turns right above it', () => {
    // Column 0: six B then one more (tail to (1,5)); column 1: P×6 meets the tail at row 5 and turns at row 4.
    const grid = roadGrid(bigRoad(parse('B B B B B B B P P P P P P')).columns);
    expect(grid.slice(7).map((c) => `${c.x},${c.y}`)).toEqual(['1,0', '1,1', '1,2', '1,3', '1,4', '2,4']);
  });
});

describe('the derived roads', () => {
  it('大眼仔 (k = 1)', () => {
    expect(derivedRoad(bigRoad(SHOE), 1)).toEqual([R, U, U, R, U, U, U, R, R, R, R, R]);
  });
  it('小路 (k = 2)', () => {
    expect(derivedRoad(bigRoad(SHOE), 2)).toEqual([R, R, U, R, U, R, R, R, R]);
  });
  it('曱甴路 (k = 3)', () => {
    expect(derivedRoad(bigRoad(SHOE), 3)).toEqual([U, R, R, U, R, R, R]);
  });
  it('start where their comparison exists: big eye boy at column 2 row 2, or column 3 row 1', () => {
    expect(derivedRoad(bigRoad(parse('B P')), 1)).toEqual([]);
    expect(derivedRoad(bigRoad(parse('B P P')), 1)).toEqual([U]); // (1,1): column 0 has length 1 = r → blue
    expect(derivedRoad(bigRoad(parse('B P B')), 1)).toEqual([R]); // (2,0): columns 1 and 0 both length 1 → red
  });
  it('are drawn as columns of equal colours', () => {
    expect(colourColumns([R, U, U, R])).toEqual([[R], [U, U], [R]]);
  });
});

describe('ask road and statistics', () => {
  it('问路 tells what banker or player next would add', () => {
    const road = bigRoad(SHOE);
    expect(askRoad(road, 'banker')).toEqual({ bigEye: R, small: R, cockroach: R });
    expect(askRoad(road, 'player')).toEqual({ bigEye: U, small: U, cockroach: U });
    // Asking never changes the road.
    expect(road.columns.map((c) => c.length)).toEqual([2, 3, 2, 1, 7]);
    expect(askRoad(bigRoad(parse('B')), 'player')).toEqual({ bigEye: null, small: null, cockroach: null });
  });

  it('the bead plate keeps ties and fills columns of six; the statistics count every coup', () => {
    const bead = beadPlate(SHOE);
    expect(bead[6]).toMatchObject({ x: 1, y: 0, value: { winner: 'tie' } });
    expect(bead).toHaveLength(16);
    expect(shoeStats([...SHOE, { winner: 'banker', bankerPair: true, natural: true }])).toEqual({
      hands: 17,
      banker: 12,
      player: 4,
      tie: 1,
      bankerPair: 1,
      playerPair: 0,
      naturals: 1,
    });
    expect(roadsOf(SHOE).bigEye).toHaveLength(12);
  });
});
