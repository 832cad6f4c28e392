import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fenToCoinString, fenToYuanString, formatAmount, parseAmount, parseWireAmount, validateTransferAmount } from './money.ts';

describe('parseAmount', () => {
  it('parses digits into integer fen', () => {
    expect(parseAmount('0')).toBe(0);
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('12.3')).toBe(1230);
    expect(parseAmount('12.34')).toBe(1234);
    expect(parseAmount('0.01')).toBe(1);
    expect(parseAmount('1,234.56')).toBe(123456);
    expect(parseAmount('1,234,567')).toBe(123456700);
    expect(parseAmount('-5.5')).toBe(-550);
    expect(parseAmount('-0')).toBe(0);
    expect(Object.is(parseAmount('-0'), -0)).toBe(false);
    expect(parseAmount('0.1')! + parseAmount('0.2')!).toBe(30); // no float drift
  });

  it('rejects more than 2 decimals, bad shapes and bad grouping', () => {
    for (const bad of [
      '',
      ' ',
      '12.345',
      '12.',
      '.5',
      '1e3',
      'abc',
      '12a',
      ' 12',
      '12 ',
      '１２',
      '+12',
      '1,23',
      '12,345,6',
      ',123',
      '1.2.3',
      '--1',
      'NaN',
      'Infinity',
    ]) {
      expect(parseAmount(bad), bad).toBeNull();
    }
  });

  it('caps the typed amount at 12 characters', () => {
    expect(parseAmount('123456789012')).toBe(12345678901200); // 12
    expect(parseAmount('1234567890123')).toBeNull(); // 13
    expect(parseAmount('999999999.99')).toBe(99999999999); // 12 with decimals
    expect(parseAmount('9999999999.99')).toBeNull(); // 13
    expect(parseAmount('999,999,999.99')).toBe(99999999999); // commas do not count
  });
});

describe('parseWireAmount', () => {
  it('parses a wire amount into integer fen, exactly', () => {
    expect(parseWireAmount('12.30')).toBe(1230);
    expect(parseWireAmount('12.3')).toBe(1230);
    expect(parseWireAmount('12')).toBe(1200);
    expect(parseWireAmount('0.01')).toBe(1);
    expect(parseWireAmount(' 7.05 ')).toBe(705);
    expect(parseWireAmount('+5.00')).toBe(500);
    expect(parseWireAmount('-1.5')).toBe(-150);
    expect(Object.is(parseWireAmount('-0.00'), -0)).toBe(false);
    expect(parseWireAmount('1.15')).toBe(115); // 1.15 * 100 is 114.99999999999999 in floats
    expect(parseWireAmount('0.1')! + parseWireAmount('0.2')!).toBe(parseWireAmount('0.3')); // no float drift
  });

  it('refuses a third decimal, grouping, other shapes, and nothing', () => {
    for (const bad of ['12.345', '0.001', '1,234.00', '', ' ', '.5', '12.', '1e3', 'NaN', 'Infinity', '--1', '+-1', '¥12', '12 .3']) {
      expect(parseWireAmount(bad), bad).toBeNull();
    }
    expect(parseWireAmount(null)).toBeNull();
    expect(parseWireAmount(undefined)).toBeNull();
  });

  it('takes amounts longer than a typed one, up to the largest safe integer of fen', () => {
    expect(parseWireAmount('1234567890123.45')).toBe(123456789012345); // 16 characters: a balance, not typed
    expect(parseWireAmount('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseWireAmount('90071992547409.92')).toBeNull();
    expect(parseWireAmount('-90071992547409.91')).toBe(-Number.MAX_SAFE_INTEGER);
    expect(parseWireAmount('99999999999999999999')).toBeNull();
  });

  it('property: the wire string of any safe fen amount parses back to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (fen) => {
        return parseWireAmount(fenToYuanString(fen)) === fen;
      }),
    );
  });
});

