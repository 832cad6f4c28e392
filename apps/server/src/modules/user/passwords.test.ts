import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, PasswordHasher, buildCommonPasswordIndex, isCommonPasswordMd5 } from './passwords.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('common passwords', () => {
  it('knows the common ones, in either hex case', () => {
    for (const p of ['12345678', 'password', 'a12345678', 'woaini1314', '19900101', 'qwer1234']) {
      expect(isCommonPasswordMd5(md5(p))).toBe(true);
      expect(isCommonPasswordMd5(md5(p).toUpperCase())).toBe(true);
    }
  });

  it('lets a random password through and ignores non-md5 input', () => {
    expect(isCommonPasswordMd5(md5('Xk3v9Qw2Lp7'))).toBe(false);
    expect(isCommonPasswordMd5('not-an-md5')).toBe(false);
  });

  it('index is sorted 8-byte prefixes', () => {
    const idx = buildCommonPasswordIndex();
    expect(idx.length % 8).toBe(0);
    expect(idx.length / 8).toBeGreaterThan(10_000);
    for (let i = 8; i < idx.length; i += 8 * 997) expect(idx.readBigUInt64BE(i - 8) <= idx.readBigUInt64BE(i)).toBe(true);
  });
});

describe('password hashing', () => {
  it('stores argon2id(HMAC(pepper, md5)) with OWASP parameters, never the md5', async () => {
    const h = new PasswordHasher('pepper-'.repeat(6));
    const m = md5('Abc12345');
    const stored = await h.hash(m);
    expect(
      stored.startsWith(`$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`),
    ).toBe(true);
    expect(stored).not.toContain(m);
    expect(await h.verify(stored, m)).toBe(true);
    expect(await h.verify(stored, m.toUpperCase())).toBe(true);
    expect(await h.verify(stored, md5('Abc12346'))).toBe(false);
    // Another pepper cannot verify the same hash: a stolen table is useless without the secret.
    expect(await new PasswordHasher('other-'.repeat(7)).verify(stored, m)).toBe(false);
  });
});
