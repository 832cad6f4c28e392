/** Selection codes settled against results: set sports on sets won, hockey's money line on its winner after overtime. */
import { describe, expect, it } from 'vitest';
import type { FeedResult } from '../../providers/oddsFeed.ts';
import { isSelectionCode, settleSelection } from './markets.ts';

const result = (scoreH: number, scoreC: number, winner: string | null = null): FeedResult => ({
  gameId: 'X-1',
  scoreH,
  scoreC,
  htH: null,
  htC: null,
  winner,
});

describe('settleSelection', () => {
  it('set sports settle on sets won: money line, set handicap on half lines, total sets', () => {
    const twoOne = result(2, 1);
    expect(settleSelection('ML:H', twoOne)).toBe('W');
    expect(settleSelection('ML:C', twoOne)).toBe('L');
    expect(settleSelection('AH:H:-1.5', twoOne)).toBe('L');
    expect(settleSelection('AH:C:1.5', twoOne)).toBe('W');
    expect(settleSelection('AH:H:-1.5', result(2, 0))).toBe('W');
    expect(settleSelection('OU:O:2.5', twoOne)).toBe('W');
    expect(settleSelection('OU:U:2.5', result(0, 2))).toBe('W');
    expect(settleSelection('OU:O:4.5', result(3, 2))).toBe('W');
    expect(settleSelection('OU:U:4.5', result(3, 1))).toBe('W');
  });

  it('a result with a winner settles the money line on it; 1X2, handicap and total stay on the score (hockey regulation)', () => {
    const levelHomeInOvertime = result(2, 2, 'H');
    expect(settleSelection('ML:H', levelHomeInOvertime)).toBe('W');
    expect(settleSelection('ML:C', levelHomeInOvertime)).toBe('L');
    expect(settleSelection('1X2:N', levelHomeInOvertime)).toBe('W');
    expect(settleSelection('1X2:H', levelHomeInOvertime)).toBe('L');
    expect(settleSelection('AH:H:-0.5', levelHomeInOvertime)).toBe('L');
    expect(settleSelection('OU:O:4.5', levelHomeInOvertime)).toBe('L');
    expect(settleSelection('ML:C', result(2, 2, 'C'))).toBe('W');
    // Without a winner the money line is the score's: a level score loses both sides.
    expect(settleSelection('ML:H', result(2, 2))).toBe('L');
    expect(settleSelection('ML:C', result(2, 2))).toBe('L');
    // An outright's winner is an rtype, not a side: the money line ignores it.
    expect(settleSelection('ML:H', result(3, 1, 'T0'))).toBe('W');
  });

  it('half and quarter lines are codes; others are not', () => {
    for (const w of ['AH:H:-1.5', 'AH:C:3.5', 'OU:O:8.5', 'OU:U:10.5', 'ML:H', 'AH:H:-2.25']) expect(isSelectionCode(w), w).toBe(true);
    for (const w of ['AH:H:-1.3', 'ML:N:1', 'OU:X:2.5']) expect(isSelectionCode(w), w).toBe(false);
  });
});
