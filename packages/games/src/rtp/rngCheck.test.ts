import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { RNG_RULE, rngVerdict, type WordStream } from './rngCheck.ts';

/** A generator whose top byte is never 255: the high-byte frequency check fails on every stream. */
const biased = (seed: string): WordStream => {
  const rng = seededRng(seed);
  return { nextU32: () => rng.nextU32() % 0xff000000, int: (n) => rng.int(n) };
};

describe('RNG checks in games:rtp (issue 28)', () => {
  it('a check that fails twice fails the run', () => {
    const v = rngVerdict([['biased', (a) => biased(`b${a}`)]], 200_000);
    expect(v.failures).toBeGreaterThan(0);
    expect(v.lines[0]).toBe(RNG_RULE);
    expect(v.lines.join('\n')).toMatch(/FAIL {4}rng biased: rawFrequencyHigh failed twice/);
  });

  it('a single chance failure is re-run on a fresh stream and passes under the stated rule', () => {
    const v = rngVerdict([['flaky', (a) => (a === 0 ? biased('f') : seededRng('fresh'))]], 200_000);
    expect(v.failures).toBe(0);
    expect(v.lines.join('\n')).toMatch(/re-run of rawFrequencyHigh .*passes/);
  });

  it('a good generator passes', () => {
    expect(rngVerdict([['seeded', (a) => seededRng(`ok${a}`)]], 200_000).failures).toBe(0);
  });
});
