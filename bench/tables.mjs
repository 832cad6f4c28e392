#!/usr/bin/env node
/**
 * Shared tables benchmark (issue 16, "Measured"): run by `npm run bench:tables` after `node scripts/build.mjs`.
 *
 * Starts the real server bundle on 127.0.0.1 on a fresh database — the embedded SQLite (a fresh DATA_DIR) by
 * default, PostgreSQL (a fresh schema, dropped at the end) when DATABASE_URL is set — dealing the house tables
 * (TABLES_DEAL=1) at TABLE_SPEED (default 3: a 5 s betting window instead of 15 s; flag --speed), and prints, from
 * one run:
 *   - PLAYERS (2,000) simulated players on one baccarat table (BAC1): each a member with a live session and money
 *     moved into the CRZR venue wallet through the API (bench/tablePlayers.mjs), launched (venue token), its
 *     websocket logged in as the member and subscribed to BAC1 (MSG.TABLE_SUBSCRIBE). Windows alternate:
 *       A: every player, on its own socket's push of the new round, places ONE tableBet (1–2 random spots, random
 *          chips within the limits) at a random moment in the first SPREAD (0.6) of the window;
 *       B: the same players, same schedule, same HTTP pool, POST the bare insert route instead (/bench/insert,
 *          one single-row INSERT transaction, BENCH_BARE_ROUTE=1) — the house benches' baseline.
 *     ROUNDS (3, flag --rounds) windows of each, A, B, A, B, …. Figures: accepted answers per second over each
 *     window's span (first request sent → last answer), A ÷ B                       target ≥ 0.5
 *   - time from the outcome to the last bet settled: the round's drawn_at (stored by the dealer) to the moment
 *     the bench's poll of table_rounds (every 20 ms, a read-only connection) first sees it settled, p50 / p99
 *     over the A rounds                                                               target p99 < 1 s
 *   - every TABLE_STATE push received by the 2,000 sockets during the windows: receive time − the push's
 *     serverNow (same machine, same clock), p50 / p99, all pushes and the reveal's steps alone; pushes missed
 *     (a version one socket got and another did not) and out of order
 *   - after stopping the server, `ops.js ledger:verify` on the same database          must be clean
 * 127.0.0.1 only; always stops the server.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  HOST,
  root,
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
  workDir,
} from './lib.mjs';
import { enterVenue, openDb, payDeposit, poster, quantile, seedMembers, tableSocket } from './tablePlayers.mjs';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    speed: { type: 'string', default: '3' },
    players: { type: 'string', default: '2000' },
    spread: { type: 'string', default: '0.6' },
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
const MAIN_CHIPS = [10, 20, 50, 100, 200, 500];
const SIDE_CHIPS = [10, 20, 50];
const RESOURCE = '/game/api/v1/resource';
const HARD_LIMIT_MS = 540_000;

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
  process.exit(2);
}, HARD_LIMIT_MS).unref();

const rows = [];
const row = (name, value, target, pass, note = '') => rows.push({ name, value, target, pass, note });
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const ms = (x) => `${Math.round(x)} ms`;

/** A fresh schema in DATABASE_URL for this run (dropped at the end), as bench/wallet.mjs does; null on SQLite. */
async function postgresSchema() {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) return null;
  const schema = `bench_tables_${runId}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  };
  return { url: u.toString(), schema, drop };
}

/**
 * Every paid deposit credited: the provider's notifications past 127.0.0.1's per-minute API budget were refused,
 * so the operator's reconciler (`ops.js deposit:reconcile 0`, 200 orders a pass) asks the provider about the rest.
 */
async function creditDeposits(env, dbUrl, E) {
  const db = await openDb(dbUrl);
  const pending = async () => Number((await db.all("select count(*) as n from deposit_orders where status <> 'paid'"))[0].n);
  try {
    await new Promise((r) => setTimeout(r, 1000)); // the notifications in flight
    const byNotification = PLAYERS - (await pending());
    for (let pass = 0; (await pending()) > 0; pass++) {
      if (pass > PLAYERS / 100) throw new Error(`${await pending()} deposits still unpaid after ${pass} reconciler passes`);
      const r = spawnSync(process.execPath, [join(root, 'apps/server/dist/ops.js'), 'deposit:reconcile', '0'], {
        cwd: root,
        env: { ...env, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      if (r.status !== 0) throw new Error(`deposit:reconcile failed: ${r.stdout}${r.stderr}`.slice(0, 300));
    }
    log(`${E}: deposits credited: ${byNotification} by the provider's notification, ${PLAYERS - byNotification} by the reconciler`);
  } finally {
    await db.close();
  }
}

/** One tableBet: a main spot (banker or player) or a tie, sometimes a pair beside it. */
function randomSpots() {
  const spots = [{ type: Math.random() < 0.9 ? pick(['banker', 'player']) : 'tie', amount: String(pick(MAIN_CHIPS)) }];
  if (Math.random() < 0.3) spots.push({ type: pick(['playerPair', 'bankerPair']), amount: String(pick(SIDE_CHIPS)) });
  return spots;
}

