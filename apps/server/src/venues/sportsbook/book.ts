/**
 * Markets priced from a final-score distribution (sets, frames, runs): money line, handicap and total
 * on half lines (no push). Every side is priced through the SAME settlement rules its code settles
 * with (pricing.ts priceByOutcome over @portal/rules asianHandicapResult / overUnderResult; markets.ts
 * settles AH on the score difference and OU on the total), so what is offered is what is paid.
 * Also the engines' shared price cache: prices are a pure function of (match, state, margin).
 */
import { asianHandicapResult, overUnderResult } from '@portal/rules';
import type { FeedMarket, FeedSelection } from '../../providers/oddsFeed.ts';
import type { Fixture } from './engine.ts';
import { priceByOutcome, priceOf } from './pricing.ts';
import { signedLine } from './rng.ts';

const priceCache = new Map<string, FeedMarket[]>();
/** Every sport's open events with a few states each; cleared whole when full. */
const CACHE_MAX = 10_000;

/** The markets of a state, priced once while they are asked for again: `key` names match, state and margin. */
export function memoPrices(key: string, price: () => FeedMarket[]): FeedMarket[] {
  let hit = priceCache.get(key);
  if (!hit) {
    hit = price();
    if (priceCache.size >= CACHE_MAX) priceCache.clear();
    priceCache.set(key, hit);
  }
  return hit;
}

/** One final score and its probability. */
export type Outcome = readonly [h: number, c: number, p: number];

/** A selection, or none when the side is not offered (no price: impossible, or not worth a bet). */
export const sel = (w: string, name: string, r: number | null): FeedSelection[] => (r === null ? [] : [{ w, name, r }]);

export const pHomeWins = (outcomes: readonly Outcome[]) => outcomes.reduce((s, [h, c, p]) => s + (h > c ? p : 0), 0);

/** The distribution of one number of the final score (difference, total): [x, p] rows. */
function fold(outcomes: readonly Outcome[], of: (h: number, c: number) => number): number[][] {
  const by = new Map<number, number>();
  for (const [h, c, p] of outcomes) if (p > 0) by.set(of(h, c), (by.get(of(h, c)) ?? 0) + p);
  return [...by.entries()].map(([x, p]) => [x, p]);
}

/** Money line (no draw): home wins with pHome. */
export function moneyLine(f: Fixture, pHome: number, margin: number, name = '独赢'): FeedMarket {
  return {
    type: 'ML',
    name,
    kind: 'main',
    selections: [...sel('ML:H', f.team_h, priceOf(pHome, margin)), ...sel('ML:C', f.team_c, priceOf(1 - pHome, margin))],
  };
}

/** Handicap at `line` (home's), settled on the final difference. */
export function handicap(f: Fixture, outcomes: readonly Outcome[], line: number, margin: number, name: string): FeedMarket {
  const diffs = fold(outcomes, (h, c) => h - c);
  return {
    type: 'AH',
    name,
    kind: 'main',
    selections: [
      ...sel(
        `AH:H:${line}`,
        `${f.team_h} ${signedLine(line)}`,
        priceByOutcome(diffs, (d) => asianHandicapResult(line, d), margin),
      ),
      ...sel(
        `AH:C:${-line}`,
        `${f.team_c} ${signedLine(-line)}`,
        priceByOutcome(diffs, (d) => asianHandicapResult(-line, -d), margin),
      ),
    ],
  };
}

/** Over/under at `line`, settled on the final total. */
export function total(outcomes: readonly Outcome[], line: number, margin: number, name: string): FeedMarket {
  const totals = fold(outcomes, (h, c) => h + c);
  return {
    type: 'OU',
    name,
    kind: 'main',
    selections: [
      ...sel(
        `OU:O:${line}`,
        `大 ${line}`,
        priceByOutcome(totals, (t) => overUnderResult('over', line, t), margin),
      ),
      ...sel(
        `OU:U:${line}`,
        `小 ${line}`,
        priceByOutcome(totals, (t) => overUnderResult('under', line, t), margin),
      ),
    ],
  };
}

/** Of the candidate half lines, the one whose home (or over) side is nearest an even chance. */
export function balancedLine(lines: readonly number[], chance: (line: number) => number): number {
  let best = lines[0]!;
  for (const line of lines) if (Math.abs(chance(line) - 0.5) < Math.abs(chance(best) - 0.5)) best = line;
  return best;
}

/** P(home covers a half line): the final difference plus the line is positive. */
export const coverChance = (outcomes: readonly Outcome[]) => (line: number) =>
  outcomes.reduce((s, [h, c, p]) => s + (h - c + line > 0 ? p : 0), 0);
/** P(the final total goes over a half line). */
export const overChance = (outcomes: readonly Outcome[]) => (line: number) =>
  outcomes.reduce((s, [h, c, p]) => s + (h + c > line ? p : 0), 0);
