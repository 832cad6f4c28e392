#!/usr/bin/env node
/**
 * Statements per money step on PostgreSQL (profiling aid, not a benchmark): starts the built server on a fresh
 * schema with `log_statement=all` for its own sessions only, funds one member through the API, then runs
 * STEPS venue transfers (central → SBZR) one at a time between marker statements, and prints how many
 * statements PostgreSQL received per transfer and which (from the server log, pids of this server's sessions).
 * Needs read access to the PostgreSQL log (PG_LOG, default /var/log/postgresql/postgresql-15-main.log).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { HOST, apiClient, freePort, killServers, loadContract, log, must, startServer, stopServer, workDir } from './lib.mjs';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_LOG = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const STEPS = Number(process.env.STEPS ?? 3);
const SITE = 7001;
const work = workDir('portal-pgprof-');
const C = await loadContract(work);
const schema = `prof_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create schema ${schema}`);
const u = new URL(PG_URL);
u.searchParams.set('options', `-c search_path=${schema}${process.env.LAT ? '' : ' -c log_statement=all'} -c application_name=${schema}`);
const port = await freePort();
const base = `http://${HOST}:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  HOST,
  DATA_DIR: work,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  TRUST_PROXY: '1',
  BENCH_BARE_ROUTE: '1',
  PROVIDERS: 'sandbox',
  SANDBOX_DELAY_MS: '0',
  SANDBOX_FAIL_RATE: '0',
  SANDBOX_LOST_ANSWER_RATE: '0',
  DATABASE_URL: u.toString().replace(/\+/g, '%20'),
};
delete env.REDIS_URL;
if (process.env.PROF_REDIS) env.REDIS_URL = process.env.PROF_REDIS;
const child = await startServer(env);
try {
  const client = apiClient(C, base);
  const ip = '127.90.0.1';
  const m = await client.createMember(SITE, { ip });
  const order = must(
    await client.call(
      '/fd/api/v1/payment/pay',
      { channelId: 'bank', amount: '5000' },
      { site: SITE, ip, token: m.token, headers: { [C.HEADERS.IDEMPOTENCY_KEY]: `dep-${schema}` } },
    ),
    'pay',
  );
  await fetch(`${base}/sandbox/pay/${order.orderNo}/pay`, { method: 'POST' });
  await new Promise((r) => setTimeout(r, 1500));
  const what = process.env.PROF_PATH ?? '/fd/api/v1/transfer/utcTransfer';
  const body = JSON.parse(process.env.PROF_BODY ?? '{"channelCode":"SBZR","amount":"1.00","ty":1}');
  for (let i = 0; i < STEPS; i++) {
    const start = statSync(PG_LOG).size;
    await new Promise((r) => setTimeout(r, 200));
    const t0 = performance.now();
    const r = await client.call(what, body, {
      site: SITE,
      ip,
      token: m.token,
      headers: { [C.HEADERS.IDEMPOTENCY_KEY]: `t-${schema}-${i}` },
    });
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 300));
    const pids = (await admin.query(`select pid from pg_stat_activity where application_name = $1`, [schema])).rows.map((r) => r.pid);
    const text = readFileSync(PG_LOG).subarray(start).toString('utf8');
    if (process.env.PROF_DEBUG) log('pids', pids.join(' '));
    const lines = text.split('\n').filter((l) => /LOG:\s+(statement|execute)/.test(l) && pids.some((p) => l.includes(`[${p}]`)));
    log(`step ${i}: status ${r.status_code} in ${ms.toFixed(1)} ms, ${lines.length} statements`);
    if (i === STEPS - 1 || process.env.PROF_ALL) for (const l of lines) console.log('   ', l.replace(/^.*?LOG:\s+/, '').slice(0, 230));
  }
  // Sequential latency, one request at a time (no queueing: each figure is the step's own round trips and commits),
  // transfers and the bare insert route (BENCH_BARE_ROUTE=1) alternated in blocks, medians compared.
  const LAT = Number(process.env.LAT ?? 0);
  if (LAT > 0) {
    const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const tr = [];
    const bare = [];
    for (let b = 0; b < 4; b++) {
      for (let i = 0; i < LAT / 4; i++) {
        const t0 = performance.now();
        const r = await client.call(what, body, {
          site: SITE,
          ip,
          token: m.token,
          headers: { [C.HEADERS.IDEMPOTENCY_KEY]: `l-${schema}-${b}-${i}` },
        });
        if (r.status_code !== 6000) throw new Error(`step answered ${r.status_code}`);
        tr.push(performance.now() - t0);
      }
      for (let i = 0; i < LAT / 4; i++) {
        const t0 = performance.now();
        await fetch(`${base}/bench/insert`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        bare.push(performance.now() - t0);
      }
    }
    log(
      `sequential: step median ${med(tr).toFixed(2)} ms, bare insert median ${med(bare).toFixed(2)} ms, bare ÷ step ${(med(bare) / med(tr)).toFixed(2)} (${LAT} each)`,
    );
  }
} finally {
  await stopServer(child);
  killServers();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}
