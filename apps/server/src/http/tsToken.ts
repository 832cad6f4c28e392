import { createDecipheriv, createHash } from 'node:crypto';

/**
 * Server-side reader of the contract's sealed values (packages/contract/src/crypto.ts: AES-256-GCM,
 * key = SHA-256(clientKey), base64url(iv ‖ ciphertext ‖ tag)) on node:crypto: synchronous and several
 * times cheaper than WebCrypto's promise round trips on the hot path of every call. The format is the
 * contract's; tsToken.test.ts checks that both read each other.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const B64URL = /^[A-Za-z0-9_-]+$/;
const keys = new Map<string, Buffer>();

function keyFor(clientKey: string): Buffer {
  let k = keys.get(clientKey);
  if (!k) {
    k = createHash('sha256').update(clientKey).digest();
    keys.set(clientKey, k);
    if (keys.size > 256) keys.delete(keys.keys().next().value as string);
  }
  return k;
}

export function openSync(clientKey: string, sealed: string): string | null {
  if (!B64URL.test(sealed)) return null;
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', keyFor(clientKey), bytes.subarray(0, IV_BYTES));
    d.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([d.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Tokens read recently, by client key and token: a client sends the same timestamp token with every call
 * for minutes, and opening it (an AES-GCM decipher per call) was ~2% of a bet's CPU. What a token says never
 * changes (authenticated encryption under that key), so the cache answers exactly what opening would; the
 * caller still judges the time and the address. Bounded: the oldest entries go first.
 */
const readTokens = new Map<string, { timestampMs: number; ip: string } | null>();
const READ_TOKENS_MAX = 10_000;

export function readTsTokenSync(clientKey: string, token: string): { timestampMs: number; ip: string } | null {
  const cacheKey = `${clientKey}\u0000${token}`;
  const known = readTokens.get(cacheKey);
  if (known !== undefined) return known;
  const read = openTsToken(clientKey, token);
  if (readTokens.size >= READ_TOKENS_MAX) readTokens.delete(readTokens.keys().next().value as string);
  readTokens.set(cacheKey, read);
  return read;
}

function openTsToken(clientKey: string, token: string): { timestampMs: number; ip: string } | null {
  const plain = openSync(clientKey, token);
  if (!plain) return null;
  const bar = plain.indexOf('|');
  const ts = Number(plain.slice(0, bar));
  if (bar < 1 || !Number.isSafeInteger(ts)) return null;
  return { timestampMs: ts, ip: plain.slice(bar + 1) };
}
