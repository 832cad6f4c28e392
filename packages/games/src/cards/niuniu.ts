/**
 * 百人牛牛 (the house's 翻倍 table): a banker hand against four spots — 天 地 玄 黄 — five cards each from one
 * 52-card deck shuffled per round. Pure rules, shared by the server's round engine, the table page and the RTP harness.
 *
 * A hand: A counts 1, 2–10 their value, J Q K 10. 牛N when three cards sum to a multiple of 10 and the other two sum
 * to N (mod 10, 0 = 牛牛); 无牛 when no three do. Special hands, above 牛牛: 四花 (four of J Q K and a 10), 五花
 * (five of J Q K), 炸弹 (four of a kind), 五小牛 (every card under 5, the five summing to 10 or less).
 * Order: 五小牛 > 炸弹 > 五花 > 四花 > 牛牛 > 牛9 … 牛1 > 无牛. The same hand: 炸弹 by its four's rank, any other by
 * its highest card (K high, A low), then that card's suit (♠ ♥ ♣ ♦). No two hands ever tie.
 *
 * Money: a spot bet's stake is its deposit (押金) — the 底注 × 5, the largest multiple — held whole. The winner's
 * hand fixes the multiple (NIUNIU_MULTIPLES): a spot beating the banker wins 底注 × multiple less 5% commission; a
 * spot losing loses 底注 × the banker's multiple; the rest of the deposit comes back. Returns per unit of deposit:
 * win 1 + 0.19 × m, lose 1 − 0.2 × m (exact fen for deposits of whole yuan).
 */
import type { Rng } from '../rng/rng.ts';
import { rankOf, shuffle, suitOf, type Card } from '../tables/cards.ts';

export const NIUNIU_SPOTS = ['tian', 'di', 'xuan', 'huang'] as const;
export type NiuniuSpot = (typeof NIUNIU_SPOTS)[number];
export const NIUNIU_SPOT_NAMES: Record<NiuniuSpot, string> = { tian: '天', di: '地', xuan: '玄', huang: '黄' };
/** The deposit as a multiple of the 底注: the largest multiple of the schedule. */
export const NIUNIU_DEPOSIT = 5;
/** Commission on a spot's winnings. */
export const NIUNIU_COMMISSION = 0.05;

/** Hand ranks: 0 无牛, 1–9 牛1–牛9, 10 牛牛, 11 四花, 12 五花, 13 炸弹, 14 五小牛. */
export const NIU_NONE = 0;
export const NIU_NIU = 10;
export const NIU_FOUR_FACES = 11;
export const NIU_FIVE_FACES = 12;
export const NIU_BOMB = 13;
export const NIU_FIVE_SMALL = 14;
export const NIU_RANK_NAMES = [
  '无牛',
  '牛一',
  '牛二',
  '牛三',
  '牛四',
  '牛五',
  '牛六',
  '牛七',
  '牛八',
  '牛九',
  '牛牛',
  '四花牛',
  '五花牛',
  '炸弹',
  '五小牛',
];

/** The table's schedule: the multiple of each hand rank (无牛–牛6 ×1, 牛7–牛9 ×2, 牛牛 ×3, 四花 五花 ×4, 炸弹 五小牛 ×5). */
export const NIUNIU_MULTIPLES: readonly number[] = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 4, 4, 5, 5];

export interface NiuHand {
  cards: Card[];
  rank: number;
  /** The rank (0 A … 12 K) that breaks a tie of the same hand rank: the four's (炸弹) or the highest card's. */
  top: number;
  /** The highest card (its suit breaks a tie of `top`). */
  high: Card;
  multiple: number;
}

const pointOf = (rank: number): number => Math.min(rank + 1, 10);

