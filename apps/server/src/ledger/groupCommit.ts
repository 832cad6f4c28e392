import { CompiledQuery, SqliteAdapter } from 'kysely';
import type { Db, Tx } from '../db/connect.ts';
import { DEFERRED } from '../db/pgPipeline.ts';

/**
 * Group commit for SQLite. SQLite has one writer and a commit costs about the pages it writes to the
 * WAL; money steps started in the same turn of the event loop by concurrent requests are run one after
 * the other inside ONE transaction and committed together:
 *  - each step is still atomic: a step that throws leaves nothing (see below) and its caller gets the
 *    error;
 *  - each step's caller is answered only after the shared commit succeeded (durable before anything
 *    is told, e.g. before a venue is called); if the commit fails, every step in it fails;
 *  - steps run serially, as SQLite transactions do anyway, so they see each other in order.
 * A batch first runs optimistically, without savepoints (a savepoint per step cost two statements and
 * a copy of every page the step touched: bench:wallet measured ~15% of a transfer). If a step throws,
 * the whole transaction is rolled back and the batch runs again with a savepoint per step, where the
 * failing step is rolled back alone; for a while after that, batches go straight to savepoints (a
 * stream of refusals costs no double runs). So a step may run twice: a step must only touch the
 * database through its `tx` (no calls out, no events published, nothing kept that its result does not
 * return) — which every money step is anyway, as an uncommitted step must leave no trace.
 * PostgreSQL has concurrent writers and its own group commit: there each step is a plain transaction.
 */
export function ledgerTransaction<T>(db: Db, step: (tx: Tx) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return db.transaction().execute(step);
  let g = groups.get(db);
  if (!g) {
    g = new Group(db);
    groups.set(db, g);
  }
  return g.run(step);
}

/**
 * A money step that is ONE statement (e.g. a conditional status change with nothing to post). A single
 * statement is atomic and durable on its own on both engines; on SQLite it still joins the group commit
 * (one shared commit is cheaper than its own), on PostgreSQL it runs without begin/commit: two round
 * trips fewer, same outcome (answered after its own commit).
 */
export function ledgerStatement<T>(db: Db, statement: (db: Db | Tx) => Promise<T>): Promise<T> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return ledgerTransaction(db, statement);
  return statement(db);
}

/** PostgreSQL: this transaction's commit does not wait for its WAL flush (sent with its first statement, db/pgPipeline.ts). */
const NO_FLUSH_WAIT = CompiledQuery.raw(`${DEFERRED}set local synchronous_commit = off`);

/**
 * ledgerStatement for a statement whose loss in a database crash is repaired by the system itself, so its
 * commit need not wait for the disk: on PostgreSQL it commits with synchronous_commit off (visible to every
 * node at once; only a crash of the database server within a fraction of a second may lose it — never a
 * process kill). Use ONLY where a reconciler redoes a lost one from a durable record: a venue transfer's final
 * status change that moves no money (the transfer stays pending, jobs/reconciler.ts asks the venue and settles it
 * again, once), and the sandbox venue's own books (a stand-in for a remote system, which keeps its own). A money
 * step that posts a journal is never relaxed. bench:wallet: each durable commit waits for a WAL flush (2–5 ms here).
 */
export function ledgerStatementRelaxed<T>(db: Db, statement: (db: Db | Tx) => Promise<T>): Promise<T> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return ledgerTransaction(db, statement);
  return db.transaction().execute(async (tx) => {
    await tx.executeQuery(NO_FLUSH_WAIT);
    return statement(tx);
  });
}

interface Step {
  run(tx: Tx): Promise<unknown>;
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

/** The savepoint statements, built once (a sql`` template is rebuilt and compiled on every use). */
const SAVEPOINT = CompiledQuery.raw('savepoint step');
const RELEASE = CompiledQuery.raw('release step');
const ROLLBACK_TO = CompiledQuery.raw('rollback to step');

/** Steps per commit at most (bounds a batch's latency). */
const MAX_STEPS = 32;
/** After a step failed, batches use savepoints straight away for this long. */
const SAVEPOINTS_AFTER_FAILURE_MS = 1_000;
const groups = new WeakMap<Db, Group>();

/** Since the process started (every SQLite database of it): shared commits and the steps they carried (/metrics). */
export const groupCommitStats = { commits: 0, steps: 0 };

class Group {
  private queue: Step[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  run<T>(step: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: step, resolve: resolve as (v: unknown) => void, reject });
      // Flush after the other requests of this event-loop turn had their chance to queue their steps. Under
      // concurrency (the last batch had company) one more turn lets the requests that arrived meanwhile join
      // too: bench:sport's batches grew from ~6 to ~9 steps, ~6% less CPU per bet. A lone step never waits.
      if (!this.scheduled) {
        this.scheduled = true;
        if (this.lastBatch > 1) setImmediate(() => setImmediate(() => void this.flush()));
        else setImmediate(() => void this.flush());
      }
    });
  }

  /** Batches run with a savepoint per step until then (ms timestamp). */
  private savepointsUntil = 0;
  /** Steps in the last batch (see run()). */
  private lastBatch = 0;

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, MAX_STEPS);
    this.lastBatch = batch.length;
    groupCommitStats.commits++;
    groupCommitStats.steps += batch.length;
    try {
      if (batch.length > 1 && Date.now() >= this.savepointsUntil) {
        if (await this.runOptimistic(batch)) return;
        this.savepointsUntil = Date.now() + SAVEPOINTS_AFTER_FAILURE_MS;
      }
      await this.runWithSavepoints(batch);
    } finally {
      if (this.queue.length) setImmediate(() => void this.flush());
      else this.scheduled = false;
    }
  }

  /**
   * Every step in one transaction, no savepoints. False when a step threw: nothing committed, nobody
   * answered, the batch must run again with savepoints. A failed begin or commit fails every step.
   */
  private async runOptimistic(batch: Step[]): Promise<boolean> {
    let stepFailed = false;
    let values: unknown[];
    try {
      values = await this.db.transaction().execute(async (tx) => {
        const out: unknown[] = [];
        for (const step of batch) {
          try {
            out.push(await step.run(tx));
          } catch (e) {
            stepFailed = true;
            throw e;
          }
        }
        return out;
      });
    } catch (e) {
      if (stepFailed) return false;
      for (const step of batch) step.reject(e);
      return true;
    }
    batch.forEach((step, i) => step.resolve(values[i]));
    return true;
  }

  private async runWithSavepoints(batch: Step[]): Promise<void> {
    const done: Array<{ step: Step; value: unknown }> = [];
    const answered = new Set<Step>();
    try {
      await this.db.transaction().execute(async (tx) => {
        if (batch.length === 1) {
          // Alone in its batch: the transaction is the step's own, no savepoint needed (a throw rolls it back).
          done.push({ step: batch[0]!, value: await batch[0]!.run(tx) });
          return;
        }
        for (const step of batch) {
          await tx.executeQuery(SAVEPOINT);
          try {
            const value = await step.run(tx);
            await tx.executeQuery(RELEASE);
            done.push({ step, value });
          } catch (e) {
            await tx.executeQuery(ROLLBACK_TO);
            await tx.executeQuery(RELEASE);
            answered.add(step);
            step.reject(e);
          }
        }
      });
      for (const d of done) d.step.resolve(d.value);
    } catch (e) {
      // Not committed: no step of the batch took effect (those not run yet included).
      for (const step of batch) if (!answered.has(step)) step.reject(e);
    }
  }
}
