import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import { namedOnPostgres } from './pgNamed.ts';
import { DEFERRED } from './pgPipeline.ts';

/**
 * A database handle without the schema's types: for code that builds statements over any table by name
 * (prepared statements, the ledger's and wallet's hot statements, schema-agnostic helpers) — Kysely's own
 * idiom. Everything else takes Db / DbOrTx (db/connect.ts), typed by the schema.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one untyped handle, named once
export type UntypedDb = Kysely<any>;

/** A compiled query and, for each of its bound parameters, the argument it takes (-1: the constant in `consts`). */
interface Compiled<Row> {
  q: CompiledQuery<Row>;
  argOf: number[];
  consts: unknown[];
}

/** The part of a better-sqlite3 statement cache (db/connect.ts) that prepared statements run on directly. */
export interface SqliteStatements {
  prepare(sql: string): {
    reader: boolean;
    all(parameters: readonly unknown[]): unknown[];
    run(parameters: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
  };
}
const sqliteByAdapter = new WeakMap<object, SqliteStatements>();

/** connect() registers a SQLite database's statement cache (see preparedQuery). */
export function registerSqlite(db: UntypedDb, statements: SqliteStatements): void {
  sqliteByAdapter.set(db.getExecutor().adapter, statements);
}

/** The SQLite connection's statements behind a database or any of its transactions; undefined on PostgreSQL. */
export function sqliteOf(db: UntypedDb): SqliteStatements | undefined {
  return sqliteByAdapter.get(db.getExecutor().adapter);
}

/**
 * Runs a compiled query on SQLite's connection directly, as Kysely's SQLite driver would (same statement
 * cache, same result shape), without its executor's promise chain: only for a transaction, which already
 * holds the one connection — outside one, Kysely's connection mutex must order the query after any
 * transaction in flight.
 */
function runOnSqlite<Row>(sqlite: SqliteStatements, sql: string, parameters: readonly unknown[]): Promise<QueryResult<Row>> {
  try {
    const stmt = sqlite.prepare(sql);
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as Row[] });
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * A hot query compiled once per database and reused with new parameters: Kysely otherwise rebuilds
 * and recompiles the query tree on every call, which is most of a short query's cost. `build` must
 * produce the same SQL for any parameter values (only values change, never the shape); `placeholders`
 * gives one sample per argument. The query is compiled with a unique marker per argument, so each bound
 * parameter is known to be argument i or a constant of the query itself (a `1` or `0` in a condition),
 * whatever order the SQL names them in.
 *
 * The compiled query is kept per dialect adapter, which a database and every transaction opened on it
 * share, so statements run inside transactions are compiled once too. Inside a SQLite transaction the
 * statement runs on the connection directly (runOnSqlite): money steps run most of their statements there.
 */
export function preparedQuery<Row, Args extends unknown[]>(
  build: (db: UntypedDb, ...args: Args) => { compile(): CompiledQuery<Row> },
  placeholders: Args,
): (db: UntypedDb, ...args: Args) => Promise<QueryResult<Row>> {
  const run = preparedRunner(build, placeholders);
  return (db, ...args) => run(db, args);
}

/** preparedQuery's runner, taking the arguments as one array (preparedInsert builds it anyway). */
function preparedRunner<Row, Args extends unknown[]>(
  build: (db: UntypedDb, ...args: Args) => { compile(): CompiledQuery<Row> },
  placeholders: Args,
  deferred = false,
): (db: UntypedDb, args: readonly unknown[]) => Promise<QueryResult<Row>> {
  const compiled = new WeakMap<object, Compiled<Row>>();
  return (db, args) => {
    const owner = db.getExecutor().adapter;
    let c = compiled.get(owner);
    if (!c) {
      const markers = placeholders.map((_, i) => `\u0000arg${i}\u0000`) as Args;
      const built = build(db, ...markers).compile();
      // PostgreSQL: a deferred write goes out with the transaction's next statement (db/pgPipeline.ts).
      const q = deferred && !sqliteByAdapter.has(owner) ? { ...built, sql: DEFERRED + built.sql } : built;
      const argOf = q.parameters.map((p) => (typeof p === 'string' ? (markers as unknown[]).indexOf(p) : -1));
      c = { q, argOf, consts: q.parameters.map((p, i) => (argOf[i]! < 0 ? p : undefined)) };
      compiled.set(owner, c);
      // PostgreSQL: prepared once per connection, by name (db/pgNamed.ts).
      if (!sqliteByAdapter.has(owner) && !deferred) namedOnPostgres(q.sql);
    }
    const n = c.argOf.length;
    const parameters = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const a = c.argOf[i]!;
      parameters[i] = a < 0 ? c.consts[i] : args[a];
    }
    const sqlite = db.isTransaction ? sqliteByAdapter.get(owner) : undefined;
    if (sqlite) return runOnSqlite<Row>(sqlite, c.q.sql, parameters);
    return db.executeQuery<Row>({ ...c.q, parameters });
  };
}

