import { rngFromWords, type Rng } from './rng.ts';
import { sha256 } from './sha256.ts';

/**
 * A fast, seeded, NON-cryptographic generator (sfc32, 128-bit state seeded from SHA-256 of the seed text) for
 * simulations and tests that must be repeatable and quick. Never used for real outcomes: those come from
 * `cryptoRng` or `fairRng`.
 */
export function seededRng(seed: string): Rng {
  const digest = sha256(`sfc32:${seed}`);
  const view = new DataView(digest.buffer);
  let a = view.getUint32(0) | 0;
  let b = view.getUint32(4) | 0;
  let c = view.getUint32(8) | 0;
  let d = view.getUint32(12) | 1;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next(); // Discard the first outputs, as sfc32's authors advise.
  return rngFromWords(next);
}
