import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { realBetAmount, validateBetSlipAdd, winAmount } from './betSlip.ts';

describe('winAmount', () => {
  it('is amount × odds to 2 decimals', () => {
    expect(winAmount(100, 0.95)).toBe(95);
    expect(winAmount(10, 1.15)).toBe(11.5);
    expect(winAmount(1.15, 0.7)).toBe(0.81); // 0.8049999… in binary, 0.805 in decimal
    expect(winAmount(3, 0.335)).toBe(1.01);
    expect(winAmount('10', '0.95')).toBe(9.5);
    expect(winAmount(33.33, 1.5)).toBe(50); // 49.995
  });

  it('is 0 for missing or non-numeric input, and never negative', () => {
    expect(winAmount('', 1.5)).toBe(0);
    expect(winAmount('abc', 1.5)).toBe(0);
    expect(winAmount(100, Number.NaN)).toBe(0);
    expect(winAmount(Number.POSITIVE_INFINITY, 2)).toBe(0);
    expect(winAmount(-100, 0.95)).toBe(0);
    expect(winAmount(100, -0.95)).toBe(0);
    expect(Object.is(winAmount(0, -1), 0)).toBe(true);
  });

  it('property: never negative, never NaN, at most 2 decimals', () => {
    const anyInput = fc.oneof(fc.double(), fc.string(), fc.integer());
    fc.assert(
      fc.property(anyInput, anyInput, (a, o) => {
        const w = winAmount(a, o);
        return Number.isFinite(w) && w >= 0 && Math.abs(Math.round(w * 100) - w * 100) < 1e-6 * Math.max(1, w);
      }),
    );
  });
});

describe('realBetAmount', () => {
  it('returns the stake unchanged when within max and balance, without calling back', () => {
    const cb = vi.fn();
    expect(realBetAmount(50, 100, 200, cb)).toBe(50);
    expect(realBetAmount(100, 100, 100, cb)).toBe(100);
    expect(cb).not.toHaveBeenCalled();
  });

  it('lowers to the floor of the balance, then to the max, and calls back', () => {
    const cb = vi.fn();
    expect(realBetAmount(500, 1000, 123.45, cb)).toBe(123);
    expect(cb).toHaveBeenLastCalledWith(123);
    expect(realBetAmount(500, 100, 123.45, cb)).toBe(100);
    expect(cb).toHaveBeenLastCalledWith(100);
    expect(realBetAmount(150, 100, 1000, cb)).toBe(100);
    expect(cb).toHaveBeenCalledTimes(3);
    // Over the max only, the max inside the balance's fraction: the floor of the balance comes first.
    expect(realBetAmount(100.6, 100.5, 100.7, cb)).toBe(100);
    expect(realBetAmount(9999999.000000004, 9999999.000000002, 9999999.000000004, cb)).toBe(9999999);
    expect(cb).toHaveBeenCalledTimes(5);
  });

  it('never goes negative', () => {
    expect(realBetAmount(10, 100, -5)).toBe(0);
  });

  it('property: the result is ≤ stake, ≤ max, ≤ floor(balance) when over, ≥ 0', () => {
    const n = fc.double({ min: 0, max: 1e7, noNaN: true });
    fc.assert(
      fc.property(n, n, n, (amount, max, balance) => {
        let called = false;
        const r = realBetAmount(amount, max, balance, () => (called = true));
        const over = amount > max || amount > balance;
        return called === over && r >= 0 && r <= amount && (!over || (r <= max && r <= Math.floor(balance) + Number.EPSILON));
      }),
    );
  });
});

describe('validateBetSlipAdd', () => {
  it('blocks the 11th item', () => {
    expect(validateBetSlipAdd(0)).toBeNull();
    expect(validateBetSlipAdd(9)).toBeNull();
    expect(validateBetSlipAdd(10)).toBe('投注项数量已达上限');
  });
});
