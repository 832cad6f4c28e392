/**
 * Playing cards and shoes for the house's card tables: baccarat and dragon tiger deal from an
 * 8-deck shoe shuffled by a provably fair or CSPRNG stream (Fisher–Yates), with a cut card near the end.
 * A card is a number 0..51: rank = card % 13 (0 = A … 12 = K), suit = floor(card / 13) (♠ ♥ ♣ ♦).
 */
import type { Rng } from '../rng/rng.ts';

export type Card = number;
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'H', 'C', 'D'] as const;

export const rankOf = (c: Card): number => c % 13;
export const suitOf = (c: Card): number => Math.floor(c / 13);
/** 'AS', '10H', 'KD'. */
export const cardName = (c: Card): string => `${RANKS[rankOf(c)]}${SUITS[suitOf(c)]}`;

/** A shoe of `decks` decks (cards in deck order), before shuffling. */
export function freshShoe(decks: number): Card[] {
  const cards: Card[] = [];
  for (let d = 0; d < decks; d++) for (let c = 0; c < 52; c++) cards.push(c);
  return cards;
}

/** Fisher–Yates with unbiased draws: every order equally likely, re-computable from a fair stream. */
export function shuffle(cards: Card[], rng: Rng): Card[] {
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

export interface Shoe {
  cards: Card[];
  /** Index of the cut card: when the next card to deal is at or past it, the shoe ends after the current round. */
  cut: number;
  /** Index of the next card to deal. */
  next: number;
}

/** Cards left behind the cut card: about one deck, as a real dealer places it (between 60 and 80 from the end). */
export function newShoe(decks: number, rng: Rng): Shoe {
  const cards = shuffle(freshShoe(decks), rng);
  const behindCut = 60 + rng.int(21);
  // Burn: the first card's value (10s and faces count 10) tells how many more go unseen.
  const first = cards[0]!;
  const burn = 1 + Math.min(10, rankOf(first) + 1);
  return { cards, cut: cards.length - behindCut, next: burn };
}

export const shoeEnded = (s: Shoe): boolean => s.next >= s.cut;
