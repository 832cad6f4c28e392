import { describe, expect, test } from 'vitest';
import { countUpFen } from './bigWin.ts';

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
