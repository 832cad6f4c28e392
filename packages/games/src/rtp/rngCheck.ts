import { checkRngStream, type StatResult } from '../rng/stats.ts';

/**
 * The RNG battery's verdict for `games:rtp` (a printed FAIL once left the exit code at 0). Each of the
 * seven checks runs at 99.9% on 1M values; with two generators that is fourteen tests, so a good generator fails
 * one about 1.4% of runs by chance. The multiple-testing rule, printed with the results: a failed check is re-run
 * once on a fresh stream of the same generator, and the run fails when the re-run fails too (a good generator
 * does that with probability 0.001² = 10⁻⁶ per check). A check that fails twice fails `games:rtp`.
 */
export const RNG_CONFIDENCE = 0.999;
export const RNG_RULE =
  'rule: 7 checks per generator at 99.9% on 1M values; a failed check is re-run once on a fresh stream and fails the run if it fails again (false alarm ≤ 1e-6 per check)';

export interface WordStream {
  nextU32(): number;
  int(maxExclusive: number): number;
}

export interface RngVerdict {
  lines: string[];
  failures: number;
}

const cell = (test: string, r: StatResult) => `${test} ${r.statistic.toFixed(2)}/${r.critical.toFixed(2)}${r.pass ? '' : ' FAIL'}`;

/** Runs the battery on each generator (`fresh(attempt)` gives a new stream: attempt 0, then 1 for a re-run). */
export function rngVerdict(sources: [string, (attempt: number) => WordStream][], samples = 1_000_000): RngVerdict {
  const lines = [RNG_RULE];
  let failures = 0;
  for (const [name, fresh] of sources) {
    const first = checkRngStream(fresh(0), samples, RNG_CONFIDENCE);
    lines.push(
      `rng ${name}: ${Object.entries(first)
        .map(([t, r]) => cell(t, r))
        .join('  ')}`,
    );
    const failed = Object.keys(first).filter((t) => !first[t]!.pass);
    if (failed.length === 0) continue;
    const again = checkRngStream(fresh(1), samples, RNG_CONFIDENCE);
    for (const test of failed) {
      const r = again[test]!;
      lines.push(`rng ${name}: re-run of ${cell(test, r)}${r.pass ? ' (passes: counted as chance under the rule)' : ''}`);
      if (!r.pass) {
        lines.push(`  FAIL    rng ${name}: ${test} failed twice`);
        failures++;
      }
    }
  }
  return { lines, failures };
}