describe('formatAmount', () => {
  it('groups by thousands, 2 decimals, drops only an exact .00', () => {
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(1)).toBe('0.01');
    expect(formatAmount(50)).toBe('0.50');
    expect(formatAmount(123400)).toBe('1,234');
    expect(formatAmount(123450)).toBe('1,234.50');
    expect(formatAmount(123456)).toBe('1,234.56');
    expect(formatAmount(100000000)).toBe('1,000,000');
    expect(formatAmount(-5)).toBe('-0.05');
    expect(formatAmount(-123400)).toBe('-1,234');
  });

  it('options turn grouping and dropping off', () => {
    expect(formatAmount(123400, { grouping: false })).toBe('1234');
    expect(formatAmount(123400, { dropZeroDecimals: false })).toBe('1,234.00');
  });

  it('throws on non-integers (money is never a float)', () => {
    expect(() => formatAmount(1.5)).toThrow(RangeError);
    expect(() => formatAmount(Number.NaN)).toThrow(RangeError);
    expect(() => formatAmount(2 ** 53)).toThrow(RangeError);
  });

  it('agrees with Intl zh-CN grouping', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (fen) => {
        const intl = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        const expected = intl.format(fen / 100).replace(/\.00$/, '');
        return formatAmount(fen) === expected;
      }),
    );
  });
});

describe('fenToYuanString', () => {
  it('always has 2 decimals and no grouping', () => {
    expect(fenToYuanString(1234)).toBe('12.34');
    expect(fenToYuanString(0)).toBe('0.00');
    expect(fenToYuanString(100)).toBe('1.00');
    expect(fenToYuanString(123456789)).toBe('1234567.89');
    expect(fenToYuanString(-7)).toBe('-0.07');
  });
});

describe('round trips', () => {
  const typable = fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }); // 999,999,999.99 yuan fits 12

  it('property: parseAmount(formatAmount(fen)) === fen', () => {
    fc.assert(fc.property(typable, (fen) => parseAmount(formatAmount(fen)) === fen));
  });

  it('property: parseAmount(fenToYuanString(fen)) === fen', () => {
    fc.assert(fc.property(typable, (fen) => parseAmount(fenToYuanString(fen)) === fen));
  });

  it('property: parseAmount never returns a non-integer', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const v = parseAmount(s);
        return v === null || Number.isSafeInteger(v);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^-?\d{1,12}(\.\d{1,4})?$/), (s) => {
        const v = parseAmount(s);
        return v === null || Number.isSafeInteger(v);
      }),
    );
  });
});

describe('validateTransferAmount', () => {
  it('is required', () => {
    expect(validateTransferAmount('')).toBe('请输入转入金额');
    expect(validateTransferAmount('  ')).toBe('请输入转入金额');
  });

  it('accepts up to 2 decimals and 12 characters', () => {
    expect(validateTransferAmount('100')).toBeNull();
    expect(validateTransferAmount('0.01')).toBeNull();
    expect(validateTransferAmount('100.5')).toBeNull();
    expect(validateTransferAmount('100.55')).toBeNull();
    expect(validateTransferAmount('123456789012')).toBeNull();
  });

  it('rejects more decimals, longer values, non-numbers, zero and negatives', () => {
    for (const bad of ['100.555', '1234567890123', 'abc', '12.', '0', '0.00', '-1', '1e5']) {
      expect(validateTransferAmount(bad), bad).toBe('请输入正确的金额');
    }
  });
});

describe('fenToCoinString (USDT amounts)', () => {
  it('divides exactly and rounds up to the micro-unit so the coins cover the amount', () => {
    expect(fenToCoinString(72_000, '7.20')).toBe('100.000000');
    expect(fenToCoinString(10_000, '7.20')).toBe('13.888889'); // 13.8888…
    expect(fenToCoinString(1, '7.2')).toBe('0.001389');
    expect(fenToCoinString(0, '7.2')).toBe('0.000000');
    expect(() => fenToCoinString(100, '0')).toThrow(RangeError);
    expect(() => fenToCoinString(100, '-7')).toThrow(RangeError);
    expect(() => fenToCoinString(1.5, '7')).toThrow(RangeError);
  });
});
