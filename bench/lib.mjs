/**
 * Shared pieces of the benchmarks (bench/api.mjs, wallet.mjs, sport.mjs, casino.mjs): the contract's codecs
 * bundled for plain Node, the built server as a child process on 127.0.0.1, API calls with the §7 headers
 * (one simulated player per X-Forwarded-For address, TRUST_PROXY=1), member sign-up, deposit and venue
 * entry through the API, autocannon runs alternated with the bare insert route, ledger:verify on the
 * stopped server's database and the summary table. Everything talks to 127.0.0.1 only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { serverLaunch } from '../scripts/serverProcess.mjs';

export const root = new URL('..', import.meta.url).pathname;
export const HOST = '127.0.0.1';
export const md5 = (s) => createHash('md5').update(s).digest('hex');
export const log = (...a) => console.log('[bench]', ...a);

/** A temporary work directory, removed when the process exits. */
export function workDir(prefix = 'portal-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The contract's own codecs (TypeScript source) bundled for this plain-Node script. */
export function loadContract(work) {
  return loadTs(
    work,
    'contract',
    'packages/contract/src',
    "export { makeTsToken } from './crypto.ts'; export { HEADERS } from './headers.ts'; export { LIMITS } from './limits.ts';",
  );
}

/** A workspace package's TypeScript (`contents`, an ES module resolved in `dir` under the root) bundled for plain Node and imported. */
export async function loadTs(work, name, dir, contents) {
  const out = join(work, `${name}.mjs`);
  await build({
    stdin: { contents, resolveDir: join(root, dir), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    logLevel: 'warning',
  });
  return import(pathToFileURL(out).href);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Server child processes: every one started here is SIGKILLed if the bench exits without stopping it.

const children = new Set();
const alive = (c) => c.exitCode === null && c.signalCode === null;
process.on('exit', () => {
  for (const c of children)
    if (alive(c)) {
      try {
        c.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    }
});

/** SIGTERM every running server (graceful shutdown). */
export function killServers() {
  for (const c of children)
    if (alive(c)) {
      try {
        c.kill('SIGTERM');
      } catch {
        /* already gone */
      }
    }
}

/** Stop one server gracefully and wait for it to exit (SIGKILL after `graceMs`). */
export async function stopServer(child, graceMs = 10_000) {
  if (!child || !alive(child)) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (alive(child)) child.kill('SIGKILL');
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/** Wait for every server still running to exit (at most `ms`). */
export async function waitServers(ms = 5000) {
  const running = [...children].filter(alive);
  if (!running.length) return;
  await Promise.race([
    Promise.all(running.map((c) => new Promise((r) => c.once('exit', r)))),
    new Promise((r) => setTimeout(r, ms).unref()),
  ]);
}

/** Start apps/server/dist/main.js with exactly `env` (see scripts/serverProcess.mjs); resolves once listening. */
export async function startServer(env) {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run node scripts/build.mjs first`);
  const launch = serverLaunch(env);
  const child = spawn(process.execPath, launch.args, {
    cwd: root,
    env: launch.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.stderr.on('data', (d) => process.stderr.write(`[server] ${d}`));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 30 s')), 30_000);
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      if (buf.includes('listening on http://')) {
        clearTimeout(timer);
        resolve();
      }
      if (buf.length > 65536) buf = buf.slice(-4096);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening`));
    });
  });
  return child;
}

/** CPU time (user + system) a process has used so far, in ms (from /proc; 10 ms resolution). */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return kb / 1024;
}

// ---------------------------------------------------------------------------------------------------
// API calls (fetch, 127.0.0.1 only).

export function must(env, what) {
  if (env.status_code !== 6000) throw new Error(`${what} failed: ${JSON.stringify(env).slice(0, 300)}`);
  return env.data;
}

