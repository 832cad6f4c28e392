/**
 * Stakes that pay exactly. A winning stake is paid stake × return in fen; with returns such as
 * 1.95 (banker), 0.5 (dragon tiger's half back on a tie) or 1.93 (a lottery's odds), a stake of 10.01 would pay
 * 19.5195 — a fraction of a fen. Instead of rounding, a bet type accepts only stakes in its UNIT: the smallest
 * number of fen whose every possible return is a whole number of fen (the lcm of the returns' denominators).
 * Banker 0.20 yuan; no-commission banker and dragon/tiger 0.02; most lottery bets 1 yuan; whole-number odds 0.01.
 */
import { NIUNIU_GAME, PAI28_GAME, SANGONG_GAME } from '../cards/games.ts';
import type { BaccaratVariant } from './baccarat.ts';
import { DRAGON_TIGER } from './dragonTiger.ts';
import { SICBO } from './dice.ts';
import { DIGIT5, K3, RACE10 } from './lottery.ts';
import type { TableGame } from './paytable.ts';
import { ROULETTE_OUTSIDE, allPockets, insideBet } from './roulette.ts';
import type { TableKind } from './rounds.ts';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number): number => (a / gcd(a, b)) * b;

/** The smallest stake (fen) for which `r` × stake is whole fen (returns are given to 4 decimals at most). */
export function unitOfReturn(r: number): number {
  const scaled = Math.round(r * 10_000);
  return 10_000 / gcd(scaled, 10_000);
}

const unitOfReturns = (returns: Iterable<number>): number => {
  let u = 1;
  for (const r of returns) u = lcm(u, unitOfReturn(r));
  return u;
};

const BACCARAT_RETURNS: Record<BaccaratVariant, Record<string, number[]>> = {
  commission: { banker: [1.95, 1, 0], player: [2, 1, 0], tie: [9, 0], playerPair: [12, 0], bankerPair: [12, 0] },
  noCommission: { banker: [2, 1.5, 1, 0], player: [2, 1, 0], tie: [9, 0], playerPair: [12, 0], bankerPair: [12, 0] },
};

const GAMES: Partial<Record<TableKind, TableGame<never>>> = {
  dragonTiger: DRAGON_TIGER as never,
  sicbo: SICBO as never,
  roulette: { code: 'roulette', name: '', outcomes: allPockets, bets: ROULETTE_OUTSIDE } as never,
  k3: K3 as never,
  digit5: DIGIT5 as never,
  race10: RACE10 as never,
  niuniu: NIUNIU_GAME as never,
  pai28: PAI28_GAME as never,
  sangong: SANGONG_GAME as never,
};

const cache = new Map<TableKind, Map<string, number>>();

function unitsOf(kind: TableKind): Map<string, number> {
  let m = cache.get(kind);
  if (!m) {
    const g = GAMES[kind]!;
    const seen = g.bets.map(() => new Set<number>());
    for (const [o] of g.outcomes()) g.bets.forEach((b, i) => seen[i]!.add(b.returns(o)));
    m = new Map(g.bets.map((b, i) => [b.key, unitOfReturns(seen[i]!)]));
    cache.set(kind, m);
  }
  return m;
}

/** The stake unit (fen) of a bet type, or null for an unknown type. */
export function stakeUnitFen(kind: TableKind, variant: BaccaratVariant, key: string): number | null {
  if (kind === 'baccarat') {
    const returns = BACCARAT_RETURNS[variant][key];
    return returns ? unitOfReturns(returns) : null;
  }
  if (kind === 'roulette' && key.startsWith('in:')) {
    const bet = insideBet(key.slice(3).split('-').map(Number));
    return unitOfReturns([...allPockets()].map(([n]) => bet.returns(n)));
  }
  return unitsOf(kind).get(key) ?? null;
}
