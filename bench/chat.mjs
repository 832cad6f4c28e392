#!/usr/bin/env node
/**
 * `npm run bench:chat` (builds first): one live room with MEMBERS sockets (default 2,000) split over two nodes of the
 * built server on PostgreSQL + Redis, SENDERS of them (default 50) logged-in members who talk, the rest guests who
 * read (guests never send; a reader needs no account). Each sender sends one message every SEND_EVERY_MS (2.5 s:
 * under the room's flood rule of 5 in 10 s) for BENCH_S seconds; every socket, on either node, should get every
 * message (the flood rule allows 5 in 10 s: 2.5 s leaves room for a loaded generator's late timers). Figures:
 *   - joins/s: sockets opened, logged in and answered their join (10002: the room and its history), 100 at a time;
 *   - messages sent and delivered, deliveries/s, p50/p99 delivery latency (the sender's clock in the text vs the
 *     receive time: same machine, same clock), deliveries that crossed nodes, refusals (10005), slow-consumer closes;
 *   - the same clients and the same messages against a raw `ws` broadcast (bench/chatRaw.mjs: two processes relaying
 *     through the same Redis, no rules, no database), and the ratio (target ≥ 0.7 of the raw deliveries/s).
 * Everything shares this machine (both nodes, PostgreSQL, Redis, 2,000 sockets in this process): read ratios, not
 * absolute figures, and report the load. Exit code non-zero when a message was lost or a socket failed to join.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { WebSocket } from 'ws';

const MEMBERS = Number(process.env.MEMBERS ?? 2000);
const SENDERS = Number(process.env.SENDERS ?? 50);
const BENCH_S = Number(process.env.BENCH_S ?? 15);
const SEND_EVERY_MS = Number(process.env.SEND_EVERY_MS ?? 2500);
const CONNECT_BATCH = 100;
const PER_IP = 40;
process.env.DB = 'postgres';
process.env.DATABASE_TEST_URL ??= process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const { LiveServer, ok } = await tsImport('../apps/server/src/test/liveServer.ts', import.meta.url);
const log = (...a) => console.log('[bench:chat]', ...a);
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))] : NaN;
};
/** Numbers as letters only: the chat's contact rule refuses runs of 6+ digits (a phone number), so timestamps go as letters. */
const letters = (n) => {
  let s = '';
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
};
const number = (s) => [...s].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 97, 0);
const TEXT = /"text":"chat-([a-z]+)-([a-z]+)-([a-z]+)"/;

/**
 * One socket: opened from its own address, logged in (member or guest; none for the raw server), joined to the room.
 * Resolves once the join is answered; from then on counts each chat message it receives.
 */
function client(url, i, o, stats) {
  return new Promise((resolve, reject) => {
    const ip = o.member?.ip ?? `127.81.${Math.floor(i / PER_IP / 250)}.${(Math.floor(i / PER_IP) % 250) + 1}`;
    const ws = new WebSocket(url, { headers: { 'x-forwarded-for': ip } });
    const timer = setTimeout(() => reject(new Error(`socket ${i}: not joined in 60 s`)), 60_000);
    const join = () => ws.send(JSON.stringify({ msgId: 10002, msgData: { roomId: o.roomId } }));
    ws.on('open', () => {
      if (o.raw) join();
      else ws.send(JSON.stringify(o.member ? { msgId: 10001, msgData: { token: o.member.token, jwt: o.member.jwt } } : { msgId: 10019 }));
    });
    ws.on('message', (buf) => {
      const s = buf.toString('utf8', 0, 400);
      if (s.startsWith('{"msgId":10003,')) {
        const at = Date.now();
        const m = TEXT.exec(s);
        if (!m) return;
        stats.delivered += 1;
        stats.latencies.push(at - number(m[3]));
        if (number(m[1]) % 2 !== o.node) stats.crossed += 1;
      } else if (s.startsWith('{"msgId":10005,')) stats.refused += 1;
      else if (s.startsWith('{"msgId":10001,') || s.startsWith('{"msgId":10019,')) join();
      else if (s.startsWith('{"msgId":10002,')) {
        clearTimeout(timer);
        resolve(ws);
      }
    });
    ws.on('close', (code) => stats.closes.set(code, (stats.closes.get(code) ?? 0) + 1));
    ws.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

/** Connects every socket (senders first, alternating nodes), runs the send schedule, answers the figures. */
async function phase(name, urls, roomId, members, raw) {
  const stats = { delivered: 0, latencies: [], crossed: 0, refused: 0, closes: new Map() };
  const sockets = [];
  const t0 = performance.now();
  for (let i = 0; i < MEMBERS; i += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, MEMBERS - i) }, (_, j) => {
      const k = i + j;
      const node = k % 2;
      const member = k < SENDERS ? members[k] : undefined;
      return client(urls[node], k, { roomId, raw, member, node }, stats).then((ws) => ({ ws, k, node }));
    });
    sockets.push(...(await Promise.all(batch)));
  }
  const joinS = (performance.now() - t0) / 1000;
  log(`${name}: ${sockets.length} sockets joined in ${joinS.toFixed(1)} s (${(sockets.length / joinS).toFixed(0)} joins/s)`);
  const heartbeat = setInterval(() => {
    for (const s of sockets) if (s.ws.readyState === 1) s.ws.send('{"msgId":0}');
  }, 10_000);
  stats.delivered = 0;
  stats.latencies = [];
  stats.crossed = 0;
  let sent = 0;
  const start = Date.now();
  const senders = sockets.filter((s) => s.k < SENDERS);
  await Promise.all(
    senders.map(async (s) => {
      await new Promise((r) => setTimeout(r, Math.random() * SEND_EVERY_MS));
      for (let seq = 0; Date.now() - start < BENCH_S * 1000; seq++) {
        s.ws.send(
          JSON.stringify({ msgId: 10003, msgData: { roomId, text: `chat-${letters(s.k)}-${letters(seq)}-${letters(Date.now())}` } }),
        );
        sent += 1;
        await new Promise((r) => setTimeout(r, SEND_EVERY_MS));
      }
    }),
  );
  const expected = () => (sent - stats.refused) * sockets.length;
  // Wait for the stragglers (a condition, not a fixed pause): until everything arrived or nothing moved for 5 s.
  let last = -1;
  let still = Date.now();
  while (stats.delivered < expected() && Date.now() - still < 5_000) {
    if (stats.delivered !== last) {
      last = stats.delivered;
      still = Date.now();
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const spanS = (Date.now() - start - (stats.delivered >= expected() ? 0 : 5_000)) / 1000;
  clearInterval(heartbeat);
  for (const s of sockets) s.ws.close();
  const r = {
    name,
    sockets: sockets.length,
    joinsPerS: sockets.length / joinS,
    sent,
    refused: stats.refused,
    delivered: stats.delivered,
    expected: expected(),
    crossed: stats.crossed,
    perS: stats.delivered / spanS,
    msgsPerS: (sent - stats.refused) / BENCH_S,
    p50: q(stats.latencies, 0.5),
    p99: q(stats.latencies, 0.99),
    closes: [...stats.closes.entries()].filter(([c]) => c !== 1005 && c !== 1000),
  };
  log(
    `${name}: ${r.sent} sent (${r.refused} refused), ${r.delivered}/${r.expected} deliveries (${r.crossed} across nodes), ${r.perS.toFixed(0)}/s, p50 ${r.p50} ms, p99 ${r.p99} ms`,
  );
  return r;
}

function rawNode(runId) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./chatRaw.mjs', import.meta.url))], {
    env: { ...process.env, REDIS_URL, RUN_ID: runId, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ child, url: `ws://127.0.0.1:${m[1]}/` });
    });
    child.once('exit', (c) => reject(new Error(`raw node exited ${c}`)));
  });
}

