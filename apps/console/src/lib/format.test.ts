import { describe, expect, test } from 'vitest';
import { date, dateTime, toFen, yuan } from './format.ts';

describe('console formats', () => {
  test('money: fen shown as 元 with 2 decimals; typed 元 back to fen', () => {
    expect(yuan(123456)).toBe('1,234.56');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(-100)).toBe('-1.00');
    expect(yuan(null)).toBe('-');
    expect(toFen('12.3')).toBe(1230);
    expect(toFen('0.01')).toBe(1);
    expect(toFen('1.005')).toBeNull();
    expect(toFen('abc')).toBeNull();
  });
  test('times: YYYY-MM-DD HH:mm:ss in local time', () => {
    const t = new Date(2026, 10, 26, 9, 5, 7).getTime();
    expect(dateTime(t)).toBe('2026-11-26 09:05:07');
    expect(date(t)).toBe('2026-11-26');
    expect(dateTime(null)).toBe('-');
  });
});
