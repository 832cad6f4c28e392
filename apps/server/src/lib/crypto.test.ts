import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './crypto.ts';

describe('timeOrderedId', () => {
  it('is 16 url-safe characters that sort by creation time, then by chance', () => {
    const t = Date.UTC(2026, 10, 22, 12);
    const ids = [t, t + 1, t + 1000, t + 86_400_000, Date.UTC(2090, 0, 1)].map((ms) => timeOrderedId(ms));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect([...ids].sort()).toEqual(ids);
    // Byte order (SQLite's BINARY collation) and JavaScript's string order agree: ASCII only.
    expect([...ids].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))).toEqual(ids);
  });

  it('ids of the same millisecond share the time prefix and differ in their 48 random bits', () => {
    const ids = Array.from({ length: 1000 }, () => timeOrderedId(1_700_000_000_000));
    expect(new Set(ids).size).toBe(1000);
    expect(new Set(ids.map((i) => i.slice(0, 8))).size).toBe(1);
  });
});
