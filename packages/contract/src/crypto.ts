/**
 * Shared client/server codecs on WebCrypto (browser and Node ≥ 20 both have globalThis.crypto.subtle).
 *
 * - Timestamp-and-ip token (spec §3 "fingerprint-like header value built from the current timestamp and
 *   client ip"): AES-256-GCM of `${epochMs}|${ip}` under the site's client key, base64url(iv ‖ ct).
 * - Safe switch (spec §7): when a site turns it on, the body is `{ d: seal(JSON) }`, the url becomes
 *   `/s/${seal(path)}`, and the answer's `data` is `seal(JSON(data))`.
 *
 * The client key is public (preInfo hands it to the browser): these codecs keep paths and payloads
 * away from passive filters and make every ts token fresh; they are not a substitute for TLS.
 */
const enc = new TextEncoder();
const dec = new TextDecoder();
const IV_BYTES = 12;

function toB64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromB64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('bad base64url');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

type AesKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const keyCache = new Map<string, Promise<AesKey>>();

/** AES-256 key derived as SHA-256(clientKey); cached per key string. */
export function importClientKey(clientKey: string): Promise<AesKey> {
  let key = keyCache.get(clientKey);
  if (!key) {
    key = crypto.subtle
      .digest('SHA-256', enc.encode(clientKey))
      .then((raw) => crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
    keyCache.set(clientKey, key);
    if (keyCache.size > 256) keyCache.delete(keyCache.keys().next().value as string);
  }
  return key;
}

export async function seal(clientKey: string, plain: string): Promise<string> {
  const key = await importClientKey(clientKey);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, enc.encode(plain)));
  const out = new Uint8Array(IV_BYTES + ct.length);
  out.set(iv, 0);
  out.set(ct, IV_BYTES);
  return toB64Url(out);
}

/** Returns null for anything that is not a valid sealed value under this key (never throws). */
export async function open(clientKey: string, sealed: string): Promise<string | null> {
  try {
    const bytes = fromB64Url(sealed);
    if (bytes.length < IV_BYTES + 16) return null;
    const key = await importClientKey(clientKey);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) }, key, bytes.slice(IV_BYTES));
    return dec.decode(plain);
  } catch {
    return null;
  }
}

export function makeTsToken(clientKey: string, ip: string, nowMs: number = Date.now()): Promise<string> {
  return seal(clientKey, `${nowMs}|${ip}`);
}

export async function readTsToken(clientKey: string, token: string): Promise<{ timestampMs: number; ip: string } | null> {
  const plain = await open(clientKey, token);
  if (!plain) return null;
  const bar = plain.indexOf('|');
  const ts = Number(plain.slice(0, bar));
  if (bar < 1 || !Number.isSafeInteger(ts)) return null;
  return { timestampMs: ts, ip: plain.slice(bar + 1) };
}

/** Safe-switch url rewrite: original api path → `/s/<sealed path>`. */
export async function sealPath(clientKey: string, path: string): Promise<string> {
  return `/s/${await seal(clientKey, path)}`;
}

export const SAFE_PATH_PREFIX = '/s/';

/**
 * Slider captcha answer (member/validateGeeCheck captcha_output): base64url(JSON {x, ms}) — where the
 * piece was dropped (px from the left) and how long the drag took. Built by the client, read by the server.
 */
export function encodeSliderOutput(x: number, ms: number): string {
  return toB64Url(enc.encode(JSON.stringify({ x: Math.round(x), ms: Math.round(ms) })));
}
