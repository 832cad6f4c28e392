/**
 * Typing filter for money inputs (spec §5 transfer-in amount, §9 amount precision 2, max length 12).
 * String → string only: it never turns an amount into a number (packages/rules
 * parses and validates; see validateTransferAmount).
 */
import { LIMITS } from '@portal/contract';

/**
 * What the field keeps of a keystroke or paste: digits and one '.', at most 2 decimals, at most 12
 * characters. Full-width digits and '。' (Chinese IMEs) are read as their ASCII twins; a leading '.'
 * becomes '0.'; redundant leading zeros are dropped ('007' → '7', '0.5' stays).
 */
export function sanitizeAmountText(raw: string): string {
  const ascii = raw
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[。．]/g, '.')
    .replace(/[^\d.]/g, '');
  const dot = ascii.indexOf('.');
  let whole = dot === -1 ? ascii : ascii.slice(0, dot);
  const decimals =
    dot === -1
      ? null
      : ascii
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, LIMITS.AMOUNT_PRECISION);
  whole = whole.replace(/^0+(?=\d)/, '');
  if (decimals !== null && whole === '') whole = '0';
  const text = decimals === null ? whole : `${whole}.${decimals}`;
  return text.slice(0, LIMITS.AMOUNT_MAX_LENGTH);
}
