/**
 * The PvP 斗地主 page's pure parts (issue 31): card faces, the seats around the table from the player's own seat,
 * the last play of each seat in the current trick, what the player may do now.
 */
import { DDZ_VALUE_NAMES, ddzValue, type DdzPlay } from '@portal/games';
import type { PvpStateWire } from '@portal/contract';

export const PVP_VENUE = 'crqp';
export const PVP_LOBBY_CODE = 'lobby';

const SUITS = ['♠', '♥', '♣', '♦'];
/** A card's face: its value's name and suit ('10♥'), or the joker ('小王' / '大王'). */
export function cardFace(c: number): { text: string; suit: string; red: boolean; joker: boolean } {
  if (c >= 52) return { text: c === 52 ? '小王' : '大王', suit: '', red: c === 53, joker: true };
  const suit = Math.floor(c / 13);
  return { text: DDZ_VALUE_NAMES[ddzValue(c)]!, suit: SUITS[suit]!, red: suit === 1 || suit === 3, joker: false };
}

/** The other two seats, in playing order after the player (right of them, then left). */
export const othersOf = (s: PvpStateWire): [number, number] => [(s.seat + 1) % 3, (s.seat + 2) % 3];

/** Each seat's latest move among the last three (the trick on the table, or the one just won). */
export function trickOf(s: PvpStateWire): Map<number, { play: DdzPlay | null; auto: boolean }> {
  const out = new Map<number, { play: DdzPlay | null; auto: boolean }>();
  for (const t of s.turns.slice(-3)) out.set(t.seat, { play: t.play as DdzPlay | null, auto: t.auto });
  return out;
}

/** Whether it is this player's move. */
export const myTurn = (s: PvpStateWire): boolean => (s.phase === 'bidding' || s.phase === 'playing') && s.turn === s.seat;

/** The bids this player may make now (more than the highest so far). */
export const bidOptions = (s: PvpStateWire): number[] => [1, 2, 3].filter((b) => b > s.bid);
