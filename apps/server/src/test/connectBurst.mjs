// A burst of new connections against a node (http/connections.test.ts), run in its own process so the node's
// stalls do not stall the client (each request from its own loopback address, the node trusting X-Forwarded-For): `keepAlive` connections keep POSTing preInfo (the node's steady load), then
// `connections` fresh connections open at once, one preInfo each. Prints one JSON line: answered, failures by
// kind, p50 / p99 / max ms. Loopback only; bounded by `timeoutMs` per request and by the burst's size.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const { port, connections, keepAlive, timeoutMs, siteId } = JSON.parse(process.argv[2]);
const headers = { 'content-type': 'application/json', 'x-client': 'web', 'x-site-id': String(siteId) };

/** Every request from its own loopback address (the node trusts X-Forwarded-For here): the per-IP budget stays out of it. */
let sent = 0;
const nextIp = () => {
  const i = sent++;
  return `127.${70 + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
};

function post(agent) {
  const started = performance.now();
  const h = { ...headers, 'x-forwarded-for': nextIp() };
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: '/site/api/v1/configuration/preInfo', method: 'POST', agent, headers: h },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          let code = `http ${res.statusCode}`;
          try {
            code = JSON.parse(body).status_code;
          } catch {
            /* not the envelope */
          }
          resolve({ ok: code === 6000, code, ms: performance.now() - started, connectMs });
        });
      },
    );
    // The handshake is the kernel's: it completes at once while the listen backlog has room, even with the node's loop
    // held; a dropped one is retried by the client after 1 s, then 3 s, 7 s.
    let connectMs = null;
    req.on('socket', (socket) => socket.once('connect', () => (connectMs = performance.now() - started)));
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e) => resolve({ ok: false, code: e.code ?? e.message, ms: performance.now() - started }));
    req.end('{}');
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: keepAlive });
let loading = true;
const load = Array.from({ length: keepAlive }, async () => {
  let n = 0;
  while (loading && n++ < 100_000) await post(agent);
});
await new Promise((r) => setTimeout(r, 300)); // the load is on
const results = await Promise.all(Array.from({ length: connections }, () => post(false)));
loading = false;
await Promise.all(load);
agent.destroy();
const ms = results
  .filter((r) => r.ok)
  .map((r) => r.ms)
  .sort((a, b) => a - b);
const failures = {};
for (const r of results) if (!r.ok) failures[r.code] = (failures[r.code] ?? 0) + 1;
const q = (p) => (ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)]) : null);
const connects = results.map((r) => r.connectMs ?? Infinity);
console.log(
  JSON.stringify({ answered: ms.length, failures, p50: q(0.5), p99: q(0.99), max: q(1), connectMaxMs: Math.round(Math.max(...connects)) }),
);
