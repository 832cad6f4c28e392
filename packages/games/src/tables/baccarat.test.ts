import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { baccaratPayoutFen, baccaratReturn, bankerDraws, cardValue, dealBaccarat, playerDraws } from './baccarat.ts';
import { baccaratCounts, baccaratRtp, pairProbability } from './baccaratRtp.ts';
import { freshShoe, newShoe, shuffle, type Card } from './cards.ts';

/** Cards by rank name, suit ♠: 'A' = 0, '10' = 9, 'K' = 12. */
const R: Record<string, Card> = { A: 0, '2': 1, '3': 2, '4': 3, '5': 4, '6': 5, '7': 6, '8': 7, '9': 8, '10': 9, J: 10, Q: 11, K: 12 };
const deal = (...names: string[]) => {
  const cards = names.map((n) => R[n]!);
  let i = 0;
  return { hand: dealBaccarat(() => cards[i++]!), used: () => i };
};

describe('baccarat card values and the third-card rules', () => {
  it('values: A is 1, 2–9 their face, 10 J Q K are 0', () => {
    expect(['A', '2', '9', '10', 'J', 'Q', 'K'].map((n) => cardValue(R[n]!))).toEqual([1, 2, 9, 0, 0, 0, 0]);
  });

  it('the player draws on 0–5 and stands on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([true, true, true, true, true, true, false, false]);
  });

  it('the banker table, cell by cell (rows: banker total 0–7; columns: player third card 0–9, then "stood")', () => {
    const table = [
      'DDDDDDDDDD D',
      'DDDDDDDDDD D',
      'DDDDDDDDDD D',
      'DDDDDDDDSD D',
      'SSDDDDDDSS D',
      'SSSSDDDDSS D',
      'SSSSSSDDSS S',
      'SSSSSSSSSS S',
    ];
    table.forEach((row, banker) => {
      const cells = row.replace(' ', '').split('');
      for (let third = 0; third <= 9; third++)
        expect(bankerDraws(banker, third), `banker ${banker} third ${third}`).toBe(cells[third] === 'D');
      expect(bankerDraws(banker, null), `banker ${banker} stood`).toBe(cells[10] === 'D');
    });
  });

  it('worked coups: naturals stop the deal; the third cards follow the table', () => {
    // P 9+K natural 9 vs B 7+Q: player wins on four cards.
    let d = deal('9', '7', 'K', 'Q', '5', '5');
    expect(d.hand).toMatchObject({ playerTotal: 9, bankerTotal: 7, winner: 'player', natural: true });
    expect(d.used()).toBe(4);
    // P 2+3 = 5 draws 8 → 3; B 3 (A+2) with a third card 8 stands: banker 3 vs player 3 → tie.
    d = deal('2', 'A', '3', '2', '8', '9');
    expect(d.hand).toMatchObject({ playerTotal: 3, bankerTotal: 3, winner: 'tie', natural: false });
    expect(d.used()).toBe(5);
    // P 6+K stands on 6; B 4+A = 5 draws (player stood, banker ≤ 5): 5+4 = 9 → banker.
    d = deal('6', '4', 'K', 'A', '4');
    expect(d.hand).toMatchObject({ playerTotal: 6, bankerTotal: 9, winner: 'banker' });
    expect(d.hand.banker).toHaveLength(3);
    // P A+A = 2 draws 6; B 6 (3+3) draws on a 6: 6 + 2 = 8 vs player 8 → tie; both pairs.
    d = deal('A', '3', 'A', '3', '6', '2');
    expect(d.hand).toMatchObject({ playerTotal: 8, bankerTotal: 8, winner: 'tie', playerPair: true, bankerPair: true });
    expect(d.used()).toBe(6);
    // B 6 stands when the player's third card is 5.
    d = deal('A', '3', 'A', '3', '5', 'K');
    expect(d.hand).toMatchObject({ playerTotal: 7, bankerTotal: 6, winner: 'player' });
    expect(d.used()).toBe(5);
  });
});

describe('baccarat payouts', () => {
  it('banker pays 0.95 (commission) or 1 — and 0.5 when winning with 6 without commission; ties push banker/player', () => {
    const b = deal('2', '3', '3', '3', 'K', 'K').hand; // P 5 draws 0 → 5; B 6 stands on third 0: banker 6 wins
    expect(b).toMatchObject({ winner: 'banker', bankerTotal: 6 });
    expect(baccaratReturn('banker', b, 'commission')).toBe(1.95);
    expect(baccaratReturn('banker', b, 'noCommission')).toBe(1.5);
    expect(baccaratPayoutFen('banker', 10_000, b, 'commission')).toBe(19_500);
    expect(baccaratPayoutFen('banker', 101, b, 'commission')).toBe(196);
    expect(baccaratPayoutFen('banker', 10_001, b, 'noCommission')).toBe(15_001);
    const t = deal('2', 'A', '3', '2', '8', '9').hand;
    expect(['player', 'banker', 'tie'].map((x) => baccaratReturn(x as 'tie', t, 'commission'))).toEqual([1, 1, 9]);
    expect(baccaratReturn('playerPair', deal('A', '3', 'A', '3', '6', '2').hand, 'commission')).toBe(12);
  });
});

describe('exact odds over the 8-deck shoe', () => {
  it('match the published combinatorial counts', () => {
    const c = baccaratCounts(8);
    expect(c.total).toBe(4_998_398_275_503_360);
    expect(c.banker).toBe(2_292_252_566_437_888);
    expect(c.player).toBe(2_230_518_282_592_256);
    expect(c.tie).toBe(475_627_426_473_216);
    expect(c.banker + c.player + c.tie).toBe(c.total);
  });

  it('give the house edges every baccarat table quotes', () => {
    const com = baccaratRtp('commission');
    const nc = baccaratRtp('noCommission');
    expect(1 - com.banker).toBeCloseTo(0.010579, 6);
    expect(1 - com.player).toBeCloseTo(0.012351, 6);
    expect(1 - com.tie).toBeCloseTo(0.143596, 6);
    expect(1 - nc.banker).toBeCloseTo(0.014584, 5);
    expect(1 - com.playerPair).toBeCloseTo(0.103614, 6);
    expect(pairProbability(8)).toBeCloseTo(0.074699, 6);
  });

  it('a simulation from shuffled shoes agrees with the exact odds (99% interval)', () => {
    const rng = seededRng('baccarat-sim');
    const c = baccaratCounts(8);
    let n = 0;
    let bankerWins = 0;
    for (let s = 0; s < 60; s++) {
      const shoe = newShoe(8, rng);
      while (shoe.next < shoe.cut) {
        const h = dealBaccarat(() => shoe.cards[shoe.next++]!);
        n++;
        if (h.winner === 'banker') bankerWins++;
      }
    }
    const p = c.banker / c.total;
    const sd = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(bankerWins / n - p)).toBeLessThan(2.576 * sd * 1.05);
  });

  it('a shuffle keeps every card and a shoe burns and cuts', () => {
    const rng = seededRng('shoe');
    const s = shuffle(freshShoe(8), rng);
    expect([...s].sort((a, b) => a - b)).toEqual(freshShoe(8).sort((a, b) => a - b));
    const shoe = newShoe(8, rng);
    expect(shoe.cut).toBeGreaterThanOrEqual(416 - 80);
    expect(shoe.cut).toBeLessThanOrEqual(416 - 60);
    expect(shoe.next).toBeGreaterThanOrEqual(2);
    expect(shoe.next).toBeLessThanOrEqual(11);
  });
});
