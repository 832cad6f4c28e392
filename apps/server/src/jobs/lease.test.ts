/**
 * Every background job on two nodes at once: one node does the run, the other skips it; the job is not run again
 * until it is due; a node that dies mid-run is replaced once its lease expires, without the dead node's late end
 * disturbing the new holder. Runs on SQLite and PostgreSQL (the lease is one conditional upsert on either).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';
import { JobRunner, type JobSpec } from './lease.ts';
import { nodeJobs } from './nodeJobs.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A gate a run waits on: the test decides when the run ends. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

/** The node's real job list, each run counted per node and held until `release`. */
function countedJobs(counts: Map<string, number>, node: string, held: Promise<void>): JobSpec[] {
  // firstAfterPeriod is its own case below: here every job is due at once.
  return nodeJobs(h.s.handle.db, h.s).map(({ firstAfterPeriod: _first, ...j }) => ({
    ...j,
    run: async () => {
      counts.set(`${j.name}@${node}`, (counts.get(`${j.name}@${node}`) ?? 0) + 1);
      await held;
    },
  }));
}

const clock = (start: number) => {
  const c = { t: start, now: () => c.t };
  return c;
};

describe('jobs on two nodes', () => {
  it('every job of the node list: two nodes at once run it once, and not again before it is due', async () => {
    const counts = new Map<string, number>();
    const g = gate();
    const c = clock(Date.now() + 86_400_000 * 400); // far from any other test's rows
    const a = new JobRunner(h.s.handle.db, countedJobs(counts, 'a', g.opened), { nodeId: 'node-a', now: c.now });
    const b = new JobRunner(h.s.handle.db, countedJobs(counts, 'b', g.opened), { nodeId: 'node-b', now: c.now });
    const names = a.jobs.map((j) => j.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'transfers.reconcile',
        'deposits.reconcile',
        'housekeeping',
        'rebates',
        'promotions',
        'reports',
        'sport.confirm',
        'sport.settle',
        'pvp.recover',
      ]),
    );
    // Both nodes ask for every job at the same moment, while the runs are held open.
    let settled = 0;
    const ticks = names.flatMap((n) => [a.tick(n), b.tick(n)]).map((p) => p.finally(() => settled++));
    // Each job's loser answers while the winner's run is still held open.
    await expect.poll(() => settled).toBe(names.length);
    g.open();
    const results = await Promise.all(ticks);
    for (const [i, n] of names.entries()) {
      expect([results[2 * i], results[2 * i + 1]].sort(), n).toEqual(['ran', 'skipped']);
      expect((counts.get(`${n}@a`) ?? 0) + (counts.get(`${n}@b`) ?? 0), n).toBe(1);
    }
    // Finished: not due again until its period has passed, on either node.
    for (const n of names) expect(await b.tick(n), n).toBe('skipped');
    const period = Math.max(...a.jobs.map((j) => j.everyMs));
    c.t += period + 1;
    const again = await Promise.all(names.flatMap((n) => [a.tick(n), b.tick(n)]));
    expect(again.filter((r) => r === 'ran')).toHaveLength(names.length);
    const rows = await h.s.handle.db.selectFrom('job_leases').selectAll().where('name', 'in', names).execute();
    expect(rows.map((r) => [r.name, Number(r.runs), r.owner])).toEqual(expect.arrayContaining(names.map((n) => [n, 2, ''])));
  });

  it('a node that dies mid-run is replaced once its lease expires; its late end changes nothing', async () => {
    const c = clock(Date.now());
    let ranOn = '';
    const g = gate();
    const job = (node: string): JobSpec => ({
      name: 'test.dies',
      everyMs: 1_000,
      leaseMs: 10_000,
      run: async () => {
        ranOn += node;
        if (node === 'a') await g.opened;
      },
    });
    const a = new JobRunner(h.s.handle.db, [job('a')], { nodeId: 'node-a', now: c.now });
    const b = new JobRunner(h.s.handle.db, [job('b')], { nodeId: 'node-b', now: c.now });
    const aRun = a.tick('test.dies');
    await expect.poll(() => ranOn).toBe('a');
    a.halt(); // SIGKILL: no more renewals, the lease stays held
    c.t += 5_000;
    expect(await b.tick('test.dies')).toBe('skipped'); // still a's
    c.t += 6_000; // past a's lease
    expect(await b.tick('test.dies')).toBe('ran');
    expect(ranOn).toBe('ab');
    g.open();
    await aRun; // the dead node's run ends late: it writes nothing
    const row = await h.s.handle.db.selectFrom('job_leases').selectAll().where('name', '=', 'test.dies').executeTakeFirstOrThrow();
    expect(Number(row.runs)).toBe(1);
    expect(Number(row.next_at)).toBe(c.t + 1_000);
  });

  it('a failed run lets the lease go and is due again after its period; stop() waits for runs in flight', async () => {
    const c = clock(Date.now());
    let n = 0;
    const g = gate();
    const r = new JobRunner(
      h.s.handle.db,
      [
        {
          name: 'test.fails',
          everyMs: 1_000,
          run: async () => {
            n++;
            await g.opened;
            throw new Error('boom');
          },
        },
      ],
      { nodeId: 'node-c', now: c.now, onError: () => undefined },
    );
    const first = r.tick('test.fails');
    const stopped = r.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    g.open();
    expect(await first).toBe('failed');
    await stopped;
    const row = await h.s.handle.db.selectFrom('job_leases').selectAll().where('name', '=', 'test.fails').executeTakeFirstOrThrow();
    expect([row.owner, Number(row.runs), Number(row.next_at)]).toEqual(['', 0, c.t + 1_000]);
    expect(await r.tick('test.fails')).toBe('skipped'); // stopped: no new runs
    expect(n).toBe(1);
  });

  it('rebates and promotions first run one period after a fresh start, on whichever node asks then', async () => {
    const counts = new Map<string, number>();
    const c = clock(Date.now() + 86_400_000 * 800);
    const specs = nodeJobs(h.s.handle.db, h.s)
      .filter((j) => j.firstAfterPeriod)
      .map((j) => ({ ...j, name: `${j.name}-first-${c.t}`, run: async () => void counts.set(j.name, (counts.get(j.name) ?? 0) + 1) }));
    expect(specs.map((j) => j.name.split('-first-')[0])).toEqual(['rebates', 'promotions']);
    const a = new JobRunner(h.s.handle.db, specs, { nodeId: 'first-a', now: c.now });
    const b = new JobRunner(h.s.handle.db, specs, { nodeId: 'first-b', now: c.now });
    for (const j of specs) expect([await a.tick(j.name), await b.tick(j.name)]).toEqual(['skipped', 'skipped']);
    expect(counts.size).toBe(0);
    for (const j of specs) {
      c.t += j.everyMs;
      expect(await b.tick(j.name)).toBe('ran');
      expect(await a.tick(j.name)).toBe('skipped');
    }
    expect([...counts.values()]).toEqual([1, 1]);
  });
});
