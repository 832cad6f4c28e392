#!/usr/bin/env node
/**
 * Wallet benchmark: run by `npm run bench:wallet` after `node scripts/build.mjs`.
 *
 * For SQLite (a fresh DATA_DIR) and then PostgreSQL (a fresh schema in DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, dropped at the end; skipped with a message when unreachable),
 * starts the real server bundle on 127.0.0.1 and prints, from one run on this machine:
 *   - central → venue transfers per second and p99 through the HTTP API (POST transfer/utcTransfer,
 *     SBZR, '1.00', ty 1, a new idempotency key each time; every answer must be 6000 'completed')
 *   - in the same server process, a bare route that runs one single-row INSERT transaction in the
 *     same database (POST /bench/insert, BENCH_BARE_ROUTE=1), and the ratio          target ≥ 0.5 (SQLite)
 *   - the server process's CPU time per request on each side (user + system, from /proc): on a
 *     machine others share, throughput moves with their load and this hardly does (on PostgreSQL
 *     it leaves out the database server's own CPU)
 *   - after stopping the server, `ops.js ledger:verify` on the same database          must be clean
 *     (plus: no transfer left pending, our venue mirrors equal the sandbox venue's books)
 * Each pair is measured in 4 alternating parts (A, B, A, B, …), 10 connections; the summary also prints each
 * pair's ratio, whose spread shows how much others sharing the machine moved the figure.
 *
 * Members are created and funded through the API: register (captcha answer from /dev/outbox) and
 * auto-login, then a deposit (payment/pay, the sandbox pay page's pay button, getDepositOrderStatus
 * until 'paid'). The sandbox venue answers at once (SANDBOX_DELAY_MS=0), never refuses, never loses an
 * answer. Each transfer leases a member nobody else is using (a member has at most one transfer in
 * flight: the per-channel "one pending transfer" rule never answers), and comes from its own simulated
 * player (X-Forwarded-For with TRUST_PROXY=1, its own timestamp token) so the per-IP budget never bites.
 * Bounded in count and time (< 3 min), talks only to 127.0.0.1, and always stops the servers.
 * Exit code: non-zero when a half failed or the books are not clean; a missed ratio is reported, not
 * fatal (as in bench:api).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  HOST,
  apiClient,
  cannonFigures,
  combine,
  cpuMs,
  freePort,
  killServers,
  loadContract,
  log,
  must,
  pool,
  partRatios,
  printSummary,
  root,
  startServer,
  stopServer,
  waitServers,
  workDir,
} from './lib.mjs';

const CONNECTIONS = 10;
/** Seconds of each measurement, split in ROUNDS parts alternated with its counterpart. */
const DURATION_S = 12;
const ROUNDS = 4;
const WARMUP_S = 1;
/** Funded members shared by the connections (more than the connections: a free one is always there). */
const MEMBERS = 30;
/** Each member's deposit (yuan; the bank channel's maximum) and each transfer. */
const DEPOSIT = '50000';
const TRANSFER = '1.00';
const CHANNEL = 'SBZR';
const SITE = 7001;
const TARGET_RATIO = 0.5;
const HARD_LIMIT_MS = 175_000;
const PG_URL =
  process.env.DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL)
    ? process.env.DATABASE_URL
    : 'postgres://postgres@127.0.0.1:5432/test';
const TRANSFER_PATH = '/fd/api/v1/transfer/utcTransfer';
const INSERT_PATH = '/bench/insert';

const work = workDir('portal-bench-wallet-');
const runId = randomBytes(4).toString('hex');

for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    killServers();
    process.exit(130);
  });
let cleanupPg = null;
const hardLimit = setTimeout(async () => {
  console.error('[bench] over the time limit: stopping');
  killServers();
  await cleanupPg?.().catch(() => undefined);
  process.exit(2);
}, HARD_LIMIT_MS);
hardLimit.unref();

let C; // contract exports
const rows = [];
const row = (name, value, target, pass, note = '') => rows.push({ name, value, target, pass, note });

// ---------------------------------------------------------------------------------------------------
// Set-up through the API.

