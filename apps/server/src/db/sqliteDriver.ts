/**
 * The better-sqlite3 build for the running Node.js. Up to 12 it wraps node::ObjectWrap, whose destructor
 * on Node 24.19+ checks that an Environment is current: a Statement finalized by a GC outside JavaScript
 * (an idle GC, a worker's teardown) aborts the process with SIGABRT. 13 is built on Node-API 10, which
 * Node 20 does not have (loading it there crashes). So both are installed (13 under the alias
 * better-sqlite3-napi) and the runtime picks: 13 where Node-API 10 exists (Node ≥ 22.14), else 12.
 * Same API, same SQLite file format. 13 declares node >= 22, so it is an optional dependency: npm installs it
 * on Node 22+ and leaves it out (without an EBADENGINE warning) on Node 20, where it is not used.
 */
import { createRequire } from 'node:module';
import type Sqlite from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** Node-API version this runtime offers (10 from Node 22.14 / 23.6). */
export const NAPI_VERSION = Number(process.versions.napi ?? 0);
export const SQLITE_DRIVER = NAPI_VERSION >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3';

function load(): typeof Sqlite {
  try {
    return require(SQLITE_DRIVER) as typeof Sqlite;
  } catch (e) {
    // better-sqlite3-napi is an optional dependency: npm leaves it out when the tree was installed with Node 20.
    if (SQLITE_DRIVER === 'better-sqlite3-napi' && (e as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') {
      throw new Error(
        `Node ${process.versions.node} needs the SQLite driver better-sqlite3 13 (optional dependency better-sqlite3-napi), which is not installed: this tree was installed with an older Node.js. Run \`npm ci\` (or \`npm install\`) with this Node.js.`,
        { cause: e },
      );
    }
    throw e;
  }
}

export const BetterSqlite3 = load();
// eslint-disable-next-line @typescript-eslint/no-namespace -- the types that go with the value, as `import X from 'better-sqlite3'` gives
export declare namespace BetterSqlite3 {
  type Database = Sqlite.Database;
  type Statement = Sqlite.Statement;
}
