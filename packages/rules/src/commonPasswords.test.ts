import { describe, expect, it } from 'vitest';
import { commonPasswordCandidates } from './commonPasswords.ts';
import { isValidPassword } from './credentials.ts';

describe('commonPasswordCandidates', () => {
  const list = commonPasswordCandidates();
  const set = new Set(list);

  it('is large and deduplicated', () => {
    expect(list.length).toBeGreaterThan(10_000);
    expect(set.size).toBe(list.length);
  });

  it('contains the dictionary and the generated patterns', () => {
    for (const p of [
      '123456',
      'password',
      '12345678',
      'qwerty', // dictionary
      '20000101',
      '19400101',
      '20301231',
      '20000229', // dates
      '11111111',
      'aaaaaaaaaaaa', // repeats
      '123456789',
      '1234567890',
      '87654321',
      '9876543210',
      '0123456789', // runs
      'a12345678',
      '12345678a',
      'abc12345',
      'qwer1234',
      'asdf1234',
      'zxcv1234',
      'qq123456',
      'woaini1314',
      'password1',
      'aa123456',
      'a1234567',
      'A12345678',
      'Abc12345',
      '1qaz2wsx',
      'wang1234',
    ]) {
      expect(set.has(p), p).toBe(true);
    }
  });

  it('generates real dates only', () => {
    expect(set.has('19410229')).toBe(false);
    expect(set.has('20001301')).toBe(false);
    expect(set.has('19391231')).toBe(false);
  });

  it('covers many passwords the register rule would accept', () => {
    const acceptable = list.filter(isValidPassword);
    expect(acceptable.length).toBeGreaterThan(5_000);
  });

  it('returns a fresh array on each call', () => {
    const again = commonPasswordCandidates();
    expect(again).not.toBe(list);
    expect(again).toEqual(list);
  });
});
