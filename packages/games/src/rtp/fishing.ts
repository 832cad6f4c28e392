/** games:rtp's fishing part: the analytic table per kind and weapon, then ≥ 10 M simulated shots (fishing/rtp.ts). */
import { FISH_RTP } from '../fishing/kinds.ts';
import { fishRtpTable, sampledSpecialValues, simulateFishing } from '../fishing/rtp.ts';
import type { Rng } from '../rng/rng.ts';

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)}%`;

/** Prints the proof's table and the simulation; answers the number of failures. */
export function printFishing(rng: Rng, shots: number): number {
  if (!Number.isSafeInteger(shots) || shots < 1000 || shots > 1_000_000_000)
    throw new RangeError('--fish-shots: an integer from 1000 to 10^9');
  console.log(`\nfishing 捕鱼 — P(kill) = RTP ÷ V exactly, so every shot returns ${pct(FISH_RTP, 2)} of its stake whatever its target`);
  let failures = 0;
  for (const l of fishRtpTable()) {
    const ok = Math.abs(l.rtp - FISH_RTP) < 1e-12;
    if (!ok) failures++;
    console.log(
      `  ${l.key.padEnd(9)} ${l.name.padEnd(6)} V ${l.value.padEnd(7)} P(kill) ${l.killChance.padEnd(24)} exact ${pct(l.rtp, 4)}${ok ? '' : ' FAIL'}`,
    );
  }
  const specials = sampledSpecialValues('games-rtp-ocean', 4000);
  const started = performance.now();
  const lines = simulateFishing(rng, shots, specials);
  const secs = (performance.now() - started) / 1000;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `  specials sampled from an ocean: bomb V mean ${mean(specials.bomb).toFixed(1)} (${specials.bomb.length}), chain V mean ${mean(specials.chain).toFixed(1)} (${specials.chain.length})`,
  );
  for (const l of lines) {
    console.log(
      `  sim ${l.key.padEnd(9)} ${l.shots.toLocaleString('en-US').padStart(11)} shots ${pct(l.rtp)}  99% [${pct(l.low)}, ${pct(l.high)}]${l.ok ? '' : '  FAIL: declared outside'}`,
    );
    if (!l.ok) failures++;
  }
  console.log(`  ${Math.round(lines.at(-1)!.shots / secs).toLocaleString('en-US')} shots/s`);
  return failures;
}
