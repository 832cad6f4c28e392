#!/usr/bin/env node
/**
 * House slots benchmark: run by `npm run bench:casino` after `node scripts/build.mjs`.
 *
 * On SQLite (a fresh DATA_DIR) starts the real server bundle on 127.0.0.1 and prints, from one run:
 *   - slot spins per second and p99 through the HTTP API: POST game/api/v1/resource method 'spin' on CRDZ,
 *     H5001 at 2.00, many funded members each with its own venue token, a new idempotency key each spin;
 *     every answer must be 6000 (one money step, one journal: stake and win, round + turnover)
 *   - SQLite statements and ledger journals per spin (from /metrics, 100 spins alone)
 *   - in the same server process, the bare route doing one single-row INSERT transaction
 *     (POST /bench/insert, BENCH_BARE_ROUTE=1), and the ratio                        target ≥ 0.5
 *     (4 alternating parts A, B, A, B, …, 10 connections, each pair's ratio, as bench/sport.mjs does)
 *   - the RTP simulator's rounds per second on one core (packages/games simulate(), in this process, no
 *     server running): 2 M rounds of each title H5001–H5004 with the CSPRNG (`npm run games:rtp`'s
 *     default), and the time of each title's exact RTP by enumeration
 *   - after stopping the server, `ops.js ledger:verify` on the same database          must be clean
 * Members are registered and funded through the API (deposit flow), move money into the house slots'
 * wallet by the venue transfer (CRDZ) and launch H5001 for the venue token. Bounded (< 3 min), 127.0.0.1
 * only, always stops the server. PostgreSQL is not measured here.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  HOST,
  alternateWithBare,
  apiClient,
  cpuPerRequest,
  describeRun,
  freePort,
  killServers,
  ledgerVerify,
  loadContract,
  loadTs,
  log,
  pool,
  printSummary,
  startServer,
  stopServer,
  workDir,
} from './lib.mjs';

const CONNECTIONS = 10;
const DURATION_S = 12;
const ROUNDS = 4;
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const MEMBERS = 60;
const DEPOSIT = '50000';
const SITE = 7000;
const GAME = 'H5001';
const BET = '2.00';
const TARGET_RATIO = 0.5;
const RESOURCE = '/game/api/v1/resource';
/** Simulated rounds of each title (one thread). */
const SIM_ROUNDS = Number(process.env.SIM_ROUNDS ?? 2_000_000);
const SIM_TITLES = ['H5001', 'H5002', 'H5003', 'H5004'];

const work = workDir('portal-bench-casino-');
const runId = randomBytes(4).toString('hex');
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    killServers();
    process.exit(130);
  });
setTimeout(() => {
  console.error('[bench] over the time limit: stopping');
  killServers();
  process.exit(2);
}, 175_000).unref();

let C;
const rows = [];
const row = (name, value, target, pass, note = '') => rows.push({ name, value, target, pass, note });

/** Spins round-robin over the members (each its own venue token and session), from simulated players' addresses. */
function spinRequests(client, members, playerList, prefix) {
  let n = 0;
  return [
    {
      method: 'POST',
      path: RESOURCE,
      setupRequest(req) {
        const m = members[n % members.length];
        const p = playerList[n % playerList.length];
        req.headers = { ...client.headersFor(SITE, p.ip, m.token, p.ts), 'content-type': 'application/json' };
        req.body = JSON.stringify({
          method: 'spin',
          enName: 'crdz',
          Request: {
            timestamp: Date.now(),
            token: m.venueToken,
            langx: 'zh-cn',
            remoteip: m.ip,
            gameCode: GAME,
            bet: BET,
            idempotencyKey: `${prefix}-${n}`,
          },
        });
        n++;
        return req;
      },
    },
  ];
}

const played = (b) => b.startsWith('{"status_code":6000,') && b.includes('"roundId":');

/** The simulator's speed: `SIM_ROUNDS` rounds of each title in this thread, and each title's exact enumeration. */
async function simulatorSpeed() {
  const G = await loadTs(
    work,
    'games',
    'packages/games/src',
    "export { simulate } from './rtp/simulate.ts'; export { titleByCode } from './slots/titles/index.ts'; export { cryptoRng } from './rng/crypto.ts'; export { exactRtp } from './slots/rtp.ts';",
  );
  const out = [];
  for (const code of SIM_TITLES) {
    const def = G.titleByCode(code);
    G.simulate(def, G.cryptoRng(), 100_000); // warm-up (JIT)
    const sim = G.simulate(def, G.cryptoRng(), SIM_ROUNDS);
    const t0 = performance.now();
    const exact = G.exactRtp(def);
    const exactMs = performance.now() - t0;
    out.push({ code, sim, exactMs, exact });
    log(
      `simulator: ${code} ${SIM_ROUNDS.toLocaleString('en-US')} rounds in ${(sim.elapsedMs / 1000).toFixed(2)} s = ` +
        `${Math.round(sim.roundsPerSecond).toLocaleString('en-US')} rounds/s (RTP ${(sim.rtp * 100).toFixed(2)}%); ` +
        `exact enumeration of ${exact.combinations.toLocaleString('en-US')} stop combinations ${exactMs.toFixed(0)} ms (RTP ${(exact.totalRtp * 100).toFixed(3)}%)`,
    );
  }
  return out;
}

/** Counters of the server's /metrics (SQLite statements, ledger journals). */
async function counters(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name) => Number(text.match(new RegExp(`^${name} (\\d+)`, 'm'))?.[1] ?? NaN);
  return { statements: read('portal_db_sqlite_statements_total'), journals: read('portal_ledger_journals_total') };
}

