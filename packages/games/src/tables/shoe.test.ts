import { describe, expect, it } from 'vitest';
import { seedCommitment } from '../rng/fair.ts';
import { drawTableRound, tableRoundSeeds, type ShoeState } from './rounds.ts';
import { handFromShoe } from './handFromShoe.ts';
import { SHOE_CARDS, shoeDeal } from './shoe.ts';

const SEED = 'c0ffee'.repeat(10) + 'abcd';

describe('a shoe committed as a whole (issue 28 item 6)', () => {
  it('the order is a permutation of 8 decks; the cut card 60–80 from the end; burn = first card then its value unseen', () => {
    const d = shoeDeal(SEED, 1);
    expect([...d.order].sort((a, b) => a - b)).toEqual(Array.from({ length: SHOE_CARDS }, (_, i) => Math.floor(i / 8)));
    expect(d.cutLeft).toBeGreaterThanOrEqual(60);
    expect(d.cutLeft).toBeLessThanOrEqual(80);
    expect(d.burnShown).toBe(d.order[0]);
    expect(d.firstHand).toBe(1 + d.burned.length);
  });

  it('hands deal the order in sequence until the cut card; any one hand re-derives from the seed and its start alone', () => {
    let shoe: ShoeState | null = null;
    const hands: { hand: number; start: number; outcome: unknown; shoeNo: number }[] = [];
    for (let seq = 1; ; seq++) {
      const before = shoe;
      const r = drawTableRound('baccarat', tableRoundSeeds(SEED, 'BAC1', seq), before);
      if (r.shoe!.shoeNo !== 1) break;
      const cards = r.steps.filter((s) => s.kind === 'card').length;
      const start = SHOE_CARDS - r.shoe!.left - cards;
      if (before) expect(start).toBe(SHOE_CARDS - before.left);
      hands.push({ hand: r.shoe!.hand, start, outcome: r.outcome, shoeNo: r.shoe!.shoeNo });
      shoe = r.shoe;
    }
    expect(hands.length).toBeGreaterThan(30);
    expect(shoe!.left).toBeLessThanOrEqual(shoeDeal(SEED, 1).cutLeft);
    const mid = hands[Math.floor(hands.length / 2)]!;
    expect(handFromShoe('baccarat', SEED, 1, mid.hand, mid.start).outcome).toEqual(mid.outcome);
    expect(handFromShoe('baccarat', SEED, 1, 1, hands[0]!.start).outcome).toEqual(hands[0]!.outcome);
    // A shoe dealt the old way (per-round draws, no `committed`) is not continued: the next hand opens a new shoe.
    const legacy = { ...shoe!, committed: undefined, left: 300 } as ShoeState;
    expect(drawTableRound('baccarat', tableRoundSeeds(SEED, 'BAC1', 99), legacy).shoe!.shoeNo).toBe(legacy.shoeNo + 1);
    // The commitment every hand of the shoe shows.
    expect(seedCommitment(SEED)).toMatch(/^[0-9a-f]{64}$/);
  });
});
