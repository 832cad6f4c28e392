import { hash, verify } from '@node-rs/argon2';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commonPasswordCandidates } from '@portal/rules';
import { hmacHex } from '../../lib/crypto.ts';

/** OWASP argon2id parameters: m = 19 MiB, t = 2, p = 1. */
export const ARGON2_PARAMS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Stored form: argon2id(HMAC-SHA256(pepper, md5hex)). The client only ever sends md5 hex (spec §3); the
 * pepper keeps a stolen database useless without the server's secret.
 */
export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  constructor(private readonly pepper: string) {}

  private pre(md5: string): string {
    return hmacHex(this.pepper, md5.toLowerCase());
  }

  hash(md5: string): Promise<string> {
    return hash(this.pre(md5), ARGON2_PARAMS);
  }

  verify(stored: string, md5: string): Promise<boolean> {
    return verify(stored, this.pre(md5)).catch(() => false);
  }

  /** Spend the same time as a real check when the account does not exist (no user enumeration by timing). */
  async verifyDummy(md5: string): Promise<false> {
    this.dummy ??= this.hash('0'.repeat(32));
    await this.verify(await this.dummy, md5);
    return false;
  }
}

/**
 * md5 of the most common passwords (zxcvbn's list plus dates and runs, ~90k) kept compactly: the first
 * 8 bytes of each md5, sorted, in one 0.7 MB buffer searched by bisection (a Set of hex strings held
 * ~40 MB). A false match needs a 64-bit prefix collision with a listed password: negligible.
 */
let index: Buffer | null = null;
const PREFIX_BYTES = 8;

export function buildCommonPasswordIndex(): Buffer {
  const candidates = commonPasswordCandidates();
  const prefixes = new BigUint64Array(candidates.length);
  for (let i = 0; i < candidates.length; i++) {
    prefixes[i] = createHash('md5').update(candidates[i]!).digest().readBigUInt64BE(0);
  }
  prefixes.sort();
  const buf = Buffer.alloc(prefixes.length * PREFIX_BYTES);
  for (let i = 0; i < prefixes.length; i++) buf.writeBigUInt64BE(prefixes[i]!, i * PREFIX_BYTES);
  return buf;
}

/**
 * The build writes the index next to the server bundle (npm run build → dist/common-passwords.bin) so a
 * node loads 0.7 MB instead of generating ~90k strings at start (that churn alone costs ~35 MB of RSS);
 * without the file (tests from source) it is built in process on first use.
 */
export const COMMON_INDEX_FILE = 'common-passwords.bin';

function loadIndex(): Buffer {
  const file = join(import.meta.dirname ?? '.', COMMON_INDEX_FILE);
  if (existsSync(file)) {
    const buf = readFileSync(file);
    if (buf.length > 0 && buf.length % PREFIX_BYTES === 0) return buf;
  }
  return buildCommonPasswordIndex();
}

export function isCommonPasswordMd5(md5: string): boolean {
  index ??= loadIndex();
  if (!/^[0-9a-fA-F]{32}$/.test(md5)) return false;
  const key = BigInt(`0x${md5.slice(0, PREFIX_BYTES * 2)}`);
  let lo = 0;
  let hi = index.length / PREFIX_BYTES - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = index.readBigUInt64BE(mid * PREFIX_BYTES);
    if (v === key) return true;
    if (v < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
