import { ConfigError, loadConfig } from './config.ts';
import Fastify from 'fastify';
import { buildApp, healthOf, metricsOf } from './app.ts';

import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './seed.ts';
import { DEMO_MEMBER, seedDemoMember } from './modules/user/seed.ts';
import { createServices } from './services.ts';
import { startReconciler } from './jobs/reconciler.ts';
import { anchorAudit } from './ops/auditAnchor.ts';
import { JobRunner } from './jobs/lease.ts';
import { nodeJobs } from './jobs/nodeJobs.ts';
import { underStartupLock } from './db/startupLock.ts';
import { TableDealer } from './modules/tables/dealer.ts';
import { tableChanges } from './modules/wallet/pushes.ts';
import { tablePublisher } from './realtime/tables.ts';

/** config → db (migrate, seed) → services → app → listen → graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = connect(config.databaseUrl, { backgroundCheckpoints: config.sqliteBackgroundCheckpoints });
  // Nodes started together take turns to migrate and seed (db/startupLock.ts).
  const applied = await underStartupLock(handle, async () => {
    const done = await migrate(handle);
    await seed(handle.db, Date.now(), { sandbox: config.providers === 'sandbox' });
    return done;
  });
  const services = await createServices(config, handle);
  services.sites.startRefresh();
  if (!config.production && (await seedDemoMember(handle.db, (md5) => services.hasher.hash(md5)))) {
    console.log(`demo member on site ${DEMO_MEMBER.siteCode}: ${DEMO_MEMBER.name} / ${DEMO_MEMBER.password}`);
  }
  const app = await buildApp(services);
  // Every background job, leased: each runs once per period across the nodes (jobs/lease.ts, docs/scale-out.md).
  const jobs = new JobRunner(handle.db, nodeJobs(handle.db, services), {
    ...(config.nodeId ? { nodeId: config.nodeId } : {}),
    onError: (e, job) => app.log.warn({ err: e, job }, 'job failed'),
  });
  // Finding 15: the audit log's head is anchored outside the database whenever it moved (ops/auditAnchor.ts).
  const anchorFile = config.auditAnchorFile;
  const stopAnchors = anchorFile
    ? startReconciler(
        () => anchorAudit(handle.db, anchorFile, config.auditKey),
        config.auditAnchorMs,
        (e) => app.log.warn({ err: e }, 'audit anchor failed'),
      )
    : () => undefined;
  services.sportFeed?.start();
  // The house tables and lottery draws: this node deals the tables whose lease it holds (modules/tables/dealer.ts).
  const dealer = config.tablesDeal
    ? new TableDealer(
        handle.db,
        tablePublisher(services.bus, (e) => app.log.warn({ err: e }, 'table push failed')),
        {
          speed: config.tableSpeed,
          nodeId: jobs.nodeId,
          onError: (e, table) => app.log.warn({ err: e, table }, 'table dealer failed'),
          notify: (results) => services.walletPushes.send(tableChanges(results)),
        },
      )
    : null;
  services.walletPushes.onError = (e) => app.log.warn({ err: e }, 'wallet push failed');
  dealer?.start();
  jobs.start();
  // Fishing rooms: leases renewed, seeds turned over, finished minutes recorded (modules/fishing/service.ts).
  services.fishing.start();
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  // METRICS_PORT (finding 17): /metrics on its own port (bind it to the monitoring network), never on the public one.
  const registry = metricsOf(app);
  const metricsServer = config.metricsPort !== null && registry ? Fastify({ logger: false }) : null;
  if (metricsServer && registry) {
    metricsServer.get('/metrics', async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()));
    await metricsServer.listen({ port: config.metricsPort!, host: config.host });
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  console.log(
    `portal listening on http://localhost:${port} (${handle.dialect}${config.redisUrl ? ' + redis' : ''}, providers: ${config.providers})`,
  );
  // SIGTERM drains (docs/operator-guide.md): readiness 503 at once; after DRAIN_DELAY_MS (the balancer has seen
  // it) the jobs finish their runs and let their leases go, the dealer lets its tables go (another node deals
  // them at once), the listener closes (websockets get 1001 and reconnect elsewhere) and in-flight requests finish.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, node: jobs.nodeId }, 'draining');
    healthOf(app)?.drain();
    const force = setTimeout(() => process.exit(1), config.drainDelayMs + 20_000);
    force.unref();
    if (config.drainDelayMs > 0) await new Promise((r) => setTimeout(r, config.drainDelayMs));
    stopAnchors();
    await jobs.stop();
    await dealer?.stop();
    await services.fishing.stop();
    await app.close();
    await metricsServer?.close();
    await services.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? `configuration error: ${e.message}` : e);
  process.exit(1);
});
