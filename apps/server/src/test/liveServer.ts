/**
 * The built server (apps/server/dist/main.js) as a child process on 127.0.0.1, for the crash tests
 * (ledger/crash.test.ts, modules/casino/crash.test.ts): a fresh database (SQLite in a temp DATA_DIR, or with
 * DB=postgres a fresh schema of DATABASE_TEST_URL, dropped by `close`), start / SIGKILL / restart on the same
 * database, API calls with the §7 headers, member sign-up and deposits through the real flow.
 */
import { yuan } from '@portal/rules';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { HEADERS, makeTsToken } from '@portal/contract';
import { connect, type DbHandle } from '../db/connect.ts';

const MAIN = resolve(import.meta.dirname, '../../dist/main.js');
const PG_URL = process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const usePostgres = process.env.DB === 'postgres';
export const md5 = (s: string) => createHash('md5').update(s).digest('hex');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export { yuan };

export interface Member {
  name: string;
  token: string;
  userId: string;
  ip: string;
}
export interface Envelope {
  status_code: number;
  data: any;
  message: string;
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

export function ok<T = any>(r: { status_code: number; data: T }, what: string): T {
  if (r.status_code !== 6000) throw new Error(`${what}: ${JSON.stringify(r).slice(0, 300)}`);
  return r.data;
}

/** One server's database and process; `env` overrides the server's environment (sandbox providers by default). */
export class LiveServer {
  server: ChildProcess | null = null;
  base = '';
  private clientKey = '';
  private readonly uuid = randomBytes(16).toString('hex');
  private readonly work = mkdtempSync(join(tmpdir(), 'portal-crash-'));
  private schema: string | null = null;
  databaseUrl = '';
  /** How long start() waits for the server to listen (the multi-node test restarts a node on a busy box). */
  startTimeoutMs = 30_000;

  constructor(
    readonly site: number,
    private readonly env: Record<string, string> = {},
  ) {}

  /** A fresh database: a temp SQLite file, or a new PostgreSQL schema. */
  async prepare(): Promise<void> {
    if (usePostgres) {
      this.schema = `t_crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create schema ${this.schema}`);
      await admin.end();
      const u = new URL(PG_URL);
      u.searchParams.set('options', `-c search_path=${this.schema}`);
      this.databaseUrl = u.toString().replace(/\+/g, '%20');
    } else {
      this.databaseUrl = join(this.work, 'data', 'portal.sqlite');
    }
  }

  /** A connection of the test's own to the server's database. */
  connect(): DbHandle {
    return usePostgres ? connect(PG_URL, { schema: this.schema!, poolMax: 2 }) : connect(this.databaseUrl);
  }

