/**
 * Money as integer fen (never a float; only this package converts to and from
 * display strings). Spec §9: currency CNY, zh-CN formatting, trailing .00 dropped, 2 decimals,
 * amount precision 2, max length 12. Spec §5 transfer-in amount.
 */
import { LIMITS } from '@portal/contract';
import { RULE_MESSAGES as M, isBlank, type ValidationResult } from './messages.ts';

const FEN_PER_YUAN = 100;

/**
 * A display amount: optional '-', whole yuan either plain ('1234') or grouped by thousands with
 * commas ('1,234'), then optionally '.' and 1-2 decimals (spec §9 amount precision 2).
 */
const AMOUNT_SHAPE = new RegExp(`^(-?)(\\d+|\\d{1,3}(?:,\\d{3})+)(?:\\.(\\d{1,${LIMITS.AMOUNT_PRECISION}}))?$`);

/** A wire amount (the contract's money fields: '12.30', '-1.5', '+5.00'): sign, plain digits, 1-2 decimals. */
const WIRE_SHAPE = new RegExp(`^([-+]?)(\\d+)(?:\\.(\\d{1,${LIMITS.AMOUNT_PRECISION}}))?$`);

/** Whole-yuan and decimal digit strings → integer fen, exactly; null past the safe-integer range. Never -0. */
function digitsToFen(negative: boolean, whole: string, decimals: string): number | null {
  // Number(whole) is exact while the result is a safe integer; anything larger is refused below.
  const fen = Number(whole) * FEN_PER_YUAN + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) return null;
  return fen === 0 ? 0 : negative ? -fen : fen;
}

/** Throws unless fen is a safe integer: a float here is a bug upstream, not a value to round. */
function assertFen(fen: number): void {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`amount must be an integer number of fen, got ${fen}`);
}

/**
 * Display string → integer fen, or null. Parses digits, never floats. The 12-character limit
 * (spec §9) applies to the amount as typed: sign and grouping commas do not count.
 * '12' → 1200, '12.3' → 1230, '1,234.56' → 123456, '12.345' → null, '' → null.
 */
export function parseAmount(str: string): number | null {
  const m = AMOUNT_SHAPE.exec(str);
  if (!m) return null;
  const whole = (m[2] ?? '').replace(/,/g, '');
  const decimals = m[3] ?? '';
  const typed = decimals ? `${whole}.${decimals}` : whole;
  if (typed.length > LIMITS.AMOUNT_MAX_LENGTH) return null;
  return digitsToFen(m[1] === '-', whole, decimals);
}

/**
 * Wire amount → integer fen, or null: the one way money comes off the wire (balances, limits, records).
 * Parses digits, never floats; surrounding spaces and a '+' are accepted, grouping commas are not (the
 * wire never groups); no 12-character limit (a balance is not typed) but it must fit a safe integer.
 * '12.30' → 1230, '+5' → 500, '-1.5' → -150, '12.345' → null, '' / null / undefined → null.
 */
export function parseWireAmount(wire: string | null | undefined): number | null {
  if (wire == null) return null;
  const m = WIRE_SHAPE.exec(wire.trim());
  return m ? digitsToFen(m[1] === '-', m[2] ?? '', m[3] ?? '') : null;
}

export interface FormatAmountOptions {
  /** Thousands separators, zh-CN style ('1,234'). Default true. */
  grouping?: boolean;
  /** Drop an exact '.00' (spec §9 "trailing .00 dropped"). Default true. */
  dropZeroDecimals?: boolean;
}

/** Splits |fen| into a whole-yuan digit string and a 2-digit decimal string. */
function splitFen(fen: number): { negative: boolean; whole: string; decimals: string } {
  assertFen(fen);
  const abs = Math.abs(fen);
  const whole = String(Math.floor(abs / FEN_PER_YUAN));
  const decimals = String(abs % FEN_PER_YUAN).padStart(2, '0');
  return { negative: fen < 0, whole, decimals };
}

