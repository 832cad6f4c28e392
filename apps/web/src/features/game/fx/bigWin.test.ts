import { describe, expect, test } from 'vitest';
import { bigWinTier, countUpFen } from './bigWin.ts';

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

describe('count-up', () => {
  test('starts at 0, ends exactly on the target, never passes it, never goes back', () => {
    expect(countUpFen(12345, 0, 1000)).toBe(0);
    expect(countUpFen(12345, 1000, 1000)).toBe(12345);
    expect(countUpFen(12345, 5000, 1000)).toBe(12345);
    let prev = 0;
    for (let ms = 0; ms <= 1000; ms += 16) {
      const v = countUpFen(12345, ms, 1000);
      expect(v).toBeGreaterThanOrEqual(prev);
      expect(v).toBeLessThanOrEqual(12345);
      prev = v;
    }
  });
  test('no duration (reduced motion): the target at once', () => {
    expect(countUpFen(500, 0, 0)).toBe(500);
  });
});
