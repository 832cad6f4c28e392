/**
 * Exact baccarat odds over a full shoe by combinatorics: every ordered sequence of card VALUES
 * off the top of an n-deck shoe, weighted by how many card sequences give it (counts without replacement).
 * Each coup is normalised to 6 cards (a coup of 4 or 5 cards stands for every continuation), so all weights are
 * integers over the common denominator N·(N−1)···(N−5) — exact in doubles for 8 decks (5.0·10^15 < 2^53).
 * Pairs depend on ranks, not values: 13 ranks × (4n)·(4n−1) of N·(N−1).
 */
import { bankerDraws, playerDraws, type BaccaratBet, type BaccaratVariant } from './baccarat.ts';

export interface BaccaratCounts {
  decks: number;
  /** Sequences of 6 cards: N·(N−1)···(N−5). */
  total: number;
  banker: number;
  player: number;
  tie: number;
  /** Banker wins with a total of 6 (the no-commission variant pays these 1:2). */
  bankerWinsWith6: number;
}

export function baccaratCounts(decks = 8): BaccaratCounts {
  const counts = [16 * decks, ...Array.from({ length: 9 }, () => 4 * decks)];
  const n = 52 * decks;
  let banker = 0;
  let player = 0;
  let tie = 0;
  let banker6 = 0;
  // Weight of the remaining (6 − used) cards: any continuation.
  const tail = (used: number) => {
    let w = 1;
    for (let k = used; k < 6; k++) w *= n - k;
    return w;
  };
  const take = (v: number) => counts[v]!--;
  const give = (v: number) => counts[v]!++;
  const settle = (p: number, b: number, w: number) => {
    if (p > b) player += w;
    else if (b > p) {
      banker += w;
      if (b === 6) banker6 += w;
    } else tie += w;
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = take(p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = w1 * take(b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = w2 * take(p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = w3 * take(b2);
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (w4 > 0) {
            if (pt >= 8 || bt >= 8) settle(pt, bt, w4 * tail(4));
            else if (playerDraws(pt)) {
              for (let p3 = 0; p3 < 10; p3++) {
                const w5 = w4 * take(p3);
                if (w5 > 0) {
                  const pf = (pt + p3) % 10;
                  if (bankerDraws(bt, p3)) {
                    for (let b3 = 0; b3 < 10; b3++) {
                      const w6 = w5 * counts[b3]!;
                      if (w6 > 0) settle(pf, (bt + b3) % 10, w6);
                    }
                  } else settle(pf, bt, w5 * tail(5));
                }
                give(p3);
              }
            } else if (bankerDraws(bt, null)) {
              for (let b3 = 0; b3 < 10; b3++) {
                const w5 = w4 * take(b3);
                if (w5 > 0) settle(pt, (bt + b3) % 10, w5 * tail(5));
                give(b3);
              }
            } else settle(pt, bt, w4 * tail(4));
          }
          give(b2);
        }
        give(p2);
      }
      give(b1);
    }
    give(p1);
  }
  return { decks, total: tail(0), banker, player, tie, bankerWinsWith6: banker6 };
}

/** Probability that the first two cards of a hand share a rank. */
export function pairProbability(decks = 8): number {
  const n = 52 * decks;
  return (13 * (4 * decks) * (4 * decks - 1)) / (n * (n - 1));
}

/** Each bet's exact return to player (0.9894… = 98.94%). */
export function baccaratRtp(variant: BaccaratVariant, decks = 8): Record<BaccaratBet, number> {
  const c = baccaratCounts(decks);
  const pB = c.banker / c.total;
  const pP = c.player / c.total;
  const pT = c.tie / c.total;
  const p6 = c.bankerWinsWith6 / c.total;
  const banker = variant === 'commission' ? pB * 1.95 + pT : (pB - p6) * 2 + p6 * 1.5 + pT;
  const pair = pairProbability(decks) * 12;
  return { banker, player: pP * 2 + pT, tie: pT * 9, playerPair: pair, bankerPair: pair };
}
