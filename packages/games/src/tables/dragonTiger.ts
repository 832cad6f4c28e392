/**
 * Dragon tiger (龙虎): one card to the dragon, one to the tiger, from an 8-deck shoe; the higher
 * rank wins (A low, K high). Dragon or tiger pays 1:1 and returns half the stake on a tie; tie pays 8:1.
 * Exact odds over the shoe: a tie is two cards of one rank, 13·(4n)·(4n−1) of N·(N−1).
 */
import { rankOf, type Card } from './cards.ts';
import type { TableGame } from './paytable.ts';

export type DragonTigerWinner = 'dragon' | 'tiger' | 'tie';
export interface DragonTigerHand {
  dragon: Card;
  tiger: Card;
  winner: DragonTigerWinner;
}

export function dealDragonTiger(draw: () => Card): DragonTigerHand {
  const dragon = draw();
  const tiger = draw();
  const d = rankOf(dragon);
  const t = rankOf(tiger);
  return { dragon, tiger, winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie' };
}

/** Outcomes by rank pair, weighted by the card pairs of an n-deck shoe that give them. */
export function* dragonTigerOutcomes(decks = 8): Iterable<readonly [DragonTigerWinner, number]> {
  const perRank = 4 * decks;
  for (let d = 0; d < 13; d++)
    for (let t = 0; t < 13; t++) yield [d > t ? 'dragon' : t > d ? 'tiger' : 'tie', perRank * (d === t ? perRank - 1 : perRank)] as const;
}

export const DRAGON_TIGER: TableGame<DragonTigerWinner> = {
  code: 'dragontiger',
  name: '龙虎',
  outcomes: () => dragonTigerOutcomes(8),
  bets: [
    { key: 'dragon', name: '龙', returns: (w) => (w === 'dragon' ? 2 : w === 'tie' ? 0.5 : 0) },
    { key: 'tiger', name: '虎', returns: (w) => (w === 'tiger' ? 2 : w === 'tie' ? 0.5 : 0) },
    { key: 'tie', name: '和', returns: (w) => (w === 'tie' ? 9 : 0) },
  ],
};
