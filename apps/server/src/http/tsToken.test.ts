import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeTsToken, seal } from '@portal/contract';
import { openSync, readTsTokenSync } from './tsToken.ts';

describe('server reader of the contract codec', () => {
  it('opens whatever the contract seals, and nothing under another key', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (s) => {
        const sealed = await seal('site-key', s);
        expect(openSync('site-key', sealed)).toBe(s);
        expect(openSync('other-key', sealed)).toBeNull();
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  it('reads a timestamp token and refuses garbage', async () => {
    expect(readTsTokenSync('k', await makeTsToken('k', '::1', 123456))).toEqual({ timestampMs: 123456, ip: '::1' });
    for (const g of ['', 'a', '!!!!', 'A'.repeat(40), `${'A'.repeat(38)}==`]) expect(readTsTokenSync('k', g)).toBeNull();
  });

  it('a token read before answers the same again, and only under the key it was sealed with', async () => {
    const token = await makeTsToken('site-a', '10.0.0.7', 987654);
    expect(readTsTokenSync('site-a', token)).toEqual({ timestampMs: 987654, ip: '10.0.0.7' });
    expect(readTsTokenSync('site-a', token)).toEqual({ timestampMs: 987654, ip: '10.0.0.7' });
    expect(readTsTokenSync('site-b', token)).toBeNull();
    expect(readTsTokenSync('site-a', `${token.slice(0, -2)}AA`)).toBeNull();
  });
});
