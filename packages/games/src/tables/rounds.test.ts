import { describe, expect, it } from 'vitest';
import { randomHex } from '../rng/crypto.ts';
import { chiSquareQuantile } from '../rng/stats.ts';
import { cardValue } from './baccarat.ts';
import { rankOf } from './cards.ts';
import { betGroup, coupResultOf, drawTableRound, shoeFinished, tableBet, tableOdds, tableRoundSeeds, type ShoeState } from './rounds.ts';

const seeds = (seq: number, seed = 'ab'.repeat(32)) => tableRoundSeeds(seed, 'BAC1', seq);

describe('a round from its seed', () => {
  it('card tables: a pure function of the shoe seed and the shoe before it (the shoe is committed as a whole)', () => {
    const a = drawTableRound('baccarat', seeds(1), null);
    expect(drawTableRound('baccarat', seeds(1), null)).toEqual(a);
    expect(drawTableRound('baccarat', seeds(2), null)).toEqual(a);
    expect(drawTableRound('baccarat', tableRoundSeeds('ab'.repeat(32), 'BAC2', 1), null)).toEqual(a);
    expect(drawTableRound('baccarat', tableRoundSeeds('cd'.repeat(32), 'BAC1', 1), null)).not.toEqual(a);
    expect(drawTableRound('roulette', seeds(2), null)).not.toEqual(drawTableRound('roulette', seeds(1), null));
  });

  it('a first round opens a shoe: 8 decks, the cut card 60–80 from the end, the burn shown and that many more unseen', () => {
    const r = drawTableRound('baccarat', seeds(1), null);
    const burn = r.steps[0]!;
    expect(burn.kind).toBe('burn');
    const shown = (burn as { value: number }).value;
    expect(r.burned).toHaveLength(Math.min(10, rankOf(shown) + 1));
    expect((burn as { hidden: number }).hidden).toBe(r.burned.length);
    const s = r.shoe!;
    expect(s.shoeNo).toBe(1);
    expect(s.hand).toBe(1);
    expect(s.cutLeft).toBeGreaterThanOrEqual(60);
    expect(s.cutLeft).toBeLessThanOrEqual(80);
    const hand = (r.outcome as { hand: { player: number[]; banker: number[] } }).hand;
    expect(s.left).toBe(416 - 1 - r.burned.length - hand.player.length - hand.banker.length);
    expect(s.counts.reduce((a, b) => a + b, 0)).toBe(s.left);
    // Dealing order on the table: P B P B, then the third cards.
    expect(r.steps.slice(1, 5).map((x) => (x as { side: string }).side)).toEqual(['player', 'banker', 'player', 'banker']);
  });

  it('deals a whole shoe round by round, every card once, until the cut card; the next round opens a new shoe', () => {
    let shoe: ShoeState | null = null;
    const dealt = new Map<number, number>();
    let rounds = 0;
    for (let seq = 1; rounds < 200; seq++) {
      const r = drawTableRound('baccarat', seeds(seq, 'cd'.repeat(32)), shoe);
      if (r.shoe!.shoeNo === 2) {
        expect(r.steps[0]!.kind).toBe('burn');
        expect(shoeFinished(shoe)).toBe(true);
        break;
      }
      for (const c of [r.steps.flatMap((x) => (x.kind === 'card' || x.kind === 'burn' ? [x.value] : [])), r.burned].flat())
        dealt.set(c, (dealt.get(c) ?? 0) + 1);
      shoe = r.shoe;
      rounds++;
    }
    expect([...dealt.values()].every((n) => n <= 8)).toBe(true);
    expect(shoe!.left).toBeLessThanOrEqual(shoe!.cutLeft);
    expect(shoe!.left).toBeGreaterThan(shoe!.cutLeft - 7);
    expect(rounds).toBeGreaterThan(50);
  });

  it('cards drawn from the shoe are uniform: first-card values over many seeds pass a chi-square test at 99.9%', () => {
    const counts = new Array(10).fill(0) as number[];
    const n = 4_000; // a whole shoe is shuffled per seed (shoe.ts)
    for (let i = 0; i < n; i++) {
      const r = drawTableRound('dragonTiger', tableRoundSeeds(randomHex(16), 'DT1', 1), null);
      counts[cardValue((r.outcome as { hand: { dragon: number } }).hand.dragon)]! += 1;
    }
    // Values 1–9 have 4 ranks' worth … 0 (tens and faces) has 4 of 13.
    const expected = counts.map((_, v) => (n * (v === 0 ? 4 : 1)) / 13);
    const chi = counts.reduce((a, c, v) => a + (c - expected[v]!) ** 2 / expected[v]!, 0);
    expect(chi).toBeLessThan(chiSquareQuantile(0.999, 9));
  });

  it('dice, wheel, digits and cars: as many steps as the outcome has, in its order', () => {
    const k3 = drawTableRound('k3', seeds(5), null);
    expect(k3.steps.map((s) => (s as { value: number }).value)).toEqual([...(k3.outcome as unknown as { dice: number[] }).dice]);
    const rl = drawTableRound('roulette', seeds(5), null);
    expect(rl.steps).toEqual([{ kind: 'pocket', value: (rl.outcome as { pocket: number }).pocket }]);
    const race = drawTableRound('race10', seeds(5), null);
    expect([...(race.outcome as { order: number[] }).order].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(drawTableRound('digit5', seeds(5), null).steps).toHaveLength(5);
  });
});

describe('bet types', () => {
  it('roulette inside bets are the layout’s sets in canonical form only', () => {
    expect(tableBet('roulette', 'commission', 'in:17')).not.toBeNull();
    expect(tableBet('roulette', 'commission', 'in:0-1-2-3')).not.toBeNull();
    expect(tableBet('roulette', 'commission', 'in:1-5')).toBeNull(); // not neighbours
    expect(tableBet('roulette', 'commission', 'in:2-1')).toBeNull(); // not canonical
    expect(tableBet('roulette', 'commission', 'in:37')).toBeNull();
    expect(tableBet('baccarat', 'commission', 'dragon')).toBeNull();
    expect(betGroup('roulette', 'in:17')).toBe('inside');
    expect(betGroup('baccarat', 'tie')).toBe('side');
  });

  it('prints each bet’s largest return: banker 1.95 (2 without commission), tie 9, pairs 12, sic bo total 4 pays 61', () => {
    expect(tableOdds('baccarat', 'commission')).toMatchObject({ banker: 1.95, player: 2, tie: 9, playerPair: 12 });
    expect(tableOdds('baccarat', 'noCommission').banker).toBe(2);
    expect(tableOdds('sicbo')).toMatchObject({ big: 2, total4: 61, triple1: 181, single1: 4 });
    expect(tableOdds('dragonTiger')).toMatchObject({ dragon: 2, tie: 9 });
    expect(tableOdds('roulette')).toMatchObject({ red: 2, dozen1: 3 });
  });

  it('no-commission banker winning with 6 returns 1.5; a tie pushes banker and player', () => {
    const hand = {
      player: [],
      banker: [],
      playerTotal: 4,
      bankerTotal: 6,
      winner: 'banker',
      playerPair: false,
      bankerPair: false,
      natural: false,
    };
    const o = { kind: 'baccarat' as const, hand: hand as never };
    expect(tableBet('baccarat', 'noCommission', 'banker')!.returns(o)).toBe(1.5);
    expect(tableBet('baccarat', 'commission', 'banker')!.returns(o)).toBe(1.95);
    const tie = { kind: 'baccarat' as const, hand: { ...hand, playerTotal: 6, winner: 'tie' } as never };
    expect(tableBet('baccarat', 'commission', 'player')!.returns(tie)).toBe(1);
    expect(coupResultOf(tie)).toMatchObject({ winner: 'tie' });
    expect(coupResultOf({ kind: 'dragonTiger', hand: { dragon: 12, tiger: 0, winner: 'dragon' } })).toEqual({ winner: 'banker' });
  });
});
