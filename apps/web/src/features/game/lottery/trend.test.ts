/** The lottery's pure computations against worked examples: numbers, 和值/大小/单双, hit columns, omissions, distribution; and the board's keys. */
import { describe, expect, test } from 'vitest';
import { betLabel, boardTabs, parseKey } from './board.ts';
import {
  appearances,
  distribution,
  hitColumns,
  maxOmissions,
  numbersOf,
  omissions,
  runningOmissions,
  stepNumbers,
  streak,
  summarize,
  trendValues,
} from './trend.ts';

describe('a draw’s numbers', () => {
  test('read from the outcome of its kind; anything else is none', () => {
    expect(numbersOf('k3', { kind: 'k3', dice: [1, 2, 6] })).toEqual([1, 2, 6]);
    expect(numbersOf('digit5', { kind: 'digit5', digits: [0, 9, 3, 3, 1] })).toEqual([0, 9, 3, 3, 1]);
    expect(numbersOf('race10', { kind: 'race10', order: [3, 1, 2, 4, 5, 6, 7, 8, 9, 10] })?.[0]).toBe(3);
    expect(numbersOf('k3', { kind: 'k3', dice: [1, 2] })).toBeNull();
    expect(numbersOf('digit5', null)).toBeNull();
    expect(numbersOf('race10', { order: 'x' })).toBeNull();
  });

  test('the revealed steps give the prefix drawn so far', () => {
    expect(
      stepNumbers('k3', [
        { kind: 'die', value: 4 },
        { kind: 'die', value: 2 },
      ]),
    ).toEqual([4, 2]);
    expect(stepNumbers('race10', [{ kind: 'car', value: 7 }])).toEqual([7]);
    expect(stepNumbers('digit5', [{ kind: 'die', value: 7 }])).toEqual([]);
  });
});

describe('和值 / 大小 / 单双 as the bets settle', () => {
  test('快三: 11–18 big, 3–10 small; a triple is neither (it loses 大小单双)', () => {
    expect(summarize('k3', [5, 5, 1])).toEqual({ sum: 11, size: 'big', parity: 'odd' });
    expect(summarize('k3', [1, 3, 6])).toEqual({ sum: 10, size: 'small', parity: 'even' });
    expect(summarize('k3', [4, 4, 4])).toEqual({ sum: 12, size: 'triple', parity: 'triple' });
  });
  test('五星彩: the five digits’ sum, 23–45 big', () => {
    expect(summarize('digit5', [9, 9, 5, 0, 0])).toEqual({ sum: 23, size: 'big', parity: 'odd' });
    expect(summarize('digit5', [9, 9, 4, 0, 0])).toEqual({ sum: 22, size: 'small', parity: 'even' });
  });
  test('极速赛车: 冠亚和 is the first two cars, 12–19 big', () => {
    expect(summarize('race10', [5, 7, 10, 9, 8, 6, 4, 3, 2, 1])).toEqual({ sum: 12, size: 'big', parity: 'even' });
    expect(summarize('race10', [1, 10, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ sum: 11, size: 'small', parity: 'odd' });
  });
});

describe('trend chart', () => {
  test('columns: 快三 sums 3–18, 五星彩 digits 0–9, 极速赛车 cars 1–10', () => {
    expect(trendValues('k3')).toHaveLength(16);
    expect(trendValues('k3')[0]).toBe(3);
    expect(trendValues('digit5')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(trendValues('race10').at(-1)).toBe(10);
  });

  test('hit columns: the sum’s column for 快三, the position’s number otherwise; a draw without numbers is -1', () => {
    expect(hitColumns('k3', [[1, 1, 1], [6, 6, 6], null, [2, 3, 6]], 0)).toEqual([0, 15, -1, 8]);
    expect(hitColumns('digit5', [[1, 2, 3, 4, 5]], 3)).toEqual([4]);
    expect(hitColumns('race10', [[3, 1, 2, 4, 5, 6, 7, 8, 9, 10]], 1)).toEqual([0]);
  });

  // Worked example, 4 columns, hits oldest first: 0, 2, 2, 1, 0.
  const hits = [0, 2, 2, 1, 0];
  test('running omission: 0 on the hit, else one more than the row above', () => {
    expect(runningOmissions(hits, 4)).toEqual([
      [0, 1, 1, 1],
      [1, 2, 0, 2],
      [2, 3, 0, 3],
      [3, 0, 1, 4],
      [0, 1, 2, 5],
    ]);
  });
  test('遗漏 now, longest omission, appearances', () => {
    expect(omissions(hits, 4)).toEqual([0, 1, 2, 5]);
    expect(maxOmissions(hits, 4)).toEqual([3, 3, 2, 5]);
    expect(appearances(hits, 4)).toEqual([2, 1, 2, 0]);
    expect(omissions([], 3)).toEqual([0, 0, 0]);
  });
  test('大/小 · 单/双 distribution counts a triple apart; the current streak', () => {
    const s = [
      [1, 2, 3],
      [6, 5, 4],
      [2, 2, 2],
      [6, 6, 5],
    ].map((d) => summarize('k3', d));
    // 6 small even, 15 big odd, triple, 17 big odd
    expect(distribution(s)).toEqual({ big: 2, small: 1, odd: 2, even: 1, triple: 1 });
    expect(streak(['big', 'small', 'small'])).toEqual({ value: 'small', length: 2 });
    expect(streak([])).toBeNull();
  });
});

describe('bet board keys', () => {
  const t = (key: string, o?: Record<string, unknown>) =>
    `${key}${o?.context !== undefined ? `_${String(o.context)}` : ''}${o?.n ?? ''}${o?.side ?? ''}`;
  test('every key of the boards reads back', () => {
    for (const kind of ['k3', 'digit5', 'race10'] as const)
      for (const tab of boardTabs(kind)) for (const k of [...tab.numbers, ...tab.sides]) expect(parseKey(k), k).not.toBeNull();
    expect(parseKey('p2d7')).toEqual({ at: 'digit', pos: 2, n: 7 });
    expect(parseKey('p0c10')).toEqual({ at: 'car', pos: 0, n: 10 });
    expect(parseKey('top2sum19')).toEqual({ at: 'top2', n: 19 });
    expect(parseKey('sumBig')).toEqual({ at: 'sumSide', side: 'big' });
    expect(parseKey('nope')).toBeNull();
  });
  test('tabs: 快三 four, 五星彩 five positions and 总和, 极速赛车 ten places and 冠亚和', () => {
    expect(boardTabs('k3').map((b) => b.id)).toEqual(['sum', 'sides', 'triple', 'pair']);
    expect(boardTabs('digit5')).toHaveLength(6);
    expect(boardTabs('race10')).toHaveLength(11);
    expect(boardTabs('race10').at(-1)!.numbers).toHaveLength(17);
  });
  test('labels name the position and the bet', () => {
    expect(betLabel(t, 'digit5', 'p1d7')).toBe('pos.digit5_1 7');
    expect(betLabel(t, 'race10', 'p0c3')).toBe('pos.race10_0 car3');
    expect(betLabel(t, 'k3', 'triple2')).toBe('bet.triple222');
  });
});
