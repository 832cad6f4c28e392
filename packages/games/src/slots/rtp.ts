import { compiled, type CompiledSlot } from './compile.ts';
import { SCATTER_KEY_STRIDE, scanOutcomes, type OutcomeTable } from './scan.ts';
import { MAX_COUNT, type SlotDef } from './types.ts';

/**
 * Exact return of a slot title, per unit of total bet.
 *
 * Base game: the exact scan's table gives E[base win] as an integer numerator over the number of stop
 * combinations (both reported). Free spins: each free spin's (win, scatter count) distribution is the free strips'
 * exact table; the feature is a Markov chain on (spins left, spins awarded) with the cap, solved exactly by
 * dynamic programming for the first two moments of the feature's total win given its starting award. Those are
 * combined with the base table for the spin's mean, variance (exact up to floating-point rounding) and hit rate.
 */
export interface ExactRtp {
  code: string;
  /** Number of base stop combinations (product of strip lengths). */
  combinations: number;
  /** Σ base wins (lines/ways + scatter pays) over all combinations, in coins: exact. */
  baseWinCoinsTotal: bigint;
  /** Base game (lines/ways + scatter pays) return per unit bet. */
  baseRtp: number;
  /** Free-spin feature return per unit bet (trigger probability × expected feature value). */
  freeSpinRtp: number;
  /** Jackpot feed share (returned to players through the pool in the long run). */
  jackpotRtp: number;
  /** baseRtp + freeSpinRtp + jackpotRtp. */
  totalRtp: number;
  /** Standard deviation of one spin's return, in units of the total bet (jackpot excluded). */
  volatility: number;
  /** P(a spin returns anything: a win or a feature). */
  hitFrequency: number;
  /** P(the feature triggers) and its mean length in spins. */
  featureFrequency: number;
  featureMeanSpins: number;
  /** Mean win of one free spin (multiplier applied) per unit bet. */
  freeSpinMeanWin: number;
  /** Largest single-combination base win in coins and in multiples of the bet (feature excluded). */
  maxBaseWinX: number;
  /** Largest single free-spin win (multiplier applied) in multiples of the bet. */
  maxFreeSpinWinX: number;
}

interface ScatterClass {
  probability: number;
  /** E[win | scatter count] and E[win² | scatter count], coins, multiplier applied. */
  mean: number;
  meanSquare: number;
}

function classesOf(c: CompiledSlot, table: OutcomeTable, multiplier: number): ScatterClass[] {
  const classes = Array.from({ length: MAX_COUNT + 1 }, () => ({ probability: 0, mean: 0, meanSquare: 0 }));
  for (const [key, weight] of table.weights) {
    const scatters = key % SCATTER_KEY_STRIDE;
    const win = ((key - scatters) / SCATTER_KEY_STRIDE + c.scatterPays[scatters]!) * multiplier;
    const p = weight / table.totalWeight;
    classes[scatters]!.probability += p;
    classes[scatters]!.mean += p * win;
    classes[scatters]!.meanSquare += p * win * win;
  }
  for (const k of classes) {
    if (k.probability > 0) {
      k.mean /= k.probability;
      k.meanSquare /= k.probability;
    }
  }
  return classes;
}

/** First two moments of the feature's remaining win, and its remaining spins, by (spins left, spins awarded). */
interface FeatureMoments {
  win: (left: number, awarded: number) => number;
  winSquare: (left: number, awarded: number) => number;
  spins: (left: number, awarded: number) => number;
}

