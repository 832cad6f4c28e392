/**
 * Test harness: a real app on a real database — SQLite in memory by default, PostgreSQL when DB=postgres
 * (each harness in a database of its own on DATABASE_TEST_URL's server, dropped afterwards) — and Redis-backed
 * rate limits when REDIS_URL is set. Calls go through app.inject with the §7 headers, like the web client.
 *
 * Every harness starts from a copy of one migrated and seeded database that each test process makes once
 * (`migratedDatabase`): migrating and seeding cost 2–5 s a harness on PostgreSQL and ~0.5 s on SQLite, the
 * largest part of the server suites' time; a copy costs ~0.1–0.3 s (CREATE DATABASE … TEMPLATE) and ~1 ms
 * (SQLite's serialized image). The migrations themselves are tested from an empty database (db/migrate.test.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { HEADERS, encodeSliderOutput as sliderOutput, makeTsToken, type Envelope } from '@portal/contract';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { connect, type DbHandle } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed.ts';
import { createServices, type Services } from '../services.ts';

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');
export const usePostgres = process.env.DB === 'postgres';
export const PG_URL = process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface CallOptions {
  token?: string | null;
  uuid?: string;
  site?: number | string | null;
  headers?: Record<string, string>;
  ip?: string;
  /** The TCP peer when it is not the client (a proxy in front of the server); default `ip`. */
  remoteAddress?: string;
  noTs?: boolean;
  rawBody?: string;
  contentType?: string;
  method?: 'GET' | 'POST';
}

export interface Harness {
  app: FastifyInstance;
  s: Services;
  config: Config;
  /** PostgreSQL: the url of this harness's own database (a second node's pool opens it); null on SQLite. */
  databaseUrl: string | null;
  uuid: string;
  call<T = any>(path: string, body?: unknown, o?: CallOptions): Promise<Envelope<T> & { http: number; res: LightMyRequestResponse }>;
  outbox(filter?: {
    to?: string;
    kind?: string;
  }): Promise<Array<{ kind: string; to: string; codeId: string | null; code: string | null; text: string }>>;
  imageCaptcha(ktype: number, site?: number): Promise<{ kaptchcate: 1; codeId: string; code: string }>;
  sliderCaptcha(ktype: number, site?: number): Promise<{ kaptchcate: 0; codeId: string; code: string }>;
  register(name: string, password: string, o?: CallOptions): Promise<Envelope<any>>;
  login(name: string, password: string, o?: CallOptions): Promise<Envelope<any>>;
  /** Register and log in; answers the token and user id. */
  member(name?: string, password?: string, o?: CallOptions): Promise<{ token: string; userId: string; name: string; password: string }>;
  lastCode(to: string): Promise<string>;
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

let counter = 0;
export const uniqueName = (prefix = 'u') => `${prefix}${(Date.now() % 1e5).toString(36)}${(counter++).toString(36)}x1`.slice(0, 11);

/**
 * An empty database of the engine under test (DB=postgres: a fresh schema of its own, else SQLite in
 * memory), not migrated. `dropSchema` removes the PostgreSQL schema (after the handle is closed).
 */
export async function emptyDatabase(prefix = 't', poolMax = 5): Promise<{ handle: DbHandle; dropSchema(): Promise<void> }> {
  if (!usePostgres) return { handle: connect(':memory:'), dropSchema: async () => undefined };
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`create schema ${schema}`);
  return { handle: connect(PG_URL, { schema, poolMax }), dropSchema: () => admin(`drop schema ${schema} cascade`) };
}

/** Names of the databases the harness makes on PostgreSQL: `pt_` templates, `ph_` harnesses, each with its birth time (base 36 ms). */
const DB_NAME = /^p[th]_([0-9a-z]+)_[0-9a-f]+$/;
const STALE_MS = 3 * 3600_000;

