import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { realBetAmountFen, validateBetSlipAdd, winAmountFen } from './betSlip.ts';

describe('winAmountFen', () => {
  it('is stake × odds to the fen, half up, exactly', () => {
    expect(winAmountFen(10000, 950)).toBe(9500);
    expect(winAmountFen(1000, 1150)).toBe(1150);
    expect(winAmountFen(115, 700)).toBe(81); // 0.805 yuan: 0.8049999… in binary floats
    expect(winAmountFen(300, 335)).toBe(101); // 1.005
    expect(winAmountFen(3333, 1500)).toBe(5000); // 49.995
    expect(winAmountFen(3333, 1499)).toBe(4996); // 49.96167
  });

  it('is 0 for inputs that are not non-negative safe integers', () => {
    expect(winAmountFen(Number.NaN, 1500)).toBe(0);
    expect(winAmountFen(10000, Number.NaN)).toBe(0);
    expect(winAmountFen(Number.POSITIVE_INFINITY, 2000)).toBe(0);
    expect(winAmountFen(-10000, 950)).toBe(0);
    expect(winAmountFen(10000, -950)).toBe(0);
    expect(winAmountFen(12.5, 950)).toBe(0);
    expect(Object.is(winAmountFen(0, 950), 0)).toBe(true);
  });

  it('property: matches the exact decimal product rounded half up, never negative', () => {
    const fen = fc.integer({ min: 0, max: 1e12 });
    const milli = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(fen, milli, (s, o) => {
        const w = winAmountFen(s, o);
        const exact = BigInt(s) * BigInt(o); // in fen × 1000
        return w >= 0 && BigInt(w) * 1000n - exact <= 500n && exact - BigInt(w) * 1000n < 500n;
      }),
    );
  });
});

describe('realBetAmountFen', () => {
  it('returns the stake unchanged when within max and balance, without calling back', () => {
    const cb = vi.fn();
    expect(realBetAmountFen(5000, 10000, 20000, cb)).toBe(5000);
    expect(realBetAmountFen(10000, 10000, 10000, cb)).toBe(10000);
    expect(cb).not.toHaveBeenCalled();
  });

  it('lowers to the floor of the balance (whole yuan), then to the max, and calls back', () => {
    const cb = vi.fn();
    expect(realBetAmountFen(50000, 100000, 12345, cb)).toBe(12300);
    expect(cb).toHaveBeenLastCalledWith(12300);
    expect(realBetAmountFen(50000, 10000, 12345, cb)).toBe(10000);
    expect(cb).toHaveBeenLastCalledWith(10000);
    expect(realBetAmountFen(15000, 10000, 100000, cb)).toBe(10000);
    expect(cb).toHaveBeenCalledTimes(3);
    // Over the max only, the max inside the balance's fraction: the floor of the balance comes first.
    expect(realBetAmountFen(10060, 10050, 10070, cb)).toBe(10000);
    expect(cb).toHaveBeenCalledTimes(4);
  });

  it('never goes negative', () => {
    expect(realBetAmountFen(1000, 10000, -500)).toBe(0);
  });

  it('property: the result is ≤ stake, ≤ max, ≤ the balance floored to the yuan when over, ≥ 0', () => {
    const n = fc.integer({ min: 0, max: 1e12 });
    fc.assert(
      fc.property(n, n, n, (amount, max, balance) => {
        let called = false;
        const r = realBetAmountFen(amount, max, balance, () => (called = true));
        const over = amount > max || amount > balance;
        return (
          called === over &&
          Number.isSafeInteger(r) &&
          r >= 0 &&
          r <= amount &&
          (!over || (r <= max && r <= balance && r % 100 === 0) || r === max)
        );
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
