/**
 * The one random-number interface every game draws from. Implementations supply 32-bit words; `int` and `float`
 * are derived here so every source scales the same way (and a provably fair round re-computes identically).
 */
export interface Rng {
  /** A uniform 32-bit unsigned integer in [0, 2^32). */
  nextU32(): number;
  /** A uniform integer in [0, maxExclusive): rejection sampling, no modulo bias. 1 ≤ maxExclusive ≤ 2^32. */
  int(maxExclusive: number): number;
  /** A uniform float in [0, 1) with 53 random bits (two words). */
  float(): number;
}

const TWO_POW_32 = 0x1_0000_0000;

/**
 * Unbiased integer in [0, maxExclusive) from a word source. Words at or above the largest multiple of
 * maxExclusive below 2^32 are rejected and redrawn, so every residue has exactly the same number of preimages.
 * The rejection probability is < 1/2 per draw, so the expected number of words is < 2.
 */
export function uniformInt(nextU32: () => number, maxExclusive: number): number {
  if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO_POW_32) {
    throw new RangeError(`int(maxExclusive): 1 ≤ maxExclusive ≤ 2^32 (got ${maxExclusive})`);
  }
  const limit = TWO_POW_32 - (TWO_POW_32 % maxExclusive);
  for (;;) {
    const word = nextU32();
    if (word < limit) return word % maxExclusive;
  }
}

/** Builds a full Rng over a word source. */
export function rngFromWords(nextU32: () => number): Rng {
  return {
    nextU32,
    int: (maxExclusive) => uniformInt(nextU32, maxExclusive),
    float: () => {
      const high = nextU32() >>> 5; // 27 bits
      const low = nextU32() >>> 6; // 26 bits
      return (high * 67_108_864 + low) / 9_007_199_254_740_992; // (high·2^26 + low) / 2^53
    },
  };
}
