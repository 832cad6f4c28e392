/**
 * bench:tables' players (bench/tables.mjs): members seeded straight into the database the way bench/console.mjs
 * seeds its members (a members row and a live session each; registering 2,000 through the API would spend minutes
 * in argon2 on a shared 2-core box and measure nothing this bench is about), then funded through the API exactly
 * as bench/casino.mjs does (deposit, the sandbox pay page, the venue transfer into CRZR, launch for the venue token,
 * the chat jwt for the socket), each from its own loopback address (X-Forwarded-For, TRUST_PROXY=1) so the per-IP
 * budgets (HTTP and the 50 sockets per address) never bite. Then each player's socket logs in as the member and
 * subscribes to the table.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import http from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';
import { WebSocket } from 'ws';
import { cpuMs, log, must, root } from './lib.mjs';

/** The server's database from the bench process: SQLite (the DATA_DIR file) or PostgreSQL, `?` placeholders for both. */
export async function openDb(url) {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const pgSql = (sql) => {
      let n = 0;
      return sql.replace(/\?/g, () => `$${++n}`);
    };
    return {
      kind: 'PostgreSQL',
      all: async (sql, params = []) => (await c.query(pgSql(sql), params)).rows,
      /** Rows inserted in one transaction, 500 per statement. */
      async insertMany(table, cols, rows) {
        await c.query('begin');
        for (let i = 0; i < rows.length; i += 500) {
          const part = rows.slice(i, i + 500);
          const values = part.map((_, r) => `(${cols.map((_, k) => `$${r * cols.length + k + 1}`).join(', ')})`).join(', ');
          await c.query(`insert into ${table} (${cols.join(', ')}) values ${values}`, part.flat());
        }
        await c.query('commit');
      },
      close: () => c.end(),
    };
  }
  const db = new Database(url);
  db.pragma('busy_timeout = 5000');
  return {
    kind: 'SQLite',
    all: async (sql, params = []) => db.prepare(sql).all(...params),
    async insertMany(table, cols, rows) {
      const stmt = db.prepare(`insert into ${table} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`);
      db.transaction(() => rows.forEach((r) => stmt.run(...r)))();
    },
    close: async () => db.close(),
  };
}

export const playerIp = (i, octet) => `127.${octet}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** `n` members of `site` (name bt<run><i>, no password anyone knows) with a live session each: answers {id, name, token, ip}. */
export async function seedMembers(db, { n, site, uuid, runId, octet, sessionS, now = Date.now() }) {
  const members = Array.from({ length: n }, (_, i) => {
    const name = `bt${runId.slice(0, 4)}${i}`;
    return { i, id: `bt${runId}${i.toString(36)}`, name, token: randomBytes(32).toString('base64url'), ip: playerIp(i, octet) };
  });
  await db.insertMany(
    'members',
    [
      'id',
      'site_code',
      'name',
      'name_lower',
      'password_hash',
      'profile_confirmed',
      'status',
      'register_ip',
      'created_at',
      'password_changed_at',
    ],
    members.map((m) => [m.id, site, m.name, m.name.toLowerCase(), 'x', 0, 'active', m.ip, now, now]),
  );
  await db.insertMany(
    'sessions',
    ['token_hash', 'member_id', 'site_code', 'uuid', 'ip', 'created_at', 'last_seen_at', 'expires_at'],
    members.map((m) => [createHash('sha256').update(m.token).digest('hex'), m.id, site, uuid, m.ip, now, now, now + sessionS * 1000]),
  );
  return members;
}

/**
 * A deposit of `amount`, paid on the sandbox pay page. The provider's notification comes back through the HTTP
 * stack from 127.0.0.1, inside that address's per-minute API budget: past the first few hundred, the orders are
 * credited by the deposit reconciler asking the provider (see `creditDeposits` in bench/tables.mjs).
 */
export async function payDeposit(client, base, C, site, m, { amount, runId }) {
  const order = must(
    await client.call(
      '/fd/api/v1/payment/pay',
      { channelId: 'bank', amount },
      { site, ip: m.ip, token: m.token, headers: { [C.HEADERS.IDEMPOTENCY_KEY]: `dep-${runId}-${m.i}` } },
    ),
    'payment/pay',
  );
  const res = await fetch(`${base}/sandbox/pay/${order.orderNo}/pay`, { method: 'POST', headers: { 'x-forwarded-for': m.ip } });
  if (res.status !== 200) throw new Error(`sandbox pay page answered ${res.status}`);
  m.orderNo = order.orderNo;
}

/** Once the deposit is paid: move it into `channel`, launch `gameCode` (the venue token), fetch the chat jwt. */
export async function enterVenue(client, C, site, m, { amount, channel, gameCode, runId }) {
  const as = { site, ip: m.ip, token: m.token };
  const s = must(await client.call('/fd/api/v1/payment/getDepositOrderStatus', { orderNo: m.orderNo }, as), 'order status');
  if (s.status !== 'paid') throw new Error(`deposit ${m.orderNo} is ${s.status}`);
  must(
    await client.call(
      '/fd/api/v1/transfer/utcTransfer',
      { channelCode: channel, amount, ty: 1 },
      { ...as, headers: { [C.HEADERS.IDEMPOTENCY_KEY]: `in-${runId}-${m.i}` } },
    ),
    `transfer to ${channel}`,
  );
  const launch = must(await client.call('/game/api/v1/launch', { enName: channel.toLowerCase(), gameCode }, as), 'launch');
  m.venueToken = launch.data.token;
  m.jwt = must(await client.call('/site/api/v1/user/member/jwt', {}, as), 'member/jwt').jwt;
}

/** A fresh schema in DATABASE_URL for this run (dropped at the end), as bench/wallet.mjs does; null on SQLite. */
export async function postgresSchema(runId) {
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
export async function creditDeposits(env, dbUrl, E, count) {
  const db = await openDb(dbUrl);
  const pending = async () => Number((await db.all("select count(*) as n from deposit_orders where status <> 'paid'"))[0].n);
  try {
    await new Promise((r) => setTimeout(r, 1000)); // the notifications in flight
    const byNotification = count - (await pending());
    for (let pass = 0; (await pending()) > 0; pass++) {
      if (pass > count / 100) throw new Error(`${await pending()} deposits still unpaid after ${pass} reconciler passes`);
      const r = spawnSync(process.execPath, [join(root, 'apps/server/dist/ops.js'), 'deposit:reconcile', '0'], {
        cwd: root,
        env: { ...env, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      if (r.status !== 0) throw new Error(`deposit:reconcile failed: ${r.stdout}${r.stderr}`.slice(0, 300));
    }
    log(`${E}: deposits credited: ${byNotification} by the provider's notification, ${count - byNotification} by the reconciler`);
  } finally {
    await db.close();
  }
}

