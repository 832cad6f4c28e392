/**
 * Amount → Chinese uppercase currency (spec §9 "an amount-to-Chinese-uppercase-currency converter
 * exists (yuan, jiao, fen, negative prefix)"). Financial numerals as on cheques and receipts:
 * 10 is 壹拾, zeros inside the number are read once ('壹万零贰元整'), '整' closes an amount
 * with no jiao and no fen.
 */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const SMALL_UNITS = ['', '拾', '佰', '仟'] as const;

function digit(d: number): string {
  return DIGITS[d] ?? '';
}

/** 1..9999 → '壹仟零伍拾' (inner zeros read once, trailing zeros silent). */
function section(n: number): string {
  let out = '';
  let pendingZero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      if (out !== '') pendingZero = true; // read later, only if a non-zero digit follows
      continue;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    out += digit(d) + SMALL_UNITS[i];
  }
  return out;
}

/**
 * Whole number ≥ 1 → uppercase, by splitting at 亿 (10^8) and 万 (10^4); recursing on the part
 * above 亿 gives 万亿 and beyond. One '零' is written for every run of zeros between two non-zero
 * digits, across the 万 and 亿 boundaries too (壹亿零壹万, 壹佰万零壹仟, 壹万零贰): the
 * more explicit of the two forms the People's Bank writing rules allow.
 */
function wholeNumber(n: number): string {
  if (n >= 1e8) return join(Math.floor(n / 1e8), '亿', n % 1e8, 1e7);
  if (n >= 1e4) return join(Math.floor(n / 1e4), '万', n % 1e4, 1e3);
  return section(n);
}

function join(upper: number, unit: string, lower: number, topOfLower: number): string {
  const head = (unit === '亿' ? wholeNumber(upper) : section(upper)) + unit;
  if (lower === 0) return head;
  const gap = upper % 10 === 0 || lower < topOfLower; // zeros on either side of the boundary
  return head + (gap ? '零' : '') + wholeNumber(lower);
}

/**
 * 0..99 fen → '整', '贰角', '贰角伍分', or '零伍分' after yuan (a lone fen after yuan is read
 * with its zero; a jiao directly after 元 is not, the other allowed form: '贰佰元伍角').
 */
function fraction(cents: number, hasYuan: boolean): string {
  const jiao = Math.floor(cents / 10);
  const fen = cents % 10;
  if (jiao === 0 && fen === 0) return '整';
  const jiaoPart = jiao > 0 ? `${digit(jiao)}角` : hasYuan ? '零' : '';
  const fenPart = fen > 0 ? `${digit(fen)}分` : '';
  return jiaoPart + fenPart;
}

/**
 * Integer fen → Chinese uppercase: 1000200 → '壹万零贰元整', 1234 → '壹拾贰元叁角肆分',
 * 5 → '伍分', 0 → '零元整', -150 → '负壹元伍角'. Throws RangeError for a non-integer.
 */
export function toChineseUppercase(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`amount must be an integer number of fen, got ${fen}`);
  if (fen === 0) return '零元整';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  const yuanPart = yuan > 0 ? `${wholeNumber(yuan)}元` : '';
  return (fen < 0 ? '负' : '') + yuanPart + fraction(cents, yuan > 0);
}
