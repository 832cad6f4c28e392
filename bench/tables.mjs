#!/usr/bin/env node
/**
 * Shared tables benchmark: run by `npm run bench:tables` after `node scripts/build.mjs`.
 *
 * Starts the real server bundle on 127.0.0.1 on a fresh database — the embedded SQLite (a fresh DATA_DIR) by
 * default, PostgreSQL (a fresh schema, dropped at the end) when DATABASE_URL is set — dealing the house tables
 * (TABLES_DEAL=1) at TABLE_SPEED (default 1.5: a 10 s betting window instead of 15 s, flag --speed; at 3 the
 * 5 s window of this shared 2-core box could not take 2,000 bets), and prints, from one run:
 *   - PLAYERS (2,000, flag --players) simulated players on one baccarat table (BAC1): each a member with a live
 *     session and money moved into the CRZR venue wallet through the API (bench/tablePlayers.mjs), launched (venue
 *     token), its websocket logged in as the member and subscribed to BAC1 (MSG.TABLE_SUBSCRIBE). After a warm-up
 *     window of bets (not counted), windows alternate:
 *       A: every player, on its own socket's push of the new round, places ONE tableBet (1–2 random spots, random
 *          chips within the limits) at a random moment in the first SPREAD (0.15, flag --spread) of the window;
 *       B: the same players, same schedule, same HTTP pool, POST the bare insert route instead (/bench/insert,
 *          one single-row INSERT transaction, BENCH_BARE_ROUTE=1) — the house benches' baseline.
 *     ROUNDS (3, flag --rounds) windows of each, A, B, A, B, …. Figures: accepted answers per second over each
 *     window's span (first request sent → last accepted answer), A ÷ B                target ≥ 0.5
 *     (2,000 in 1.5 s offer ~1,333 req/s: more than either route takes on the loaded box, so both figures are
 *     the server's, not the schedule's — the summary says so when not), server CPU per request over each window
 *   - time from the outcome to the last bet settled: the round's drawn_at (stored by the dealer) to the moment
 *     the bench's poll of table_rounds (every 20 ms, its own connection) first sees it settled, p50 / p99 over
 *     the A rounds (and when settlement began: settled_at is the dealer tick's clock)  target p99 < 1 s
 *   - every TABLE_STATE push received by the 2,000 sockets from the first counted window on: receive time − the
 *     push's serverNow (same machine, same clock), p50 / p99, all pushes and the reveal's steps alone; pushes
 *     missed (a version one socket got and another did not) and out of order
 *   - after stopping the server, `ops.js ledger:verify` on the same database          must be clean
 *   - first (bench/settle.mjs; --settle-only runs just this, --no-settle skips it): a round's settlement alone for
 *     2,000 and 10,000 bettors, 3 rounds each, on SQLite and PostgreSQL       target p99 < 1 s / < 3 s (SQLite)
 * 127.0.0.1 only; always stops the server. ~6–8 min on the loaded box (funding 2,000 members is most of it).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  HOST,
  cpuMs,
  apiClient,
  freePort,
  killServers,
  ledgerVerify,
  loadTs,
  log,
  must,
  pool,
  printSummary,
  startServer,
  stopServer,
  waitServers,
  workDir,
} from './lib.mjs';
import {
  creditDeposits,
  enterVenue,
  openDb,
  payDeposit,
  postgresSchema,
  poster,
  seedMembers,
  tableSocket,
  waitQuiet,
} from './tablePlayers.mjs';
import { randomSpots, reportRows, windows } from './tableWindows.mjs';
import { settlementFigures } from './settle.mjs';
import pg from 'pg';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    speed: { type: 'string', default: '1.5' },
    players: { type: 'string', default: '2000' },
    spread: { type: 'string', default: '0.15' },
    'settle-only': { type: 'boolean', default: false },
    'no-settle': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(flags.rounds);
const SPEED = Number(flags.speed);
const PLAYERS = Number(flags.players);
const SPREAD = Number(flags.spread);
const SITE = 7000;
const TABLE = 'BAC1';
const CHANNEL = 'CRZR';
const DEPOSIT = '5000';
/** Keep-alive HTTP connections the players share (bets and bare inserts alike). */
const HTTP_POOL = 64;
const OCTET = 90;
const WINDOW_MS = Math.round(15_000 / SPEED);
const TARGET_RATIO = 0.5;
const TARGET_SETTLE_MS = 1000;
const RESOURCE = '/game/api/v1/resource';
const HARD_LIMIT_MS = 1_200_000;

