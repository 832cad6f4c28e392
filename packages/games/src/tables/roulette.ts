/**
 * European roulette (轮盘, single zero): 37 pockets. Inside bets — straight 35:1, split 17:1,
 * street 11:1, corner 8:1, six line 5:1 (and 0 with its neighbours: the trio 0-1-2 / 0-2-3 11:1, the first four
 * 0-1-2-3 8:1); outside bets — dozens and columns 2:1, red/black, odd/even, low/high 1:1 (zero loses them).
 * Every bet returns 36/37 of its stake on average.
 */
import type { Rng } from '../rng/rng.ts';
import type { TableBet, TableGame } from './paytable.ts';

export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
/** The wheel's order (for the animation; the outcome is the pocket number). */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
] as const;

export const spinWheel = (rng: Rng): number => rng.int(37);

export function* allPockets(): Iterable<readonly [number, number]> {
  for (let n = 0; n <= 36; n++) yield [n, 1] as const;
}

/** An inside bet on a set of numbers: pays 36/k − 1 to 1. */
export function insideBet(numbers: readonly number[]): TableBet<number> {
  const set = new Set(numbers);
  const ret = 36 / set.size;
  return { key: `in:${[...set].sort((a, b) => a - b).join('-')}`, name: [...set].join('/'), returns: (n) => (set.has(n) ? ret : 0) };
}

/** Is this set of numbers a bet the layout offers (straight, split, street, corner, six line, trio, first four)? */
export function isLayoutBet(numbers: readonly number[]): boolean {
  const s = [...new Set(numbers)].sort((a, b) => a - b);
  if (s.length !== numbers.length || s.some((n) => !Number.isInteger(n) || n < 0 || n > 36)) return false;
  const col = (n: number) => (n - 1) % 3;
  const row = (n: number) => Math.floor((n - 1) / 3);
  const key = s.join('-');
  if (s[0] === 0) return ['0', '0-1', '0-2', '0-3', '0-1-2', '0-2-3', '0-1-2-3'].includes(key);
  switch (s.length) {
    case 1:
      return true;
    case 2:
      return (s[1]! - s[0]! === 1 && row(s[0]!) === row(s[1]!)) || s[1]! - s[0]! === 3;
    case 3:
      return col(s[0]!) === 0 && s[1] === s[0]! + 1 && s[2] === s[0]! + 2;
    case 4:
      return col(s[0]!) < 2 && s[1] === s[0]! + 1 && s[2] === s[0]! + 3 && s[3] === s[0]! + 4;
    case 6:
      return col(s[0]!) === 0 && s.every((n, i) => n === s[0]! + i);
    default:
      return false;
  }
}

const outside = (key: string, name: string, wins: (n: number) => boolean, ret: number): TableBet<number> => ({
  key,
  name,
  returns: (n) => (n !== 0 && wins(n) ? ret : 0),
});

export const ROULETTE_OUTSIDE: readonly TableBet<number>[] = [
  outside('red', '红', (n) => RED_NUMBERS.has(n), 2),
  outside('black', '黑', (n) => !RED_NUMBERS.has(n), 2),
  outside('odd', '单', (n) => n % 2 === 1, 2),
  outside('even', '双', (n) => n % 2 === 0, 2),
  outside('low', '小 (1-18)', (n) => n <= 18, 2),
  outside('high', '大 (19-36)', (n) => n >= 19, 2),
  outside('dozen1', '第一打', (n) => n <= 12, 3),
  outside('dozen2', '第二打', (n) => n >= 13 && n <= 24, 3),
  outside('dozen3', '第三打', (n) => n >= 25, 3),
  outside('column1', '第一列', (n) => n % 3 === 1, 3),
  outside('column2', '第二列', (n) => n % 3 === 2, 3),
  outside('column3', '第三列', (n) => n % 3 === 0, 3),
];

export const ROULETTE: TableGame<number> = {
  code: 'roulette',
  name: '欧式轮盘',
  outcomes: allPockets,
  bets: [
    ...ROULETTE_OUTSIDE,
    insideBet([17]),
    insideBet([0]),
    insideBet([17, 20]),
    insideBet([13, 14, 15]),
    insideBet([17, 18, 20, 21]),
    insideBet([31, 32, 33, 34, 35, 36]),
    insideBet([0, 1, 2]),
    insideBet([0, 1, 2, 3]),
  ],
};
