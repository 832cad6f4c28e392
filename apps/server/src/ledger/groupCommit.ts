import { CompiledQuery, SqliteAdapter } from 'kysely';
import type { Db, Tx } from '../db/connect.ts';

/**
 * Group commit for SQLite. SQLite has one writer and a commit costs about the pages it writes to the
 * WAL; money steps started in the same turn of the event loop by concurrent requests are run one after
 * the other inside ONE transaction, each in its own savepoint, and committed together:
 *  - each step is still atomic: a step that throws is rolled back to its savepoint (nothing of it
 *    commits) and its caller gets the error at once;
 *  - each step's caller is answered only after the shared commit succeeded (durable before anything
 *    is told, e.g. before a venue is called); if the commit fails, every step in it fails;
 *  - steps run serially, as SQLite transactions do anyway, so they see each other in order.
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
const groups = new WeakMap<Db, Group>();

class Group {
  private queue: Step[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  run<T>(step: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: step, resolve: resolve as (v: unknown) => void, reject });
      // Flush after the other requests of this event-loop turn had their chance to queue their steps.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, MAX_STEPS);
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
    } finally {
      if (this.queue.length) setImmediate(() => void this.flush());
      else this.scheduled = false;
    }
  }
}
