import { describe, expect, test } from 'vitest';
import { bigWinTier } from './bigWin.ts';

describe('big-win tiers by win ÷ stake', () => {
  test('thresholds 10×, 25×, 50× (inclusive), nothing below', () => {
    expect(bigWinTier(999, 100)).toBeNull();
    expect(bigWinTier(1000, 100)).toBe('big');
    expect(bigWinTier(2499, 100)).toBe('big');
    expect(bigWinTier(2500, 100)).toBe('mega');
    expect(bigWinTier(4999, 100)).toBe('mega');
    expect(bigWinTier(5000, 100)).toBe('super');
    expect(bigWinTier(1_000_000, 100)).toBe('super');
  });

  test('no stake or no win: no tier', () => {
    expect(bigWinTier(5000, 0)).toBeNull();
    expect(bigWinTier(0, 100)).toBeNull();
    expect(bigWinTier(-1, 100)).toBeNull();
  });

  test('the tier only grows with the win (every multiple up to 80× of a 2-fen stake)', () => {
    const order = [null, 'big', 'mega', 'super'];
    let last = 0;
    for (let win = 0; win <= 160; win++) {
      const rank = order.indexOf(bigWinTier(win, 2));
      expect(rank).toBeGreaterThanOrEqual(last);
      last = rank;
    }
  });
});
