/** Request signing of the seamless-wallet API: hex HMAC-SHA256(secret, `${timestamp}.${raw body}`). */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SEAMLESS_SKEW_MS } from '@portal/contract';

export const signSeamless = (secret: string, timestamp: string, raw: string | Buffer): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');

/** True when the signature is the body's under `secret` and the timestamp (epoch ms) is within the skew window. */
export function verifySeamless(secret: string, timestamp: unknown, signature: unknown, raw: Buffer, now = Date.now()): boolean {
  if (typeof timestamp !== 'string' || !/^\d{10,16}$/.test(timestamp) || typeof signature !== 'string') return false;
  if (Math.abs(now - Number(timestamp)) > SEAMLESS_SKEW_MS) return false;
  const want = Buffer.from(signSeamless(secret, timestamp, raw), 'hex');
  const got = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}
