import { describe, expect, it } from 'vitest';
import { stableStringify } from './stableStringify.ts';

describe('stableStringify', () => {
  it('sorts object keys at every depth; arrays keep their order; undefined is null', () => {
    expect(stableStringify({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
    expect(stableStringify({ a: 1, b: 2 })).toBe(stableStringify({ b: 2, a: 1 }));
    expect(stableStringify(undefined)).toBe('null');
    expect(stableStringify([])).toBe('[]');
    expect(stableStringify({})).toBe('{}');
  });
});
