/**
 * 百人三公 (平倍): a banker against four spots — 天 地 玄 黄 — three cards each from one 52-card deck shuffled per
 * round. Pure rules, shared by the server, the page and the RTP harness.
 *
 * Points: A 1, 2–9 their value, 10 J Q K 0; the hand's points are the sum mod 10. 公牌: J Q K. Ranks, high to low:
 * 爆玖 (three 3s), 炸弹 (three of a kind, by its rank), 三公 (three 公牌), then the points 9 … 0. The same rank: more
 * 公牌 first (双公九 > 单公九 > 九点), then the highest card (K high, A low), then its suit (♠ ♥ ♣ ♦): no two hands tie.
 * A spot beating the banker pays 1:0.95 (return 1.95: 5% commission), else loses. The hands are exchangeable, so a
 * spot wins exactly half the deals: RTP 97.5% (sangongOdds enumerates it).
 */
import type { Rng } from '../rng/rng.ts';
import { rankOf, shuffle, suitOf, type Card } from '../tables/cards.ts';

export const SANGONG_SPOTS = ['tian', 'di', 'xuan', 'huang'] as const;
export type SangongSpot = (typeof SANGONG_SPOTS)[number];
export const SANGONG_SPOT_NAMES: Record<SangongSpot, string> = { tian: '天', di: '地', xuan: '玄', huang: '黄' };
export const SANGONG_RETURN = 1.95;

export type SangongKind = 'baojiu' | 'bomb' | 'sangong' | 'points';

export interface SangongHand {
  cards: Card[];
  kind: SangongKind;
  points: number;
  faces: number;
  /** Orders hands up to the highest card's suit (equal only for the same ranks: then the suit decides). */
  score: number;
  high: Card;
}

const CLASS: Record<SangongKind, number> = { baojiu: 3, bomb: 2, sangong: 1, points: 0 };

/** The rank part of a hand's order, from its ranks alone (0 A … 12 K). */
export function sangongScoreOfRanks(ranks: readonly number[]): { kind: SangongKind; points: number; faces: number; score: number } {
  const faces = ranks.filter((r) => r >= 10).length;
  const points = ranks.reduce((a, r) => a + (r >= 9 ? 0 : r + 1), 0) % 10;
  const same = ranks[0] === ranks[1] && ranks[1] === ranks[2];
  const top = Math.max(...ranks);
  const kind: SangongKind = same && ranks[0] === 2 ? 'baojiu' : same ? 'bomb' : faces === 3 ? 'sangong' : 'points';
  const key = kind === 'bomb' ? ranks[0]! : kind === 'points' ? points * 4 + faces : 0;
  return { kind, points, faces, score: (CLASS[kind] * 100 + key) * 16 + top };
}

const cardOrder = (c: Card): number => rankOf(c) * 4 + (3 - suitOf(c));

export function sangongHand(cards: readonly Card[]): SangongHand {
  if (cards.length !== 3) throw new RangeError('a 三公 hand has three cards');
  const s = sangongScoreOfRanks(cards.map(rankOf));
  return { cards: [...cards], ...s, high: cards.reduce((a, b) => (cardOrder(b) > cardOrder(a) ? b : a)) };
}

/** > 0 when `a` beats `b`. */
export const compareSangong = (a: SangongHand, b: SangongHand): number => a.score - b.score || cardOrder(a.high) - cardOrder(b.high);

const NUM = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
export function sangongHandName(h: Pick<SangongHand, 'kind' | 'points' | 'faces'>): string {
  if (h.kind === 'baojiu') return '爆玖';
  if (h.kind === 'bomb') return '炸弹';
  if (h.kind === 'sangong') return '三公';
  return `${h.faces === 2 ? '双公' : h.faces === 1 ? '单公' : ''}${NUM[h.points]}点`;
}

export interface SangongRound {
  banker: SangongHand;
  spots: Record<SangongSpot, SangongHand>;
  results: { spot: SangongSpot; win: boolean }[];
}

/** The hands in dealing order: cards 0–2 the banker's, then 天 地 玄 黄 three each. */
export function sangongFromCards(order: readonly Card[]): SangongRound {
  const hand = (i: number) => sangongHand(order.slice(i * 3, i * 3 + 3));
  const banker = hand(0);
  const spots = Object.fromEntries(SANGONG_SPOTS.map((s, i) => [s, hand(i + 1)])) as Record<SangongSpot, SangongHand>;
  return { banker, spots, results: SANGONG_SPOTS.map((spot) => ({ spot, win: compareSangong(spots[spot], banker) > 0 })) };
}

export function dealSangong(rng: Rng): SangongRound {
  const deck = shuffle(
    Array.from({ length: 52 }, (_, c) => c),
    rng,
  );
  return sangongFromCards(deck.slice(0, 15));
}

const C4 = [
  [1, 0, 0, 0, 0],
  [1, 1, 0, 0, 0],
  [1, 2, 1, 0, 0],
  [1, 3, 3, 1, 0],
  [1, 4, 6, 4, 1],
];

/**
 * A spot's exact odds: ordered pairs of disjoint three-card hands, over their rank multisets (455²) weighted by the
 * ways to give both their suits; equal scores (the same deciding ranks) split by the best suit among the a + b cards
 * of the top rank: the spot's a / (a + b). Weights × 12 stay whole.
 */
export function sangongOdds(): { wins: number; total: number } {
  const sets: { counts: number[]; score: number; top: number }[] = [];
  for (let a = 0; a < 13; a++)
    for (let b = a; b < 13; b++)
      for (let c = b; c < 13; c++) {
        const counts = new Array<number>(13).fill(0);
        for (const r of [a, b, c]) counts[r]! += 1;
        sets.push({ counts, score: sangongScoreOfRanks([a, b, c]).score, top: c });
      }
  let wins = 0;
  let total = 0;
  for (const s of sets)
    for (const o of sets) {
      let w = 12;
      for (let r = 0; r < 13 && w > 0; r++) {
        const x = s.counts[r]!;
        const y = o.counts[r]!;
        if (x + y > 4) w = 0;
        else if (x || y) w *= C4[4]![x]! * C4[4 - x]![y]!;
      }
      if (w === 0) continue;
      total += w;
      if (s.score > o.score) wins += w;
      else if (s.score === o.score) wins += (w / (s.counts[s.top]! + o.counts[s.top]!)) * s.counts[s.top]!;
    }
  return { wins, total };
}
