import { describe, expect, test } from 'vitest';
import { dateText, minuteText, secondText } from './format.ts';

describe('one date format', () => {
  // A local time built from parts: the member's clock, whatever the test machine's zone.
  const at = new Date(2026, 10, 6, 9, 5, 7);
  test('ISO order with dashes, zero-padded, 24-hour clock', () => {
    expect(dateText(at)).toBe('2026-11-06');
    expect(minuteText(at)).toBe('2026-11-06 09:05');
    expect(secondText(at)).toBe('2026-11-06 09:05:07');
    expect(minuteText(new Date(2026, 0, 1, 23, 59).getTime())).toBe('2026-01-01 23:59');
  });
});
