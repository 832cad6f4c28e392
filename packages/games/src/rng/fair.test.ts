import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cryptoRng } from './crypto.ts';
import {
  fairRng,
  newSeedPair,
  nextRound,
  publicSeedPair,
  rotateSeedPair,
  seedCommitment,
  seedMatchesCommitment,
  withClientSeed,
} from './fair.ts';
import { nodeCryptoRng } from './node.ts';
import { uniformInt } from './rng.ts';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'player-1', nonce: 7 };

describe('fairRng', () => {
  it('derives words as HMAC-SHA256(serverSeed, clientSeed:nonce:cursor), 4 bytes at a time', () => {
    const rng = fairRng(seeds);
    const block0 = createHmac('sha256', seeds.serverSeed).update('player-1:7:0').digest();
    const block1 = createHmac('sha256', seeds.serverSeed).update('player-1:7:1').digest();
    const words = Array.from({ length: 16 }, () => rng.nextU32());
    const expected = [
      ...Array.from({ length: 8 }, (_, i) => block0.readUInt32BE(i * 4)),
      ...Array.from({ length: 8 }, (_, i) => block1.readUInt32BE(i * 4)),
    ];
    expect(words).toEqual(expected);
  });

  it('gives the same numbers for the same seeds and nonce, different ones for another nonce', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.string({ maxLength: 64 }),
        fc.nat(1_000_000),
        (serverSeed, clientSeed, nonce) => {
          const a = fairRng({ serverSeed, clientSeed, nonce });
          const b = fairRng({ serverSeed, clientSeed, nonce });
          const c = fairRng({ serverSeed, clientSeed, nonce: nonce + 1 });
          const draw = (r: typeof a) => [r.int(37), r.int(1000), r.float(), r.nextU32()];
          const first = draw(a);
          expect(draw(b)).toEqual(first);
          expect(draw(c)).not.toEqual(first);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('rejects bad seeds', () => {
    expect(() => fairRng({ ...seeds, serverSeed: '' })).toThrow(RangeError);
    expect(() => fairRng({ ...seeds, nonce: -1 })).toThrow(RangeError);
    expect(() => fairRng({ ...seeds, nonce: 1.5 })).toThrow(RangeError);
  });
});

describe('uniformInt', () => {
  it('rejects the words above the last full multiple (no modulo bias)', () => {
    // For max 3 the limit is 2^32 − 1 (2^32 mod 3 = 1): the word 2^32 − 1 must be redrawn.
    const words = [0xffff_ffff, 0xffff_fffe, 5];
    let i = 0;
    expect(uniformInt(() => words[i++]!, 3)).toBe(0xffff_fffe % 3);
    expect(i).toBe(2);
    // Every residue of max 6 over one full cycle of words below the limit occurs equally often.
    const limit = 2 ** 32 - (2 ** 32 % 6);
    expect(limit % 6).toBe(0);
  });

  it('is unbiased where modulo would be most biased: max = 3·2^30 (modulo would give the lowest third half the draws)', () => {
    const rng = fairRng({ serverSeed: 'bias-test', clientSeed: 'x', nonce: 0 });
    const max = 3 * 2 ** 30;
    let low = 0;
    const draws = 60_000;
    for (let i = 0; i < draws; i++) if (rng.int(max) < 2 ** 30) low++;
    // Uniform: 1/3 ± 0.6% (over 4 standard deviations); modulo reduction would give 1/2.
    expect(Math.abs(low / draws - 1 / 3)).toBeLessThan(0.008);
  });

  it('stays in range for any max, and float in [0, 1)', () => {
    const rng = cryptoRng();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), (max) => {
        const value = rng.int(max);
        return Number.isInteger(value) && value >= 0 && value < max;
      }),
    );
    for (let i = 0; i < 10_000; i++) {
      const x = rng.float();
      expect(x >= 0 && x < 1).toBe(true);
    }
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(2 ** 32 + 1)).toThrow(RangeError);
  });

  it('node CSPRNG gives words in range', () => {
    const rng = nodeCryptoRng();
    for (let i = 0; i < 5000; i++) expect(rng.nextU32()).toBeLessThan(2 ** 32);
  });
});

describe('seed pairs', () => {
  it('commit to the server seed, count rounds, and reveal on rotation', () => {
    const pair = newSeedPair('my-seed');
    expect(pair.serverSeedHash).toBe(createHash('sha256').update(pair.serverSeed).digest('hex'));
    expect(publicSeedPair(pair)).not.toHaveProperty('serverSeed');
    const first = nextRound(pair);
    expect(first.seeds.nonce).toBe(0);
    const second = nextRound(withClientSeed(first.pair, 'changed'));
    expect(second.seeds).toMatchObject({ nonce: 1, clientSeed: 'changed', serverSeed: pair.serverSeed });
    const { revealed, next } = rotateSeedPair(second.pair);
    expect(seedMatchesCommitment(revealed.serverSeed, pair.serverSeedHash)).toBe(true);
    expect(next.nonce).toBe(0);
    expect(next.serverSeed).not.toBe(pair.serverSeed);
    expect(seedMatchesCommitment(next.serverSeed, pair.serverSeedHash)).toBe(false);
    expect(seedCommitment('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
