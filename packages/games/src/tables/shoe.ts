import { fairRng } from '../rng/fair.ts';
import { freshShoe, rankOf, shuffle, type Card } from './cards.ts';

/**
 * A shoe committed as a whole. The card tables (baccarat, dragon tiger) deal from one shuffled
 * 8-deck shoe whose seed is fixed — and its SHA-256 published as every hand's seed hash — before its first hand:
 *
 *  1. stream: fairRng({serverSeed: shoe seed, clientSeed: `shoe:<shoeNo>`, nonce: 0}) — HMAC-SHA256 keyed with the
 *     seed's hex TEXT (its UTF-8 bytes), message `shoe:<shoeNo>:0:<block>`;
 *  2. order: the 416 cards in deck order (8 × card 0..51; card = suit × 13 + rank, rank 0 = A … 12 = K; suits
 *     ♠ ♥ ♣ ♦), shuffled by Fisher–Yates from the last position down: for i = 415 … 1, j = int(i + 1), swap i and j;
 *  3. cut card: cutLeft = 60 + int(21) from the same stream, after the shuffle — the shoe ends when at most
 *     cutLeft cards are left at the start of a hand (the hand under way is finished);
 *  4. burn: order[0] is shown; the next min(10, its rank + 1) cards are burned unseen (A = 1 … 10/J/Q/K = 10);
 *  5. hands: each takes the next cards in order (baccarat P B P B, then the player's third, then the banker's;
 *     dragon tiger D T). A hand's `start` is its first card's index in the order.
 *
 * int(n) is the shared rejection sampling of rng.ts: 32-bit big-endian words, reject w ≥ 2^32 − 2^32 mod n, w mod n.
 * The seed is revealed once the shoe has ended; then any one hand checks with the seed and its start alone.
 */
export const SHOE_CARDS = 416;

export interface ShoeDeal {
  order: readonly Card[];
  cutLeft: number;
  burnShown: Card;
  /** The cards burned unseen after it. */
  burned: readonly Card[];
  /** Index of the first hand's first card. */
  firstHand: number;
}

const cache = new Map<string, ShoeDeal>();

export function shoeDeal(shoeSeed: string, shoeNo: number): ShoeDeal {
  const key = `${shoeSeed}:${shoeNo}`;
  let d = cache.get(key);
  if (!d) {
    const rng = fairRng({ serverSeed: shoeSeed, clientSeed: `shoe:${shoeNo}`, nonce: 0 });
    const order = shuffle(freshShoe(SHOE_CARDS / 52), rng);
    const cutLeft = 60 + rng.int(21);
    const burnShown = order[0]!;
    const burnCount = Math.min(10, rankOf(burnShown) + 1);
    d = { order, cutLeft, burnShown, burned: order.slice(1, 1 + burnCount), firstHand: 1 + burnCount };
    if (cache.size > 64) cache.clear();
    cache.set(key, d);
  }
  return d;
}
