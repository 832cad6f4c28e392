/**
 * Test harness: a real app on a real database — SQLite in memory by default, PostgreSQL when DB=postgres
 * (each harness in its own schema of DATABASE_TEST_URL, dropped afterwards) — and Redis-backed rate
 * limits when REDIS_URL is set. Calls go through app.inject with the §7 headers, like the web client.
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

export async function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ':memory:',
    SANDBOX_DELAY_MS: '0',
    LOG_LEVEL: 'silent',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const { handle, dropSchema } = await emptyDatabase();
  await migrate(handle);
  // As main.ts: the sandbox aggregator's catalogue only with sandbox providers.
  await seed(handle.db, Date.now(), { sandbox: config.providers === 'sandbox' });
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
      await dropSchema();
    },
  };
  return h;
}
