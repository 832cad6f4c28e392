/**
 * The RTP harness for the shared tables and the lottery: every bet's exact RTP (enumeration;
 * baccarat by combinatorics over the 8-deck shoe) against a simulation of the same bets with real draws. A bet
 * fails when its exact RTP lies outside the simulated interval, Bonferroni-corrected over the game's bets so a
 * whole table is checked at 99% (not each of its ~100 bets), or when it returns 100% or more.
 */
import type { Rng } from '../rng/rng.ts';
import { normalQuantile } from '../rng/stats.ts';
import { baccaratReturn, dealBaccarat, BACCARAT_BETS, type BaccaratHand, type BaccaratVariant } from '../tables/baccarat.ts';
import { baccaratRtp } from '../tables/baccaratRtp.ts';
import { freshShoe, type Card } from '../tables/cards.ts';
import { rollDice, SICBO, type Dice } from '../tables/dice.ts';
import { dealDragonTiger, DRAGON_TIGER, type DragonTigerWinner } from '../tables/dragonTiger.ts';
import { DIGIT5, drawDigits, drawRace, K3, RACE10 } from '../tables/lottery.ts';
import { tableRtp, type TableBet, type TableGame } from '../tables/paytable.ts';
import { ROULETTE, spinWheel } from '../tables/roulette.ts';

export interface BetCheck {
  key: string;
  name: string;
  exact: number;
  simulated: number;
  low: number;
  high: number;
  ok: boolean;
}

export interface TableCheck {
  code: string;
  name: string;
  rounds: number;
  bets: BetCheck[];
}

/** Cards off the top of a freshly shuffled shoe, by a partial Fisher–Yates on one kept array (cheap per coup). */
function offTheTop(decks: number, rng: Rng): () => () => Card {
  const cards = freshShoe(decks);
  return () => {
    let i = 0;
    return () => {
      const j = i + rng.int(cards.length - i);
      const t = cards[i]!;
      cards[i] = cards[j]!;
      cards[j] = t;
      return cards[i++]!;
    };
  };
}

export function checkTable<O>(
  code: string,
  name: string,
  bets: readonly TableBet<O>[],
  exact: Record<string, number>,
  draw: () => O,
  rounds: number,
  confidence = 0.99,
): TableCheck {
  const sums = new Float64Array(bets.length);
  const squares = new Float64Array(bets.length);
  for (let r = 0; r < rounds; r++) {
    const o = draw();
    for (let b = 0; b < bets.length; b++) {
      const x = bets[b]!.returns(o);
      sums[b] = sums[b]! + x;
      squares[b] = squares[b]! + x * x;
    }
  }
  const z = normalQuantile(1 - (1 - confidence) / 2 / bets.length);
  return {
    code,
    name,
    rounds,
    bets: bets.map((bet, b) => {
      const mean = sums[b]! / rounds;
      const sd = Math.sqrt(Math.max(0, squares[b]! / rounds - mean * mean));
      const half = (z * sd) / Math.sqrt(rounds);
      const e = exact[bet.key]!;
      return {
        key: bet.key,
        name: bet.name,
        exact: e,
        simulated: mean,
        low: mean - half,
        high: mean + half,
        ok: e < 1 && e >= mean - half && e <= mean + half,
      };
    }),
  };
}

const ofGame = <O>(g: TableGame<O>, draw: () => O, rounds: number) => checkTable(g.code, g.name, g.bets, tableRtp(g), draw, rounds);

function baccaratCheck(variant: BaccaratVariant, rng: Rng, rounds: number): TableCheck {
  const coup = offTheTop(8, rng);
  const bets: TableBet<BaccaratHand>[] = BACCARAT_BETS.map((key) => ({ key, name: key, returns: (h) => baccaratReturn(key, h, variant) }));
  const exact = baccaratRtp(variant);
  return checkTable(
    `baccarat-${variant}`,
    variant === 'commission' ? '百家乐（抽水）' : '百家乐（免佣）',
    bets,
    exact,
    () => dealBaccarat(coup()),
    rounds,
  );
}

/** Every shared-table and lottery game, checked with `rounds` simulated rounds each. */
export function checkAllTables(rng: Rng, rounds: number): TableCheck[] {
  const dtCoup = offTheTop(8, rng);
  return [
    baccaratCheck('commission', rng, rounds),
    baccaratCheck('noCommission', rng, rounds),
    ofGame<DragonTigerWinner>(DRAGON_TIGER, () => dealDragonTiger(dtCoup()).winner, rounds),
    ofGame<Dice>(SICBO, () => rollDice(rng), rounds),
    ofGame<number>(ROULETTE, () => spinWheel(rng), rounds),
    ofGame(K3, () => rollDice(rng), rounds),
    ofGame(DIGIT5, () => drawDigits(rng), rounds),
    ofGame(RACE10, () => drawRace(rng), rounds),
  ];
}
