import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toChineseUppercase } from './chineseAmount.ts';

const yuan = (n: number) => n * 100;

describe('toChineseUppercase', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [10, '壹角'],
    [15, '壹角伍分'],
    [yuan(1), '壹元整'],
    [yuan(10), '壹拾元整'],
    [yuan(15), '壹拾伍元整'],
    [yuan(100), '壹佰元整'],
    [yuan(101), '壹佰零壹元整'],
    [yuan(110), '壹佰壹拾元整'],
    [yuan(1005), '壹仟零伍元整'],
    [yuan(1050), '壹仟零伍拾元整'],
    [yuan(10002), '壹万零贰元整'],
    [yuan(10020), '壹万零贰拾元整'],
    [yuan(10200), '壹万零贰佰元整'],
    [yuan(12000), '壹万贰仟元整'],
    [yuan(100000), '壹拾万元整'],
    [yuan(1001000), '壹佰万零壹仟元整'],
    [yuan(10010000), '壹仟零壹万元整'],
    [yuan(107000), '壹拾万零柒仟元整'],
    [yuan(1100000), '壹佰壹拾万元整'],
    [yuan(1000050000000), '壹万亿零伍仟万元整'],
    [yuan(2000000005), '贰拾亿零伍元整'],
    [yuan(1680) + 32, '壹仟陆佰捌拾元叁角贰分'],
    [yuan(100000000), '壹亿元整'],
    [yuan(100000001), '壹亿零壹元整'],
    [yuan(100010000), '壹亿零壹万元整'],
    [yuan(110000000), '壹亿壹仟万元整'],
    [yuan(1000000000000), '壹万亿元整'],
    [yuan(1000100000000), '壹万零壹亿元整'],
    [1234, '壹拾贰元叁角肆分'],
    [yuan(10000) + 5, '壹万元零伍分'],
    [yuan(200) + 50, '贰佰元伍角'],
    [123456789, '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分'],
    [-150, '负壹元伍角'],
    [-1, '负壹分'],
    [-yuan(10002), '负壹万零贰元整'],
  ])('%i fen → %s', (fen, expected) => {
    expect(toChineseUppercase(fen)).toBe(expected);
  });

  it('throws on non-integers', () => {
    expect(() => toChineseUppercase(1.5)).toThrow(RangeError);
    expect(() => toChineseUppercase(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  const anyFen = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
  const VALID =
    /^负?(?:[零壹贰叁肆伍陆柒捌玖拾佰仟万亿]+元)?(?:整|[零壹贰叁肆伍陆柒捌玖]角(?:[壹贰叁肆伍陆柒捌玖]分)?|零?[壹贰叁肆伍陆柒捌玖]分)$/;

  it('property: well-formed, no undefined, 负 iff negative', () => {
    fc.assert(
      fc.property(anyFen, (fen) => {
        const s = toChineseUppercase(fen);
        return !s.includes('undefined') && s.startsWith('负') === fen < 0 && VALID.test(s);
      }),
    );
  });

  it('property: never two 零 in a row, never 零 before a unit or at the end of the whole part', () => {
    fc.assert(
      fc.property(anyFen, (fen) => {
        const s = toChineseUppercase(fen);
        return fen === 0 ? s === '零元整' : !/零零|零[拾佰仟万亿元]/.test(s);
      }),
    );
  });

  it('property: the digits read back give the amount (for values below 1万亿 yuan)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999_999_999 }), (fen) => parse(toChineseUppercase(fen)) === fen));
  });
});

/** Independent reader of the uppercase form, used to check the writer. */
function parse(s: string): number {
  const digits = '零壹贰叁肆伍陆柒捌玖';
  const small: Record<string, number> = { 拾: 10, 佰: 100, 仟: 1000 };
  let total = 0;
  let yiPart = 0;
  let wanPart = 0;
  let pending = 0;
  let fen = 0;
  for (const ch of s) {
    const d = digits.indexOf(ch);
    if (d >= 0) pending = d;
    else if (small[ch]) {
      wanPart += pending * small[ch]!;
      pending = 0;
    } else if (ch === '万') {
      wanPart = (wanPart + pending) * 10_000;
      pending = 0;
      yiPart += wanPart;
      wanPart = 0;
    } else if (ch === '亿') {
      total = (total + yiPart + wanPart + pending) * 100_000_000;
      yiPart = wanPart = pending = 0;
    } else if (ch === '元') {
      fen += (total + yiPart + wanPart + pending) * 100;
      total = yiPart = wanPart = pending = 0;
    } else if (ch === '角') {
      fen += pending * 10;
      pending = 0;
    } else if (ch === '分') {
      fen += pending;
      pending = 0;
    }
  }
  return fen;
}
