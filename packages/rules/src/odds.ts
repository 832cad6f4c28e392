/**
 * Odds formats (spec §3 odds types): E European (decimal), H Hong Kong, I Indonesian, M Malay.
 *
 * The sportsbook's canonical price is the European (decimal) price in integer thousandths
 * ("milli-odds": 1.950 → 1950), so every conversion is exact rational arithmetic on integers and a
 * bet settles on the price it was accepted at, never on a rounded display value.
 *
 *   H = E − 1                                  (profit per 1 staked; 0.95)
 *   M = H when H ≤ 1, else −1 / H               (in (−1, 1]; negative: stake M to win 1)
 *   I = H when H ≥ 1, else −1 / H               (≥ 1 or ≤ −1; negative: stake |I| to win 1)
 *
 * Display rounding: `ODDS_DISPLAY_DECIMALS` places, always toward the LOWER payout for the player, so
 * a displayed price never promises more than the bet pays: positive values round down, negative
 * Malay/Indonesian values round away from zero (−1.2048 → −1.21, a bigger stake for the same win).
 */

export type OddsFormat = 'E' | 'H' | 'I' | 'M';
export const ODDS_FORMATS: readonly OddsFormat[] = ['E', 'H', 'I', 'M'];

/** Thousandths: the canonical price's unit. */
export const MILLI = 1000;
/** Decimal places shown (spec shows prices such as 0.95 and 1.95). */
export const ODDS_DISPLAY_DECIMALS = 2;
/** Sanity range of a canonical price: 1.001 to 1001.000 (a price of exactly 1 pays nothing). */
export const MIN_MILLI_ODDS = 1001;
export const MAX_MILLI_ODDS = 1_001_000;

export function isMilliOdds(v: unknown): v is number {
  return Number.isInteger(v) && (v as number) >= MIN_MILLI_ODDS && (v as number) <= MAX_MILLI_ODDS;
}

/** A rational number p/q with q > 0 (integers), for exact conversions. */
export interface Ratio {
  p: number;
  q: number;
}

/** The price in `format` as an exact ratio. */
export function oddsRatio(milli: number, format: OddsFormat): Ratio {
  if (!isMilliOdds(milli)) throw new RangeError(`not a price: ${milli}`);
  const hk = milli - MILLI; // H in thousandths, > 0
  switch (format) {
    case 'E':
      return { p: milli, q: MILLI };
    case 'H':
      return { p: hk, q: MILLI };
    case 'M':
      return hk <= MILLI ? { p: hk, q: MILLI } : { p: -MILLI, q: hk };
    case 'I':
      return hk >= MILLI ? { p: hk, q: MILLI } : { p: -MILLI, q: hk };
  }
}

/** Rounds p/q to `decimals` places toward the lower payout (down when positive, away from zero when negative). */
function roundForPlayer(r: Ratio, decimals: number): number {
  const scale = 10 ** decimals;
  const scaled = r.p * scale;
  const units = r.p >= 0 ? Math.floor(scaled / r.q) : -Math.ceil(-scaled / r.q);
  return units / scale;
}

/** The displayed number of a price in a format (e.g. 1950 → E 1.95, H 0.95, M 0.95, I −1.05). */
export function toDisplayOdds(milli: number, format: OddsFormat, decimals = ODDS_DISPLAY_DECIMALS): number {
  return roundForPlayer(oddsRatio(milli, format), decimals);
}

/** The displayed text with fixed decimals ('0.95', '-1.06'). */
export function formatOdds(milli: number, format: OddsFormat, decimals = ODDS_DISPLAY_DECIMALS): string {
  return toDisplayOdds(milli, format, decimals).toFixed(decimals);
}

/**
 * The canonical price of a quoted number (a feed or an operator entering odds in any format), rounded
 * down to whole thousandths (never above the quote). Null for a value no format allows.
 */
export function fromOdds(value: number, format: OddsFormat): number | null {
  if (!Number.isFinite(value)) return null;
  let hk: number; // H in thousandths
  switch (format) {
    case 'E':
      hk = value * MILLI - MILLI;
      break;
    case 'H':
      hk = value * MILLI;
      break;
    case 'M':
      if (value > 1 || value <= -1 || value === 0) return null;
      hk = value > 0 ? value * MILLI : -MILLI / value;
      break;
    case 'I':
      if (value > -1 && value < 1) return null;
      hk = value > 0 ? value * MILLI : -MILLI / value;
      break;
  }
  // Clean binary noise (0.95 * 1000 = 949.9999…) before rounding down.
  const milli = MILLI + Math.floor(Number(hk.toPrecision(12)));
  return isMilliOdds(milli) ? milli : null;
}

/** Converts a displayed price from one format to another (through the canonical price). */
export function convertOdds(value: number, from: OddsFormat, to: OddsFormat): number | null {
  const milli = fromOdds(value, from);
  return milli === null ? null : toDisplayOdds(milli, to);
}

/**
 * Profit in fen of `stakeFen` at a price, rounded down to the fen: stake × (E − 1). What a
 * positive-format price shows; the same for every format since they are one price.
 */
export function profitFen(stakeFen: number, milli: number): number {
  if (!Number.isSafeInteger(stakeFen) || stakeFen < 0) throw new RangeError(`bad stake ${stakeFen}`);
  return Math.floor((stakeFen * (milli - MILLI)) / MILLI);
}

/** Applies a bookmaker margin to fair probabilities: each price = 1 / (p × (1 + margin)), rounded down. */
export function pricesWithMargin(probabilities: readonly number[], margin: number): number[] {
  const total = probabilities.reduce((s, p) => s + p, 0);
  return probabilities.map((p) => {
    const fair = p / total;
    const milli = Math.floor(MILLI / (fair * (1 + margin)));
    return Math.min(MAX_MILLI_ODDS, Math.max(MIN_MILLI_ODDS, milli));
  });
}
