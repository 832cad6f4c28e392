import { drawTableRound } from './rounds.ts';
import { SHOE_CARDS, shoeDeal } from './shoe.ts';

/**
 * One hand re-derived from its shoe alone (the verification page): the shoe's revealed seed, its number, the hand's
 * number and the index of its first card. Answers the drawn round (the burn first for hand 1).
 */
export function handFromShoe(kind: 'baccarat' | 'dragonTiger', shoeSeed: string, shoeNo: number, hand: number, start: number) {
  const deal = shoeDeal(shoeSeed, shoeNo);
  const before =
    hand === 1
      ? { shoeNo: shoeNo - 1, hand: 0, counts: [], left: 0, cutLeft: 0 }
      : {
          shoeNo,
          hand: hand - 1,
          counts: Array.from({ length: 52 }, () => SHOE_CARDS / 52),
          left: SHOE_CARDS - start,
          cutLeft: deal.cutLeft,
          committed: true,
        };
  return drawTableRound(kind, { serverSeed: shoeSeed, clientSeed: '', nonce: 0 }, before);
}
