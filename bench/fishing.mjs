/**
 * bench:fishing (issue 33): the built server under PLAYERS (500, --players) simulated players seated four to a room
 * (125 rooms of the beginners' hall BY1), each firing RATE (5, --rate) shots a second at a fish on screen in its room,
 * against the bare insert route in the same run:
 *   - the players: members seeded straight into the database (bench/tablePlayers.mjs, as bench:tables), funded through
 *     the API (deposit on the sandbox pay page, the venue transfer into CRBY, launch), seated by fishing/join; each
 *     room's state (its fish, the caught ones, its ocean clock) is asked once a second by one of its seats (rotating),
 *     and each shot names a live fish the bench computes on screen from that state (@portal/games fishAt);
 *   - windows of PART_S (8 s, --seconds) alternated, A, B, A, B … (ROUNDS, 2, --rounds):
 *       A: every player fires on its own 1/RATE s schedule (a random phase), one `fishing/shoot` with its own key;
 *       B: the same players, the same schedule, the same HTTP pool POST the bare insert route (/bench/insert, one
 *          single-row INSERT transaction, BENCH_BARE_ROUTE=1) instead — the house benches' baseline;
 *     figures: answers judged per second over each window (first request sent → last answer), A ÷ B (≥ 1 expected:
 *     a shot's money goes to its seat's batch, one ledger step per ~150 ms window, while each bare insert is its own
 *     transaction), server CPU per request (from /proc), p50 / p99 shot → answer, ledger steps per second (the
 *     windows' distinct batches in fishing_shots, and the SQLite group commit's steps from /metrics), refusals by
 *     message (a fish that swam away between the bench's look and the server's judgement is refused at no cost);
 *   - after the windows, the client: Chromium (/usr/bin/chromium, headless, no GPU: software WebGL) opens the room of
 *     the first three players as a fourth member (4 seats) and reads the canvas's frame times while the three others
 *     keep firing (p50 / p95, the fish on screen);               target p95 ≤ 16 ms (a GPU-less shared box: reported)
 *   - after stopping the server, `ops.js ledger:verify` on the same database                  must be clean.
 * DATABASE_URL=postgres://… runs it on PostgreSQL (a schema of its own, dropped after). 127.0.0.1 only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  HOST,
  apiClient,
  benchEnv,
  guardRun,
  cpuMs,
  freePort,
  groupCommits,
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
  quantile,
  seedMembers,
  waitQuiet,
} from './tablePlayers.mjs';

const { values: flags } = parseArgs({
  options: {
    players: { type: 'string', default: '500' },
    rate: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    'no-browser': { type: 'boolean', default: false },
    /** A directory: the server writes a V8 CPU profile there when it stops (node --cpu-prof). */
    profile: { type: 'string' },
  },
});
const PLAYERS = Number(flags.players);
const RATE = Number(flags.rate);
const PART_S = Number(flags.seconds);
const ROUNDS = Number(flags.rounds);
const SITE = 7000;
const HALL = 'BY1';
const CHANNEL = 'CRBY';
const DEPOSIT = '500';
const OCTET = 92;
const HTTP_POOL = 64;
const SHOOT = '/game/api/v1/fishing/shoot';
const STATE = '/game/api/v1/fishing/state';
const HARD_LIMIT_MS = 900_000;

const work = workDir('portal-bench-fishing-');
const runId = randomBytes(4).toString('hex');
guardRun(HARD_LIMIT_MS, () => dropSchema?.());

let dropSchema = null;
const rows = [];
const row = (name, value, target, pass, note = '') => rows.push({ name, value, target, pass, note });

