/**
 * The better-sqlite3 build for the running Node.js. Up to 12 it wraps node::ObjectWrap, whose destructor
 * on Node 24.19+ checks that an Environment is current: a Statement finalized by a GC outside JavaScript
 * (an idle GC, a worker's teardown) aborts the process with SIGABRT. 13 is built on Node-API 10, which
 * Node 20 does not have (loading it there crashes). So both are installed (13 under the alias
 * better-sqlite3-napi) and the runtime picks: 13 where Node-API 10 exists (Node ≥ 22.14), else 12.
 * Same API, same SQLite file format.
 */
import { createRequire } from 'node:module';
import type Sqlite from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** Node-API version this runtime offers (10 from Node 22.14 / 23.6). */
export const NAPI_VERSION = Number(process.versions.napi ?? 0);
export const SQLITE_DRIVER = NAPI_VERSION >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3';

export const BetterSqlite3 = require(SQLITE_DRIVER) as typeof Sqlite;
// eslint-disable-next-line @typescript-eslint/no-namespace -- the types that go with the value, as `import X from 'better-sqlite3'` gives
export declare namespace BetterSqlite3 {
  type Database = Sqlite.Database;
  type Statement = Sqlite.Statement;
}