/**
 * A prepared write whose answer nobody reads, inside a money step's transaction: on PostgreSQL it is sent with
 * the transaction's next statement or its commit (one round trip fewer, db/pgPipeline.ts) — its failure fails
 * that statement, so the transaction still rolls back whole. Outside a transaction, and on SQLite, it runs at once.
 */
export function preparedDeferred<Args extends unknown[]>(
  build: (db: UntypedDb, ...args: Args) => { compile(): CompiledQuery<unknown> },
  placeholders: Args,
): (db: UntypedDb, ...args: Args) => Promise<void> {
  const run = preparedRunner(build, placeholders, true);
  return async (db, ...args) => {
    await run(db, args);
  };
}

/** A prepared query answering its rows. */
export function prepared<Row, Args extends unknown[]>(
  build: (db: UntypedDb, ...args: Args) => { compile(): CompiledQuery<Row> },
  placeholders: Args,
): (db: UntypedDb, ...args: Args) => Promise<Row[]> {
  const run = preparedQuery(build, placeholders);
  return async (db, ...args) => (await run(db, ...args)).rows;
}

/** A prepared write answering how many rows it changed (an insert that met `on conflict do nothing` answers 0). */
export function preparedWrite<Args extends unknown[]>(
  build: (db: UntypedDb, ...args: Args) => { compile(): CompiledQuery<unknown> },
  placeholders: Args,
): (db: UntypedDb, ...args: Args) => Promise<number> {
  const run = preparedQuery(build, placeholders);
  return async (db, ...args) => Number((await run(db, ...args)).numAffectedRows ?? 0n);
}

/**
 * A prepared single-row insert into `table`, compiled once per set of columns (a row's keys, in its
 * order; undefined values are left out as Kysely leaves them out). For hot inserts of wide rows, where
 * building the query tree costs more than running it. Answers the rows inserted.
 */
export function preparedInsert(table: string): (db: UntypedDb, row: object) => Promise<number> {
  const writers = new Map<string, (db: UntypedDb, args: readonly unknown[]) => Promise<QueryResult<unknown>>>();
  return async (db, row) => {
    // One pass over the row: the set of columns (its signature) and their values.
    let signature = '';
    const values: unknown[] = [];
    for (const c in row) {
      const v = (row as Record<string, unknown>)[c];
      if (v === undefined) continue;
      signature += signature ? `,${c}` : c;
      values.push(v);
    }
    let write = writers.get(signature);
    if (!write) {
      const cols = signature.split(',');
      write = preparedRunner(
        (d: UntypedDb, ...a: unknown[]) => d.insertInto(table).values(Object.fromEntries(cols.map((c, i) => [c, a[i]]))),
        cols.map(() => '' as unknown),
      );
      writers.set(signature, write);
    }
    return Number((await write(db, values)).numAffectedRows ?? 0n);
  };
}
