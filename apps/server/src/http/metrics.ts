import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { StatusCode, defaultMessage } from '@portal/contract';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { groupCommitStats } from '../ledger/groupCommit.ts';

/**
 * Who may read /metrics on the public port (issue 27 finding 17): with METRICS_TOKEN only a caller presenting it
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
  collectDefaultMetrics({ register: registry });
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