const work = workDir('portal-bench-tables-');
const runId = randomBytes(4).toString('hex');
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    killServers();
    process.exit(130);
  });
setTimeout(() => {
  console.error('[bench] over the time limit: stopping');
  killServers();
  void waitServers()
    .then(() => dropSchema?.())
    .finally(() => process.exit(2));
}, HARD_LIMIT_MS).unref();

/** PostgreSQL: drops this run's schema (whatever happened). */
let dropSchema = null;
const rows = [];
const row = (name, value, target, pass, note = '') => rows.push({ name, value, target, pass, note });

async function main() {
  const C = await loadTs(
    work,
    'contract-tables',
    'packages/contract/src',
    "export { makeTsToken } from './crypto.ts'; export { HEADERS } from './headers.ts'; export { LIMITS } from './limits.ts'; export { MSG, WS_PATH } from './realtime.ts';",
  );
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const dataDir = join(work, 'data');
  const pgs = await postgresSchema(runId);
  dropSchema = pgs?.drop ?? null;
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
    TABLES_DEAL: '1',
    TABLE_SPEED: String(SPEED),
  };
  delete env.REDIS_URL;
  if (pgs) env.DATABASE_URL = pgs.url;
  else delete env.DATABASE_URL;
  const dbUrl = pgs ? pgs.url : join(dataDir, 'portal.sqlite');
  const engine = pgs ? `PostgreSQL (schema ${pgs.schema})` : 'SQLite';
  const E = pgs ? 'PostgreSQL' : 'SQLite';
  log(`${engine}: TABLE_SPEED=${SPEED} (betting window ${WINDOW_MS} ms), ${PLAYERS} players on ${TABLE}, ${ROUNDS} rounds of bets`);

  // 1. The schema and the brands (a first start), then the members seeded with the server stopped.
  let child = await startServer(env);
  await stopServer(child);
  const client = apiClient(C, base);
  let db = await openDb(dbUrl);
  const t0 = Date.now();
  const members = await seedMembers(db, {
    n: PLAYERS,
    site: SITE,
    uuid: client.uuid,
    runId,
    octet: OCTET,
    sessionS: C.LIMITS.SESSION_ABSOLUTE_S,
  });
  await db.close();
  log(`${E}: ${PLAYERS} members and sessions seeded in ${Date.now() - t0} ms`);

  const sockets = [];
  const rounds = { settle: [] };
  const pushes = { list: [], maxVersion: -1, closes: new Map() };
  // A warm-up window of bets first (not counted: the bet and settlement paths' first run), then A, B, A, B, ….
  const plan = ['warm', ...Array.from({ length: ROUNDS * 2 }, (_, i) => (i % 2 === 0 ? 'bet' : 'bare'))];
  const w = windows(plan, WINDOW_MS, () => (measuring = true));
  const post = poster(base, HTTP_POOL);
  let measuring = false;
  child = await startServer(env);
  try {
    const pre = must(await client.call('/site/api/v1/configuration/preInfo', {}, { site: SITE }), 'preInfo');
    client.clientKeys.set(SITE, pre.siteBaseConfig.clientKey);
    // 2. Money into the table venue through the API.
    const t1 = Date.now();
    const paidS = await pool(PLAYERS, 16, (i) => payDeposit(client, base, C, SITE, members[i], { amount: DEPOSIT, runId }));
    log(`${E}: ${PLAYERS} deposits of ${DEPOSIT} paid on the sandbox pay page in ${paidS.toFixed(1)} s`);
    await creditDeposits(env, dbUrl, E, PLAYERS);
    const fundS = await pool(PLAYERS, 16, (i) =>
      enterVenue(client, C, SITE, members[i], { amount: DEPOSIT, channel: CHANNEL, gameCode: TABLE, runId }),
    );
    log(`${E}: ${PLAYERS} members moved it into ${CHANNEL} and launched ${TABLE} in ${fundS.toFixed(1)} s`);

    // 3. The sockets; every push is measured once the windows begin.
    const onState = (m, text, at) => {
      const s = JSON.parse(text).msgData;
      // A new round's window: the phase it gets (the first measured one starts the push figures).
      const phase = s.status === 'betting' && (m.lastSeq ?? 0) < s.seq ? w.phaseOf(s) : null;
      if (measuring) {
        // [version, latency, a reveal step?, out of order on this socket?]: the report keeps the measured rounds'.
        pushes.list.push([s.version, at - s.serverNow, s.status === 'revealing', s.version <= (m.lastVersion ?? -1)]);
        pushes.maxVersion = Math.max(pushes.maxVersion, s.version);
      }
      m.lastVersion = Math.max(m.lastVersion ?? -1, s.version);
      if (s.status === 'betting') m.lastSeq = Math.max(m.lastSeq ?? 0, s.seq);
      if (phase) setTimeout(() => void act(m, phase), Math.max(0, s.opensAt + Math.random() * SPREAD * WINDOW_MS - s.serverNow));
    };
    /** CPU used so far (ms): the server process's (from /proc) and this one's (the players). */
    const cpuNow = () => ({ server: cpuMs(child.pid), players: process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000 });
    const act = async (m, phase) => {
      const ts = await C.makeTsToken(client.clientKeys.get(SITE), m.ip);
      const headers = client.headersFor(SITE, m.ip, m.token, ts);
      const body =
        phase.mode !== 'bare'
          ? JSON.stringify({
              method: 'tableBet',
              enName: CHANNEL.toLowerCase(),
              Request: {
                timestamp: Date.now(),
                token: m.venueToken,
                langx: 'zh-cn',
                remoteip: m.ip,
                gameCode: TABLE,
                seq: phase.seq,
                bets: randomSpots(),
                idempotencyKey: `tb-${runId}-${phase.seq}-${m.i}`,
              },
            })
          : '{}';
      if (phase.first === Infinity) phase.cpu0 = cpuNow();
      phase.first = Math.min(phase.first, Date.now());
      phase.sent += 1;
      const r = await post(phase.mode !== 'bare' ? RESOURCE : '/bench/insert', headers, body);
      phase.last = Math.max(phase.last, Date.now());
      phase.lat.push(r.ms);
      if (++phase.answered === PLAYERS) phase.cpu1 = cpuNow();
      const ok = phase.mode !== 'bare' ? r.body.startsWith('{"status_code":6000,') : r.body === '{"ok":true}';
      if (ok) {
        phase.ok += 1;
        phase.lastOk = Math.max(phase.lastOk, Date.now());
      } else {
        const why = `${r.status} ${r.body.slice(0, 120)}`;
        phase.refused.set(why, (phase.refused.get(why) ?? 0) + 1);
      }
    };
    const wsUrl = `${base.replace('http', 'ws')}${C.WS_PATH}?clientType=web&siteId=${SITE}`;
    const onClose = (code) => pushes.closes.set(code, (pushes.closes.get(code) ?? 0) + 1);
    const t2 = Date.now();
    for (let i = 0; i < PLAYERS; i += 100)
      sockets.push(...(await Promise.all(members.slice(i, i + 100).map((m) => tableSocket(wsUrl, C.MSG, m, TABLE, onState, onClose)))));
    log(
      `${E}: ${sockets.length} sockets logged in as their members and subscribed to ${TABLE} in ${((Date.now() - t2) / 1000).toFixed(1)} s`,
    );
    const heartbeat = setInterval(() => sockets.forEach((ws) => ws.readyState === 1 && ws.send(`{"msgId":${C.MSG.HEARTBEAT}}`)), 10_000);

    // 4. The windows; each bet round's settlement watched in the database.
    db = await openDb(dbUrl);
    const watch = (phase) =>
      (async () => {
        const id = `${TABLE}-${phase.seq}`;
        for (const until = Date.now() + 60_000; Date.now() < until;) {
          const [r] = await db.all('select status, drawn_at, settled_at from table_rounds where id = ?', [id]);
          if (r?.status === 'settled')
            return rounds.settle.push({ seq: phase.seq, drawnAt: Number(r.drawn_at), startedAt: Number(r.settled_at), seenAt: Date.now() });
          await new Promise((res) => setTimeout(res, 20));
        }
        throw new Error(`round ${id} not settled within 60 s`);
      })();
    await waitQuiet(child.pid, E);
    w.arm();
    const watches = [];
    const watcher = setInterval(() => {
      for (const p of w.phases)
        if (p.mode === 'bet' && !p.watched) {
          p.watched = true;
          watches.push(watch(p));
        }
    }, 50);
    await w.done;
    clearInterval(watcher);
    await Promise.all(watches);
    // The last round's pushes up to its settled state (version seq × 100 + 98), then a second for every socket to get it.
    const lastSeq = w.phases.at(-1).seq;
    for (const until = Date.now() + 30_000; pushes.maxVersion < lastSeq * 100 + 98 && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    measuring = false;
    clearInterval(heartbeat);
    log(`${E}: windows done (${((Date.now() - t1) / 1000).toFixed(0)} s since funding began)`);
  } finally {
    for (const ws of sockets) ws.terminate();
    post.close();
    await db?.close().catch(() => undefined);
    await stopServer(child);
    child = null;
  }

  // 5. The books and the stored bets of the measured rounds.
  const v = ledgerVerify(env);
  log(`${E}: ops.js ledger:verify (exit ${v.code}): ${v.out.split('\n').join(' | ')}`);
  const betPhases = w.phases.filter((p) => p.mode === 'bet');
  db = await openDb(dbUrl);
  const stored = await db.all(
    `select status, count(*) as n from table_bets where round_id in (${betPhases.map(() => '?').join(', ')}) group by status order by status`,
    betPhases.map((p) => `${TABLE}-${p.seq}`),
  );
  await db.close();
  const cfg = { PLAYERS, WINDOW_MS, SPREAD, SPEED, CHANNEL, TABLE, TARGET_RATIO, TARGET_SETTLE_MS };
  rows.push(...reportRows(E, cfg, { phases: w.phases, settle: rounds.settle, pushes, stored, verify: v, sockets: sockets.length }));
}

/** The settlement phase (bench/settle.mjs): 2,000 and 10,000 bettors on SQLite, and on PostgreSQL when it answers. */
async function settlePhase() {
  const pgUrl = process.env.DATABASE_URL ?? process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const reachable = await pgReachable(pgUrl);
  if (!reachable) log(`settlement: PostgreSQL at ${pgUrl} does not answer — SQLite only`);
  await settlementFigures(work, row, { pgUrl: reachable ? pgUrl : undefined, repeats: 3 });
}

async function pgReachable(url) {
  try {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

(flags['no-settle'] ? Promise.resolve() : settlePhase())
  .then(() => (flags['settle-only'] ? undefined : main()))
  .catch((e) => {
    console.error(e);
    row('run', 'FAILED', '', false, String(e?.message ?? e).slice(0, 160));
  })
  .finally(async () => {
    killServers();
    await waitServers();
    if (dropSchema) await dropSchema().catch((e) => log(`could not drop the schema: ${e.message}`));
    printSummary('bench:tables', rows);
    process.exitCode = rows.some((r) => r.pass === false && !/÷|settled/.test(r.name)) ? 1 : 0;
    setTimeout(() => process.exit(), 500).unref();
  });
