/**
 * The lottery's scheduled draws (彩票), as data: every bet's odds are set from its exact
 * probability so it returns about LOTTERY_TARGET_RTP (rounded down to 0.01 — never above), and the exact RTP of
 * each is then computed by enumeration (tableRtp).
 *  - 快三 (k3): three dice — sum 3–18, big (11–18) / small (3–10), odd / even (a triple loses these four), a
 *    specific triple, any triple, a specific pair (two or three of a number);
 *  - 五星 (digit5): five digits 0–9 — a digit at a position, each position's big (5–9) / small / odd / even,
 *    the sum of the digits (0–45: big ≥ 23) big / small / odd / even;
 *  - 赛车 (race10): ten cars in a random order — a car at a position, each position's big (6–10) / small / odd /
 *    even, the first two cars' sum (冠亚和) 3–19 and its big (12–19) / small / odd / even.
 */
import type { Rng } from '../rng/rng.ts';
import { allDice, diceTotal, isTriple, rollDice, type Dice } from './dice.ts';
import type { TableBet, TableGame } from './paytable.ts';

export const LOTTERY_TARGET_RTP = 0.965;

/** Decimal odds (stake included) for a win of probability p: target / p, rounded down to 0.01. */
export const oddsFor = (p: number, target = LOTTERY_TARGET_RTP): number => Math.floor((target / p) * 100 + 1e-9) / 100;

const bet = <O>(key: string, name: string, p: number, wins: (o: O) => boolean): TableBet<O> => {
  const odds = oddsFor(p);
  return { key, name, returns: (o) => (wins(o) ? odds : 0) };
};

// ---- 快三 ----
const count = (d: Dice, n: number) => d.filter((x) => x === n).length;
const SUM_WAYS = (() => {
  const w = new Map<number, number>();
  for (const [d] of allDice()) w.set(diceTotal(d), (w.get(diceTotal(d)) ?? 0) + 1);
  return w;
})();

function k3Bets(): TableBet<Dice>[] {
  const bets: TableBet<Dice>[] = [
    bet('big', '大', 105 / 216, (d) => !isTriple(d) && diceTotal(d) >= 11),
    bet('small', '小', 105 / 216, (d) => !isTriple(d) && diceTotal(d) <= 10),
    bet('odd', '单', 105 / 216, (d) => !isTriple(d) && diceTotal(d) % 2 === 1),
    bet('even', '双', 105 / 216, (d) => !isTriple(d) && diceTotal(d) % 2 === 0),
    bet('anyTriple', '三同号通选', 6 / 216, isTriple),
  ];
  for (let s = 3; s <= 18; s++) bets.push(bet(`sum${s}`, `和值 ${s}`, SUM_WAYS.get(s)! / 216, (d) => diceTotal(d) === s));
  for (let n = 1; n <= 6; n++) {
    bets.push(bet(`triple${n}`, `三同号 ${n}${n}${n}`, 1 / 216, (d) => count(d, n) === 3));
    bets.push(bet(`pair${n}`, `二同号 ${n}${n}`, 16 / 216, (d) => count(d, n) >= 2));
  }
  return bets;
}

export const K3: TableGame<Dice> = { code: 'k3', name: '快三', outcomes: allDice, bets: k3Bets() };
export const drawK3 = rollDice;

// ---- 五星 ----
export type Digits = readonly number[];
export const drawDigits = (rng: Rng): Digits => Array.from({ length: 5 }, () => rng.int(10));
const POSITIONS5 = ['万位', '千位', '百位', '十位', '个位'];
const digitSum = (d: Digits) => d.reduce((a, b) => a + b, 0);

function* allDigits(): Iterable<readonly [Digits, number]> {
  for (let i = 0; i < 100_000; i++)
    yield [[Math.floor(i / 10_000), Math.floor(i / 1000) % 10, Math.floor(i / 100) % 10, Math.floor(i / 10) % 10, i % 10], 1];
}

