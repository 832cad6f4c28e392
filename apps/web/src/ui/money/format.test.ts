import { describe, expect, test } from 'vitest';
import { amountText, money, progressPercent, wireAmount } from './format.ts';

describe('money text and conversions', () => {
  test('a wire amount or fen as zh-CN text: grouped, only an exact .00 dropped; unknown is --', () => {
    expect(amountText('1888.00')).toBe('1,888');
    expect(amountText('12.50')).toBe('12.50');
    expect(amountText('+5.00')).toBe('5');
    expect(amountText('-0.05')).toBe('-0.05');
    expect(amountText(123456)).toBe('1,234.56');
    expect(amountText('12.345')).toBe('--');
    expect(amountText(null)).toBe('--');
    expect(money('1234.5')).toBe('¥ 1,234.50');
    expect(money(undefined)).toBe('--');
  });

  test('a typed amount goes on the wire with 2 decimals, exactly', () => {
    expect(wireAmount('100.5')).toBe('100.50');
    expect(wireAmount(' 0.1 ')).toBe('0.10');
    expect(wireAmount('1.15')).toBe('1.15');
    expect(() => wireAmount('12.345')).toThrow(RangeError);
    expect(() => wireAmount('')).toThrow(RangeError);
  });

  test('progress towards a target in fen, 0–100, floored; a target of 0 is met', () => {
    expect(progressPercent(5000, 20000)).toBe(25);
    expect(progressPercent(19999, 20000)).toBe(99);
    expect(progressPercent(30000, 20000)).toBe(100);
    expect(progressPercent(-100, 20000)).toBe(0);
    expect(progressPercent(0, 0)).toBe(100);
  });
});