/**
 * The windows: each player acts on its own socket's push of a new round. The first player to see a round that
 * opened after `arm()` (at least 80% of its window left) gives it the next phase of the plan; later rounds, or a round
 * caught late, get none.
 */
function windows(plan) {
  const phases = [];
  const planned = new Map();
  let armedAt = Infinity;
  let finished;
  const done = new Promise((r) => (finished = r));
  return {
    phases,
    done,
    arm: () => (armedAt = Date.now()),
    phaseOf(state) {
      if (planned.has(state.seq)) return planned.get(state.seq);
      if (state.status !== 'betting') return null;
      // Only a round that opened after the windows began, seen while most of its window is left, gets a phase.
      const left = state.closesAt - state.serverNow;
      const mode = state.opensAt >= armedAt && left >= 0.8 * WINDOW_MS ? plan.shift() : undefined;
      const phase = mode
        ? {
            seq: state.seq,
            mode,
            opensAt: state.opensAt,
            closesAt: state.closesAt,
            first: Infinity,
            last: 0,
            sent: 0,
            ok: 0,
            lat: [],
            refused: new Map(),
          }
        : null;
      planned.set(state.seq, phase);
      if (phase) {
        phases.push(phase);
        log(`window ${phases.length}: round ${state.seq}, ${mode === 'bet' ? 'tableBet' : 'bare insert'} from every player`);
        if (plan.length === 0) setTimeout(() => finished(), state.closesAt - Date.now() + 500);
      }
      return phase;
    },
  };
}

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
  const pgs = await postgresSchema();
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
  const pushes = { all: [], steps: [], received: 0, outOfOrder: 0, versions: new Map(), closes: new Map() };
  const plan = Array.from({ length: ROUNDS * 2 }, (_, i) => (i % 2 === 0 ? 'bet' : 'bare'));
  const w = windows(plan);
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
    await creditDeposits(env, dbUrl, E);
    const fundS = await pool(PLAYERS, 16, (i) =>
      enterVenue(client, C, SITE, members[i], { amount: DEPOSIT, channel: CHANNEL, gameCode: TABLE, runId }),
    );
    log(`${E}: ${PLAYERS} members moved it into ${CHANNEL} and launched ${TABLE} in ${fundS.toFixed(1)} s`);

    // 3. The sockets; every push is measured once the windows begin.
    const onState = (m, text, at) => {
      const s = JSON.parse(text).msgData;
      if (measuring) {
        pushes.received += 1;
        pushes.all.push(at - s.serverNow);
        if (s.status === 'revealing') pushes.steps.push(at - s.serverNow);
        if (s.version <= (m.lastVersion ?? -1)) pushes.outOfOrder += 1;
        pushes.versions.set(s.version, (pushes.versions.get(s.version) ?? 0) + 1);
      }
      m.lastVersion = Math.max(m.lastVersion ?? -1, s.version);
      if (s.status !== 'betting' || (m.lastSeq ?? 0) >= s.seq) return;
      m.lastSeq = s.seq;
      const phase = w.phaseOf(s);
      if (phase) setTimeout(() => void act(m, phase), Math.max(0, s.opensAt + Math.random() * SPREAD * WINDOW_MS - s.serverNow));
    };
    const act = async (m, phase) => {
      const ts = await C.makeTsToken(client.clientKeys.get(SITE), m.ip);
      const headers = client.headersFor(SITE, m.ip, m.token, ts);
      const body =
        phase.mode === 'bet'
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
      phase.first = Math.min(phase.first, Date.now());
      phase.sent += 1;
      const r = await post(phase.mode === 'bet' ? RESOURCE : '/bench/insert', headers, body);
      phase.last = Math.max(phase.last, Date.now());
      phase.lat.push(r.ms);
      const ok = phase.mode === 'bet' ? r.body.startsWith('{"status_code":6000,') : r.body === '{"ok":true}';
      if (ok) phase.ok += 1;
      else {
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
          const [r] = await db.all('select status, drawn_at from table_rounds where id = ?', [id]);
          if (r?.status === 'settled') return rounds.settle.push({ seq: phase.seq, drawnAt: Number(r.drawn_at), seenAt: Date.now() });
          await new Promise((res) => setTimeout(res, 20));
        }
        throw new Error(`round ${id} not settled within 60 s`);
      })();
    measuring = true;
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
    await new Promise((r) => setTimeout(r, (WINDOW_MS * 3) / 5)); // the last round's reveal pushes
    measuring = false;
    clearInterval(heartbeat);
    log(`${E}: windows done (${Date.now() - t1 > 0 ? ((Date.now() - t1) / 1000).toFixed(0) : 0} s since funding began)`);
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
  if (pgs) await pgs.drop();
  report(E, { phases: w.phases, settle: rounds.settle, pushes, stored, verify: v, sockets: sockets.length });
}