function featureMoments(c: CompiledSlot, classes: ScatterClass[]): FeatureMoments {
  const cap = c.def.freeSpins.maxSpins;
  const size = (cap + 1) * (cap + 1);
  const [v1, v2, vn, done] = [new Float64Array(size), new Float64Array(size), new Float64Array(size), new Uint8Array(size)];
  // Every transition lowers `left` or raises `awarded`; fill by awarded descending, then left ascending.
  for (let awarded = cap; awarded >= 0; awarded--) {
    for (let left = 1; left <= awarded; left++) {
      let [m1, m2, mn] = [0, 0, 0];
      classes.forEach((k, scatters) => {
        if (k.probability === 0) return;
        const added = Math.min(c.retriggerAwards[scatters]!, cap - awarded);
        const next = (left - 1 + added) * (cap + 1) + awarded + added;
        if (next !== 0 && left - 1 + added > 0 && !done[next]) throw new Error('feature DP order');
        m1 += k.probability * (k.mean + v1[next]!);
        m2 += k.probability * (k.meanSquare + 2 * k.mean * v1[next]! + v2[next]!);
        mn += k.probability * (1 + vn[next]!);
      });
      const at = left * (cap + 1) + awarded;
      [v1[at], v2[at], vn[at], done[at]] = [m1, m2, mn, 1];
    }
  }
  const at = (left: number, awarded: number) => left * (cap + 1) + awarded;
  return { win: (l, a) => v1[at(l, a)]!, winSquare: (l, a) => v2[at(l, a)]!, spins: (l, a) => vn[at(l, a)]! };
}

const results = new WeakMap<SlotDef, ExactRtp>();

/** Exact RTP, volatility and hit frequency of a title (scans base and free-game strips; memoized per definition). */
export function exactRtp(def: SlotDef): ExactRtp {
  let result = results.get(def);
  if (!result) {
    result = computeExactRtp(def);
    results.set(def, result);
  }
  return result;
}

function computeExactRtp(def: SlotDef): ExactRtp {
  const c = compiled(def);
  const base = scanOutcomes(c, c.baseStrips);
  const freeTable = c.freeStrips === c.baseStrips ? base : scanOutcomes(c, c.freeStrips);
  const classes = classesOf(c, freeTable, def.freeSpins.multiplier);
  const feature = featureMoments(c, classes);
  let [baseTotal, mean, meanSquare, hits, features, featureSpins, maxWin] = [0n, 0, 0, 0, 0, 0, 0];
  for (const [key, weight] of base.weights) {
    const scatters = key % SCATTER_KEY_STRIDE;
    const win = (key - scatters) / SCATTER_KEY_STRIDE + c.scatterPays[scatters]!;
    const award = Math.min(c.awards[scatters]!, def.freeSpins.maxSpins);
    const [f1, f2] = award > 0 ? [feature.win(award, award), feature.winSquare(award, award)] : [0, 0];
    const p = weight / base.totalWeight;
    baseTotal += BigInt(win) * BigInt(weight);
    mean += p * f1;
    meanSquare += p * (win * win + 2 * win * f1 + f2);
    if (win > 0 || award > 0) hits += p;
    if (award > 0) [features, featureSpins] = [features + p, featureSpins + p * feature.spins(award, award)];
    maxWin = Math.max(maxWin, win);
  }
  let maxFree = 0;
  for (const key of freeTable.weights.keys()) {
    const scatters = key % SCATTER_KEY_STRIDE;
    maxFree = Math.max(maxFree, ((key - scatters) / SCATTER_KEY_STRIDE + c.scatterPays[scatters]!) * def.freeSpins.multiplier);
  }
  const bet = def.coinsPerBet;
  const baseRtp = Number(baseTotal) / base.totalWeight / bet;
  const freeSpinRtp = mean / bet;
  const spinMean = baseRtp + freeSpinRtp;
  const jackpotRtp = (def.jackpot?.feedBasisPoints ?? 0) / 10_000;
  return {
    code: def.code,
    combinations: base.totalWeight,
    baseWinCoinsTotal: baseTotal,
    baseRtp,
    freeSpinRtp,
    jackpotRtp,
    totalRtp: spinMean + jackpotRtp,
    volatility: Math.sqrt(meanSquare / (bet * bet) - spinMean * spinMean),
    hitFrequency: hits,
    featureFrequency: features,
    featureMeanSpins: features > 0 ? featureSpins / features : 0,
    freeSpinMeanWin: classes.reduce((sum, k) => sum + k.probability * k.mean, 0) / bet,
    maxBaseWinX: maxWin / bet,
    maxFreeSpinWinX: maxFree / bet,
  };
}