/** Waits (at most 60 s) until the server used under a quarter of a core for a second: the funding's after-effects done. */
export async function waitQuiet(pid, E) {
  const t0 = Date.now();
  for (let c0 = cpuMs(pid); Date.now() - t0 < 60_000;) {
    await new Promise((r) => setTimeout(r, 1000));
    const c1 = cpuMs(pid);
    if (c1 - c0 < 250) break;
    c0 = c1;
  }
  log(`${E}: server quiet after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/**
 * The player's socket: member login (token + jwt), then the table subscription; resolves once subscribed.
 * `onState(m, text, receivedAt)` gets every TABLE_STATE frame.
 */
export function tableSocket(wsUrl, MSG, m, gameCode, onState, onClose) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { 'x-forwarded-for': m.ip } });
    const timer = setTimeout(() => reject(new Error(`${m.name}: no table subscription in 20 s`)), 20_000);
    const head = (id) => `{"msgId":${id},`;
    ws.on('open', () => ws.send(JSON.stringify({ msgId: MSG.LOGIN, msgData: { token: m.token, jwt: m.jwt } })));
    ws.on('message', (buf) => {
      const at = Date.now();
      const s = buf.toString('utf8');
      if (s.startsWith(head(MSG.TABLE_STATE))) onState(m, s, at);
      else if (s.startsWith(head(MSG.LOGIN)))
        ws.send(JSON.stringify({ msgId: MSG.TABLE_SUBSCRIBE, msgData: { sub: 1, gameCodes: [gameCode], versions: {} } }));
      else if (s.startsWith(head(MSG.TABLE_SUBSCRIBE))) {
        clearTimeout(timer);
        resolve(ws);
      } else if (!s.startsWith(head(MSG.HEARTBEAT))) {
        clearTimeout(timer);
        reject(new Error(`${m.name}: unexpected frame ${s.slice(0, 160)}`));
      }
    });
    ws.on('close', (code) => onClose(code));
    ws.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

/** POSTs over a keep-alive pool of `maxSockets` connections: answers {status, body, ms}; never throws. */
export function poster(base, maxSockets) {
  const u = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const post = (path, headers, body) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        { host: u.hostname, port: u.port, path, method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }),
          );
        },
      );
      req.on('error', (e) => resolve({ status: 0, body: String(e.message), ms: performance.now() - t0 }));
      req.end(body);
    });
  post.close = () => agent.destroy();
  return post;
}

/** The q-quantile of sorted numbers. */
export const quantile = (xs, q) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(xs.length * q))] : NaN);
