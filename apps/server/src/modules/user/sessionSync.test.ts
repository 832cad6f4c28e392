/** Without PostgreSQL + Redis the session cache is not shared between nodes (sessionSync.pgredis.test.ts: with them). */
import { describe, expect, it } from 'vitest';
import { createHarness, usePostgres } from '../../test/harness.ts';
import { syncSessions } from './sessionSync.ts';

const shared = usePostgres && !!process.env.REDIS_URL;

describe('session cache sharing', () => {
  it('is shared only on PostgreSQL + Redis: SQLite keeps its own, PostgreSQL without Redis reads every time', async () => {
    const h = await createHarness();
    try {
      expect(h.s.sessionSync !== null && h.s.sessionSync !== undefined).toBe(shared);
      if (!shared) expect(syncSessions(h.s.handle, h.s.bus)).toBeNull();
    } finally {
      await h.close();
    }
  });
});
