/**
 * The lottery pages' pure computations: a draw's numbers from its outcome or its revealed steps, what the history
 * derives from them (和值 / 大小 / 单双), and the trend chart's data (走势图): the hit column of each draw, the
 * running omission (遗漏: draws since a number last appeared), appearances and the 大/小 · 单/双 distribution.
 * Draws are given oldest first, as the chart reads them top to bottom.
 */
import type { TableStepWire } from '@portal/contract';
import type { LotteryKind } from './api.ts';

/** The draw's numbers: 快三 three dice, 五星彩 five digits (万位 first), 极速赛车 the cars by finishing place. */
export function numbersOf(kind: LotteryKind, outcome: unknown): number[] | null {
  if (!outcome || typeof outcome !== 'object') return null;
  const o = outcome as { dice?: unknown; digits?: unknown; order?: unknown };
  const raw = kind === 'k3' ? o.dice : kind === 'digit5' ? o.digits : o.order;
  const want = NUMBERS[kind];
  if (!Array.isArray(raw) || raw.length !== want) return null;
  return raw.every((n) => Number.isInteger(n)) ? (raw as number[]) : null;
}

/** How many numbers a draw has. */
export const NUMBERS: Record<LotteryKind, number> = { k3: 3, digit5: 5, race10: 10 };

/** The numbers revealed so far by a round's steps (a die, a digit, a car each). */
export function stepNumbers(kind: LotteryKind, steps: readonly TableStepWire[]): number[] {
  const want = kind === 'k3' ? 'die' : kind === 'digit5' ? 'digit' : 'car';
  return steps.flatMap((s) => (s.kind === want && 'value' in s ? [s.value] : []));
}

export type Size = 'big' | 'small' | 'triple';
export type Parity = 'odd' | 'even' | 'triple';

export interface DrawSummary {
  /** 快三: the dice's sum; 五星彩: the digits' sum; 极速赛车: 冠亚和 (the first two cars). */
  sum: number;
  /** As the bets settle: a 快三 triple loses 大小单双, so it is 'triple' in both. */
  size: Size;
  parity: Parity;
}

/** Where 大 starts for each game's sum (快三 11–18, 五星彩 23–45, 冠亚和 12–19). */
export const BIG_FROM: Record<LotteryKind, number> = { k3: 11, digit5: 23, race10: 12 };

export function summarize(kind: LotteryKind, numbers: readonly number[]): DrawSummary {
  const counted = kind === 'race10' ? numbers.slice(0, 2) : numbers;
  const sum = counted.reduce((a, b) => a + b, 0);
  if (kind === 'k3' && numbers.length === 3 && numbers[0] === numbers[1] && numbers[1] === numbers[2]) {
    return { sum, size: 'triple', parity: 'triple' };
  }
  return { sum, size: sum >= BIG_FROM[kind] ? 'big' : 'small', parity: sum % 2 === 1 ? 'odd' : 'even' };
}

/** The chart's columns: 快三 the sums 3–18; 五星彩 the digits 0–9; 极速赛车 the cars 1–10. */
export function trendValues(kind: LotteryKind): number[] {
  const [from, to] = kind === 'k3' ? [3, 18] : kind === 'digit5' ? [0, 9] : [1, 10];
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The positions a chart can show: 快三 one (the sum), 五星彩 five, 极速赛车 ten. */
export const POSITIONS: Record<LotteryKind, number> = { k3: 1, digit5: 5, race10: 10 };

/** The value a draw marks on the chart at a position: the sum (快三), a position's digit or car. */
export function hitValue(kind: LotteryKind, numbers: readonly number[], position: number): number | null {
  if (kind === 'k3') return numbers.length === 3 ? numbers.reduce((a, b) => a + b, 0) : null;
  const v = numbers[position];
  return v === undefined ? null : v;
}

/** Each draw's hit column (index into trendValues), -1 for a draw without numbers. */
export function hitColumns(kind: LotteryKind, draws: readonly (readonly number[] | null)[], position: number): number[] {
  const values = trendValues(kind);
  return draws.map((d) => {
    const v = d ? hitValue(kind, d, position) : null;
    return v === null ? -1 : values.indexOf(v);
  });
}

/**
 * The running omission, as a 走势图 prints it in every cell: for each draw and column, 0 where the column is hit,
 * else the draws since that column's last hit (counting from the first draw shown when it has not appeared yet).
 */
export function runningOmissions(hits: readonly number[], columns: number): number[][] {
  const gap = Array.from({ length: columns }, () => 0);
  return hits.map((h) => {
    for (let c = 0; c < columns; c++) gap[c] = c === h ? 0 : gap[c]! + 1;
    return gap.slice();
  });
}

/** 遗漏 after the last draw: draws since each column last appeared (all the draws when it never did). */
export function omissions(hits: readonly number[], columns: number): number[] {
  return runningOmissions(hits, columns).at(-1) ?? Array.from({ length: columns }, () => 0);
}

/** The longest omission each column had over the draws (最大遗漏). */
export function maxOmissions(hits: readonly number[], columns: number): number[] {
  const max = Array.from({ length: columns }, () => 0);
  for (const row of runningOmissions(hits, columns)) row.forEach((g, c) => (max[c] = Math.max(max[c]!, g)));
  return max;
}

/** How often each column was hit (出现次数). */
export function appearances(hits: readonly number[], columns: number): number[] {
  const n = Array.from({ length: columns }, () => 0);
  for (const h of hits) if (h >= 0 && h < columns) n[h]! += 1;
  return n;
}

export interface Distribution {
  big: number;
  small: number;
  odd: number;
  even: number;
  triple: number;
}

/** 大 / 小 / 单 / 双 (and 快三's triples) over the draws. */
export function distribution(summaries: readonly DrawSummary[]): Distribution {
  const d: Distribution = { big: 0, small: 0, odd: 0, even: 0, triple: 0 };
  for (const s of summaries) {
    if (s.size === 'triple') d.triple += 1;
    else {
      d[s.size] += 1;
      d[s.parity as 'odd' | 'even'] += 1;
    }
  }
  return d;
}

/** The current streak of the newest draws' size or parity ('big' ×3 …), null for no draws. */
export function streak<T>(values: readonly T[]): { value: T; length: number } | null {
  const last = values.at(-1);
  if (last === undefined) return null;
  let length = 0;
  for (let i = values.length - 1; i >= 0 && values[i] === last; i--) length++;
  return { value: last, length };
}
