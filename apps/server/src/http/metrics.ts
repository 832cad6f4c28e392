import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { StatusCode, defaultMessage } from '@portal/contract';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { groupCommitStats } from '../ledger/groupCommit.ts';
import { ledgerStats } from '../ledger/ledger.ts';
import { sqliteStats } from '../db/connect.ts';

/**
 * Who may read /metrics on the public port: with METRICS_TOKEN only a caller presenting it
 * (`Authorization: Bearer <token>`); with METRICS_PORT nobody (it is served on that port alone, main.ts); in
 * production with neither, nobody; in development and tests, anyone.
 */
export interface MetricsAccess {
  token: string | null;
  separatePort: boolean;
  production: boolean;
}

const registries = new WeakMap<FastifyInstance, Registry>();
/** The registry an app's metrics are kept in (main.ts serves it on METRICS_PORT). */
export const metricsOf = (app: FastifyInstance): Registry | undefined => registries.get(app);

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Prometheus metrics at /metrics: process defaults plus API calls by path and status code. */
export function installMetrics(
  app: FastifyInstance,
  access: MetricsAccess = { token: null, separatePort: false, production: false },
): Registry {
  const registry = new Registry();
  // The defaults include the event-loop delay since the last scrape (nodejs_eventloop_lag_{p50,p99,max}_seconds).
  collectDefaultMetrics({ register: registry });
  installLoopAndConnections(app, registry);
  const calls = new Counter({ name: 'portal_api_calls_total', help: 'API calls', labelNames: ['path', 'http'], registers: [registry] });
  const latency = new Histogram({
    name: 'portal_api_seconds',
    help: 'API latency',
    labelNames: ['path'],
    registers: [registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  });
  // SQLite's group commit (ledger/groupCommit.ts): steps ÷ commits is the mean batch, which sets a money step's write cost.
  const counted = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  counted('portal_db_group_commits_total', 'SQLite group commits (shared transactions of money steps)', () => groupCommitStats.commits);
  counted('portal_db_group_commit_steps_total', 'Money steps committed by SQLite group commits', () => groupCommitStats.steps);
  counted('portal_db_sqlite_statements_total', 'SQLite statements run (each through the statement cache)', () => sqliteStats.statements);
  counted('portal_ledger_journals_total', 'Ledger journals written (rolled-back ones included)', () => ledgerStats.journals);
  app.addHook('onResponse', async (req, reply) => {
    const path = req.routeOptions.url;
    if (!path || req.method !== 'POST') return;
    calls.inc({ path, http: reply.statusCode });
    latency.observe({ path }, reply.elapsedTime / 1000);
  });
  registries.set(app, registry);
  const open = !access.separatePort && (access.token !== null || !access.production);
  if (!open) return registry;
  app.get('/metrics', async (req, reply) => {
    // Answered like a missing page: a scanner learns nothing.
    if (access.token !== null && !bearerMatches(req.headers.authorization, access.token))
      return reply.code(404).send({ status_code: StatusCode.NOT_FOUND, data: null, message: defaultMessage(StatusCode.NOT_FOUND) });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}

/** How often the worst event-loop delay is sampled into portal_event_loop_delay_seconds. */
const LOOP_SAMPLE_MS = 1_000;

/**
 * Issue 36: a busy node must still accept new connections at once, and it cannot while its event loop is held
 * (synchronous work on the request path, a long collection). Exported, independent of how often /metrics is read:
 *   portal_event_loop_delay_seconds     histogram of each second's worst event-loop delay (a stall of 2 s shows
 *                                       in the +Inf…2.5 buckets however seldom it is scraped)
 *   portal_http_connections_total       connections accepted
 *   portal_http_connections_open        connections open now
 */
function installLoopAndConnections(app: FastifyInstance, registry: Registry): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const worst = new Histogram({
    name: 'portal_event_loop_delay_seconds',
    help: 'Worst event-loop delay of each second',
    registers: [registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });
  const timer = setInterval(() => {
    if (delay.count > 0) worst.observe(delay.max / 1e9);
    delay.reset();
  }, LOOP_SAMPLE_MS);
  timer.unref();
  const accepted = new Counter({ name: 'portal_http_connections_total', help: 'HTTP connections accepted', registers: [registry] });
  let open = 0;
  new Gauge({
    name: 'portal_http_connections_open',
    help: 'HTTP connections open',
    registers: [registry],
    collect() {
      this.set(open);
    },
  });
  app.server.on('connection', (socket: { once(e: 'close', f: () => void): void }) => {
    accepted.inc();
    open++;
    socket.once('close', () => open--);
  });
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    delay.disable();
    done();
  });
}
