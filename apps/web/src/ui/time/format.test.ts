import { describe, expect, test } from 'vitest';
import { clockText, dateText, minuteText, monthDayMinuteText, monthDayText, secondText } from './format.ts';

describe('one date format', () => {
  // A local time built from parts: the member's clock, whatever the test machine's zone.
  const at = new Date(2026, 10, 6, 9, 5, 7);
  test('ISO order with dashes, zero-padded, 24-hour clock', () => {
    expect(dateText(at)).toBe('2026-11-06');
    expect(minuteText(at)).toBe('2026-11-06 09:05');
    expect(secondText(at)).toBe('2026-11-06 09:05:07');
    expect(minuteText(new Date(2026, 0, 1, 23, 59).getTime())).toBe('2026-01-01 23:59');
  });

  test('short forms: month-day and clock with dashes, never slashes; the book’s times in business time (UTC+8)', () => {
    expect(monthDayText(at)).toBe('11-06');
    expect(clockText(at)).toBe('09:05');
    expect(monthDayMinuteText(at)).toBe('11-06 09:05');
    // 2026-11-25 16:30 UTC is 2026-11-26 00:30 in Beijing, whatever the machine's zone.
    const utc = Date.UTC(2026, 10, 25, 16, 30);
    expect(monthDayText(utc, 'business')).toBe('11-26');
    expect(clockText(utc, 'business')).toBe('00:30');
    expect(monthDayMinuteText(new Date(utc).toISOString(), 'business')).toBe('11-26 00:30');
    for (const s of [dateText(at), minuteText(at), monthDayText(at), monthDayMinuteText(utc, 'business')]) expect(s).not.toContain('/');
  });
});
