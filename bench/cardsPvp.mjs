/**
 * bench:cards' PvP half (`npm run bench:cards -- --pvp`, or `node bench/cardsPvp.mjs`): `--tables` (300) 斗地主 tables
 * of three real members each (900 sockets), playing at full speed against the built server. Members are seeded and
 * funded as bench:tables does (tablePlayers.mjs: seeded rows and sessions, a sandbox deposit, the transfer into CRQP,
 * launch for the venue token, the chat jwt), each from its own loopback address. Each joins DDZ1 over HTTP
 * (pvpJoin: the hold on the wager path); on every state push the seat to move answers at once on its socket (bid 3;
 * lead its smallest single; follow with the hint or pass) — each socket at most every 400 ms, inside the hub's budget of
 * 30 client messages per 10 s (a faster client is disconnected as any would be) — and after a hand's result every seat
 * joins again.
 * Measured for `--seconds` (30) after a warm-up hand: hands settled per second, server CPU per action (the server
 * process's CPU from /proc over the actions it took, players' moves and HTTP joins included), and action → push to the
 * other seats (p50 / p99: the time from a move's send until another seat's socket got the state it caused).
 * SQLite (a fresh file) or PostgreSQL (DATABASE_URL, a fresh schema). Then `ledger:verify`.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import {
  HOST,
  apiClient,
  cpuMs,
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
import { creditDeposits, enterVenue, openDb, payDeposit, postgresSchema, poster, quantile, seedMembers } from './tablePlayers.mjs';

const { values: flags } = parseArgs({
  options: { tables: { type: 'string', default: '300' }, seconds: { type: 'string', default: '30' } },
});
const TABLES = Number(flags.tables);
const PLAYERS = TABLES * 3;
const SECONDS = Number(flags.seconds);
const SITE = 7000;
const CHANNEL = 'CRQP';
const LEVEL = 'DDZ1';
const OCTET = 91;
const RESOURCE = '/game/api/v1/resource';
const SEND_GAP_MS = 400;

const work = workDir('portal-bench-pvp-');
const runId = randomBytes(4).toString('hex');
const rows = [];
const row = (name, value, target, pass, note = '') => rows.push({ name, value, target, pass, note });
let dropSchema = null;

async function main() {
  const C = await loadTs(
    work,
    'contract-pvp',
    'packages/contract/src',
    "export { makeTsToken } from './crypto.ts'; export { HEADERS } from './headers.ts'; export { LIMITS } from './limits.ts'; export { MSG, WS_PATH } from './realtime.ts';",
  );
  const G = await loadTs(work, 'games-pvp', 'packages/games/src', "export { hintFor, smallestLead } from './cards/doudizhu.ts';");
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
    PROVIDERS: 'sandbox',
    SANDBOX_DELAY_MS: '0',
    SANDBOX_FAIL_RATE: '0',
    SANDBOX_LOST_ANSWER_RATE: '0',
    TABLES_DEAL: '0',
  };
  delete env.REDIS_URL;
  if (pgs) env.DATABASE_URL = pgs.url;
  else delete env.DATABASE_URL;
  const dbUrl = pgs ? pgs.url : join(dataDir, 'portal.sqlite');
  const E = pgs ? 'PostgreSQL' : 'SQLite';
  let child = await startServer(env);
  await stopServer(child);
  const client = apiClient(C, base);
  let db = await openDb(dbUrl);
  const members = await seedMembers(db, {
    n: PLAYERS,
    site: SITE,
    uuid: client.uuid,
    runId,
    octet: OCTET,
    sessionS: C.LIMITS.SESSION_ABSOLUTE_S,
  });
  await db.close();
  child = await startServer(env);
  const post = poster(base, 64);
  const sockets = [];
  try {
    const pre = must(await client.call('/site/api/v1/configuration/preInfo', {}, { site: SITE }), 'preInfo');
    client.clientKeys.set(SITE, pre.siteBaseConfig.clientKey);
    await pool(PLAYERS, 16, (i) => payDeposit(client, base, C, SITE, members[i], { amount: '1000', runId }));
    await creditDeposits(env, dbUrl, E, PLAYERS);
    const fundS = await pool(PLAYERS, 16, (i) =>
      enterVenue(client, C, SITE, members[i], { amount: '1000', channel: CHANNEL, gameCode: 'NN1', runId }),
    );
    log(`${E}: ${PLAYERS} members funded CRQP and launched in ${fundS.toFixed(1)} s`);

    const st = { measuring: false, hands: 0, actions: 0, lat: [], sent: new Map(), joins: 0, refused: new Map(), cpu0: 0, t0: 0 };
    let seq = 0;
    const join = async (m) => {
      const ts = await C.makeTsToken(client.clientKeys.get(SITE), m.ip);
      const body = JSON.stringify({
        method: 'pvpJoin',
        enName: 'crqp',
        Request: {
          timestamp: Date.now(),
          token: m.venueToken,
          langx: 'zh-cn',
          remoteip: m.ip,
          level: LEVEL,
          idempotencyKey: `pj-${runId}-${m.i}-${++seq}`,
        },
      });
      const r = await post(RESOURCE, client.headersFor(SITE, m.ip, m.token, ts), body);
      if (!r.body.startsWith('{"status_code":6000,')) st.refused.set(r.body.slice(0, 100), (st.refused.get(r.body.slice(0, 100)) ?? 0) + 1);
      st.joins += 1;
    };
    const move = (m, s) => {
      const fake = { hands: [[], [], []], turn: s.seat, last: s.last };
      fake.hands[s.seat] = s.hand;
      let msg;
      if (s.phase === 'bidding') msg = { msgId: C.MSG.PVP_BID, msgData: { handId: s.handId, bid: 3 } };
      else {
        const p = s.last === null ? G.smallestLead(s.hand) : G.hintFor(fake);
        msg = { msgId: C.MSG.PVP_PLAY, msgData: { handId: s.handId, cards: p?.cards ?? [] } };
      }
      // The hub allows a socket WS_LIMITS.MESSAGES_PER_WINDOW (30) messages per 10 s: a seat moves at most every 400 ms.
      const wait = Math.max(0, (m.lastSend ?? 0) + SEND_GAP_MS - performance.now());
      setTimeout(() => {
        m.lastSend = performance.now();
        st.sent.set(s.handId, { v: s.version, at: m.lastSend, seat: s.seat });
        if (st.measuring) st.actions += 1;
        m.ws.send(JSON.stringify(msg));
      }, wait);
    };
    const onState = (m, s) => {
      const at = performance.now();
      const sent = st.sent.get(s.handId);
      if (sent && st.measuring && sent.seat !== s.seat && s.version === sent.v + 1) st.lat.push(at - sent.at);
      if (s.result || s.phase === 'void') {
        if (m.doneHand === s.handId) return;
        m.doneHand = s.handId;
        if (s.seat === 0 && st.measuring) st.hands += 1;
        void join(m);
        return;
      }
      if ((s.phase === 'bidding' || s.phase === 'playing') && s.turn === s.seat && m.movedAt !== `${s.handId}:${s.version}`) {
        m.movedAt = `${s.handId}:${s.version}`;
        move(m, s);
      }
    };
    const wsUrl = `${base.replace('http', 'ws')}${C.WS_PATH}?clientType=web&siteId=${SITE}`;
    const open = (m) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(wsUrl, { headers: { 'x-forwarded-for': m.ip } });
        m.ws = ws;
        ws.on('open', () => ws.send(JSON.stringify({ msgId: C.MSG.LOGIN, msgData: { token: m.token, jwt: m.jwt } })));
        ws.on('message', (buf) => {
          const text = buf.toString('utf8');
          if (text.startsWith(`{"msgId":${C.MSG.PVP_STATE},`))
            try {
              onState(m, JSON.parse(text).msgData);
            } catch (e) {
              console.error(e);
            }
          else if (text.startsWith(`{"msgId":${C.MSG.LOGIN},`)) resolve(ws);
          else if (text.startsWith(`{"msgId":${C.MSG.PVP_REFUSED},`))
            st.refused.set(text.slice(0, 120), (st.refused.get(text.slice(0, 120)) ?? 0) + 1);
        });
        ws.on('error', reject);
      });
    for (let i = 0; i < PLAYERS; i += 100) sockets.push(...(await Promise.all(members.slice(i, i + 100).map(open))));
    log(`${E}: ${sockets.length} sockets logged in`);
    const heartbeat = setInterval(() => sockets.forEach((ws) => ws.readyState === 1 && ws.send(`{"msgId":${C.MSG.HEARTBEAT}}`)), 10_000);
    // Everyone joins; a warm-up of 5 s, then the measured window.
    await pool(PLAYERS, 32, (i) => join(members[i]));
    await new Promise((r) => setTimeout(r, 5_000));
    st.measuring = true;
    st.cpu0 = cpuMs(child.pid);
    st.t0 = performance.now();
    const joins0 = st.joins;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    st.measuring = false;
    const cpu = cpuMs(child.pid) - st.cpu0;
    const secs = (performance.now() - st.t0) / 1000;
    clearInterval(heartbeat);
    const lat = st.lat.sort((a, b) => a - b);
    const handsPerS = st.hands / secs;
    row(
      `${E} hands settled /s (${TABLES} tables, ${PLAYERS} sockets)`,
      handsPerS.toFixed(1),
      '',
      true,
      `${st.hands} hands in ${secs.toFixed(0)} s`,
    );
    row(`${E} actions /s`, (st.actions / secs).toFixed(0), '', true, `${st.joins - joins0} joins (holds) meanwhile`);
    row(
      `${E} server CPU per action`,
      `${((cpu * 1000) / Math.max(1, st.actions)).toFixed(0)} µs`,
      '',
      true,
      `joins and settlements included; ${(cpu / secs / 10).toFixed(0)}% of a core`,
    );
    row(
      `${E} action → push to the other seats p50 / p99`,
      `${quantile(lat, 0.5).toFixed(1)} / ${quantile(lat, 0.99).toFixed(1)} ms`,
      '< 200 ms p99',
      quantile(lat, 0.99) < 200,
      `${lat.length} pushes`,
    );
    if (st.refused.size)
      row(
        `${E} refused joins`,
        [...st.refused]
          .map(([k, n]) => `${n}× ${k}`)
          .join('; ')
          .slice(0, 200),
        '0',
        false,
      );
    for (const ws of sockets) ws.close();
    await post.close?.();
    await new Promise((r) => setTimeout(r, 3000));
  } finally {
    await stopServer(child);
  }
  const v = ledgerVerify(env);
  row(`${E} ledger:verify`, v.ok ? 'clean' : 'PROBLEMS', 'clean', v.ok, v.ok ? '' : String(v.out).slice(0, 160));
}

try {
  await main();
} catch (e) {
  console.error(e);
  row('run', 'FAILED', '', false, String(e?.message ?? e).slice(0, 160));
  killServers();
} finally {
  await dropSchema?.().catch(() => undefined);
}
printSummary('bench:cards PvP (斗地主)', rows);
process.exitCode = rows.some((r) => r.pass === false) ? 1 : 0;
