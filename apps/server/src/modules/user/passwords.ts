import { hash, verify } from '@node-rs/argon2';
import { createHash } from 'node:crypto';
import { commonPasswordCandidates } from '@portal/rules';
import { hmacHex } from '../../lib/crypto.ts';

/** OWASP argon2id parameters: m = 19 MiB, t = 2, p = 1. */
export const ARGON2_PARAMS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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

let commonMd5: Set<string> | null = null;

/** md5 hex of the most common passwords (zxcvbn's list plus dates and runs), built once on first use. */
export function isCommonPasswordMd5(md5: string): boolean {
  if (!commonMd5) {
    commonMd5 = new Set(commonPasswordCandidates().map((p) => createHash('md5').update(p).digest('hex')));
  }
  return commonMd5.has(md5.toLowerCase());
}
