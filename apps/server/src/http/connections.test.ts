/**
 * Issue 36: a busy node still accepts new connections at once. 500 connections open together (in another process,
 * so the node's stalls do not hold the client) while the node's event loop is held 25 ms of every 50 and a few
 * kept-open connections keep it serving; every one is accepted and answered, none refused, reset or left waiting.
 * The stalls show in /metrics (portal_event_loop_delay_seconds).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';

const BURST = 500;
const KEEP_ALIVE = 4;
/**
 * A request unanswered this long has failed: the web app's own timeout (spec §9). How soon the answers come depends on
 * the CPU this shared box leaves the node and the client (seconds under a parallel build); how soon the node accepts
 * does not — the handshakes are checked against 1 s, the first retry of a dropped one.
 */
const TIMEOUT_MS = 30_000;
const SCRIPT = fileURLToPath(new URL('../test/connectBurst.mjs', import.meta.url));

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: '1' });
  await h.app.listen({ port: 0, host: '127.0.0.1', backlog: h.config.listenBacklog });
});
afterAll(() => h.close());

/** The kernel's listen-queue overflows and drops since boot (Linux; box-wide); NaN where not readable. */
function listenOverflows(): number {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('TcpExt:'));
    const keys = lines[0]!.split(/\s+/);
    const values = lines[1]!.split(/\s+/);
    return Number(values[keys.indexOf('ListenOverflows')]) + Number(values[keys.indexOf('ListenDrops')]);
  } catch {
    return NaN;
  }
}

/** Hold the event loop `busyMs` of every `everyMs` (a synchronous stall on the request path) until stopped. */
function holdLoop(busyMs: number, everyMs: number): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + busyMs;
    while (performance.now() < until) {
      /* busy */
    }
  }, everyMs);
  return () => clearInterval(timer);
}

interface Burst {
  answered: number;
  failures: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  /** The slowest handshake (JSON: Infinity comes back as null). */
  connectMaxMs: number | null;
}

function burst(port: number): Promise<Burst> {
  return new Promise((resolve, reject) => {
    const args = JSON.stringify({ port, connections: BURST, keepAlive: KEEP_ALIVE, timeoutMs: TIMEOUT_MS, siteId: 7000 });
    const child = spawn(process.execPath, [SCRIPT, args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`burst exited ${code}: ${err}`)),
    );
  });
}

it(`${BURST} new connections opened at once while the node is busy are all accepted and answered`, async () => {
  expect(h.config.listenBacklog).toBeGreaterThanOrEqual(BURST);
  const address = h.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const overflowsBefore = listenOverflows();
  const release = holdLoop(25, 50);
  const started = performance.now();
  let r;
  try {
    r = await burst(port);
    // The delay histogram samples each second: hold on until one sample has seen the stalls.
    while (performance.now() - started < 1_200) await new Promise((ok) => setTimeout(ok, 50));
  } finally {
    release();
  }
  expect(r.failures).toEqual({});
  expect(r.answered).toBe(BURST);
  expect(r.max).toBeLessThan(TIMEOUT_MS);
  // Accepted promptly: no handshake dropped and retried. A drop shows twice — the kernel counts it and the client's
  // first retry comes 1 s later; either alone is the shared box (another listener's drop, a client starved of CPU).
  const dropped = listenOverflows() - overflowsBefore;
  expect(r.connectMaxMs).not.toBeNull();
  expect({ slowHandshake: r.connectMaxMs! >= 1_000, kernelDrops: dropped > 0 }).not.toEqual({ slowHandshake: true, kernelDrops: true });
  console.log(
    `burst of ${BURST}: handshakes max ${r.connectMaxMs} ms; answers p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms under a 25/50 ms held loop`,
  );

  const metrics = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
  const count = Number(/^portal_event_loop_delay_seconds_count (\d+)/m.exec(metrics)?.[1]);
  const under10ms = Number(/^portal_event_loop_delay_seconds_bucket\{le="0.01"\} (\d+)/m.exec(metrics)?.[1]);
  expect(count).toBeGreaterThan(0);
  expect(under10ms).toBeLessThan(count); // the 25 ms stalls are seen
  expect(Number(/^portal_http_connections_total (\d+)/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(BURST + KEEP_ALIVE);
  expect(metrics).toMatch(/^nodejs_eventloop_lag_max_seconds /m);
}, 90_000);
