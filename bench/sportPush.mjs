/**
 * bench:sport, push half: CLIENTS websocket clients on 127.0.0.1 (guest login, each subscribed to
 * in-play football), then the server's bench driver (POST /bench/realtime/drive, BENCH_BARE_ROUTE=1)
 * publishes RATE versioned event changes per second for SECONDS through the bus → hub path. Figures:
 * pushes delivered per second across all clients, p99 delivery latency (the push's server `ts` vs the
 * receive time here — same machine, same clock), pushes missed or out of order, slow-consumer drops.
 * The clients come from distinct 127.x addresses (x-forwarded-for, TRUST_PROXY=1) to stay within the
 * per-address socket cap. `measurePushes(base, { gameType: 'EL', events: 40 })` (issue 32) drives invented live
 * e-sports series instead (their map state and per-map markets in every push), the clients subscribed to that title.
 */
import { WebSocket } from 'ws';
import { setTimeout as sleep } from 'node:timers/promises';
import { log } from './lib.mjs';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2000);
const RATE = Number(process.env.BENCH_PUSH_RATE ?? 25);
const SECONDS = 12;
const EVENTS = 20;
const PER_IP = 40;
const CONNECT_BATCH = 100;

function client(url, i, stats, gameType) {
  return new Promise((resolve, reject) => {
    const ip = `127.80.${Math.floor(i / PER_IP / 250)}.${(Math.floor(i / PER_IP) % 250) + 1}`;
    const ws = new WebSocket(url, { headers: { 'x-forwarded-for': ip } });
    const last = new Map();
    const timer = setTimeout(() => reject(new Error(`client ${i}: no subscription ack in 15 s`)), 15_000);
    ws.on('open', () => ws.send('{"msgId":10019}'));
    ws.on('message', (buf) => {
      const s = buf.toString('utf8', 0, 160); // the head is enough: ids and the push's ts, version
      if (s.startsWith('{"msgId":20003,')) {
        const at = Date.now();
        // The push starts {"msgId":20003,"msgData":{"ts":…,"gameId":"…","version":…: no full parse needed.
        const m = /^\{"msgId":20003,"msgData":\{"ts":(\d+),"gameId":"([^"]+)","version":(\d+)/.exec(s);
        if (!m || !m[2].startsWith('BENCH-')) return;
        stats.received += 1;
        stats.latencies.push(at - Number(m[1]));
        const v = Number(m[3]);
        if ((last.get(m[2]) ?? 0) >= v) stats.outOfOrder += 1;
        last.set(m[2], v);
      } else if (s.startsWith('{"msgId":10019')) {
        ws.send(JSON.stringify({ msgId: 20001, msgData: { sub: 1, gameType, showType: 'RB' } }));
      } else if (s.startsWith('{"msgId":20001')) {
        clearTimeout(timer);
        resolve(ws);
      }
    });
    ws.on('close', (code) => {
      stats.closes.set(code, (stats.closes.get(code) ?? 0) + 1);
    });
    ws.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

const p = (xs, q) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(xs.length * q))] : NaN);

/** Answers the figures; throws if the clients cannot connect. */
export async function measurePushes(base, { gameType = 'FT', events = EVENTS } = {}) {
  const url = `${base.replace('http', 'ws')}/stream/ws?clientType=web&siteId=7000`;
  const stats = { received: 0, latencies: [], outOfOrder: 0, closes: new Map() };
  const sockets = [];
  const t0 = Date.now();
  for (let i = 0; i < CLIENTS; i += CONNECT_BATCH) {
    sockets.push(
      ...(await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - i) }, (_, j) => client(url, i + j, stats, gameType)))),
    );
  }
  log(`push: ${sockets.length} websocket clients subscribed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const heartbeat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === 1) ws.send('{"msgId":0}');
  }, 10_000);
  try {
    log(`push: driving ${RATE} event changes/s on ${events} ${gameType} events for ${SECONDS} s`);
    const started = Date.now();
    const res = await fetch(`${base}/bench/realtime/drive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ratePerS: RATE, seconds: SECONDS, events, gameType }),
    });
    const drive = await res.json();
    if (!drive.ok) throw new Error(`bench driver: ${JSON.stringify(drive)}`);
    await sleep(1_000); // the last pushes in flight
    const elapsedS = (Date.now() - started) / 1000 - 1;
    stats.latencies.sort((a, b) => a - b);
    const expected = drive.published * sockets.length;
    return {
      gameType,
      events,
      clients: sockets.length,
      published: drive.published,
      serverSends: drive.sends,
      slowDrops: drive.slowDrops,
      received: stats.received,
      expected,
      missed: expected - stats.received,
      outOfOrder: stats.outOfOrder,
      perSecond: stats.received / elapsedS,
      p50: p(stats.latencies, 0.5),
      p99: p(stats.latencies, 0.99),
      max: stats.latencies.at(-1) ?? NaN,
      closes: Object.fromEntries(stats.closes),
    };
  } finally {
    clearInterval(heartbeat);
    for (const ws of sockets) ws.terminate();
  }
}