/** Register, log in and fund one member through the real deposit flow. */
async function fundedMember(client, base, i) {
  const ip = `127.50.${Math.floor(i / 250)}.${(i % 250) + 1}`; // registration is limited per address
  const m = await client.createMember(SITE, { ip });
  const order = must(
    await client.call(
      '/fd/api/v1/payment/pay',
      { channelId: 'bank', amount: DEPOSIT },
      { site: SITE, ip, token: m.token, headers: { [C.HEADERS.IDEMPOTENCY_KEY]: `dep-${runId}-${i}` } },
    ),
    'payment/pay',
  );
  const paid = await fetch(`${base}/sandbox/pay/${order.orderNo}/pay`, { method: 'POST' });
  if (paid.status !== 200) throw new Error(`sandbox pay page answered HTTP ${paid.status}`);
  // The provider's notification arrives asynchronously: poll like the wait page does.
  for (let t = 0; t < 100; t++) {
    const s = must(
      await client.call('/fd/api/v1/payment/getDepositOrderStatus', { orderNo: order.orderNo }, { site: SITE, ip, token: m.token }),
      'order status',
    );
    if (s.status === 'paid') return m;
    await sleep(50);
  }
  throw new Error(`deposit ${order.orderNo} not paid after 5 s`);
}

/** Simulated players: distinct loopback addresses, each with a fresh timestamp token (they live 5 min). */
async function players(client, n, octet) {
  const key = client.clientKeys.get(SITE);
  const out = [];
  for (let i = 0; i < n; i++) {
    const ip = `127.${octet}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    out.push(client.headersFor(SITE, ip, null, await C.makeTsToken(key, ip)));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Load.

/** Transfers: each request leases a member no other connection is using and a new idempotency key. */
function transferRequests(members, playerList, prefix) {
  const free = [...members];
  let n = 0;
  return [
    {
      method: 'POST',
      path: TRANSFER_PATH,
      body: JSON.stringify({ channelCode: CHANNEL, amount: TRANSFER, ty: 1 }),
      setupRequest(req, context) {
        const m = free.shift() ?? members[n % members.length];
        context.member = m;
        req.headers = { ...playerList[n % playerList.length], [C.HEADERS.TOKEN]: m.token, [C.HEADERS.IDEMPOTENCY_KEY]: `${prefix}-${n}` };
        n++;
        return req;
      },
      onResponse(_status, _body, context) {
        if (context.member) free.push(context.member);
        context.member = null;
      },
    },
  ];
}

function insertRequests(playerList) {
  let n = 0;
  return [
    {
      method: 'POST',
      path: INSERT_PATH,
      body: '{}',
      setupRequest(req) {
        req.headers = playerList[n++ % playerList.length];
        return req;
      },
    },
  ];
}

const completed = (body) => body.startsWith('{"status_code":6000,') && body.includes('"status":"completed"');

/** One autocannon run; `cpuMs` is the server process's CPU time (user + system) used meanwhile. */
async function cannon(base, requests, verify, seconds, sample, pid) {
  const cpu0 = cpuMs(pid);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
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
const cpuPerRequest = (r) => (r.total ? (r.cpuMs * 1000) / r.total : NaN);

const describe = (r) =>
  `${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, server CPU ${cpuPerRequest(r).toFixed(0)} µs/request (${r.total} requests, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}, other answers ${r.mismatches})`;

// ---------------------------------------------------------------------------------------------------
// After the load, on the stopped server's database.

function ledgerVerify(env) {
  const r = spawnSync(process.execPath, [join(root, 'apps/server/dist/ops.js'), 'ledger:verify'], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  return { ok: r.status === 0, code: r.status, out };
}

/** Transfers by status, and members whose venue mirror in our ledger differs from the sandbox venue's books. */
async function books(engine, target) {
  const q = {
    status: 'select status, count(*) as n from venue_transfers group by status order by status',
    mirrors: `select count(*) as n from (
      select t.member_id, coalesce(a.balance, 0) as ours, coalesce(w.balance, 0) as theirs
      from (select distinct member_id, site_code, channel_code from venue_transfers) t
      left join ledger_accounts a on a.id = 'member:' || t.member_id || ':venue:' || t.channel_code || ':CNY'
      left join sandbox_venue_wallets w on w.channel_code = t.channel_code and w.player = cast(t.site_code as text) || '_' || t.member_id
    ) x where x.ours <> x.theirs`,
  };
  if (engine === 'sqlite') {
    const db = new Database(target, { readonly: true });
    try {
      return { status: db.prepare(q.status).all(), mirrorDiffs: Number(db.prepare(q.mirrors).get().n) };
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: target });
  await c.connect();
  try {
    return { status: (await c.query(q.status)).rows, mirrorDiffs: Number((await c.query(q.mirrors)).rows[0].n) };
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------------------------------------------

async function pgReachable() {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

async function runEngine(engine, databaseUrl) {
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const dataDir = join(work, `data-${engine}`);
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
  delete env.REDIS_URL; // in-memory rate limits, as `npm start` by default
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  log(`${label}: starting apps/server/dist/main.js on ${base}`);
  let child = await startServer(env);
  let verify = null;
  let after = null;
  let transfers;
  let inserts;
  const samples = { transfer: [], insert: [] };
  try {
    const client = apiClient(C, base);
    const probe = await fetch(`${base}${INSERT_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (probe.status !== 200)
      throw new Error(
        `POST ${INSERT_PATH} answered HTTP ${probe.status}: is the BENCH_BARE_ROUTE block of apps/server/src/app.ts in the build?`,
      );

    const t0 = performance.now();
    const members = [];
    await pool(MEMBERS, 4, async (i) => {
      members.push(await fundedMember(client, base, i));
    });
    log(
      `${label}: ${MEMBERS} members registered and funded with ${DEPOSIT} yuan each through the deposit flow in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const transferPlayers = await players(client, 1000, 60);
    const insertPlayers = await players(client, 1000, 61);
    log(`${label}: warm-up ${WARMUP_S} s each`);
    await cannon(
      base,
      transferRequests(members, transferPlayers, `w${runId}-${engine}-warm`),
      completed,
      WARMUP_S,
      samples.transfer,
      child.pid,
    );
    await cannon(base, insertRequests(insertPlayers), (b) => b === '{"ok":true}', WARMUP_S, samples.insert, child.pid);

    const parts = { transfer: [], insert: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const seconds = DURATION_S / ROUNDS;
      log(`${label}: transfers central → ${CHANNEL}: ${CONNECTIONS} connections, ${seconds} s (part ${round + 1}/${ROUNDS})`);
      parts.transfer.push(
        await cannon(
          base,
          transferRequests(members, transferPlayers, `w${runId}-${engine}-${round}`),
          completed,
          seconds,
          samples.transfer,
          child.pid,
        ),
      );
      log(`${label}: bare insert route: ${CONNECTIONS} connections, ${seconds} s (part ${round + 1}/${ROUNDS})`);
      parts.insert.push(await cannon(base, insertRequests(insertPlayers), (b) => b === '{"ok":true}', seconds, samples.insert, child.pid));
    }
    transfers = combine(parts.transfer, DURATION_S / ROUNDS);
    transfers.partRatios = partRatios(parts.transfer, parts.insert);
    inserts = combine(parts.insert, DURATION_S / ROUNDS);
    log(`${label}: transfers:   ${describe(transfers)}`);
    log(`${label}: bare insert: ${describe(inserts)}`);
    for (const s of samples.transfer) log(`${label}: a transfer answer that was not 6000 'completed': ${s}`);
    for (const s of samples.insert) log(`${label}: a bare-route answer that was not {"ok":true}: ${s}`);
  } finally {
    await stopServer(child);
    child = null;
  }

  // The books, with the server stopped (nothing in flight).
  after = await books(engine, databaseUrl ?? join(dataDir, 'portal.sqlite'));
  log(
    `${label}: venue transfers by status: ${after.status.map((s) => `${s.status} ${s.n}`).join(', ')}; venue mirrors differing from the sandbox venue's books: ${after.mirrorDiffs}`,
  );
  verify = ledgerVerify({ ...env, PORT: '0' });
  log(`${label}: ops.js ledger:verify (exit ${verify.code}): ${verify.out.split('\n').join(' | ')}`);

  // Summary rows.
  const clean = (r) => r.other === 0;
  const otherNote = (r) =>
    clean(r) ? '' : `non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}, other answers ${r.mismatches}`;
  row(
    `${label}: transfers/s (central → venue)`,
    transfers.rps.toFixed(0),
    '',
    null,
    otherNote(transfers) || `${transfers.total} transfers, all 6000 completed`,
  );
  row(`${label}: transfer p99`, `${transfers.p99} ms`, '', null);
  row(`${label}: bare insert req/s`, inserts.rps.toFixed(0), '', null, otherNote(inserts));
  row(`${label}: bare insert p99`, `${inserts.p99} ms`, '', null);
  const ratio = transfers.rps / inserts.rps;
  const perPart = `each alternated pair: ${transfers.partRatios.map((r) => r.toFixed(2)).join(' ')}`;
  if (engine === 'sqlite') {
    row(
      `${label}: transfers ÷ bare insert`,
      ratio.toFixed(2),
      `≥ ${TARGET_RATIO}`,
      ratio >= TARGET_RATIO && clean(transfers) && clean(inserts),
      perPart,
    );
  } else {
    row(
      `${label}: transfers ÷ bare insert`,
      ratio.toFixed(2),
      '',
      null,
      `${perPart} (target ≥ ${TARGET_RATIO} is set for SQLite; ${ratio >= TARGET_RATIO ? 'met here too' : 'not met here'})`,
    );
  }
  // The same comparison by server CPU per request (less noisy when others share the machine).
  const cpuT = cpuPerRequest(transfers);
  const cpuB = cpuPerRequest(inserts);
  row(
    `${label}: server CPU per request`,
    `${cpuT.toFixed(0)} / ${cpuB.toFixed(0)} µs`,
    '',
    null,
    `transfer / bare insert: bare ÷ transfer = ${(cpuB / cpuT).toFixed(2)}`,
  );
  const pending = after.status.filter((s) => s.status !== 'completed').reduce((a, s) => a + Number(s.n), 0);
  row(`${label}: transfers not completed`, String(pending), '= 0', pending === 0);
  row(`${label}: mirrors ≠ venue books`, String(after.mirrorDiffs), '= 0', after.mirrorDiffs === 0);
  row(
    `${label}: ledger:verify`,
    verify.ok ? 'clean' : 'BROKEN',
    'clean',
    verify.ok,
    verify.ok ? '' : verify.out.split('\n').slice(0, 3).join(' | '),
  );
}

/** One engine's half; a failure is reported in the summary and the other half still runs. */
async function half(label, run) {
  try {
    await run();
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    console.error(`[bench] ${label} failed: ${msg}`);
    row(`${label}: run`, 'FAILED', '', false, msg.slice(0, 160));
  }
}

async function main() {
  C = await loadContract(work);
  // BENCH_ENGINES=postgres (or sqlite): one engine's half only.
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  if (engines.includes('sqlite')) await half('SQLite', () => runEngine('sqlite', null));
  if (!engines.includes('postgres')) return;

  const unreachable = await pgReachable();
  if (unreachable) {
    log(`PostgreSQL at ${PG_URL} is unreachable (${unreachable}): skipping the PostgreSQL half`);
    row('PostgreSQL', 'skipped', '', null, `unreachable at ${PG_URL}`);
    return;
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  cleanupPg = async () => {
    cleanupPg = null;
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  };
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const url = u.toString().replace(/\+/g, '%20');
  try {
    log(`PostgreSQL: schema ${schema} in ${PG_URL}`);
    await half('PostgreSQL', () => runEngine('postgres', url));
  } finally {
    await cleanupPg?.();
    log(`PostgreSQL: schema ${schema} dropped`);
  }
}

let exitCode = 0;
const t0 = performance.now();
try {
  await main();
} catch (e) {
  console.error('[bench] failed:', e instanceof Error ? e.message : e);
  exitCode = 1;
} finally {
  killServers();
  await cleanupPg?.().catch(() => undefined);
  if (rows.length) {
    printSummary('bench:wallet', rows);
    console.log(`(whole run ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await waitServers(5000);
}
// A missed performance target is reported (like bench:api); broken books or a failed half fail the run.
if (rows.some((r) => r.pass === false && !r.name.includes('÷'))) exitCode = exitCode || 1;
process.exit(exitCode);
