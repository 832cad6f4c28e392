import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { DRAGON_TIGER, dealDragonTiger } from './dragonTiger.ts';
import { SICBO, rollDice, diceTotal, isTriple } from './dice.ts';
import { ROULETTE, RED_NUMBERS, WHEEL_ORDER, isLayoutBet, spinWheel } from './roulette.ts';
import { payoutFen, tableRtp } from './paytable.ts';

describe('sic bo', () => {
  const rtp = tableRtp(SICBO);
  it('pays the standard table: each bet’s exact RTP', () => {
    expect(rtp.big).toBeCloseTo(210 / 216, 12);
    expect(rtp.odd).toBeCloseTo(210 / 216, 12);
    expect(rtp.total4).toBeCloseTo((61 * 3) / 216, 12);
    expect(rtp.total10).toBeCloseTo((7 * 27) / 216, 12);
    expect(rtp.double3).toBeCloseTo((11 * 16) / 216, 12);
    expect(rtp.triple6).toBeCloseTo(181 / 216, 12);
    expect(rtp.anyTriple).toBeCloseTo((31 * 6) / 216, 12);
    expect(rtp.combo12).toBeCloseTo((6 * 30) / 216, 12);
    expect(rtp.single5).toBeCloseTo(199 / 216, 12);
    for (const [k, v] of Object.entries(rtp)) expect(v, k).toBeLessThan(1);
  });
  it('big loses on a triple; a roll is three dice of 1–6', () => {
    const big = SICBO.bets.find((b) => b.key === 'big')!;
    expect(big.returns([4, 4, 4])).toBe(0);
    expect(big.returns([6, 5, 1])).toBe(2);
    const rng = seededRng('dice');
    for (let i = 0; i < 1000; i++) {
      const d = rollDice(rng);
      expect(diceTotal(d)).toBeGreaterThanOrEqual(3);
      expect(d.every((x) => x >= 1 && x <= 6)).toBe(true);
      void isTriple(d);
    }
  });
});

describe('European roulette', () => {
  it('every bet returns 36/37', () => {
    for (const [k, v] of Object.entries(tableRtp(ROULETTE))) expect(v, k).toBeCloseTo(36 / 37, 12);
  });
  it('the layout: 18 reds, a wheel of 37 pockets, inside bets the layout offers', () => {
    expect(RED_NUMBERS.size).toBe(18);
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(isLayoutBet([17])).toBe(true);
    expect(isLayoutBet([17, 20])).toBe(true);
    expect(isLayoutBet([17, 18])).toBe(true);
    expect(isLayoutBet([18, 19])).toBe(false); // across a street edge
    expect(isLayoutBet([13, 14, 15])).toBe(true);
    expect(isLayoutBet([14, 15, 16])).toBe(false);
    expect(isLayoutBet([17, 18, 20, 21])).toBe(true);
    expect(isLayoutBet([18, 19, 21, 22])).toBe(false);
    expect(isLayoutBet([31, 32, 33, 34, 35, 36])).toBe(true);
    expect(isLayoutBet([0, 1, 2, 3])).toBe(true);
    expect(isLayoutBet([0, 5])).toBe(false);
    expect(isLayoutBet([37])).toBe(false);
    const rng = seededRng('wheel');
    for (let i = 0; i < 500; i++) expect(spinWheel(rng)).toBeLessThan(37);
  });
});

describe('dragon tiger', () => {
  it('exact odds over 8 decks: tie 13·32·31 / (416·415); dragon returns half on a tie', () => {
    const pTie = (13 * 32 * 31) / (416 * 415);
    const rtp = tableRtp(DRAGON_TIGER);
    expect(rtp.tie).toBeCloseTo(9 * pTie, 12);
    expect(rtp.dragon).toBeCloseTo(1 - pTie + 0.5 * pTie, 12);
    expect(rtp.dragon).toBeCloseTo(rtp.tiger!, 12);
    expect(rtp.dragon).toBeLessThan(1);
  });
  it('A is low, K is high', () => {
    const cards = [0, 12];
    let i = 0;
    expect(dealDragonTiger(() => cards[i++]!).winner).toBe('tiger');
  });
});

describe('payouts in fen', () => {
  it('round down fractional odds', () => {
    expect(payoutFen(1.95, 101)).toBe(196);
    expect(payoutFen(2, 101)).toBe(202);
    expect(payoutFen(0.5, 101)).toBe(50);
    expect(payoutFen(36, 100)).toBe(3600);
  });
});