/**
 * Integer fen → zh-CN display: '1,234', '1,234.50', '-0.05'. Only an exact '.00' is dropped;
 * '.50' keeps its zero. Throws RangeError for a non-integer.
 */
export function formatAmount(fen: number, opts: FormatAmountOptions = {}): string {
  const { grouping = true, dropZeroDecimals = true } = opts;
  const { negative, whole, decimals } = splitFen(fen);
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const tail = dropZeroDecimals && decimals === '00' ? '' : `.${decimals}`;
  return `${negative ? '-' : ''}${grouped}${tail}`;
}

/** Integer fen → '12.34', always 2 decimals, no grouping (totals, wire amounts). */
export function fenToYuanString(fen: number): string {
  return formatAmount(fen, { grouping: false, dropZeroDecimals: false });
}

/**
 * The server's one money formatter: fen as the database answers them (a number, or the string PostgreSQL gives for a
 * bigint; null as 0) → the wire's yuan string, '12.34' (fenToYuanString).
 */
export function yuan(fen: number | string | null): string {
  return fenToYuanString(Number(fen ?? 0));
}

/**
 * Transfer-in amount (spec §5): required ('请输入转入金额'); at most 2 decimals and 12 characters;
 * a transfer must move something, so zero and negatives are rejected too.
 */
export function validateTransferAmount(str: string): ValidationResult {
  if (isBlank(str)) return M.TRANSFER_AMOUNT_REQUIRED;
  const fen = parseAmount(str);
  return fen !== null && fen > 0 ? null : M.AMOUNT_INVALID;
}

/** What is wrong with an amount typed for a deposit or a withdrawal (the page words each one). */
export type AmountProblem = 'required' | 'invalid' | 'min' | 'max' | 'balance';

export interface AmountLimits {
  /** Smallest allowed amount, integer fen. */
  minFen?: number | null;
  /** Largest allowed amount, integer fen. */
  maxFen?: number | null;
  /** What the member holds, integer fen (a withdrawal cannot exceed it). */
  balanceFen?: number | null;
}

/**
 * Deposit and withdrawal amounts: required, the shape of spec §9 (2 decimals, 12 characters, above
 * zero), then the channel's min and max, then the balance. Answers the first problem, or null.
 */
export function checkAmountLimits(str: string, limits: AmountLimits = {}): AmountProblem | null {
  if (isBlank(str)) return 'required';
  const fen = parseAmount(str.trim());
  if (fen === null || fen <= 0) return 'invalid';
  if (limits.minFen != null && fen < limits.minFen) return 'min';
  if (limits.maxFen != null && fen > limits.maxFen) return 'max';
  if (limits.balanceFen != null && fen > limits.balanceFen) return 'balance';
  return null;
}

/**
 * A CNY amount in a virtual currency with 6 decimals (USDT), exactly: fen ÷ 100 ÷ rate, rounded UP to
 * the micro-unit so the coins paid always cover the amount credited. `rate` is a decimal string
 * ('7.20' CNY per coin). Answers a '12.345679' string.
 */
export function fenToCoinString(fen: number, rate: string): string {
  const m = /^(\d+)(?:\.(\d{1,8}))?$/.exec(rate);
  if (!m || !Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`bad amount ${fen} or rate ${rate}`);
  const decimals = m[2] ?? '';
  const rateScaled = BigInt(m[1]! + decimals);
  if (rateScaled === 0n) throw new RangeError('rate must be positive');
  // micro = fen / 100 / (rateScaled / 10^d) × 10^6 = fen × 10^(4 + d) / rateScaled
  const num = BigInt(fen) * 10n ** BigInt(4 + decimals.length);
  const micro = (num + rateScaled - 1n) / rateScaled;
  const whole = micro / 1_000_000n;
  const frac = (micro % 1_000_000n).toString().padStart(6, '0');
  return `${whole}.${frac}`;
}
