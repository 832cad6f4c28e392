import { describe, expect, test } from 'vitest';
import { groupCardNo, isBankCardNo, isUsdtAddress, normalizeCardNo } from './payout.ts';
import { checkAmountLimits } from './money.ts';

describe('bank card numbers', () => {
  test('12-19 digits, spaces ignored', () => {
    expect(isBankCardNo('622202020011')).toBe(true);
    expect(isBankCardNo('6222 0202 0011 2233 445')).toBe(true);
    expect(isBankCardNo('62220202001')).toBe(false);
    expect(isBankCardNo('62220202001122334455')).toBe(false);
    expect(isBankCardNo('6222a2020011')).toBe(false);
    expect(normalizeCardNo(' 6222 0202 ')).toBe('62220202');
    expect(groupCardNo('6222020200112233445')).toBe('6222 0202 0011 2233 445');
  });
});

describe('USDT addresses', () => {
  test('TRC20 is T + 33 base58, ERC20 is 0x + 40 hex', () => {
    expect(isUsdtAddress('TRC20', `T${'A'.repeat(33)}`)).toBe(true);
    expect(isUsdtAddress('TRC20', `T${'0'.repeat(33)}`)).toBe(false); // 0 is not base58
    expect(isUsdtAddress('TRC20', `T${'A'.repeat(32)}`)).toBe(false);
    expect(isUsdtAddress('ERC20', `0x${'a'.repeat(40)}`)).toBe(true);
    expect(isUsdtAddress('ERC20', `0x${'g'.repeat(40)}`)).toBe(false);
    expect(isUsdtAddress('ERC20', `T${'A'.repeat(33)}`)).toBe(false);
  });
});

describe('checkAmountLimits', () => {
  const limits = { minFen: 10_000, maxFen: 5_000_000, balanceFen: 20_000 };
  test('answers the first problem in order: required, invalid, min, max, balance', () => {
    expect(checkAmountLimits('', limits)).toBe('required');
    expect(checkAmountLimits('  ', limits)).toBe('required');
    expect(checkAmountLimits('1.234', limits)).toBe('invalid');
    expect(checkAmountLimits('0', limits)).toBe('invalid');
    expect(checkAmountLimits('1234567890123', limits)).toBe('invalid'); // 13 characters
    expect(checkAmountLimits('99.99', limits)).toBe('min');
    expect(checkAmountLimits('50000.01', limits)).toBe('max');
    expect(checkAmountLimits('200.01', limits)).toBe('balance');
    expect(checkAmountLimits('200', limits)).toBeNull();
    expect(checkAmountLimits('100', limits)).toBeNull();
    expect(checkAmountLimits('5', {})).toBeNull();
  });
});
