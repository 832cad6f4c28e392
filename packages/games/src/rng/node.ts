import { randomBytes } from 'node:crypto';
import { rngFromWords, type Rng } from './rng.ts';

/** Bytes fetched per randomBytes call (16 KiB). */
const BUFFER_BYTES = 16_384;

/**
 * Node-only CSPRNG over node:crypto randomBytes, for servers that prefer OpenSSL's generator directly.
 * `cryptoRng()` (WebCrypto) is equivalent and runs everywhere; this module is exported as `@portal/games/node`
 * so browser bundles never import node:crypto.
 */
export function nodeCryptoRng(): Rng {
  let buffer = randomBytes(BUFFER_BYTES);
  let offset = 0;
  return rngFromWords(() => {
    if (offset === BUFFER_BYTES) {
      buffer = randomBytes(BUFFER_BYTES);
      offset = 0;
    }
    const word = buffer.readUInt32BE(offset);
    offset += 4;
    return word;
  });
}
