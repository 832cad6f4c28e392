#!/usr/bin/env node
/**
 * Operator console benchmark: run by `npm run bench:console` after `node scripts/build.mjs`.
 *
 * On a fresh SQLite DATA_DIR (`ops.js migrate`), writes straight into the tables, in bulk:
 *   100,000 members (phone, registration IP, a member_ips row each), 1,000,000 settled bets (casino_rounds rows
 *   over every venue and category, and their per-member daily turnover rows as settlement keeps them),
 *   200,000 deposits, 50,000 withdrawals, promotion rewards and rebates — spread over 60 business days;
 * builds the report roll-ups with `ops.js report:rebuild` (timed), starts the real server bundle on 127.0.0.1,
 * signs a staff member in with password + TOTP (enrolled on the first sign-in), and prints from one run:
 *   - dashboard (reports/dashboard) p50 / p95 over sequential calls                    target p95 ≤ 200 ms
 *   - daily report (reports/daily, 30 days, and 30 days filtered by category) p95       target p95 ≤ 200 ms
 *   - member search by phone and by IP p95                                              target p95 ≤ 50 ms
 *     (members/search over HTTP when the server has it; else the equivalent indexed query on the database,
 *     said so in the output)
 *   - the console bundle's gzip size (apps/console/dist assets; the entry chunk and all chunks)
 * Talks only to 127.0.0.1, kills the server at the end, and stays under ~3 minutes of generation.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import * as OTPAuth from 'otpauth';
import { HOST, freePort, log, printSummary, root, startServer, stopServer, workDir } from './lib.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const DEPOSITS = 200_000;
const WITHDRAWALS = 50_000;
const PROMOS = 40_000;
const DAYS = 60;
const CALLS = 120;
const SEARCHES = 300;
const TARGETS = { reportMs: 200, searchMs: 50 };
const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3_600_000;
const STAFF_PASSWORD = 'Bench#Console2026';

const work = workDir('portal-bench-console-');
const day = (ms) => new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
const today0 = Date.parse(`${day(Date.now())}T00:00:00Z`) - OFFSET_MS;
const firstDay0 = today0 - (DAYS - 1) * DAY_MS;
/** A deterministic generator (mulberry32), so every run builds the same data. */
let seed = 20261126;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const timeOn = (d) => firstDay0 + d * DAY_MS + int(0, DAY_MS - 1);
const memberId = (i) => `bm${i.toString(36).padStart(6, '0')}`;
const siteOf = (i) => (i % 10 < 7 ? 7000 : 7001);
const phoneOf = (i) => `139${String(10_000_000 + i).slice(-8)}`;
const ipOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

function ops(env, args) {
  const r = spawnSync(process.execPath, [join(root, 'apps/server/dist/ops.js'), ...args], {
    cwd: root,
    env: { ...env, PORT: '0' },
    encoding: 'utf8',
    timeout: 600_000,
  });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  if (r.status !== 0) throw new Error(`ops ${args.join(' ')} failed (${r.status}): ${out.slice(0, 500)}`);
  return out;
}

/** Inserts `count` rows made by `row(i)` in transactions of 20,000. */
function bulk(db, sql, count, row) {
  const stmt = db.prepare(sql);
  const batch = db.transaction((from, to) => {
    for (let i = from; i < to; i++) stmt.run(row(i));
  });
  for (let i = 0; i < count; i += 20_000) batch(i, Math.min(count, i + 20_000));
}

