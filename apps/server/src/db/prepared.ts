import type { CompiledQuery, Kysely } from 'kysely';

/**
 * A hot query compiled once per database and reused with new parameters: Kysely otherwise rebuilds
 * and recompiles the query tree on every call, which is most of a short query's cost. `build` must
 * produce the same SQL for any parameter values (only values change, never the shape).
 */
export function prepared<Row, Args extends unknown[]>(
  build: (db: Kysely<any>, ...args: Args) => { compile(): CompiledQuery<Row> },
  placeholders: Args,
): (db: Kysely<any>, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<any>, CompiledQuery<Row>>();
  return async (db, ...args) => {
    let q = compiled.get(db);
    if (!q) {
      q = build(db, ...placeholders).compile();
      compiled.set(db, q);
    }
    const r = await db.executeQuery<Row>({ ...q, parameters: args });
    return r.rows;
  };
}
