import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from './connect.ts';

/**
 * The background checkpointer (db/checkpointer.ts) as the server runs it: built like dist/checkpointer.js
 * (npm packages external), on a real SQLite file. The request connection never checkpoints; the worker
 * copies the WAL into the database file so the WAL restarts instead of growing without end.
 */
const CACHE = fileURLToPath(new URL('../../.cache/', import.meta.url));
const WORKER = join(CACHE, 'checkpointer.js');
const BROKEN = join(CACHE, 'broken-checkpointer.js');
let dir: string;

beforeAll(async () => {
  await build({
    entryPoints: [fileURLToPath(new URL('./checkpointer.ts', import.meta.url))],
    outfile: WORKER,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  writeFileSync(BROKEN, "throw new Error('checkpointer failed to start');\n");
  dir = mkdtempSync(join(tmpdir(), 'portal-ckpt-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pragma = async (h: DbHandle, p: string) => (await sql.raw(`pragma ${p}`).execute(h.db)).rows[0] as Record<string, number>;
const size = (f: string) => {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
};
const until = async (what: () => boolean, ms = 5_000) => {
  for (const end = Date.now() + ms; !what();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('background WAL checkpoints', () => {
  it('the request connection never checkpoints; the worker keeps the WAL from growing without end', async () => {
    const file = join(dir, 'a.sqlite');
    const h = connect(file, { backgroundCheckpoints: { file: WORKER, intervalMs: 20 } });
    try {
      expect((await pragma(h, 'wal_autocheckpoint')).wal_autocheckpoint).toBe(0);
      await sql`create table t (id integer primary key, pad text)`.execute(h.db);
      const batch = async () => {
        await h.db.transaction().execute(async (tx) => {
          for (let i = 0; i < 400; i++) await sql`insert into t (pad) values (${'x'.repeat(1000)})`.execute(tx);
        });
      };
      await batch();
      const oneBatch = size(`${file}-wal`);
      // The worker copies the pages into the database file (the request connection never does: autocheckpoint is off).
      await until(() => size(file) > 300_000);
      for (let n = 2; n <= 16; n++) {
        await batch();
        // Until the worker has copied this batch too (~410 kB a batch): a wait for the condition, not a sleep —
        // on a loaded box the worker's thread is scheduled late, and a fixed 80 ms let the WAL grow (a flake).
        await until(() => size(file) > n * 400_000, 15_000);
      }
      // 16 batches (~6 MB) went through a WAL that stayed a few batches long (without the worker it holds all 16). The
      // WAL restarts from its start only once a checkpoint has copied every frame; on a loaded box the worker is
      // sometimes a few pages behind when the next batch comes, and that batch is appended: 5 batches were seen once.
      expect(size(file)).toBeGreaterThan(5_000_000);
      expect(size(`${file}-wal`)).toBeLessThan(oneBatch * 8);
    } finally {
      await h.close();
    }
  });

  it('a worker that fails gives the request connection its automatic checkpoints back', async () => {
    const h = connect(join(dir, 'b.sqlite'), { backgroundCheckpoints: { file: BROKEN, intervalMs: 20 } });
    try {
      await expect.poll(async () => (await pragma(h, 'wal_autocheckpoint')).wal_autocheckpoint).toBe(1000);
    } finally {
      await h.close();
    }
  });

  it('without the built worker (running from sources) nothing changes', async () => {
    const h = connect(join(dir, 'c.sqlite'), { backgroundCheckpoints: true });
    try {
      expect((await pragma(h, 'wal_autocheckpoint')).wal_autocheckpoint).toBe(1000);
    } finally {
      await h.close();
    }
  });
});