  /** SIGKILL the server if it still runs, drop the PostgreSQL schema, remove the temp directory. */
  async close(): Promise<void> {
    const s = this.server;
    if (s && s.exitCode === null && s.signalCode === null) {
      s.kill('SIGKILL');
      await exited(s);
    }
    if (this.schema) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${this.schema} cascade`);
      await admin.end();
    }
    rmSync(this.work, { recursive: true, force: true });
  }

  private serverEnv(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(this.work, 'data'),
      DATABASE_URL: this.databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      TRUST_PROXY: '1',
      PROVIDERS: 'sandbox',
      ...this.env,
    };
    if (!this.env.REDIS_URL) delete env.REDIS_URL; // the multi-node test (cluster.pgredis.test.ts) gives its nodes Redis
    delete env.BENCH_BARE_ROUTE;
    return env;
  }

  /** Start the built server on the database; resolves once it listens. */
  async start(): Promise<void> {
    if (!existsSync(MAIN))
      throw new Error(`${MAIN} is missing: the crash tests run the built server — run \`node scripts/build.mjs\` first`);
    const child = spawn(process.execPath, ['--enable-source-maps', MAIN], { env: this.serverEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    this.server = child;
    let errors = '';
    child.stderr!.on('data', (d) => {
      errors = (errors + d).slice(-4000);
    });
    this.base = await new Promise<string>((res, rej) => {
      const timer = setTimeout(
        () => rej(new Error(`server did not start within ${this.startTimeoutMs} ms: ${errors}`)),
        this.startTimeoutMs,
      );
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          res(`http://127.0.0.1:${m[1]}`);
        }
      });
      child.once('exit', (code, sig) => {
        clearTimeout(timer);
        rej(new Error(`server exited (${code ?? sig}) before listening: ${errors}`));
      });
    });
  }

  /** Stop the server with `signal` and wait for it to exit. */
  async stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const s = this.server!;
    s.kill(signal);
    await exited(s);
  }

  async call(path: string, body: unknown, o: { token?: string; ip: string; key?: string }): Promise<Envelope> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [HEADERS.CLIENT]: 'web',
      [HEADERS.VERSION]: '1.0.0',
      [HEADERS.UUID]: this.uuid,
      [HEADERS.SITE_ID]: String(this.site),
      'x-forwarded-for': o.ip,
    };
    if (this.clientKey) headers[HEADERS.TS_TOKEN] = await makeTsToken(this.clientKey, o.ip);
    if (o.token) headers[HEADERS.TOKEN] = o.token;
    if (o.key) headers[HEADERS.IDEMPOTENCY_KEY] = o.key;
    const res = await fetch(this.base + path, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
    return res.json() as Promise<Envelope>;
  }

  /** Register (image captcha answered from /dev/outbox) and auto-login, from address `ip`. */
  async createMember(i: number, ip: string): Promise<Member> {
    if (!this.clientKey)
      this.clientKey = ok(await this.call('/site/api/v1/configuration/preInfo', {}, { ip }), 'preInfo').siteBaseConfig.clientKey;
    const cap = ok(await this.call('/site/api/v1/user/register/defaultKaptcha', { ktype: 1 }, { ip }), 'captcha');
    const outbox = (await (await fetch(`${this.base}/dev/outbox?kind=captcha-image&limit=50`)).json()) as {
      data: Array<{ codeId: string; code: string }>;
    };
    const entry = outbox.data.find((e) => e.codeId === cap['x-code']);
    if (!entry) throw new Error('captcha answer not in /dev/outbox');
    const name = `cr${randomBytes(3).toString('hex')}x${i}`.slice(0, 11);
    const password = md5('Crash2024xy!');
    const reg = ok(
      await this.call(
        '/site/api/v1/user/register',
        { name, password, secondPassword: password, kaptchcate: 1, codeId: entry.codeId, code: entry.code, domain: `${this.base}/` },
        { ip },
      ),
      'register',
    );
    const login = ok(
      await this.call(
        '/site/api/v1/user/login',
        { isAgent: 0, name, password, version: '1.0', kaptchcate: 99, codeId: reg.codeId, code: reg.code },
        { ip },
      ),
      'auto-login',
    );
    return { name, token: login.token, userId: login.userId, ip };
  }

  /** A deposit through the real flow: the order, then the sandbox pay page's pay button (the provider calls back). */
  async deposit(m: Member, fen: number): Promise<string> {
    const order = ok(
      await this.call(
        '/fd/api/v1/payment/pay',
        { channelId: 'bank', amount: yuan(fen) },
        { token: m.token, ip: m.ip, key: `dep-${randomBytes(8).toString('hex')}` },
      ),
      'pay',
    );
    const r = await fetch(`${this.base}/sandbox/pay/${order.orderNo}/pay`, { method: 'POST' });
    if (r.status !== 200) throw new Error(`sandbox pay page: HTTP ${r.status}`);
    return order.orderNo as string;
  }

  async waitPaid(m: Member, orderNo: string): Promise<void> {
    for (let t = 0; t < 200; t++) {
      const s = ok(await this.call('/fd/api/v1/payment/getDepositOrderStatus', { orderNo }, { token: m.token, ip: m.ip }), 'order status');
      if (s.status === 'paid') return;
      await sleep(50);
    }
    throw new Error(`deposit ${orderNo} not paid after 10 s`);
  }
}

// --- Request bodies of the multi-node workload (cluster.pgredis.test.ts and bench/cluster.mjs).

/** A game of the sportsbook's `games` answer, as far as the workload reads it. */
export interface SportGame {
  gameId: string;
  team_h: string;
  team_c: string;
  markets: { type: string; selections: { w: string; r: string }[] }[];
}

/** The pre-match selections (correct scores left out) of a `games` answer, as bet items. */
export function sportSelections(list: SportGame[]) {
  return list.flatMap((g) =>
    g.markets
      .filter((mk) => mk.type !== 'CS')
      .flatMap((mk) => mk.selections)
      .map((x) => ({
        gameInfo: { gameId: g.gameId, team_h: g.team_h, team_c: g.team_c },
        playInfo: { w: x.w },
        oddInfo: { r: x.r, gameId: g.gameId },
      })),
  );
}

/** A venue resource call's body: `method` on `enName` with the venue token and the member's address. */
export function resourceBody(method: string, enName: string, m: { ip: string }, token: string, extra: Record<string, unknown>) {
  return { method, enName, Request: { timestamp: Date.now(), token, langx: 'zh-cn', remoteip: m.ip, ...extra } };
}

/** A '1.00' spin of the house slot H5001 (CRDZ) with its idempotency key. */
export const spinBody = (m: { venueToken: string; ip: string }, key: string) =>
  resourceBody('spin', 'crdz', m, m.venueToken, { gameCode: 'H5001', bet: '1.00', idempotencyKey: key });

/** A '10' pre-match single on the house sportsbook (CRTY) with its idempotency key. */
export const sportBetBody = (m: { sportToken: string; ip: string }, key: string, item: unknown) =>
  resourceBody('bet', 'CRTY', m, m.sportToken, { mode: 'single', items: [item], stake: '10', idempotencyKey: key });