/** A client of one server: the §7 headers, each site's timestamp-token key, member sign-up, simulated players. */
export function apiClient(C, base) {
  const uuid = randomBytes(16).toString('hex');
  const clientKeys = new Map();

  function headersFor(site, ip, token, tsToken) {
    const h = {
      'content-type': 'application/json',
      [C.HEADERS.CLIENT]: 'web',
      [C.HEADERS.VERSION]: '1.0.0',
      [C.HEADERS.UUID]: uuid,
      [C.HEADERS.SITE_ID]: String(site),
    };
    if (ip) h['x-forwarded-for'] = ip;
    if (token) h[C.HEADERS.TOKEN] = token;
    if (tsToken) h[C.HEADERS.TS_TOKEN] = tsToken;
    return h;
  }

  async function call(path, body, { site, ip = null, token = null, headers = {} }) {
    const key = clientKeys.get(site);
    const ts = key ? await C.makeTsToken(key, ip ?? HOST) : null;
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { ...headersFor(site, ip, token, ts), ...headers },
      body: JSON.stringify(body),
    });
    const env = await res.json();
    return { http: res.status, ...env };
  }

  /** Register (image captcha answered from /dev/outbox) and auto-login; `ip` is the player's address. */
  async function createMember(site, { ip = null, password: plain = 'Bench2024xy!' } = {}) {
    const pre = must(await call('/site/api/v1/configuration/preInfo', {}, { site, ip }), 'preInfo');
    clientKeys.set(site, pre.siteBaseConfig.clientKey);
    const cap = must(await call('/site/api/v1/user/register/defaultKaptcha', { ktype: 1 }, { site, ip }), 'image captcha');
    const outbox = await (await fetch(`${base}/dev/outbox?kind=captcha-image&limit=50`)).json();
    const entry = outbox.data.find((e) => e.codeId === cap['x-code']);
    if (!entry) throw new Error('captcha answer not found in /dev/outbox (is the server in sandbox mode?)');
    const name = `bn${randomBytes(3).toString('hex').replace(/^\d/, 'a')}x1`.slice(0, 11);
    const password = md5(plain);
    const reg = must(
      await call(
        '/site/api/v1/user/register',
        {
          name,
          password,
          secondPassword: password,
          kaptchcate: 1,
          codeId: entry.codeId,
          code: entry.code,
          domain: base + '/',
        },
        { site, ip },
      ),
      'register',
    );
    const login = must(
      await call(
        '/site/api/v1/user/login',
        {
          isAgent: 0,
          name,
          password,
          version: '1.0',
          kaptchcate: 99,
          codeId: reg.codeId,
          code: reg.code,
        },
        { site, ip },
      ),
      'auto-login',
    );
    // BENCH_LIMITS=1: members with loss and wager limits (far above what a run stakes), so every bet and transfer
    // takes the eligibility check's protected path (settings snapshot, hourly windows, open stakes).
    if (process.env.BENCH_LIMITS === '1')
      for (const kind of ['loss', 'wager'])
        must(
          await call('/site/api/v1/protection/setLimit', { kind, period: 'month', amount: '90000000' }, { site, ip, token: login.token }),
          'setLimit',
        );
    return { name, password, token: login.token, userId: login.userId };
  }

  /**
   * `n` simulated players: distinct loopback addresses (127.<octet>.x.y), each with a fresh timestamp token,
   * so the per-IP budget (API_PER_IP_PER_MIN) never bites whatever the request rate. Needs the site's key
   * (a member created first).
   */
  async function players(site, n, octet) {
    const key = clientKeys.get(site);
    const out = [];
    for (let i = 0; i < n; i++) {
      const ip = `127.${octet}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      out.push({ ip, ts: await C.makeTsToken(key, ip) });
    }
    return out;
  }

  /**
   * A member i of `site` (address 127.<octet>.x.y) who deposited `amount` yuan through the real flow (the
   * sandbox pay page), moved it all into `channel` by the venue transfer and launched `gameCode`:
   * answers the member with `ip` and the venue token.
   */
  async function venueMember(site, i, { amount, channel, gameCode, runId, octet = 70 }) {
    const ip = `127.${octet}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const m = await createMember(site, { ip });
    const order = must(
      await call(
        '/fd/api/v1/payment/pay',
        { channelId: 'bank', amount },
        { site, ip, token: m.token, headers: { [C.HEADERS.IDEMPOTENCY_KEY]: `dep-${runId}-${i}` } },
      ),
      'payment/pay',
    );
    if ((await fetch(`${base}/sandbox/pay/${order.orderNo}/pay`, { method: 'POST' })).status !== 200)
      throw new Error('sandbox pay page failed');
    for (let t = 0; ; t++) {
      const s = must(
        await call('/fd/api/v1/payment/getDepositOrderStatus', { orderNo: order.orderNo }, { site, ip, token: m.token }),
        'order status',
      );
      if (s.status === 'paid') break;
      if (t > 100) throw new Error('deposit not paid after 5 s');
      await sleep(50);
    }
    must(
      await call(
        '/fd/api/v1/transfer/utcTransfer',
        { channelCode: channel, amount, ty: 1 },
        { site, ip, token: m.token, headers: { [C.HEADERS.IDEMPOTENCY_KEY]: `in-${runId}-${i}` } },
      ),
      `transfer to ${channel}`,
    );
    const launch = must(await call('/game/api/v1/launch', { enName: channel, gameCode }, { site, ip, token: m.token }), 'launch');
    return { ...m, ip, venueToken: launch.data.token };
  }

  return { uuid, clientKeys, headersFor, call, createMember, players, venueMember };
}

