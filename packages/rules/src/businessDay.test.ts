import { describe, expect, it } from 'vitest';
import { BUSINESS_UTC_OFFSET_MIN, businessDay } from './businessDay.ts';

// 2026-03-01 23:30 in UTC+8 is 15:30 UTC; 00:30 the next day in UTC+8 is 16:30 UTC.
const LATE = Date.UTC(2026, 2, 1, 15, 30);
const NEXT = Date.UTC(2026, 2, 1, 16, 30);

describe('businessDay', () => {
  it('the business day is UTC+8', () => {
    expect(BUSINESS_UTC_OFFSET_MIN).toBe(480);
    expect(businessDay(LATE)).toBe('2026-03-01');
    expect(businessDay(NEXT)).toBe('2026-03-02');
  });

  it('another offset moves the day boundary', () => {
    expect(businessDay(LATE, 0)).toBe('2026-03-01');
    expect(businessDay(Date.UTC(2026, 2, 1, 23, 30), 60)).toBe('2026-03-02');
  });
});