/** The hand rank of five ranks (0 A … 12 K): a pure function of the ranks, suits never matter. */
export function niuRankOfRanks(ranks: readonly number[]): number {
  const counts = new Array<number>(13).fill(0);
  for (const r of ranks) counts[r]! += 1;
  const points = ranks.map(pointOf);
  const sum = points.reduce((a, b) => a + b, 0);
  if (ranks.every((r) => r < 4) && sum <= 10) return NIU_FIVE_SMALL;
  if (counts.some((n) => n === 4)) return NIU_BOMB;
  const faces = ranks.filter((r) => r >= 10).length;
  if (faces === 5) return NIU_FIVE_FACES;
  if (faces === 4 && counts[9] === 1) return NIU_FOUR_FACES;
  for (let i = 0; i < 5; i++)
    for (let j = i + 1; j < 5; j++)
      for (let k = j + 1; k < 5; k++) {
        if ((points[i]! + points[j]! + points[k]!) % 10 !== 0) continue;
        const rest = (sum - points[i]! - points[j]! - points[k]!) % 10;
        return rest === 0 ? NIU_NIU : rest;
      }
  return NIU_NONE;
}

/** The rank that breaks ties of the same hand rank: the four's for a 炸弹, else the highest card's. */
export function niuTopOfRanks(ranks: readonly number[], rank: number): number {
  if (rank === NIU_BOMB) {
    const counts = new Array<number>(13).fill(0);
    for (const r of ranks) counts[r]! += 1;
    return counts.indexOf(4);
  }
  return Math.max(...ranks);
}

/** Card order for the highest card: rank first (K high), then suit (♠ highest, ♦ lowest). */
const cardOrder = (c: Card): number => rankOf(c) * 4 + (3 - suitOf(c));

export function niuHand(cards: readonly Card[]): NiuHand {
  if (cards.length !== 5) throw new RangeError('a 牛牛 hand has five cards');
  const ranks = cards.map(rankOf);
  const rank = niuRankOfRanks(ranks);
  const top = niuTopOfRanks(ranks, rank);
  const high = cards.reduce((a, b) => (cardOrder(b) > cardOrder(a) ? b : a));
  return { cards: [...cards], rank, top, high, multiple: NIUNIU_MULTIPLES[rank]! };
}

/** > 0 when `a` beats `b`; never 0 for two hands from one deck. */
export function compareNiu(a: NiuHand, b: NiuHand): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.top !== b.top) return a.top - b.top;
  return cardOrder(a.high) - cardOrder(b.high);
}

export interface NiuniuSpotResult {
  spot: NiuniuSpot;
  /** The spot beat the banker. */
  win: boolean;
  /** The winner's multiple. */
  multiple: number;
}

export interface NiuniuRound {
  banker: NiuHand;
  spots: Record<NiuniuSpot, NiuHand>;
  results: NiuniuSpotResult[];
}

/** The hands in dealing order: cards 0–4 the banker's, then 天 地 玄 黄 five each. */
export function niuniuFromCards(order: readonly Card[]): NiuniuRound {
  const hand = (i: number) => niuHand(order.slice(i * 5, i * 5 + 5));
  const banker = hand(0);
  const spots = Object.fromEntries(NIUNIU_SPOTS.map((s, i) => [s, hand(i + 1)])) as Record<NiuniuSpot, NiuHand>;
  const results = NIUNIU_SPOTS.map((spot) => {
    const win = compareNiu(spots[spot], banker) > 0;
    return { spot, win, multiple: win ? spots[spot].multiple : banker.multiple };
  });
  return { banker, spots, results };
}

/** One round: the deck shuffled by the round's fair stream (Fisher–Yates), 25 cards dealt. */
export function dealNiuniu(rng: Rng): NiuniuRound {
  const deck = shuffle(
    Array.from({ length: 52 }, (_, c) => c),
    rng,
  );
  return niuniuFromCards(deck.slice(0, 25));
}

/** A spot bet's return per unit of deposit (stake included). */
export function niuniuReturn(win: boolean, multiple: number): number {
  // Four decimals at most (0.19 × m, 0.2 × m): rounding removes the float's tail.
  const r = win ? 1 + ((1 - NIUNIU_COMMISSION) * multiple) / NIUNIU_DEPOSIT : 1 - multiple / NIUNIU_DEPOSIT;
  return Math.round(r * 10_000) / 10_000;
}