async function main() {
  const C = await loadTs(
    work,
    'contract-fishing',
    'packages/contract/src',
    "export { makeTsToken } from './crypto.ts'; export { HEADERS } from './headers.ts'; export { LIMITS } from './limits.ts';",
  );
  const G = await loadTs(work, 'games-fishing', 'packages/games/src', "export { fishAt, onScreen } from './fishing/ocean.ts';");
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const dataDir = join(work, 'data');
  const pgs = await postgresSchema(runId);
  dropSchema = pgs?.drop ?? null;
  const env = benchEnv(port, dataDir, pgs?.url);
  const profiled = flags.profile ? { ...env, PORTAL_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${flags.profile}` } : env;
  const dbUrl = pgs ? pgs.url : join(dataDir, 'portal.sqlite');
  const E = pgs ? 'PostgreSQL' : 'SQLite';
  log(`${E}: ${PLAYERS} players in ${HALL}, ${RATE} shots/s each, ${ROUNDS} × (${PART_S} s shots, ${PART_S} s bare insert)`);

  let child = await startServer(env);
  await stopServer(child);
  const client = apiClient(C, base);
  let db = await openDb(dbUrl);
  const members = await seedMembers(db, {
    n: PLAYERS + 1,
    site: SITE,
    uuid: client.uuid,
    runId,
    octet: OCTET,
    sessionS: C.LIMITS.SESSION_ABSOLUTE_S,
  });
  await db.close();
  const viewer = members.pop();
  child = await startServer(profiled);
  const post = poster(base, HTTP_POOL);
  const cpuNow = () => ({ server: cpuMs(child.pid), bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000 });
  try {
    const pre = must(await client.call('/site/api/v1/configuration/preInfo', {}, { site: SITE }), 'preInfo');
    client.clientKeys.set(SITE, pre.siteBaseConfig.clientKey);
    const key = pre.siteBaseConfig.clientKey;
    const headersOf = async (m, extra = {}) => ({ ...client.headersFor(SITE, m.ip, m.token, await C.makeTsToken(key, m.ip)), ...extra });
    const t0 = Date.now();
    await pool(PLAYERS + 1, 16, (i) => payDeposit(client, base, C, SITE, [...members, viewer][i], { amount: DEPOSIT, runId }));
    await creditDeposits(env, dbUrl, E, PLAYERS + 1);
    await pool(PLAYERS + 1, 16, (i) =>
      enterVenue(client, C, SITE, [...members, viewer][i], { amount: DEPOSIT, channel: CHANNEL, gameCode: HALL, runId }),
    );
    log(`${E}: ${PLAYERS + 1} members funded with ${DEPOSIT} in ${CHANNEL} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    // Seats: four to a room, in order (the hall's first room with a free seat).
    const rooms = new Map();
    const t1 = Date.now();
    await pool(PLAYERS, 4, async (i) => {
      const m = members[i];
      const j = must(await client.call('/game/api/v1/fishing/join', { hall: HALL }, { site: SITE, ip: m.ip, token: m.token }), 'join');
      m.roomId = j.state.roomId;
      const r = rooms.get(m.roomId) ?? { id: m.roomId, seats: [], state: null, at: 0, turn: 0 };
      r.seats.push(m);
      rooms.set(m.roomId, r);
      take(r, j.state);
    });
    log(`${E}: ${PLAYERS} seated in ${rooms.size} rooms in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    row('rooms (4 seats each)', rooms.size, `${Math.ceil(PLAYERS / 4)}`, rooms.size === Math.ceil(PLAYERS / 4));

    // Each room's state, asked by one of its seats once a second (rotating: every seat stays seen).
    function take(r, s) {
      r.state = s;
      r.at = Date.now();
      r.fish = s.fish.map((f) => ({ ...f, path: f.path.map(([x, y]) => ({ x, y })) }));
      r.dead = new Set(s.dead);
    }
    let watching = true;
    const watchers = [...rooms.values()].map(async (r, k) => {
      await new Promise((res) => setTimeout(res, (k * 1000) / rooms.size));
      while (watching) {
        const m = r.seats[r.turn++ % r.seats.length];
        const a = await post(STATE, await headersOf(m), JSON.stringify({ roomId: r.id, since: 0 }));
        if (a.body.startsWith('{"status_code":6000,')) take(r, JSON.parse(a.body).data);
        await new Promise((res) => setTimeout(res, 1000));
      }
    });
    /** A live fish of the room on screen now and for the next 1.5 s by the room's last state (random among them). */
    const target = (r) => {
      const t = r.state.oceanNow + (Date.now() - r.at);
      const live = r.fish.filter((f) => !r.dead.has(f.id) && G.onScreen(G.fishAt(f, t)) && G.onScreen(G.fishAt(f, t + 1500)));
      return live.length ? live[Math.floor(Math.random() * live.length)] : null;
    };

    // The windows: every player on its own schedule (a random phase), shots or bare inserts.
    const windows = [];
    const runWindow = async (mode) => {
      const w = { mode, sent: 0, ok: 0, lat: [], refused: new Map(), first: Infinity, last: 0, noFish: 0 };
      const until = Date.now() + PART_S * 1000;
      const g0 = await groupCommits(base);
      const c0 = cpuNow();
      w.from = Date.now();
      const act = async (m) => {
        let path = '/bench/insert';
        let body = '{}';
        let headers = await headersOf(m);
        if (mode === 'shoot') {
          const r = rooms.get(m.roomId);
          const f = target(r);
          if (!f) return void w.noFish++;
          path = SHOOT;
          body = JSON.stringify({ roomId: m.roomId, fishId: f.id, level: 0, angle: 0 });
          headers = { ...headers, [C.HEADERS.IDEMPOTENCY_KEY]: `bf-${randomUUID()}` };
        }
        w.sent++;
        w.first = Math.min(w.first, Date.now());
        const a = await post(path, headers, body);
        w.last = Math.max(w.last, Date.now());
        const ok = mode === 'shoot' ? a.body.startsWith('{"status_code":6000,') : a.body === '{"ok":true}';
        if (ok) {
          w.ok++;
          w.lat.push(a.ms);
          if (mode === 'shoot') {
            const d = JSON.parse(a.body).data;
            if (d.killed) for (const id of d.fish) rooms.get(m.roomId).dead.add(id);
          }
        } else {
          const why = `${a.status} ${a.body.slice(0, 90)}`;
          w.refused.set(why, (w.refused.get(why) ?? 0) + 1);
        }
      };
      const running = [];
      await Promise.all(
        members.map(async (m) => {
          const gap = 1000 / RATE;
          let next = Date.now() + Math.random() * gap;
          while (next < until) {
            await new Promise((res) => setTimeout(res, Math.max(0, next - Date.now())));
            running.push(act(m));
            next += gap;
          }
        }),
      );
      await Promise.all(running);
      const c1 = cpuNow();
      const g1 = await groupCommits(base);
      w.to = Date.now();
      w.span = (w.last - w.first) / 1000;
      w.rps = w.ok / Math.max(PART_S, w.span);
      w.cpuPer = ((c1.server - c0.server) * 1000) / Math.max(1, w.sent);
      w.benchCpu = (c1.bench - c0.bench) / ((w.to - w.from) / 100);
      w.steps = g1.steps - g0.steps;
      w.commits = g1.commits - g0.commits;
      w.lat.sort((a, b) => a - b);
      log(
        `${mode}: ${w.ok}/${w.sent} answered in ${w.span.toFixed(1)} s = ${w.rps.toFixed(0)}/s, p50 ${quantile(w.lat, 0.5).toFixed(0)} ms, p99 ${quantile(w.lat, 0.99).toFixed(0)} ms, server CPU ${w.cpuPer.toFixed(0)} µs/request, bench ${w.benchCpu.toFixed(0)}% of a core${w.noFish ? `, ${w.noFish} ticks with no fish on screen` : ''}`,
      );
      for (const [why, n] of w.refused) log(`  ${n} × ${why}`);
      windows.push(w);
      await new Promise((res) => setTimeout(res, 1000));
    };
    await waitQuiet(child.pid, E);
    await runWindow('shoot'); // warm-up (not counted)
    windows.length = 0;
    for (let i = 0; i < ROUNDS; i++) {
      await runWindow('shoot');
      await runWindow('bare');
    }

    // The client: a fourth seat in the first room, in Chromium, while the room's three others keep firing.
    if (!flags['no-browser']) await browserFrames(base, viewer, [...rooms.values()][0], { headersOf, post, target, rooms, C });
    watching = false;
    await Promise.all(watchers);

    db = await openDb(dbUrl);
    const A = windows.filter((w) => w.mode === 'shoot');
    const B = windows.filter((w) => w.mode === 'bare');
    let batches = 0;
    for (const w of A)
      batches += Number(
        (await db.all('select count(distinct batch_id) as n from fishing_shots where judged_at >= ? and judged_at <= ?', [w.from, w.to]))[0]
          .n,
      );
    await db.close();
    const sum = (ws, k) => ws.reduce((a, w) => a + w[k], 0);
    const rate = (ws) => sum(ws, 'ok') / ws.reduce((a, w) => a + Math.max(PART_S, w.span), 0);
    const lat = A.flatMap((w) => w.lat).sort((a, b) => a - b);
    const offered = PLAYERS * RATE;
    const aRate = rate(A);
    const bRate = rate(B);
    const aSeconds = A.reduce((a, w) => a + Math.max(PART_S, w.span), 0);
    const refusedA = A.reduce((a, w) => a + [...w.refused.values()].reduce((x, y) => x + y, 0), 0);
    row(
      'shots judged /s',
      aRate.toFixed(0),
      `≥ ${offered}`,
      aRate >= offered * 0.95,
      `${sum(A, 'ok')} answered 6000 of ${sum(A, 'sent')} sent (${refusedA} refused)`,
    );
    const answeredA = sum(A, 'ok') + refusedA;
    row(
      'shot requests answered /s (judged or refused)',
      (answeredA / aSeconds).toFixed(0),
      '',
      null,
      "the server's pace; a refusal (the fish swam away while the shot queued) costs nothing",
    );
    row('bare inserts /s (same schedule)', bRate.toFixed(0), '', null, `${sum(B, 'ok')} of ${sum(B, 'sent')}`);
    row('shots ÷ bare', (aRate / bRate).toFixed(2), '≥ 1', aRate / bRate >= 1, A.map((w, i) => (w.rps / B[i].rps).toFixed(2)).join(' / '));
    row(
      'server CPU per shot (µs)',
      (sum(A, 'cpuPer') / A.length).toFixed(0),
      '',
      null,
      `bare insert ${(sum(B, 'cpuPer') / B.length).toFixed(0)} µs`,
    );
    row('p50 shot → answer (ms)', quantile(lat, 0.5).toFixed(0), '', null, 'includes the 150 ms batch window');
    row(
      'p99 shot → answer (ms)',
      quantile(lat, 0.99).toFixed(0),
      '',
      null,
      `bare insert p99 ${quantile(
        B.flatMap((w) => w.lat).sort((a, b) => a - b),
        0.99,
      ).toFixed(0)} ms`,
    );
    row(
      'ledger steps /s (fishing batches)',
      (batches / aSeconds).toFixed(0),
      '',
      null,
      `${(sum(A, 'ok') / Math.max(1, batches)).toFixed(1)} shots per batch`,
    );
    if (E === 'SQLite')
      row(
        'group-commit steps /s (shots)',
        (sum(A, 'steps') / aSeconds).toFixed(0),
        '',
        null,
        `${(sum(A, 'steps') / Math.max(1, sum(A, 'commits'))).toFixed(1)} steps per commit; bare ${(sum(B, 'steps') / Math.max(1, sum(B, 'commits'))).toFixed(1)}`,
      );
    row('bench process CPU (% of a core)', (sum(A, 'benchCpu') / A.length).toFixed(0), '', null, 'the load generator shares the 2 cores');
  } finally {
    post.close();
    await stopServer(child);
    child = null;
  }
  const v = ledgerVerify(env);
  log(`${E}: ops.js ledger:verify (exit ${v.code}): ${v.out.split('\n').slice(-3).join(' | ')}`);
  row('ledger:verify', v.ok ? 'clean' : 'FAILED', 'clean', v.ok);
}

/** Chromium as a fourth seat of `room`: the canvas's frame times over 8 s while the room's three others fire. */
async function browserFrames(base, viewer, room, { headersOf, post, target, C }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  let firing = true;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
    await context.addInitScript(
      ([token, userId]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userId', userId);
      },
      [viewer.token, viewer.id],
    );
    // One seat of the room leaves: the viewer's join (the hall's first room with a free seat) takes it.
    const left = room.seats.pop();
    must(
      await post('/game/api/v1/fishing/leave', await headersOf(left), JSON.stringify({ roomId: room.id })).then((a) => JSON.parse(a.body)),
      'leave',
    );
    const page = await context.newPage();
    await page.goto(`${base}/by/game?enName=crby&gameCode=${HALL}`);
    await page.locator('.fish-page__ocean canvas').waitFor({ timeout: 60_000 });
    const seated = await page.locator('.fish-page').getAttribute('data-room');
    const fire = (async () => {
      while (firing)
        for (const m of room.seats) {
          const f = target(room);
          if (f)
            void post(
              SHOOT,
              await headersOf(m, { [C.HEADERS.IDEMPOTENCY_KEY]: `bv-${randomUUID()}` }),
              JSON.stringify({ roomId: room.id, fishId: f.id, level: 0, angle: 1 }),
            );
          await new Promise((res) => setTimeout(res, 1000 / RATE / room.seats.length));
        }
    })();
    await page.waitForTimeout(2000);
    await page.evaluate(() => (globalThis.__fishScene.scene.frameTimes.length = 0));
    const fishSeen = [];
    for (let i = 0; i < 8; i++) {
      await page.waitForTimeout(1000);
      fishSeen.push(
        await page.evaluate(() => globalThis.__fishScene.ocean.swimming(globalThis.__fishScene.ocean.timeAt(performance.now())).length),
      );
    }
    const frames = await page.evaluate(() => globalThis.__fishScene.scene.frameTimes.slice());
    firing = false;
    await fire;
    const sorted = frames.sort((a, b) => a - b);
    const p95 = quantile(sorted, 0.95);
    const fishMean = fishSeen.reduce((a, b) => a + b, 0) / fishSeen.length;
    log(
      `client: room ${seated} (${room.seats.length + 1} seats), ${sorted.length} frames in 8 s, p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, fish on screen ${Math.min(...fishSeen)}–${Math.max(...fishSeen)}`,
    );
    row(
      'client frame p95 (ms)',
      p95.toFixed(1),
      '≤ 16',
      p95 <= 16,
      `p50 ${quantile(sorted, 0.5).toFixed(1)} ms, ${(sorted.length / 8).toFixed(0)} fps, ${fishMean.toFixed(0)} fish, room ${seated}, headless Chromium, software WebGL`,
    );
  } finally {
    firing = false;
    await browser.close();
  }
}

main()
  .catch((e) => {
    console.error(e);
    row('run', 'FAILED', '', false, String(e?.message ?? e).slice(0, 160));
  })
  .finally(async () => {
    killServers();
    await waitServers();
    if (dropSchema) await dropSchema().catch((e) => log(`could not drop the schema: ${e.message}`));
    printSummary('bench:fishing', rows);
    process.exitCode = rows.some((r) => r.pass === false && /ledger|run/.test(r.name)) ? 1 : 0;
    setTimeout(() => process.exit(), 500).unref();
  });
