/**
 * Money on screen and on the wire, through packages/rules only: a wire amount ('1888.00') becomes integer
 * fen with parseWireAmount, fen becomes zh-CN text with formatAmount (trailing .00 dropped), a typed
 * amount becomes the wire's 2-decimal string with parseAmount + fenToYuanString. No float on the way.
 */
import { fenToYuanString, formatAmount, parseAmount, parseWireAmount } from '@portal/rules';

/** What a money display takes: a wire amount string, or integer fen. */
export type MoneyValue = string | number | null | undefined;

const fenOfValue = (value: MoneyValue): number | null => (typeof value === 'number' ? value : parseWireAmount(value));

/** '1,234.50' from a wire amount or fen (zh-CN, trailing .00 dropped); '--' when unknown. */
export function amountText(value: MoneyValue): string {
  const fen = fenOfValue(value);
  return fen === null ? '--' : formatAmount(fen);
}

/** '¥ 1,234.50' from a wire amount or fen; '--' when unknown. */
export function money(value: MoneyValue): string {
  const fen = fenOfValue(value);
  return fen === null ? '--' : `¥ ${formatAmount(fen)}`;
}

/** The amount as sent: the typed text normalized to 2 decimals ('100.5' → '100.50'); throws if it is not one. */
export function wireAmount(typed: string): string {
  const fen = parseAmount(typed.trim());
  if (fen === null) throw new RangeError(`not an amount: ${typed}`);
  return fenToYuanString(fen);
}

/** How far an amount is towards a target, 0–100, in integer fen (done × 100 ÷ need, floored); a target of 0 is met. */
export function progressPercent(doneFen: number, needFen: number): number {
  return needFen <= 0 ? 100 : Math.max(0, Math.min(100, Math.floor((doneFen * 100) / needFen)));
}
