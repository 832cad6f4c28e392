import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacKey, hmacSha256, sha256, toHex, utf8 } from './sha256.ts';

describe('sha256 and hmacSha256 (pure TypeScript)', () => {
  it('match the FIPS 180-4 test vectors', () => {
    expect(toHex(sha256(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('equal node:crypto on 500 random inputs (messages 0–300 bytes, keys 0–150 bytes)', () => {
    for (let i = 0; i < 500; i++) {
      const message = randomBytes(Math.floor(Math.random() * 301));
      const key = randomBytes(Math.floor(Math.random() * 151));
      expect(toHex(sha256(new Uint8Array(message)))).toBe(createHash('sha256').update(message).digest('hex'));
      expect(toHex(hmacSha256(new Uint8Array(key), new Uint8Array(message)))).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
  });

  it('hash strings as UTF-8 and reuse a prepared key', () => {
    const key = hmacKey('服务器种子');
    for (const message of ['客户端:0:0', 'abc', '']) {
      expect(toHex(hmacSha256(key, message))).toBe(createHmac('sha256', '服务器种子').update(message).digest('hex'));
    }
    expect(utf8('元')).toEqual(new Uint8Array([0xe5, 0x85, 0x83]));
  });
});
