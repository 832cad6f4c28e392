/**
 * The offered-price band: no selection is offered below MIN_OFFERED_MILLI (1.01
 * European, 0.01 HK) or above its market's maximum. A price outside the band is not a bet the book
 * takes — a "winner" at 1.001 is a wash that farms turnover, a 700.00 home win at 86' is a price no
 * trader would stand behind — so the selection is suspended (not offered) rather than clamped. In a
 * two-way market (handicap, total, odd/even, money line) both sides go together: one side alone is
 * not a market. The same band is checked again at placement and at in-play confirmation, so a slip
 * holding a price the book no longer offers is refused.
 */
import type { FeedMarket } from '../../providers/oddsFeed.ts';

/** 1.01 European (0.01 HK): the lowest price offered anywhere. */
export const MIN_OFFERED_MILLI = 1010;

/** The highest price offered per market type (European milli-odds). */
export const MAX_OFFERED_MILLI: Readonly<Record<string, number>> = {
  // In play a side needing two goals late is a real price (a 50–150 shot): the 1X2 is offered whole up to 201.00 rather
  // than losing that side — and with it the market.
  '1X2': 201_000,
  HT1X2: 201_000,
  ML: 51_000,
  AH: 4_000,
  OU: 4_000,
  OE: 3_000,
  CS: 201_000,
  FS: 501_000,
  // E-sports map markets (esports/codes.ts): two-way, offered whole.
  MW: 21_000,
  FB: 4_000,
  FO: 4_000,
  PR: 4_000,
  KO: 4_000,
  KH: 4_000,
};
const DEFAULT_MAX = 41_000;
/** Markets offered whole or not at all: the two-way ones, and 1X2 (one side of a three-way market alone is no market). */
const WHOLE = new Set(['AH', 'OU', 'OE', 'ML', '1X2', 'HT1X2', 'MW', 'FB', 'FO', 'PR', 'KO', 'KH']);
const TWO_WAY = new Set(['AH', 'OU', 'OE', 'ML', 'MW', 'FB', 'FO', 'PR', 'KO', 'KH']);

/**
 * A main handicap or total line is offered only when it is balanced: its two prices within this ratio of each
 * other (at a 5% margin no side under ~1.53). Late in a match the nearest line can be lopsided (3 goals at 83':
 * over 3.5 needs another goal) — that line is suspended, not offered leaning.
 */
export const MAX_MAIN_LINE_RATIO = 1.6;

/** Both prices of a main line, or neither when one is missing or they lean past MAX_MAIN_LINE_RATIO. */
export function balancedPair(a: number | null, b: number | null): [number | null, number | null] {
  if (a === null || b === null) return [null, null];
  return Math.max(a, b) / Math.min(a, b) <= MAX_MAIN_LINE_RATIO ? [a, b] : [null, null];
}

/** The market type of a selection code ('AH:H:-0.5' → 'AH'). */
export const marketTypeOf = (w: string): string => w.split(':', 1)[0]!;

/** The band a selection of `marketType` must lie in: [min, max] milli-odds. */
export function priceBand(marketType: string): { min: number; max: number } {
  return { min: MIN_OFFERED_MILLI, max: MAX_OFFERED_MILLI[marketType] ?? DEFAULT_MAX };
}

export function inBand(marketType: string, milli: number): boolean {
  const b = priceBand(marketType);
  return Number.isInteger(milli) && milli >= b.min && milli <= b.max;
}

/** The markets as offered: selections out of band dropped (two-way markets and 1X2 whole), empty markets dropped. */
export function offeredMarkets(markets: readonly FeedMarket[]): FeedMarket[] {
  const out: FeedMarket[] = [];
  for (const m of markets) {
    const ok = m.selections.filter((s) => inBand(marketTypeOf(s.w), s.r));
    if (ok.length === 0) continue;
    if (WHOLE.has(m.type) && ok.length !== m.selections.length) continue;
    if (TWO_WAY.has(m.type) && ok.length !== 2) continue;
    out.push(ok.length === m.selections.length ? m : { ...m, selections: ok });
  }
  return out;
}
