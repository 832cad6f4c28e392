/**
 * A tactical-shooter map (EC, EV): rounds to `toWin` (13), overtime from 12–12 won by two. Home wins a round
 * with p (team ratings and the map's pick advantage); a pistol round (the first of each half) is closer to a
 * coin (the gap halved), and the round after a pistol round goes 80% to its winner — the loser cannot buy.
 * The rounds are a Markov chain on (home rounds, away rounds, last round's winner), so every price — map winner,
 * total rounds, round handicap, first to five, pistol round — is an exact forward pass over that chain from the
 * score now (`forward`).
 *
 * Economy (shown, per player): a team starts with 800; a round won pays 3,250, a loss 1,400 + 500 a loss in a
 * row (up to four); a team full-buys (3,900 a player) when it can, else saves.
 */
import type { Rng } from '../rng.ts';
import type { TacticalRules } from './titles.ts';

export interface TacticalMapPlan {
  p: number;
  /** Per round: 0 home, 1 away won it; the second of the map it ended. */
  winners: Array<0 | 1>;
  ends: number[];
  /** Per round: the per-player banks of home and away before buying. */
  econ: Array<[number, number]>;
  winner: 0 | 1;
}

/** Sudden death past this many rounds each (never reached in practice: keeps the chain finite). */
const CAP = 30;
export const HALF = 12;
const FULL_BUY = 3_900;

const isPistol = (n: number) => n === 1 || n === HALF + 1;

/** P(home wins round n) (1-based) after a round won by `last` (−1 none). */
export function roundChance(p: number, n: number, last: number): number {
  if (isPistol(n)) return 0.5 + (p - 0.5) / 2;
  if (isPistol(n - 1)) return last === 0 ? 0.8 : 0.2;
  return p;
}

export const mapOver = (toWin: number, h: number, c: number) => (Math.max(h, c) >= toWin && Math.abs(h - c) >= 2) || Math.max(h, c) >= CAP;

/**
 * The chain run forward from (h, c, last) until `stop`: the final [h, c, p] and P(home stopped ahead) is the
 * caller's to fold.
 */
export function forward(
  p: number,
  h0: number,
  c0: number,
  last0: number,
  stop: (h: number, c: number) => boolean,
): Array<[number, number, number]> {
  // One layer per round played (h + c constant): index h * 3 + (last + 1).
  let layer = new Map<number, number>([[h0 * 3 + last0 + 1, 1]]);
  const done: Array<[number, number, number]> = [];
  for (let n = h0 + c0; layer.size > 0; n++) {
    const next = new Map<number, number>();
    for (const [key, mass] of layer) {
      const h = Math.floor(key / 3);
      const c = n - h;
      if (stop(h, c)) {
        done.push([h, c, mass]);
        continue;
      }
      const ph = roundChance(p, n + 1, (key % 3) - 1);
      const kh = (h + 1) * 3 + 1;
      const kc = h * 3 + 2;
      next.set(kh, (next.get(kh) ?? 0) + mass * ph);
      next.set(kc, (next.get(kc) ?? 0) + mass * (1 - ph));
    }
    layer = next;
  }
  return done;
}

function bank(prev: number, won: boolean, lossRow: number, spent: number): number {
  return Math.min(16_000, prev - spent + (won ? 3_250 : 1_400 + 500 * Math.min(lossRow, 4)));
}

export function planTacticalMap(rng: Rng, rules: TacticalRules, p: number): TacticalMapPlan {
  const winners: Array<0 | 1> = [];
  const ends: number[] = [];
  const econ: Array<[number, number]> = [];
  const score = [0, 0];
  const losses = [0, 0];
  let money: [number, number] = [800, 800];
  let t = 0;
  let last = -1;
  while (!mapOver(rules.toWin, score[0]!, score[1]!)) {
    const n = score[0]! + score[1]! + 1;
    if (n === HALF + 1 || (n > 2 * HALF && (n - 1) % 6 === 0)) money = [800, 800]; // a new half (or overtime half)
    if (n > 2 * HALF && (n - 1) % 6 === 0) money = [10_000, 10_000];
    econ.push([...money]);
    const w: 0 | 1 = rng() < roundChance(p, n, last) ? 0 : 1;
    const spent = money.map((m) => (isPistol(n) ? Math.min(m, 800) : m >= FULL_BUY ? FULL_BUY : Math.min(m, 400)));
    losses[w] = 0;
    losses[1 - w]!++;
    money = [bank(money[0], w === 0, losses[0]!, spent[0]!), bank(money[1], w === 1, losses[1]!, spent[1]!)];
    score[w]!++;
    winners.push(w);
    last = w;
    t += Math.round(rules.roundSec * (0.6 + 0.8 * rng())) + (n === HALF ? 60 : 0);
    ends.push(t);
  }
  return { p, winners, ends, econ, winner: score[0]! > score[1]! ? 0 : 1 };
}

/** What a shown bank buys: 全甲全枪 (full), 半起 (force), 经济局 (save). */
export const buyOf = (money: number) => (money >= FULL_BUY ? 'full' : money >= 2_000 ? 'force' : 'eco');