function generate(file) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const venues = db.prepare('select channel_code, category from venues order by channel_code').all();
  const t0 = Date.now();
  bulk(
    db,
    `insert into members (id, site_code, name, name_lower, password_hash, phone, area_code, profile_confirmed, status,
       register_ip, created_at, password_changed_at) values (?, ?, ?, ?, 'x', ?, '86', 0, 'active', ?, ?, ?)`,
    MEMBERS,
    (i) => {
      const at = i < MEMBERS / 2 ? firstDay0 - int(1, 365) * DAY_MS : timeOn(int(0, DAYS - 1));
      return [memberId(i), siteOf(i), memberId(i), memberId(i), phoneOf(i), ipOf(i), at, at];
    },
  );
  bulk(db, 'insert into member_ips (member_id, ip_prefix, first_seen_at, last_seen_at) values (?, ?, ?, ?)', MEMBERS, (i) => [
    memberId(i),
    ipOf(i),
    firstDay0,
    today0,
  ]);
  log(`generated ${MEMBERS} members in ${Date.now() - t0} ms`);
  // Bets: a third of the members play, each on about ten of the days, mostly at one favourite venue.
  const players = Math.floor(MEMBERS / 3);
  const daily = new Map();
  const t1 = Date.now();
  bulk(
    db,
    `insert into casino_rounds (id, member_id, site_code, channel_code, category, game_code, bet, win, jackpot_win, valid,
       status, outcome, shown, created_at, settled_at) values (?, ?, ?, ?, ?, 'bench', ?, ?, 0, ?, 'settled', '{}', 1, ?, ?)`,
    BETS,
    (i) => {
      const m = int(0, players - 1) * 3;
      const v = venues[rand() < 0.8 ? m % venues.length : int(0, venues.length - 1)];
      const d = (m * 7 + int(0, 9)) % DAYS;
      const at = timeOn(d);
      const bet = int(1, 200) * 100;
      const win = rand() < 0.47 ? bet * 2 : 0;
      const key = `${m}|${day(at)}|${v.channel_code}`;
      const row = daily.get(key) ?? { m, day: day(at), v, bets: 0, stake: 0, payout: 0 };
      row.bets++;
      row.stake += bet;
      row.payout += win;
      daily.set(key, row);
      return [`br${i}`, memberId(m), siteOf(m), v.channel_code, v.category, bet, win, bet, at - 30_000, at];
    },
  );
  const rows = [...daily.values()];
  bulk(
    db,
    `insert into bet_turnover_daily (member_id, day, channel_code, site_code, category, bets, stake, valid, payout)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    rows.length,
    (i) => {
      const r = rows[i];
      return [memberId(r.m), r.day, r.v.channel_code, siteOf(r.m), r.v.category, r.bets, r.stake, r.stake, r.payout];
    },
  );
  log(`generated ${BETS} bets (${rows.length} member-day-venue turnover rows) in ${Date.now() - t1} ms`);
  const t2 = Date.now();
  bulk(
    db,
    `insert into deposit_orders (order_no, member_id, site_code, channel_id, provider, amount, fee, currency, status,
       created_at, expires_at, paid_at) values (?, ?, ?, 'bank', 'sandbox', ?, 0, 'CNY', 'paid', ?, ?, ?)`,
    DEPOSITS,
    (i) => {
      const m = int(0, MEMBERS - 1);
      const at = timeOn(int(0, DAYS - 1));
      return [`BD${i}`, memberId(m), siteOf(m), int(1, 500) * 10_000, at - 60_000, at + 900_000, at];
    },
  );
  const statuses = ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'pending', 'approved', 'rejected'];
  bulk(
    db,
    `insert into withdraw_orders (order_no, member_id, site_code, method, target_id, target, amount, fee, status, hold_id,
       remark, created_at, updated_at) values (?, ?, ?, 'bank', 'c', '6222', ?, 0, ?, ?, '', ?, ?)`,
    WITHDRAWALS,
    (i) => {
      const m = int(0, MEMBERS - 1);
      const at = timeOn(int(0, DAYS - 1));
      return [`BW${i}`, memberId(m), siteOf(m), int(1, 300) * 10_000, statuses[i % statuses.length], `bh${i}`, at - 600_000, at];
    },
  );
  bulk(
    db,
    `insert into promo_rewards (id, promotion_id, member_id, site_code, period_key, amount, wagering, status, source_cn,
       source_tw, ref, created_at) values (?, 'bench', ?, ?, ?, ?, 0, 'paid', '', '', '', ?)`,
    PROMOS,
    (i) => {
      const m = int(0, MEMBERS - 1);
      return [`bp${i}`, memberId(m), siteOf(m), `k${i}`, int(1, 100) * 100, timeOn(int(0, DAYS - 1))];
    },
  );
  bulk(
    db,
    `insert into vip_rebates (member_id, day, site_code, grade, valid, amount, detail, paid_at) values (?, ?, ?, 1, ?, ?, '{}', ?)`,
    PROMOS,
    (i) => {
      const m = i * 2;
      const at = timeOn(int(1, DAYS - 1));
      return [memberId(m), day(at - DAY_MS), siteOf(m), 100_000, int(1, 1000) * 10, at];
    },
  );
  log(`generated ${DEPOSITS} deposits, ${WITHDRAWALS} withdrawals, ${PROMOS} rewards and ${PROMOS} rebates in ${Date.now() - t2} ms`);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('analyze');
  db.close();
  return Date.now() - t0;
}

function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function timed(n, fn) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

function consoleBundle() {
  const dir = join(root, 'apps/console/dist');
  if (!existsSync(dir)) return null;
  const files = [];
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(js|css|html)$/.test(f)) files.push(p);
    }
  };
  walk(dir);
  const html = existsSync(join(dir, 'index.html')) ? readFileSync(join(dir, 'index.html'), 'utf8') : '';
  let all = 0;
  let entry = 0;
  for (const f of files) {
    const gz = gzipSync(readFileSync(f), { level: 9 }).length;
    all += gz;
    const name = f.slice(dir.length + 1);
    if (f.endsWith('.html') || html.includes(name)) entry += gz;
  }
  return { files: files.length, allKb: all / 1024, entryKb: entry / 1024 };
}

async function main() {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const env = { ...process.env, PORT: String(port), HOST, DATA_DIR: join(work, 'data'), LOG_LEVEL: 'warn', NODE_ENV: 'test' };
  delete env.REDIS_URL;
  delete env.DATABASE_URL;
  ops(env, ['migrate']);
  const file = join(work, 'data', 'portal.sqlite');
  const genMs = generate(file);
  const from = day(firstDay0);
  const to = day(today0);
  const t = Date.now();
  ops(env, ['report:rebuild', from, to]);
  const rebuildMs = Date.now() - t;
  log(`roll-ups of ${DAYS} days rebuilt in ${rebuildMs} ms`);
  ops({ ...env, STAFF_PASSWORD }, ['staff:create', 'benchadmin', 'super_admin']);
  log(`starting apps/server/dist/main.js on ${base}`);
  const child = await startServer(env);
  const results = [];
  try {
    const call = async (action, body, token) => {
      const res = await fetch(`${base}/console/api/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return res.json();
    };
    const login = await call('auth/login', { username: 'benchadmin', password: STAFF_PASSWORD });
    if (login.status_code !== 6000) throw new Error(`login: ${JSON.stringify(login)}`);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(login.data.enrol.secret), digits: 6, period: 30 });
    const verify = await call('auth/verify', { challenge: login.data.challenge, code: totp.generate() });
    if (verify.status_code !== 6000) throw new Error(`verify: ${JSON.stringify(verify)}`);
    const token = verify.data.token;
    const ok = async (action, body) => {
      const r = await call(action, body, token);
      if (r.status_code !== 6000) throw new Error(`${action}: ${JSON.stringify(r).slice(0, 300)}`);
      return r.data;
    };
    const dash = await ok('reports/dashboard', {});
    log(`dashboard today: stake ${dash.today.stake} fen, ${dash.trend.length} trend days, ${dash.topVenues.length} top venues`);
    const last30 = { from: day(today0 - 29 * DAY_MS), to };
    const d = await timed(CALLS, () => ok('reports/dashboard', {}));
    const r = await timed(CALLS, () => ok('reports/daily', last30));
    const rc = await timed(CALLS, (i) => ok('reports/daily', { ...last30, siteCode: 7000, category: ['DZ', 'ZR', 'TY'][i % 3] }));
    results.push(
      {
        name: 'dashboard p95 (ms)',
        value: d.p95.toFixed(1),
        target: `≤ ${TARGETS.reportMs}`,
        pass: d.p95 <= TARGETS.reportMs,
        note: `p50 ${d.p50.toFixed(1)}`,
      },
      {
        name: 'daily report 30 d p95 (ms)',
        value: r.p95.toFixed(1),
        target: `≤ ${TARGETS.reportMs}`,
        pass: r.p95 <= TARGETS.reportMs,
        note: `p50 ${r.p50.toFixed(1)}`,
      },
      {
        name: 'daily report by category p95 (ms)',
        value: rc.p95.toFixed(1),
        target: `≤ ${TARGETS.reportMs}`,
        pass: rc.p95 <= TARGETS.reportMs,
        note: `p50 ${rc.p50.toFixed(1)}`,
      },
    );
    results.push(...(await memberSearch(call, token, file)));
  } finally {
    await stopServer(child);
  }
  const b = consoleBundle();
  results.push(
    b
      ? {
          name: 'console bundle gzip, entry (KB)',
          value: b.entryKb.toFixed(1),
          target: 'report',
          pass: null,
          note: `all ${b.files} files: ${b.allKb.toFixed(1)} KB`,
        }
      : {
          name: 'console bundle gzip (KB)',
          value: 'n/a',
          target: 'report',
          pass: null,
          note: 'apps/console/dist missing (node scripts/build.mjs)',
        },
    {
      name: 'data generation (s)',
      value: (genMs / 1000).toFixed(1),
      target: 'report',
      pass: null,
      note: `${MEMBERS} members, ${BETS} bets`,
    },
    { name: 'roll-up rebuild, 60 days (s)', value: (rebuildMs / 1000).toFixed(1), target: 'report', pass: null },
  );
  printSummary('bench:console', results);
}

