import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { groupCommitStats } from '../ledger/groupCommit.ts';
import { ledgerStats } from '../ledger/ledger.ts';
import { sqliteStats } from '../db/connect.ts';

/** Prometheus metrics at /metrics: process defaults plus API calls by path and status code. */
export function installMetrics(app: FastifyInstance): Registry {
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
  counted('portal_db_sqlite_statements_total', 'SQLite statements run (each through the statement cache)', () => sqliteStats.statements);
  counted('portal_ledger_journals_total', 'Ledger journals written (rolled-back ones included)', () => ledgerStats.journals);
  app.addHook('onResponse', async (req, reply) => {
    const path = req.routeOptions.url;
    if (!path || req.method !== 'POST') return;
    calls.inc({ path, http: reply.statusCode });
    latency.observe({ path }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  return registry;
}