async function pgAdmin<T>(f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

const pgDatabaseName = (kind: 't' | 'h') => `p${kind}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

function pgUrlOf(database: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Databases left by a test process that was killed (older than any run): dropped when a process makes its template. */
async function dropStaleDatabases(c: pg.Client): Promise<void> {
  const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname ~ '^p[th]_'`);
  for (const { datname } of rows) {
    const born = parseInt(DB_NAME.exec(datname)?.[1] ?? '', 36);
    if (Number.isFinite(born) && Date.now() - born > STALE_MS)
      await c.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
  }
}

/**
 * Drops a harness's database once nothing is connected to it. Never by force: a connection a test left open (a second
 * node's pool, a listener) would get "terminating connection due to administrator command" as an uncaught error in
 * whatever test runs next. One still connected after 5 s is left for the stale sweep of a later run.
 */
async function dropDatabase(database: string): Promise<void> {
  await pgAdmin(async (c) => {
    for (const end = Date.now() + 5_000; ;) {
      try {
        await c.query(`drop database if exists ${database}`);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== '55006' || Date.now() > end) return; // 55006: still in use
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
}

type Template = { kind: 'postgres'; database: string } | { kind: 'sqlite'; image: Buffer };
const templates = new Map<boolean, Promise<Template>>();

/** This process's migrated and seeded starting point (with or without the sandbox aggregator's catalogue). */
function template(sandbox: boolean): Promise<Template> {
  let t = templates.get(sandbox);
  if (!t) {
    t = (async (): Promise<Template> => {
      if (!usePostgres) {
        const handle = connect(':memory:');
        await migrate(handle);
        await seed(handle.db, Date.now(), { sandbox });
        const image = handle.serialize!();
        await handle.close();
        return { kind: 'sqlite', image };
      }
      const database = pgDatabaseName('t');
      await pgAdmin(async (c) => {
        await dropStaleDatabases(c);
        await c.query(`create database ${database}`);
      });
      const handle = connect(pgUrlOf(database), { poolMax: 2 });
      await migrate(handle);
      await seed(handle.db, Date.now(), { sandbox });
      await handle.close(); // a template may have no connection while it is copied
      return { kind: 'postgres', database };
    })();
    templates.set(sandbox, t);
  }
  return t;
}

/** A migrated and seeded database of the engine under test, a copy of this process's template; `drop` removes it after the handle is closed. */
export async function migratedDatabase(
  sandbox: boolean,
  poolMax = 5,
): Promise<{ handle: DbHandle; url: string | null; drop(): Promise<void> }> {
  const t = await template(sandbox);
  if (t.kind === 'sqlite') return { handle: connect(':memory:', { image: t.image }), url: null, drop: async () => undefined };
  const database = pgDatabaseName('h');
  await pgAdmin((c) => c.query(`create database ${database} template ${t.database}`));
  const url = pgUrlOf(database);
  return {
    handle: connect(url, { poolMax }),
    url,
    drop: () => dropDatabase(database),
  };
}

export async function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ':memory:',
    SANDBOX_DELAY_MS: '0',
    LOG_LEVEL: 'silent',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  // As main.ts: the sandbox aggregator's catalogue only with sandbox providers.
  const { handle, url: databaseUrl, drop } = await migratedDatabase(config.providers === 'sandbox');
  const s = await createServices(config, handle, { rateLimitPrefix: `test-${randomBytes(6).toString('hex')}` });
  const app = await buildApp(s, { logger: false });
  await app.ready();
  const uuid = randomUUID();

  const call: Harness['call'] = async (path, body = {}, o = {}) => {
    const siteCode = o.site === undefined ? 7000 : o.site;
    const site = s.sites.get(Number(siteCode ?? 7000));
    const ip = o.ip ?? '127.0.0.1';
    const headers: Record<string, string> = {
      'content-type': o.contentType ?? 'application/json',
      [HEADERS.CLIENT]: 'web',
      [HEADERS.VERSION]: '1.0.0',
      [HEADERS.UUID]: o.uuid ?? uuid,
      [HEADERS.REQUEST_ID]: randomUUID(),
    };
    if (siteCode !== null) headers[HEADERS.SITE_ID] = String(siteCode);
    if (o.token) headers[HEADERS.TOKEN] = o.token;
    if (!o.noTs && site) headers[HEADERS.TS_TOKEN] = await makeTsToken(site.clientKey, ip);
    Object.assign(headers, o.headers ?? {});
    const method = o.method ?? 'POST';
    if (method === 'GET') delete headers['content-type'];
    const res = await app.inject({
      method,
      url: path,
      headers,
      remoteAddress: o.remoteAddress ?? ip,
      ...(method === 'POST' ? { payload: o.rawBody ?? JSON.stringify(body) } : {}),
    });
    const json = res.json() as Envelope<any>;
    const out = { ...json, http: res.statusCode } as Envelope<any> & { http: number; res: LightMyRequestResponse };
    Object.defineProperty(out, 'res', { value: res, enumerable: false });
    return out;
  };

  const outbox: Harness['outbox'] = (f = {}) => s.outbox.list({ ...f, limit: 50 });

  const h: Harness = {
    app,
    s,
    config,
    databaseUrl,
    uuid,
    call,
    outbox,
    async imageCaptcha(ktype, site = 7000) {
      const r = await call('/site/api/v1/user/register/defaultKaptcha', { ktype }, { site });
      const codeId = r.data['x-code'] as string;
      const e = (await outbox({ kind: 'captcha-image' })).find((x) => x.codeId === codeId)!;
      return { kaptchcate: 1, codeId, code: e.code! };
    },
    async sliderCaptcha(ktype, site = 7000) {
      const c = await call('/site/api/v1/user/member/geeChallenge', { ktype }, { site });
      const e = (await outbox({ kind: 'captcha-slider' })).find((x) => x.codeId === c.data.lot_number)!;
      const v = await call(
        '/site/api/v1/user/member/validateGeeCheck',
        {
          lot_number: c.data.lot_number,
          captcha_output: sliderOutput(Number(e.code), 800),
          pass_token: c.data.pass_token,
          gen_time: c.data.gen_time,
          validate_way: 0,
        },
        { site },
      );
      return v.data;
    },
    async register(name, password, o = {}) {
      const cap = await h.imageCaptcha(1, Number(o.site ?? 7000));
      return call(
        '/site/api/v1/user/register',
        { name, password: md5(password), secondPassword: md5(password), ...cap, domain: 'http://localhost/' },
        o,
      );
    },
    async login(name, password, o = {}) {
      const cap = await h.sliderCaptcha(4, Number(o.site ?? 7000));
      return call('/site/api/v1/user/login', { isAgent: 0, name, password: md5(password), version: '1.0', ...cap }, o);
    },
    async member(name = uniqueName(), password = 'Abc12345xy', o = {}) {
      const r = await h.register(name, password, o);
      if (r.status_code !== 6000) throw new Error(`register failed: ${JSON.stringify(r)}`);
      const l = await call(
        '/site/api/v1/user/login',
        { isAgent: 0, name, password: md5(password), version: '1.0', kaptchcate: 99, codeId: r.data.codeId, code: r.data.code },
        o,
      );
      if (l.status_code !== 6000) throw new Error(`auto-login failed: ${JSON.stringify(l)}`);
      return { token: l.data.token, userId: l.data.userId, name, password };
    },
    async lastCode(to) {
      const e = (await outbox({ to })).find((x) => x.kind === 'sms' || x.kind === 'email' || x.kind === 'voice');
      if (!e?.code) throw new Error(`no code sent to ${to}`);
      return e.code;
    },
    async count(table) {
      const r = await handle.db
        .selectFrom(table as 'members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async close() {
      await app.close();
      await s.close();
      await drop();
    },
  };
  return h;
}