/** Statements and journals per spin: `n` spins one after the other with nothing else running (each its own commit). */
async function perSpin(base, client, members, players, n) {
  const before = await counters(base);
  const [req] = spinRequests(client, members, players, `count${runId}`);
  for (let i = 0; i < n; i++) {
    const r = req.setupRequest({});
    const res = await fetch(`${base}${RESOURCE}`, { method: 'POST', headers: r.headers, body: r.body });
    const body = await res.text();
    if (!played(body)) throw new Error(`a counted spin failed: ${body.slice(0, 200)}`);
  }
  const after = await counters(base);
  return { statements: (after.statements - before.statements) / n, journals: (after.journals - before.journals) / n };
}

async function main() {
  C = await loadContract(work);
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: join(work, 'data'),
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
  delete env.DATABASE_URL;
  log(`SQLite: starting apps/server/dist/main.js on ${base}`);
  let child = await startServer(env);
  const samples = { spin: [], insert: [] };
  let spins;
  let inserts;
  let per;
  try {
    const client = apiClient(C, base);
    const members = [];
    await pool(MEMBERS, 4, async (i) => {
      members.push(await client.venueMember(SITE, i, { amount: DEPOSIT, channel: 'CRDZ', gameCode: GAME, runId, octet: 80 }));
    });
    const spinPlayers = await client.players(SITE, 2000, 82);
    log(`SQLite: ${MEMBERS} members funded with ${DEPOSIT} in CRDZ and launched into ${GAME}`);
    const measured = await alternateWithBare(base, {
      C,
      client,
      site: SITE,
      label: `SQLite: spins (${GAME} at ${BET})`,
      requestsA: (part) => spinRequests(client, members, spinPlayers, `${part}${runId}`),
      verifyA: played,
      rounds: ROUNDS,
      seconds: DURATION_S,
      warmupS: WARMUP_S,
      connections: CONNECTIONS,
      pid: child.pid,
      samples: { a: samples.spin, b: samples.insert },
    });
    spins = measured.a;
    inserts = measured.b;
    per = await perSpin(base, client, members, spinPlayers, 100);
    log(
      `SQLite: per spin (100 alone): ${per.statements.toFixed(1)} statements (begin and commit included), ${per.journals.toFixed(2)} journals`,
    );
    log(`SQLite: spins:       ${describeRun(spins)}`);
    log(`SQLite: bare insert: ${describeRun(inserts)}`);
    for (const s of samples.spin) log(`SQLite: a spin answer that was not 6000 with a round: ${s}`);
  } finally {
    await stopServer(child);
    child = null;
  }
  const v = ledgerVerify(env);
  log(`SQLite: ops.js ledger:verify (exit ${v.code}): ${v.out.split('\n').join(' | ')}`);
  // The simulator runs with the server stopped: one core of its own.
  const sims = await simulatorSpeed();

  const clean = (r) => r.other === 0;
  row(
    'SQLite: slot spins/s',
    spins.rps.toFixed(0),
    '',
    null,
    clean(spins) ? `${spins.total} spins, all 6000` : `other answers ${spins.mismatches}, non-2xx ${spins.non2xx}, errors ${spins.errors}`,
  );
  row('SQLite: spin p99', `${spins.p99} ms`, '', null);
  row(
    'SQLite: statements per spin',
    per.statements.toFixed(1),
    '≤ 10 (+ begin/commit)',
    per.statements <= 12,
    'a spin alone, its begin and commit counted',
  );
  row('SQLite: journals per spin', per.journals.toFixed(2), '1', per.journals === 1);
  row('SQLite: bare insert req/s', inserts.rps.toFixed(0), '', null);
  const ratio = spins.rps / inserts.rps;
  row(
    'SQLite: spins ÷ bare insert',
    ratio.toFixed(2),
    `≥ ${TARGET_RATIO}`,
    ratio >= TARGET_RATIO && clean(spins),
    `each alternated pair: ${spins.partRatios.map((r) => r.toFixed(2)).join(' ')}`,
  );
  row(
    'SQLite: spins per group commit',
    spins.perCommit.toFixed(1),
    '',
    null,
    'mean money steps per shared SQLite commit during the spin parts',
  );
  const cpuS = cpuPerRequest(spins);
  const cpuI = cpuPerRequest(inserts);
  row(
    'SQLite: server CPU per request',
    `${cpuS.toFixed(0)} / ${cpuI.toFixed(0)} µs`,
    '',
    null,
    `spin / bare insert: bare ÷ spin = ${(cpuI / cpuS).toFixed(2)}`,
  );
  for (const s of sims)
    row(
      `RTP simulator ${s.code}: rounds/s/core`,
      Math.round(s.sim.roundsPerSecond).toLocaleString('en-US'),
      '',
      null,
      `${SIM_ROUNDS.toLocaleString('en-US')} rounds in ${(s.sim.elapsedMs / 1000).toFixed(2)} s (CSPRNG); exact enumeration ${s.exactMs.toFixed(0)} ms`,
    );
  row('SQLite: ledger:verify', v.ok ? 'clean' : 'BROKEN', 'clean', v.ok);
}

main()
  .catch((e) => {
    console.error(e);
    row('run', 'FAILED', '', false, String(e?.message ?? e).slice(0, 160));
  })
  .finally(() => {
    printSummary('bench:casino', rows);
    killServers();
    process.exitCode = rows.some((r) => r.pass === false && r.name !== 'SQLite: spins ÷ bare insert') ? 1 : 0;
  });