const secrets = Object.fromEntries(
  ['PASSWORD_PEPPER', 'CODE_PEPPER', 'JWT_SECRET', 'AUDIT_KEY'].map((k) => [k, randomBytes(24).toString('hex')]),
);
const env = { ...secrets, REDIS_URL, LOG_LEVEL: 'error', SANDBOX_DELAY_MS: '0' };
const nodes = [0, 1].map((i) => new LiveServer(7000, { ...env, NODE_ID: `chat-${i}` }));
for (const x of nodes) x.startTimeoutMs = 180_000;
let failed = false;
const raws = [];
try {
  await nodes[0].prepare();
  nodes[1].databaseUrl = nodes[0].databaseUrl;
  await nodes[0].start(); // the first node migrates; the second starts on the migrated schema
  await nodes[1].start();
  log(`two nodes up (${nodes.map((n) => n.base).join(', ')}); ${SENDERS} senders signing up`);
  const members = [];
  for (let i = 0; i < SENDERS; i++) {
    const m = await nodes[0].createMember(i, `10.81.${Math.floor(i / 200)}.${(i % 200) + 1}`);
    const jwt = ok(await nodes[0].call('/site/api/v1/user/member/jwt', {}, { token: m.token, ip: m.ip }), 'jwt').jwt;
    members.push({ ...m, jwt });
  }
  const roomId = `rbench${randomBytes(3).toString('hex')}`;
  const db = nodes[0].connect();
  await db.db
    .insertInto('live_rooms')
    .values({
      id: roomId,
      site_code: 7000,
      title: 'bench',
      host_name: 'bench',
      host_staff: 'bench',
      match_id: null,
      status: 'open',
      min_vip: 0,
      stream_url: null,
      created_by: 'bench',
      created_at: Date.now(),
      destroyed_at: null,
    })
    .execute();
  await db.close();
  const wsUrls = nodes.map((n) => `${n.base.replace('http', 'ws')}/stream/ws?clientType=web&siteId=7000`);
  const portal = await phase('portal', wsUrls, roomId, members, false);
  const runId = randomBytes(4).toString('hex');
  raws.push(await rawNode(runId), await rawNode(runId));
  const raw = await phase(
    'raw ws',
    raws.map((r) => r.url),
    roomId,
    members,
    true,
  );
  const ratio = portal.perS / raw.perS;
  console.log('\n=== bench:chat (one room, 2 nodes on PostgreSQL + Redis; every process on this machine) ===');
  console.log('run | sockets | joins/s | msgs sent | refused | deliveries | expected | across nodes | deliveries/s | p50 ms | p99 ms');
  for (const r of [portal, raw])
    console.log(
      [
        r.name,
        r.sockets,
        r.joinsPerS.toFixed(0),
        r.sent,
        r.refused,
        r.delivered,
        r.expected,
        r.crossed,
        r.perS.toFixed(0),
        r.p50,
        r.p99,
      ].join(' | '),
    );
  console.log(`portal / raw deliveries/s: ${ratio.toFixed(2)} (target ≥ 0.7); messages/s offered: ${portal.msgsPerS.toFixed(1)}`);
  if (portal.closes.length || raw.closes.length) console.log('unexpected closes:', portal.closes, raw.closes);
  // A refusal is the flood rule at work (a loaded generator's timers bunch sends): reported, not a failure.
  failed = portal.delivered < portal.expected;
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  for (const r of raws) r.child.kill('SIGTERM');
  await nodes[1].close();
  await nodes[0].close();
}
process.exit(failed ? 1 : 0);