/** `n` at a time until `count` jobs ran; answers the seconds taken. */
export async function pool(count, concurrency, fn) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await fn(next++);
    }),
  );
  return (performance.now() - t0) / 1000;
}

// ---------------------------------------------------------------------------------------------------
// Load: autocannon runs, alternated with the bare insert route (BENCH_BARE_ROUTE=1).

export const BARE_INSERT_PATH = '/bench/insert';
const bareOk = (b) => b === '{"ok":true}';

/** The bare route's request (one single-row INSERT transaction), from one simulated player of `site`. */
export async function bareInsertRequests(C, client, site) {
  const ip = '127.71.0.1';
  const headers = client.headersFor(site, ip, null, await C.makeTsToken(client.clientKeys.get(site), ip));
  return [{ method: 'POST', path: BARE_INSERT_PATH, body: '{}', headers }];
}

/**
 * One autocannon run of `seconds` over `connections`; answers not passing `verify` are counted as
 * mismatches (the first 3 kept in `sample`); `cpuMs` is the server process's CPU time (user + system) used meanwhile.
 */
export async function cannon(base, { requests, verify, seconds, connections, sample, pid }) {
  const cpu0 = cpuMs(pid);
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests,
    verifyBody: (body) => {
      const ok = verify(body);
      if (!ok && sample.length < 3) sample.push(body.slice(0, 200));
      return ok;
    },
  });
  return { ...cannonFigures(result), cpuMs: cpuMs(pid) - cpu0 };
}

/** Server CPU per answered request in µs: unlike req/s, hardly moved by other work on a shared machine. */
export const cpuPerRequest = (r) => (r.total ? (r.cpuMs * 1000) / r.total : NaN);

export const describeRun = (r) =>
  `${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, server CPU ${cpuPerRequest(r).toFixed(0)} µs/request (${r.total} requests, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}, other answers ${r.mismatches})`;

/**
 * Part A (`requestsA(label)`, each answer checked by `verifyA`) against the bare insert route: a warm-up
 * of each, then `rounds` alternated parts (A, B, A, B, …) sharing `seconds`. Answers A and B combined,
 * A's ratio in each pair (`a.partRatios`) and A's mean money steps per SQLite group commit (`a.perCommit`).
 */
export async function alternateWithBare(base, o) {
  const { C, client, site, label, requestsA, verifyA, rounds, seconds, warmupS, connections, pid, samples } = o;
  const bare = await bareInsertRequests(C, client, site);
  const run = (requests, verify, secs, sample) => cannon(base, { requests, verify, seconds: secs, connections, sample, pid });
  await run(requestsA('w'), verifyA, warmupS, samples.a);
  await run(bare, bareOk, warmupS, samples.b);
  const parts = { a: [], b: [] };
  const batches = { commits: 0, steps: 0 };
  const partS = seconds / rounds;
  for (let round = 0; round < rounds; round++) {
    log(`${label}, ${connections} connections, ${partS} s (part ${round + 1}/${rounds})`);
    const g0 = await groupCommits(base);
    parts.a.push(await run(requestsA(`p${round}`), verifyA, partS, samples.a));
    const g1 = await groupCommits(base);
    batches.commits += g1.commits - g0.commits;
    batches.steps += g1.steps - g0.steps;
    log(`bare insert route, ${connections} connections, ${partS} s (part ${round + 1}/${rounds})`);
    parts.b.push(await run(bare, bareOk, partS, samples.b));
  }
  const a = combine(parts.a, partS);
  a.partRatios = partRatios(parts.a, parts.b);
  a.perCommit = batches.steps / batches.commits;
  return { a, b: combine(parts.b, partS) };
}

