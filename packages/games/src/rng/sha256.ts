/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript, synchronous, so the server and the browser
 * derive a provably fair round with the same code (WebCrypto's subtle API is async only). Tested equal to
 * node:crypto on random inputs. Not constant-time: it hashes seeds that are revealed anyway.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL_STATE = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

const BLOCK_BYTES = 64;
const schedule = new Uint32Array(64);

/** Mixes one 64-byte block (at `offset` of `bytes`) into `state`. */
function compress(state: Uint32Array, bytes: Uint8Array, offset: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15]!;
    const b = w[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!,
    b = state[1]!,
    c = state[2]!,
    d = state[3]!,
    e = state[4]!,
    f = state[5]!,
    g = state[6]!,
    h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** Hashes `message` continuing from `state`, which has already absorbed `priorBytes` (a multiple of 64). */
function finish(state: Uint32Array, message: Uint8Array, priorBytes: number): Uint8Array {
  const fullBlocks = Math.floor(message.length / BLOCK_BYTES);
  for (let i = 0; i < fullBlocks; i++) compress(state, message, i * BLOCK_BYTES);
  const rest = message.length - fullBlocks * BLOCK_BYTES;
  const tail = new Uint8Array(rest < 56 ? BLOCK_BYTES : 2 * BLOCK_BYTES);
  tail.set(message.subarray(fullBlocks * BLOCK_BYTES));
  tail[rest] = 0x80;
  const bitLength = (priorBytes + message.length) * 8;
  const view = new DataView(tail.buffer);
  view.setUint32(tail.length - 8, Math.floor(bitLength / 0x1_0000_0000));
  view.setUint32(tail.length - 4, bitLength >>> 0);
  for (let offset = 0; offset < tail.length; offset += BLOCK_BYTES) compress(state, tail, offset);
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  for (let i = 0; i < 8; i++) out.setUint32(i * 4, state[i]!);
  return digest;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** SHA-256 digest (32 bytes). Strings are hashed as UTF-8. */
export function sha256(message: Uint8Array | string): Uint8Array {
  const bytes = typeof message === 'string' ? utf8(message) : message;
  return finish(new Uint32Array(INITIAL_STATE), bytes, 0);
}

/**
 * An HMAC-SHA256 key with its inner and outer pad blocks absorbed once, so each MAC of a short message costs
 * two compressions (the fair RNG derives thousands of blocks from one key).
 */
export interface HmacKey {
  readonly inner: Uint32Array;
  readonly outer: Uint32Array;
}

export function hmacKey(key: Uint8Array | string): HmacKey {
  let keyBytes = typeof key === 'string' ? utf8(key) : key;
  if (keyBytes.length > BLOCK_BYTES) keyBytes = sha256(keyBytes);
  const inner = new Uint32Array(INITIAL_STATE);
  const outer = new Uint32Array(INITIAL_STATE);
  const pad = new Uint8Array(BLOCK_BYTES);
  for (let i = 0; i < BLOCK_BYTES; i++) pad[i] = (keyBytes[i] ?? 0) ^ 0x36;
  compress(inner, pad, 0);
  for (let i = 0; i < BLOCK_BYTES; i++) pad[i] = (keyBytes[i] ?? 0) ^ 0x5c;
  compress(outer, pad, 0);
  return { inner, outer };
}

/** HMAC-SHA256(key, message) as 32 bytes. */
export function hmacSha256(key: HmacKey | Uint8Array | string, message: Uint8Array | string): Uint8Array {
  const prepared = typeof key === 'string' || key instanceof Uint8Array ? hmacKey(key) : key;
  const innerDigest = finish(new Uint32Array(prepared.inner), typeof message === 'string' ? utf8(message) : message, BLOCK_BYTES);
  return finish(new Uint32Array(prepared.outer), innerDigest, BLOCK_BYTES);
}
