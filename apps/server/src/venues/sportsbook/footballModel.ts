/**
 * The in-play football model: how many goals are left, by the clock and the red cards. Goals do
 * not come at an even rate: fewer early in each half, more late — the stoppage time of each half is folded into
 * its last minutes, as the simulator's clock has none. A red card takes about 30% off the side's scoring rate and
 * adds about 30% to the opponent's for the rest of the match. The simulator draws its goals and cards from this
 * same model (football.ts), so the prices (pricing.ts scoreGrid) are the fair ones for the matches it plays.
 */
/** A match's minutes (pricing.ts MATCH_MINUTES; not imported: pricing.ts imports this module). */
const MATCH_MINUTES = 90;

/** A red card's effect on the rest of the match: the carded side's scoring rate, and its opponent's. */
export const RED_CARD_OWN = 0.7;
export const RED_CARD_OPPONENT = 1.3;
/** Red cards per side per match (a sending-off in roughly one match in five). */
export const RED_CARDS_PER_SIDE = 0.11;

/** The relative scoring rate of minute 1..90 (the last minutes of each half carry its stoppage time). */
function weightOf(minute: number): number {
  if (minute <= 40) return 0.85;
  if (minute <= 45) return 1.45; // the first half's ~2 minutes of stoppage folded in
  if (minute <= 75) return 0.95;
  // The late push and the second half's ~4–5 minutes of stoppage: the last 15 minutes on the clock carry ~28% of the goals.
  return 1.85;
}

/** Weights normalised to sum 1 over the 90 minutes: WEIGHTS[m - 1] is minute m's share of a match's goals. */
const WEIGHTS: readonly number[] = (() => {
  const raw = Array.from({ length: MATCH_MINUTES }, (_, i) => weightOf(i + 1));
  const sum = raw.reduce((s, w) => s + w, 0);
  return raw.map((w) => w / sum);
})();
/** CUMULATIVE[m] = the share of a match's goals in minutes 1..m (CUMULATIVE[0] = 0, CUMULATIVE[90] = 1). */
const CUMULATIVE: readonly number[] = WEIGHTS.reduce<number[]>((acc, w) => [...acc, acc[acc.length - 1]! + w], [0]);

const clampMinute = (m: number) => Math.max(0, Math.min(MATCH_MINUTES, Math.floor(m)));

/** The share of a match's goals still to come after `minute` minutes played, up to `until` (90, or 45 for the first half). */
export function remainingShare(minute: number, until = MATCH_MINUTES): number {
  const to = clampMinute(until);
  return Math.max(0, CUMULATIVE[to]! - CUMULATIVE[Math.min(clampMinute(minute), to)]!);
}

/** A side's scoring-rate factor given the red cards shown so far. */
export const redCardFactor = (own: number, opponent: number) => RED_CARD_OWN ** own * RED_CARD_OPPONENT ** opponent;

/** The minute (1..90) of a goal: the inverse of the cumulative share at u ∈ [0, 1). */
export function minuteAt(u: number, after = 0): number {
  const from = CUMULATIVE[clampMinute(after)]!;
  const target = from + u * (1 - from);
  for (let m = clampMinute(after) + 1; m <= MATCH_MINUTES; m++) if (CUMULATIVE[m]! > target) return m;
  return MATCH_MINUTES;
}