/** `ops.js ledger:verify` on the (stopped) server's database. */
export function ledgerVerify(env) {
  const r = spawnSync(process.execPath, [join(root, 'apps/server/dist/ops.js'), 'ledger:verify'], {
    cwd: root,
    env: { ...env, PORT: '0' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  return { ok: r.status === 0, code: r.status, out };
}

// ---------------------------------------------------------------------------------------------------
// Summary table.

export function printSummary(name, rows) {
  const w = Math.max(...rows.map((r) => r.name.length));
  const title = `==================== ${name} summary ====================`;
  console.log(`\n${title}`);
  for (const r of rows) {
    const verdict = r.pass === null ? '' : r.pass ? 'PASS' : 'MISS';
    console.log(
      `${r.name.padEnd(w)}  ${String(r.value).padStart(10)}  ${r.target.padEnd(9)}  ${verdict.padEnd(4)}${r.note ? '  ' + r.note : ''}`,
    );
  }
  console.log('='.repeat(title.length));
}

/** The figures of one autocannon run that the benches report. */
export function cannonFigures(result) {
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches ?? 0,
  };
}

/** Parts of one measurement (each `secondsPerPart` long): req/s over the whole time, the worse p99, summed counts. */
/**
 * The ratio of each alternated pair of parts (A part i ÷ B part i, same length): on a machine others
 * share, their spread shows how far one run's overall ratio can be trusted.
 */
export function partRatios(a, b) {
  return a.map((p, i) => (b[i]?.total ? p.total / b[i].total : 0));
}

export function combine(parts, secondsPerPart) {
  const seconds = parts.length * secondsPerPart;
  const sum = (k) => parts.reduce((a, p) => a + p[k], 0);
  const r = {
    rps: sum('total') / seconds,
    p99: Math.max(...parts.map((p) => p.p99)),
    total: sum('total'),
    cpuMs: sum('cpuMs'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    mismatches: sum('mismatches'),
  };
  r.other = r.non2xx + r.errors + r.timeouts + r.mismatches;
  return r;
}

/** The server's SQLite group-commit counters from /metrics: { commits, steps } since it started. */
export async function groupCommits(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name) => Number(text.match(new RegExp(`^${name} (\\d+(?:\\.\\d+)?)$`, 'm'))?.[1] ?? NaN);
  return { commits: read('portal_db_group_commits_total'), steps: read('portal_db_group_commit_steps_total') };
}

// ---------------------------------------------------------------------------------------------------
// A bench process's guard and its server's environment (bench/fishing.mjs; the older benches spell them out).

/** SIGINT/SIGTERM stop the servers; past `hardLimitMs` the run is stopped (`cleanup()` first, e.g. a schema dropped). */
export function guardRun(hardLimitMs, cleanup = () => undefined) {
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.on(sig, () => {
      killServers();
      process.exit(130);
    });
  setTimeout(() => {
    console.error('[bench] over the time limit: stopping');
    killServers();
    void waitServers()
      .then(() => cleanup())
      .finally(() => process.exit(2));
  }, hardLimitMs).unref();
}

/** The bench server's environment: 127.0.0.1:`port`, its own data directory, sandbox providers, the bare routes, no Redis. */
export function benchEnv(port, dataDir, databaseUrl = null) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    TRUST_PROXY: '1',
    BENCH_BARE_ROUTE: '1',
    PROVIDERS: 'sandbox',
    SANDBOX_DELAY_MS: '0',
    SANDBOX_FAIL_RATE: '0',
    SANDBOX_LOST_ANSWER_RATE: '0',
  };
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/**
 * A fresh PostgreSQL schema in DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) for one half of a
 * benchmark: answers the server's DATABASE_URL (search_path set) and `drop`; null when PostgreSQL is unreachable.
 */
export async function pgSchema(prefix) {
  const { default: pg } = await import('pg');
  const base =
    process.env.DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL)
      ? process.env.DATABASE_URL
      : 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (q) => {
    const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  try {
    await admin(`create schema ${schema}`);
  } catch (e) {
    log(`PostgreSQL at ${base} is unreachable (${e instanceof Error ? e.message : e}): skipping its half`);
    return null;
  }
  const u = new URL(base);
  u.searchParams.set('options', `-c search_path=${schema}`);
  log(`PostgreSQL: schema ${schema} in ${base}`);
  return { url: u.toString().replace(/\+/g, '%20'), drop: () => admin(`drop schema if exists ${schema} cascade`) };
}
