import { rngFromWords, type Rng } from './rng.ts';

/** Words fetched per getRandomValues call: 16 KiB, well under the API's 64 KiB limit per call. */
const BUFFER_WORDS = 4096;

interface RandomSource {
  getRandomValues<T extends ArrayBufferView>(array: T): T;
}

function webCrypto(): RandomSource {
  const source = (globalThis as { crypto?: RandomSource }).crypto;
  if (!source || typeof source.getRandomValues !== 'function') throw new Error('cryptoRng: globalThis.crypto.getRandomValues is missing');
  return source;
}

/**
 * The CSPRNG for outcomes: WebCrypto's getRandomValues (browsers and Node ≥ 19 expose it as globalThis.crypto),
 * buffered 4096 words at a time. One module, every runtime. Not reproducible: use `fairRng` for replayable rounds.
 */
export function cryptoRng(): Rng {
  const source = webCrypto();
  const words = new Uint32Array(BUFFER_WORDS);
  let cursor = BUFFER_WORDS;
  return rngFromWords(() => {
    if (cursor === BUFFER_WORDS) {
      source.getRandomValues(words);
      cursor = 0;
    }
    return words[cursor++]!;
  });
}

/** `byteCount` CSPRNG bytes as lowercase hex (server seeds, round ids). */
export function randomHex(byteCount: number): string {
  const bytes = webCrypto().getRandomValues(new Uint8Array(byteCount));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
