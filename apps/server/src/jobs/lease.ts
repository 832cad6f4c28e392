/**
 * Background jobs on N nodes (docs/scale-out.md). Every node runs a JobRunner over the same list of jobs
 * (jobs/nodeJobs.ts); a job runs only on the node that claimed its row of job_leases:
 *  - a claim succeeds only when the job is due (next_at ≤ now) and nobody holds it (owner '' or its lease
 *    expired) — one conditional upsert, so two nodes claiming at once get one winner on SQLite and PostgreSQL;
 *  - while the run lasts its holder renews the lease every leaseMs / 3; the run's end writes next_at = end +
 *    everyMs and lets the lease go, so the job runs once per period across the cluster, not once per node;
 *  - a node that dies mid-run stops renewing: its lease expires and the next node's poll takes the job over.
 *    Every job's work is idempotent per item (a journal key, a conditional status change), so the run that
 *    carries on finishes what the dead one left without doing any item twice with effect.
 * A node that lost its lease without knowing it (a long pause) may still be running: that is why each item's
 * effect must stay once-only by itself — the lease keeps the work from being done twice, the items keep the
 * money from moving twice.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';

export interface JobSpec {
  /** The job's row in job_leases (stable: renaming it loses its schedule). */
  name: string;
  /** The period: the job is due again this long after its last run ended. */
  everyMs: number;
  /** A run silent (not renewed) for this long is taken over by another node. Default max(30 s, 3 × everyMs). */
  leaseMs?: number;
  /**
   * A job never run on this database first runs one period after it is first asked for, not at once (the daily
   * rebates and the promotions sweep: as before leases, a freshly started deployment does not pay at start-up).
   */
  firstAfterPeriod?: boolean;
  run: () => Promise<unknown>;
}

export interface RunnerOptions {
  nodeId?: string;
  now?: () => number;
  onError?: (e: unknown, job: string) => void;
  /** How often a node asks for each job (default min(everyMs, 5 s)): a dead holder is replaced within lease + poll. */
  pollMs?: number;
}

export type TickResult = 'ran' | 'failed' | 'skipped';

const leaseOf = (j: JobSpec) => j.leaseMs ?? Math.max(30_000, 3 * j.everyMs);

/** Schedules a job's first run at `at` unless it has a row already (any node's earlier start). */
export async function scheduleFirstRun(db: Db, name: string, at: number): Promise<void> {
  await db
    .insertInto('job_leases')
    .values({ name, owner: '', lease_until: 0, next_at: at, runs: 0, finished_at: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Claims the job if it is due and free; true when this node now holds it. */
export async function claimJob(db: Db, name: string, owner: string, now: number, leaseMs: number): Promise<boolean> {
  const r = await db
    .insertInto('job_leases')
    .values({ name, owner, lease_until: now + leaseMs, next_at: 0, runs: 0, finished_at: null })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ owner, lease_until: now + leaseMs })
        .where((eb) =>
          eb.and([eb('job_leases.next_at', '<=', now), eb.or([eb('job_leases.owner', '=', ''), eb('job_leases.lease_until', '<', now)])]),
        ),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Extends a held lease; false when another node took the job over. */
export async function renewJob(db: Db, name: string, owner: string, now: number, leaseMs: number): Promise<boolean> {
  const r = await db
    .updateTable('job_leases')
    .set({ lease_until: now + leaseMs })
    .where('name', '=', name)
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a run this node holds: due again at nextAt, the lease let go. `ran`: count it (a failed run is not). */
export async function finishJob(db: Db, name: string, owner: string, now: number, nextAt: number, ran: boolean): Promise<boolean> {
  const r = await db
    .updateTable('job_leases')
    .set((eb) => ({ owner: '', lease_until: 0, next_at: nextAt, finished_at: now, runs: ran ? eb('runs', '+', 1) : eb.ref('runs') }))
    .where('name', '=', name)
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export class JobRunner {
  readonly nodeId: string;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<TickResult>>();
  /** Jobs whose first run this node has scheduled (firstAfterPeriod). */
  private readonly scheduled = new Set<string>();
  private readonly heartbeats = new Set<NodeJS.Timeout>();
  private stopped = false;
  private halted = false;

  constructor(
    private readonly db: Db,
    readonly jobs: readonly JobSpec[],
    private readonly opts: RunnerOptions = {},
  ) {
    this.nodeId = opts.nodeId ?? `node-${randomBytes(6).toString('hex')}`;
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  /** Polls every job on its own timer. */
  start(): void {
    for (const j of this.jobs) {
      const t = setInterval(() => void this.tick(j.name), this.opts.pollMs ?? Math.min(j.everyMs, 5_000));
      t.unref();
      this.timers.push(t);
    }
  }

  /** One attempt at one job: runs it if this node wins the claim (the timer calls it; tests call it directly). */
  tick(name: string): Promise<TickResult> {
    const busy = this.running.get(name);
    if (busy || this.stopped) return Promise.resolve('skipped');
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job ${name}`);
    const p = this.attempt(job).finally(() => this.running.delete(name));
    this.running.set(name, p);
    return p;
  }

  private async attempt(job: JobSpec): Promise<TickResult> {
    const lease = leaseOf(job);
    let claimed: boolean;
    try {
      if (job.firstAfterPeriod && !this.scheduled.has(job.name)) {
        await scheduleFirstRun(this.db, job.name, this.now() + job.everyMs);
        this.scheduled.add(job.name);
      }
      claimed = await claimJob(this.db, job.name, this.nodeId, this.now(), lease);
    } catch (e) {
      this.opts.onError?.(e, job.name);
      return 'failed';
    }
    if (!claimed) return 'skipped';
    const beat = setInterval(() => {
      renewJob(this.db, job.name, this.nodeId, this.now(), lease).catch((e: unknown) => this.opts.onError?.(e, job.name));
    }, lease / 3);
    beat.unref();
    this.heartbeats.add(beat);
    let ok = true;
    try {
      await job.run();
    } catch (e) {
      ok = false;
      this.opts.onError?.(e, job.name);
    } finally {
      clearInterval(beat);
      this.heartbeats.delete(beat);
    }
    if (this.halted) return ok ? 'ran' : 'failed'; // a crashed node writes nothing more
    const end = this.now();
    await finishJob(this.db, job.name, this.nodeId, end, end + job.everyMs, ok).catch((e: unknown) => this.opts.onError?.(e, job.name));
    return ok ? 'ran' : 'failed';
  }

  /** Drain (SIGTERM): no new runs; the runs in flight finish and let their leases go. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    await Promise.allSettled([...this.running.values()]);
  }

  /** What a SIGKILL leaves behind (tests): no more polls or renewals, and leases held stay held until they expire. */
  halt(): void {
    this.stopped = true;
    this.halted = true;
    for (const t of this.timers) clearInterval(t);
    for (const t of this.heartbeats) clearInterval(t);
    this.timers.length = 0;
    this.heartbeats.clear();
  }
}