function report(E, { phases, settle, pushes, stored, verify, sockets }) {
  const of = (mode) => phases.filter((p) => p.mode === mode);
  const rate = (ps) => ps.reduce((a, p) => a + p.ok, 0) / (ps.reduce((a, p) => a + (p.last - p.first), 0) / 1000);
  const lat = (ps) => ps.flatMap((p) => p.lat).sort((a, b) => a - b);
  const bets = of('bet');
  const bares = of('bare');
  for (const p of phases) {
    log(
      `round ${p.seq} (${p.mode}): ${p.ok}/${p.sent} ok in ${p.last - p.first} ms = ${((p.ok * 1000) / (p.last - p.first)).toFixed(0)}/s, ` +
        `p99 ${ms(
          quantile(
            [...p.lat].sort((a, b) => a - b),
            0.99,
          ),
        )}; last answer ${p.last - p.closesAt} ms after the close`,
    );
    for (const [why, n] of p.refused) log(`  refused ×${n}: ${why}`);
  }
  const betRate = rate(bets);
  const bareRate = rate(bares);
  const sent = bets.reduce((a, p) => a + p.sent, 0);
  const accepted = bets.reduce((a, p) => a + p.ok, 0);
  const offered = (PLAYERS / (SPREAD * WINDOW_MS)) * 1000;
  row(
    `${E}: players (sockets)`,
    String(sockets),
    '',
    null,
    `members with money in ${CHANNEL}, each socket logged in and subscribed to ${TABLE}`,
  );
  row(
    `${E}: window`,
    ms(WINDOW_MS),
    '',
    null,
    `TABLE_SPEED=${SPEED}; each player's request at a random moment in the first ${SPREAD * 100}% (${offered.toFixed(0)} req/s offered)`,
  );
  row(
    `${E}: bets accepted`,
    `${accepted}/${sent}`,
    '',
    null,
    `${bets.length} rounds; stored: ${stored.map((s) => `${s.n} ${s.status}`).join(', ')}`,
  );
  row(
    `${E}: bets accepted/s in windows`,
    betRate.toFixed(0),
    '',
    null,
    `p50 ${ms(quantile(lat(bets), 0.5))}, p99 ${ms(quantile(lat(bets), 0.99))}`,
  );
  row(
    `${E}: bare insert req/s, same load`,
    bareRate.toFixed(0),
    '',
    null,
    `p50 ${ms(quantile(lat(bares), 0.5))}, p99 ${ms(quantile(lat(bares), 0.99))}`,
  );
  const ratio = betRate / bareRate;
  const pairs = bets.map((p, i) =>
    bares[i] ? ((p.ok * 1000) / (p.last - p.first) / ((bares[i].ok * 1000) / (bares[i].last - bares[i].first))).toFixed(2) : '-',
  );
  row(
    `${E}: bets ÷ bare insert`,
    ratio.toFixed(2),
    `≥ ${TARGET_RATIO}`,
    ratio >= TARGET_RATIO && accepted === sent,
    `each window pair: ${pairs.join(' ')}`,
  );
  const settleMs = settle.map((s) => s.seenAt - s.drawnAt).sort((a, b) => a - b);
  row(
    `${E}: outcome → last bet settled p99`,
    ms(quantile(settleMs, 0.99)),
    `< ${TARGET_SETTLE_MS} ms`,
    settleMs.length === bets.length && quantile(settleMs, 0.99) < TARGET_SETTLE_MS,
    `p50 ${ms(quantile(settleMs, 0.5))} over ${settleMs.length} rounds (${settleMs.join(', ')} ms; drawn_at → seen settled, 20 ms poll)`,
  );
  pushes.all.sort((a, b) => a - b);
  pushes.steps.sort((a, b) => a - b);
  // Versions of the measured rounds only (a version pushed as the measurement began may have been half counted).
  const firstSeq = Math.min(...phases.map((p) => p.seq));
  const missed = [...pushes.versions].filter(([v]) => Math.floor(v / 100) >= firstSeq).reduce((a, [, n]) => a + (sockets - n), 0);
  row(
    `${E}: push latency p99 (all)`,
    ms(quantile(pushes.all, 0.99)),
    '',
    null,
    `p50 ${ms(quantile(pushes.all, 0.5))}, max ${ms(pushes.all.at(-1))}; ${pushes.received} pushes to ${sockets} sockets`,
  );
  row(
    `${E}: step push latency p99`,
    ms(quantile(pushes.steps, 0.99)),
    '',
    null,
    `p50 ${ms(quantile(pushes.steps, 0.5))}; ${pushes.steps.length} reveal-step pushes`,
  );
  row(
    `${E}: every push delivered, in order`,
    missed === 0 && pushes.outOfOrder === 0 ? 'yes' : 'NO',
    'yes',
    missed === 0 && pushes.outOfOrder === 0,
    `missed ${missed}, out of order ${pushes.outOfOrder}, socket closes ${JSON.stringify(Object.fromEntries(pushes.closes))}`,
  );
  row(`${E}: ledger:verify`, verify.ok ? 'clean' : 'BROKEN', 'clean', verify.ok);
}

main()
  .catch((e) => {
    console.error(e);
    row('run', 'FAILED', '', false, String(e?.message ?? e).slice(0, 160));
  })
  .finally(() => {
    printSummary('bench:tables', rows);
    killServers();
    process.exitCode = rows.some((r) => r.pass === false && !/÷|settled/.test(r.name)) ? 1 : 0;
    setTimeout(() => process.exit(), 500).unref();
  });
