/**
 * Statistical checks for random streams (used by the RNG tests and the RTP harness): frequency (chi-square),
 * runs above/below a threshold (Wald–Wolfowitz) and lag-1 serial correlation. Each returns a statistic and
 * whether it passes at the given confidence.
 */

export interface StatResult {
  statistic: number;
  critical: number;
  pass: boolean;
}

/** Standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  const tailNumerator = (q: number) => ((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!;
  const tailDenominator = (q: number) => (((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return tailNumerator(q) / tailDenominator(q);
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -tailNumerator(q) / tailDenominator(q);
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** Chi-square quantile by Wilson–Hilferty (accurate to well under 1% for df ≥ 10). */
export function chiSquareQuantile(p: number, degreesOfFreedom: number): number {
  const k = degreesOfFreedom;
  const z = normalQuantile(p);
  const h = 2 / (9 * k);
  return k * Math.pow(1 - h + z * Math.sqrt(h), 3);
}

/** Frequency test: values in [0, buckets) should be uniform. Chi-square with buckets − 1 degrees of freedom. */
export function frequencyTest(values: ArrayLike<number>, buckets: number, confidence: number): StatResult {
  const counts = new Float64Array(buckets);
  for (let i = 0; i < values.length; i++) counts[values[i]!]!++;
  const expected = values.length / buckets;
  let statistic = 0;
  for (const count of counts) statistic += ((count - expected) * (count - expected)) / expected;
  const critical = chiSquareQuantile(confidence, buckets - 1);
  return { statistic, critical, pass: statistic <= critical };
}

/** Runs test on the indicator value ≥ threshold: the number of runs is asymptotically normal. Two-sided z. */
export function runsTest(values: ArrayLike<number>, threshold: number, confidence: number): StatResult {
  let above = 0;
  let runs = 0;
  let previous: boolean | null = null;
  for (let i = 0; i < values.length; i++) {
    const high = values[i]! >= threshold;
    if (high) above++;
    if (high !== previous) runs++;
    previous = high;
  }
  const n1 = above;
  const n2 = values.length - above;
  const n = n1 + n2;
  const mean = (2 * n1 * n2) / n + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
  const statistic = Math.abs((runs - mean) / Math.sqrt(variance));
  const critical = normalQuantile(1 - (1 - confidence) / 2);
  return { statistic, critical, pass: statistic <= critical };
}

/** Lag-1 serial correlation; under independence r·√n is approximately standard normal. Two-sided. */
export function serialCorrelationTest(values: ArrayLike<number>, confidence: number): StatResult {
  const n = values.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i]!;
  mean /= n;
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < n; i++) {
    const x = values[i]! - mean;
    denominator += x * x;
    if (i + 1 < n) numerator += x * (values[i + 1]! - mean);
  }
  const statistic = Math.abs((numerator / denominator) * Math.sqrt(n));
  const critical = normalQuantile(1 - (1 - confidence) / 2);
  return { statistic, critical, pass: statistic <= critical };
}

/** Anything that yields 32-bit words and scaled integers (an Rng). */
interface WordSource {
  nextU32(): number;
  int(maxExclusive: number): number;
}

/**
 * The standard battery on `samples` raw words and `samples` scaled draws int(10): frequency of the high and the
 * low byte (256 buckets) and of the ten values, runs above/below the median, lag-1 serial correlation.
 */
export function checkRngStream(rng: WordSource, samples: number, confidence: number): Record<string, StatResult> {
  const words = new Float64Array(samples);
  const topBytes = new Uint8Array(samples);
  const lowBytes = new Uint8Array(samples);
  const ints = new Uint8Array(samples);
  for (let i = 0; i < samples; i++) {
    const word = rng.nextU32();
    words[i] = word;
    topBytes[i] = word >>> 24;
    lowBytes[i] = word & 0xff;
  }
  for (let i = 0; i < samples; i++) ints[i] = rng.int(10);
  return {
    rawFrequencyHigh: frequencyTest(topBytes, 256, confidence),
    rawFrequencyLow: frequencyTest(lowBytes, 256, confidence),
    rawRuns: runsTest(words, 2 ** 31, confidence),
    rawSerial: serialCorrelationTest(words, confidence),
    intFrequency: frequencyTest(ints, 10, confidence),
    intRuns: runsTest(ints, 5, confidence),
    intSerial: serialCorrelationTest(ints, confidence),
  };
}
