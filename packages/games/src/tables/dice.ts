/**
 * Sic bo (骰宝) with the standard bets and paytable: three dice. Big (11–17) and small (4–10),
 * odd and even pay 1:1 and lose on any triple; totals 4/17 60:1, 5/16 30:1, 6/15 17:1, 7/14 12:1, 8/13 8:1,
 * 9/12 6:1, 10/11 6:1; a specific double 10:1; a specific triple 180:1; any triple 30:1; a two-number
 * combination 5:1; a single number 1:1 per die showing it (2:1 on two, 3:1 on three).
 */
import type { Rng } from '../rng/rng.ts';
import type { TableBet, TableGame } from './paytable.ts';

export type Dice = readonly [number, number, number];

export const rollDice = (rng: Rng): Dice => [1 + rng.int(6), 1 + rng.int(6), 1 + rng.int(6)];
export const diceTotal = (d: Dice): number => d[0] + d[1] + d[2];
export const isTriple = (d: Dice): boolean => d[0] === d[1] && d[1] === d[2];
const countOf = (d: Dice, n: number) => (d[0] === n ? 1 : 0) + (d[1] === n ? 1 : 0) + (d[2] === n ? 1 : 0);

export function* allDice(): Iterable<readonly [Dice, number]> {
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) yield [[a, b, c], 1] as const;
}

/** Odds (x:1) of each total bet. */
export const SICBO_TOTAL_ODDS: Readonly<Record<number, number>> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
};

function sicboBets(): TableBet<Dice>[] {
  const even = (x: boolean) => (x ? 2 : 0);
  const bets: TableBet<Dice>[] = [
    { key: 'big', name: '大', returns: (d) => even(!isTriple(d) && diceTotal(d) >= 11) },
    { key: 'small', name: '小', returns: (d) => even(!isTriple(d) && diceTotal(d) <= 10) },
    { key: 'odd', name: '单', returns: (d) => even(!isTriple(d) && diceTotal(d) % 2 === 1) },
    { key: 'even', name: '双', returns: (d) => even(!isTriple(d) && diceTotal(d) % 2 === 0) },
    { key: 'anyTriple', name: '全围', returns: (d) => (isTriple(d) ? 31 : 0) },
  ];
  for (const [t, odds] of Object.entries(SICBO_TOTAL_ODDS))
    bets.push({ key: `total${t}`, name: `点数 ${t}`, returns: (d) => (diceTotal(d) === Number(t) ? odds + 1 : 0) });
  for (let n = 1; n <= 6; n++) {
    bets.push({ key: `double${n}`, name: `对子 ${n}`, returns: (d) => (countOf(d, n) >= 2 ? 11 : 0) });
    bets.push({ key: `triple${n}`, name: `围骰 ${n}`, returns: (d) => (countOf(d, n) === 3 ? 181 : 0) });
    bets.push({ key: `single${n}`, name: `三军 ${n}`, returns: (d) => (countOf(d, n) === 0 ? 0 : countOf(d, n) + 1) });
    for (let m = n + 1; m <= 6; m++)
      bets.push({ key: `combo${n}${m}`, name: `牌九式 ${n}${m}`, returns: (d) => (countOf(d, n) > 0 && countOf(d, m) > 0 ? 6 : 0) });
  }
  return bets;
}

export const SICBO: TableGame<Dice> = { code: 'sicbo', name: '骰宝', outcomes: allDice, bets: sicboBets() };
