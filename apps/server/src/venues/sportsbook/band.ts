/**
 * The offered-price band (issue 14, item 2): no selection is offered below MIN_OFFERED_MILLI (1.01
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
  '1X2': 41_000,
  HT1X2: 41_000,
  ML: 51_000,
  AH: 4_000,
  OU: 4_000,
  OE: 3_000,
  CS: 201_000,
  FS: 501_000,
};
const DEFAULT_MAX = 41_000;
const TWO_WAY = new Set(['AH', 'OU', 'OE', 'ML']);

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

/** The markets as offered: selections out of band dropped (two-way markets whole), empty markets dropped. */
export function offeredMarkets(markets: readonly FeedMarket[]): FeedMarket[] {
  const out: FeedMarket[] = [];
  for (const m of markets) {
    const ok = m.selections.filter((s) => inBand(marketTypeOf(s.w), s.r));
    if (ok.length === 0) continue;
    if (TWO_WAY.has(m.type) && (ok.length !== m.selections.length || ok.length !== 2)) continue;
    out.push(ok.length === m.selections.length ? m : { ...m, selections: ok });
  }
  return out;
}
