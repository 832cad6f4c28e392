import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (s: string): string => createHash('sha256').update(s).digest('hex');
export const hmacHex = (key: string, s: string): string => createHmac('sha256', key).update(s).digest('hex');
/** 256-bit opaque token, base64url. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const randomId = (): string => randomBytes(12).toString('base64url');
export const randomDigits = (n: number): string => Array.from({ length: n }, () => randomInt(10)).join('');

export function safeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** IPv4 /24 or IPv6 /48: a member's "known network" for the IP check. */
export function ipPrefix(ip: string): string {
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return v4.split('.').slice(0, 3).join('.') + '.0/24';
  return ip.split(':').slice(0, 3).join(':') + '::/48';
}
