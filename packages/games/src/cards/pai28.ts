/**
 * 百人二八杠 (domino 28): a banker against three doors — 顺门 天门 尾门 — two tiles each from the 40 tiles of the
 * game (筒子 1–9 and 白板, four of each), shuffled per round. Pure rules, shared by the server, the page and the
 * RTP harness.
 *
 * Ranks, high to low: 白板对 (天王); the pairs 九筒对 … 一筒对; 二八杠 (a 2 and an 8); then the points — the two
 * tiles' sum mod 10 with 白板 worth ½: 九点半 … 半点, and 鳖十 (0) last. The same points: the hand with the larger
 * tile wins (白板 the smallest). Still equal (the same tiles' values), or 鳖十 against 鳖十: the banker wins (庄吃).
 * A door bet pays 1:1 (return 2) when it beats the banker, else loses.
 */
import type { Rng } from '../rng/rng.ts';
import { shuffle } from '../tables/cards.ts';

/** A tile 0–39: its face is id % 10 (0 白板, 1–9 筒子), four of each. */
export type Tile = number;
export const faceOf = (t: Tile): number => t % 10;

export const PAI28_SPOTS = ['shun', 'tian', 'wei'] as const;
export type Pai28Spot = (typeof PAI28_SPOTS)[number];
export const PAI28_SPOT_NAMES: Record<Pai28Spot, string> = { shun: '顺门', tian: '天门', wei: '尾门' };
export const PAI28_RETURN = 2;

export type Pai28Kind = 'whitePair' | 'pair' | 'gang' | 'points';

export interface Pai28Hand {
  tiles: Tile[];
  kind: Pai28Kind;
  /** Points in halves (0–19: 19 is 九点半) for 'points', the pair's face for 'pair', else 0. */
  value: number;
  /** Orders hands: higher beats lower; equal scores go to the banker. */
  score: number;
}

/** A face's worth in halves: 白板 1 (½), 筒子 n 2n. */
const halves = (face: number): number => (face === 0 ? 1 : face * 2);

export function pai28Hand(tiles: readonly Tile[]): Pai28Hand {
  if (tiles.length !== 2) throw new RangeError('a 二八杠 hand has two tiles');
  const [a, b] = [faceOf(tiles[0]!), faceOf(tiles[1]!)];
  if (a === b && a === 0) return { tiles: [...tiles], kind: 'whitePair', value: 0, score: 3000 };
  if (a === b) return { tiles: [...tiles], kind: 'pair', value: a, score: 2000 + a };
  if ((a === 2 && b === 8) || (a === 8 && b === 2)) return { tiles: [...tiles], kind: 'gang', value: 0, score: 1500 };
  const points = (halves(a) + halves(b)) % 20;
  // 鳖十 scores 0 whatever its tiles: two of them always go to the banker.
  const score = points === 0 ? 0 : points * 20 + Math.max(halves(a), halves(b));
  return { tiles: [...tiles], kind: 'points', value: points, score };
}

/** The name of a hand as the table shows it: 白板对, 九筒对, 二八杠, 九点半, 五点, 鳖十. */
export function pai28HandName(h: Pai28Hand): string {
  const NUM = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
  if (h.kind === 'whitePair') return '白板对';
  if (h.kind === 'pair') return `${NUM[h.value]}筒对`;
  if (h.kind === 'gang') return '二八杠';
  if (h.value === 0) return '鳖十';
  if (h.value === 1) return '半点';
  return `${NUM[Math.floor(h.value / 2)]}点${h.value % 2 ? '半' : ''}`;
}

/** A door beats the banker only with a strictly higher score (ties go to the banker). */
export const pai28DoorWins = (door: Pai28Hand, banker: Pai28Hand): boolean => door.score > banker.score;

export interface Pai28Round {
  banker: Pai28Hand;
  spots: Record<Pai28Spot, Pai28Hand>;
  results: { spot: Pai28Spot; win: boolean }[];
}

/** The hands in dealing order: tiles 0–1 the banker's, then 顺门 天门 尾门 two each. */
export function pai28FromTiles(order: readonly Tile[]): Pai28Round {
  const hand = (i: number) => pai28Hand(order.slice(i * 2, i * 2 + 2));
  const banker = hand(0);
  const spots = Object.fromEntries(PAI28_SPOTS.map((s, i) => [s, hand(i + 1)])) as Record<Pai28Spot, Pai28Hand>;
  return { banker, spots, results: PAI28_SPOTS.map((spot) => ({ spot, win: pai28DoorWins(spots[spot], banker) })) };
}

/** One round: the 40 tiles shuffled by the round's fair stream (Fisher–Yates), 8 dealt. */
export function dealPai28(rng: Rng): Pai28Round {
  const tiles = shuffle(
    Array.from({ length: 40 }, (_, t) => t),
    rng,
  );
  return pai28FromTiles(tiles.slice(0, 8));
}

/** A door's exact odds: ordered pairs of disjoint hands (780 × 703), every deal alike. */
export function pai28Odds(): { wins: number; total: number } {
  let wins = 0;
  let total = 0;
  const hands: Tile[][] = [];
  for (let i = 0; i < 40; i++) for (let j = i + 1; j < 40; j++) hands.push([i, j]);
  const scored = hands.map((h) => ({ h, s: pai28Hand(h).score }));
  for (const d of scored)
    for (const b of scored) {
      if (b.h.includes(d.h[0]!) || b.h.includes(d.h[1]!)) continue;
      total += 1;
      if (d.s > b.s) wins += 1;
    }
  return { wins, total };
}
