/**
 * Valid turnover (有效投注) as the industry counts it. What a settled bet adds to the
 * member's turnover — withdrawal turnover ("done"), VIP progress, rebates, races, promotion wagering all
 * read it (turnover/repository.ts recordSettledBet) — is:
 *
 *   - nothing unless the bet's odds reach the brand's minimum (site flag validTurnoverMinOdds, European,
 *     default 1.50 = 0.50 HK): a single or outright by its price, a parlay by its combined price, a
 *     series only when every leg reaches it (each of its bets is then above it);
 *   - nothing for a void, cancelled or pushed stake, half for a half result (@portal/rules validTurnoverFen);
 *   - opposite selections of one market by one member count once at most: a single's valid amount is
 *     what the market's valid total grows by, the total being the most staked (validly) on any one
 *     selection of that market — so ¥100 over and ¥100 under count ¥100, not ¥200.
 * Pure functions here; settlement.ts reads the member's other bets and writes the figure.
 */
import { validTurnoverFen, type CancelCode, type SettledResult } from '@portal/rules';

/** The default brand minimum: 1.50 European (0.50 HK). */
export const DEFAULT_VALID_MIN_MILLI = 1500;

/** The brand minimum in milli-odds from the site flag (European decimal odds), the default when unset or nonsense. */
export function validMinMilli(flag: unknown): number {
  return typeof flag === 'number' && Number.isFinite(flag) && flag >= 1 && flag <= 100 ? Math.round(flag * 1000) : DEFAULT_VALID_MIN_MILLI;
}

/** Whether the bet's odds make it count at all. */
export function oddsQualify(kind: string, legMillis: readonly number[], combinedMilli: number, minMilli: number): boolean {
  if (kind === 'series') return legMillis.every((m) => m >= minMilli);
  if (kind === 'parlay') return combinedMilli >= minMilli;
  return (legMillis[0] ?? 0) >= minMilli;
}

/**
 * The market a single selection belongs to, and its side: 'AH:H:-0.5' and 'AH:C:0.5' are the two sides
 * of one handicap market (keyed by the home line), 'OU:O:2.5' and 'OU:U:2.5' of one total, '1X2:H' and
 * '1X2:C' of one 1X2.
 */
export function marketOf(eventId: string, w: string): { market: string; side: string } {
  const [type, pick = '', line] = w.split(':') as [string, string | undefined, string | undefined];
  if (type === 'AH' && line !== undefined) {
    const homeLine = pick === 'H' ? Number(line) : -Number(line);
    return { market: `${eventId}|AH|${homeLine}`, side: pick };
  }
  if (type === 'OU' && line !== undefined) return { market: `${eventId}|OU|${Number(line)}`, side: pick };
  return { market: `${eventId}|${type}`, side: pick };
}

/** A settled single of the member on the same market: its side, the valid amount its result and odds allow, and what it counted. */
export interface CountedSingle {
  side: string;
  rawValid: number;
  counted: number;
}

/** A single's valid stake before the hedge rule: its result's share of the stake when its odds qualify. */
export function rawValidFen(stakeFen: number, result: SettledResult | CancelCode, milli: number, minMilli: number): number {
  return milli >= minMilli ? validTurnoverFen(stakeFen, result) : 0;
}

/**
 * A single's valid amount given the member's other settled singles of the same market: the growth of
 * the market's valid total (the largest per-side sum of raw valid amounts), never more than its own.
 */
export function hedgedValidFen(side: string, rawValid: number, others: readonly CountedSingle[]): number {
  if (rawValid <= 0) return 0;
  const bySide = new Map<string, number>([[side, rawValid]]);
  let counted = 0;
  for (const o of others) {
    bySide.set(o.side, (bySide.get(o.side) ?? 0) + o.rawValid);
    counted += o.counted;
  }
  const total = Math.max(...bySide.values());
  return Math.max(0, Math.min(rawValid, total - counted));
}