/** Member search by phone and by IP: the console's members/search when the server has it, else the indexed query. */
async function memberSearch(call, token, file) {
  // The members area's search (apps/server/src/console/membersRoutes.ts): `keyword` matched by `by`.
  const body = (i, by, value) => ({ siteCode: siteOf(i), by, keyword: value });
  const probe = await call('members/search', body(10, 'phone', phoneOf(10)), token).catch(() => null);
  const pick = (i) => (i * 7919) % MEMBERS;
  if (probe?.status_code === 6000) {
    const byPhone = await timed(SEARCHES, (i) => call('members/search', body(pick(i), 'phone', phoneOf(pick(i))), token));
    const byIp = await timed(SEARCHES, (i) => call('members/search', body(pick(i), 'ip', ipOf(pick(i))), token));
    return searchRows(byPhone, byIp, 'members/search over HTTP');
  }
  const why = probe ? `members/search answered ${probe.status_code}` : 'members/search unreachable';
  const db = new Database(file, { readonly: true });
  try {
    const phone = db.prepare('select id, name from members where site_code = ? and phone = ?');
    const ip = db.prepare(
      'select m.id, m.name from member_ips i join members m on m.id = i.member_id where i.ip_prefix = ? and m.site_code = ? limit 50',
    );
    const byPhone = await timed(SEARCHES, (i) => phone.all(siteOf(pick(i)), phoneOf(pick(i))));
    const byIp = await timed(SEARCHES, (i) => ip.all(ipOf(pick(i)), siteOf(pick(i))));
    const plan = db
      .prepare(`explain query plan ${ip.source}`)
      .all(ipOf(1), 7000)
      .map((x) => x.detail)
      .join('; ');
    return searchRows(byPhone, byIp, `${why}: the equivalent query on the database instead (IP plan: ${plan})`);
  } finally {
    db.close();
  }
}

function searchRows(byPhone, byIp, note) {
  return [
    {
      name: 'member search by phone p95 (ms)',
      value: byPhone.p95.toFixed(2),
      target: `≤ ${TARGETS.searchMs}`,
      pass: byPhone.p95 <= TARGETS.searchMs,
      note,
    },
    {
      name: 'member search by IP p95 (ms)',
      value: byIp.p95.toFixed(2),
      target: `≤ ${TARGETS.searchMs}`,
      pass: byIp.p95 <= TARGETS.searchMs,
      note: `p50 ${byIp.p50.toFixed(2)}`,
    },
  ];
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