function digitBets(): TableBet<Digits>[] {
  const bets: TableBet<Digits>[] = [];
  POSITIONS5.forEach((pos, k) => {
    for (let n = 0; n <= 9; n++) bets.push(bet(`p${k}d${n}`, `${pos} ${n}`, 1 / 10, (d) => d[k] === n));
    bets.push(bet(`p${k}big`, `${pos} 大`, 1 / 2, (d) => d[k]! >= 5));
    bets.push(bet(`p${k}small`, `${pos} 小`, 1 / 2, (d) => d[k]! <= 4));
    bets.push(bet(`p${k}odd`, `${pos} 单`, 1 / 2, (d) => d[k]! % 2 === 1));
    bets.push(bet(`p${k}even`, `${pos} 双`, 1 / 2, (d) => d[k]! % 2 === 0));
  });
  bets.push(bet('sumBig', '总和 大', 1 / 2, (d) => digitSum(d) >= 23));
  bets.push(bet('sumSmall', '总和 小', 1 / 2, (d) => digitSum(d) <= 22));
  bets.push(bet('sumOdd', '总和 单', 1 / 2, (d) => digitSum(d) % 2 === 1));
  bets.push(bet('sumEven', '总和 双', 1 / 2, (d) => digitSum(d) % 2 === 0));
  return bets;
}

export const DIGIT5: TableGame<Digits> = { code: 'digit5', name: '五星彩', outcomes: allDigits, bets: digitBets() };

// ---- 赛车 ----
/** Car numbers by finishing position: order[0] is the winner (冠军). */
export type RaceOrder = readonly number[];
export function drawRace(rng: Rng): RaceOrder {
  const cars = Array.from({ length: 10 }, (_, i) => i + 1);
  for (let i = cars.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [cars[i], cars[j]] = [cars[j]!, cars[i]!];
  }
  return cars;
}
export const RACE_POSITIONS = ['冠军', '亚军', '第三名', '第四名', '第五名', '第六名', '第七名', '第八名', '第九名', '第十名'];

/**
 * Exact enumeration needs only (first, second, one other position): the cars at positions 3–10 are exchangeable
 * given the first two, so a bet on any of them is enumerated on the third slot — 720 outcomes, not 10!.
 */
function* raceViews(): Iterable<readonly [RaceOrder, number]> {
  for (let a = 1; a <= 10; a++)
    for (let b = 1; b <= 10; b++)
      for (let c = 1; c <= 10; c++) if (a !== b && b !== c && a !== c) yield [[a, b, c, c, c, c, c, c, c, c], 1];
}

const PAIR_SUM_WAYS = (() => {
  const w = new Map<number, number>();
  for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a !== b) w.set(a + b, (w.get(a + b) ?? 0) + 1);
  return w;
})();
const topTwo = (o: RaceOrder) => o[0]! + o[1]!;
const sumP = (f: (s: number) => boolean) => [...PAIR_SUM_WAYS].filter(([s]) => f(s)).reduce((t, [, w]) => t + w, 0) / 90;

function raceBets(): TableBet<RaceOrder>[] {
  const bets: TableBet<RaceOrder>[] = [];
  RACE_POSITIONS.forEach((pos, k) => {
    for (let n = 1; n <= 10; n++) bets.push(bet(`p${k}c${n}`, `${pos} ${n}号`, 1 / 10, (o) => o[k] === n));
    bets.push(bet(`p${k}big`, `${pos} 大`, 1 / 2, (o) => o[k]! >= 6));
    bets.push(bet(`p${k}small`, `${pos} 小`, 1 / 2, (o) => o[k]! <= 5));
    bets.push(bet(`p${k}odd`, `${pos} 单`, 1 / 2, (o) => o[k]! % 2 === 1));
    bets.push(bet(`p${k}even`, `${pos} 双`, 1 / 2, (o) => o[k]! % 2 === 0));
  });
  for (const [s, w] of PAIR_SUM_WAYS) bets.push(bet(`top2sum${s}`, `冠亚和 ${s}`, w / 90, (o) => topTwo(o) === s));
  bets.push(
    bet(
      'top2big',
      '冠亚和 大',
      sumP((s) => s >= 12),
      (o) => topTwo(o) >= 12,
    ),
  );
  bets.push(
    bet(
      'top2small',
      '冠亚和 小',
      sumP((s) => s <= 11),
      (o) => topTwo(o) <= 11,
    ),
  );
  bets.push(
    bet(
      'top2odd',
      '冠亚和 单',
      sumP((s) => s % 2 === 1),
      (o) => topTwo(o) % 2 === 1,
    ),
  );
  bets.push(
    bet(
      'top2even',
      '冠亚和 双',
      sumP((s) => s % 2 === 0),
      (o) => topTwo(o) % 2 === 0,
    ),
  );
  return bets;
}

export const RACE10: TableGame<RaceOrder> = { code: 'race10', name: '极速赛车', outcomes: raceViews, bets: raceBets() };
