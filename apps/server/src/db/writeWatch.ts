/**
 * Tells this node's listeners that a write to some tables became visible to other connections: after the
 * statement when it ran on its own (autocommit), after the COMMIT (or ROLLBACK) of the transaction it ran in.
 * PostgreSQL only (db/connect.ts wraps the pool's clients): the session cache (modules/user/sessionSync.ts)
 * forgets what it remembered, here and on the other nodes through Redis, once the change is there to be read —
 * never before, so no node can read the old row again and keep it.
 *
 * Every statement Kysely sends goes through `query` of a pooled client; the wrapper looks at its text only when
 * someone watches (a regular expression per statement) and keeps one flag per client for an open transaction.
 */
import type PgModule from 'pg';
import { pgStatementName } from './pgNamed.ts';
import { Pipeline } from './pgPipeline.ts';

type Listener = () => void;

interface Watcher {
  re: RegExp;
  ignore: RegExp | null;
  listener: Listener;
}

export class WriteWatch {
  private readonly watchers: Watcher[] = [];

  get active(): boolean {
    return this.watchers.length > 0;
  }

  /**
   * `listener` runs after every committed insert, update or delete of one of `tables` (Kysely's quoted names or
   * bare ones), except statements matching `ignore` (a write that changes nothing the listener cares about).
   */
  watch(tables: readonly string[], listener: Listener, ignore?: RegExp): () => void {
    const names = tables.map((t) => t.replace(/[^a-z0-9_]/gi, '')).join('|');
    const w: Watcher = {
      re: new RegExp(`\\b(?:update|insert\\s+into|delete\\s+from)\\s+"?(?:${names})"?[\\s(]`, 'i'),
      ignore: ignore ?? null,
      listener,
    };
    this.watchers.push(w);
    return () => {
      const i = this.watchers.indexOf(w);
      if (i >= 0) this.watchers.splice(i, 1);
    };
  }

  /** The listeners a statement concerns. */
  match(text: string): Listener[] {
    const out: Listener[] = [];
    for (const w of this.watchers) if (w.re.test(text) && !w.ignore?.test(text)) out.push(w.listener);
    return out;
  }

  static fire(listeners: Iterable<Listener>): void {
    for (const l of listeners) {
      try {
        l();
      } catch {
        // a listener's failure is its own; the statement's answer goes back as it was
      }
    }
  }
}

type Client = PgModule.PoolClient;

/** The pool Kysely gets: the same clients, each with a `query` that reports watched writes once they are visible. */
export function watchedPool(pool: PgModule.Pool, watch: WriteWatch): PgModule.Pool {
  const wrapped = new WeakMap<Client, Client>();
  const connect = async (): Promise<Client> => {
    const client = await pool.connect();
    let w = wrapped.get(client);
    if (!w) {
      w = watchedClient(client, watch);
      wrapped.set(client, w);
    }
    return w;
  };
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect') return connect;
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

function watchedClient(client: Client, watch: WriteWatch): Client {
  let inTx = false;
  const pending = new Set<Listener>();
  // A registered hot statement goes out named: parsed and planned once per connection (db/pgNamed.ts).
  const send = (text: string, params?: readonly unknown[]) => {
    const name = params ? pgStatementName(text) : undefined;
    return name
      ? (client.query as (c: unknown) => Promise<unknown>)({ name, text, values: params })
      : (client.query as (t: unknown, p?: unknown) => Promise<unknown>)(text, params);
  };
  // begin and deferred writes go out with the next statement (db/pgPipeline.ts).
  const pipeline = new Pipeline(send);
  const query = async (text: unknown, params?: unknown) => {
    const run = () =>
      typeof text === 'string' && (params === undefined || Array.isArray(params))
        ? pipeline.run(text, params as readonly unknown[] | undefined)
        : (client.query as (t: unknown, p?: unknown) => Promise<unknown>)(text, params);
    if (typeof text !== 'string' || (!watch.active && !pending.size)) return run();
    const word = text.slice(0, 20).trim().toLowerCase();
    if (word === 'begin' || word.startsWith('start transaction')) {
      inTx = true;
      return run();
    }
    if (word === 'commit' || word === 'rollback') {
      try {
        return await run();
      } finally {
        inTx = false;
        const fire = [...pending];
        pending.clear();
        WriteWatch.fire(fire);
      }
    }
    const hits = watch.match(text);
    if (!hits.length) return run();
    if (inTx) {
      for (const h of hits) pending.add(h);
      return run();
    }
    try {
      return await run();
    } finally {
      WriteWatch.fire(hits);
    }
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
