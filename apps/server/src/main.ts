import { ConfigError, loadConfig } from './config.ts';
import Fastify from 'fastify';
import { buildApp, metricsOf } from './app.ts';

import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './seed.ts';
import { DEMO_MEMBER, seedDemoMember } from './modules/user/seed.ts';
import { createServices } from './services.ts';
import { startHousekeeping } from './jobs/housekeeping.ts';
import { startReconciler } from './jobs/reconciler.ts';
import { anchorAudit } from './ops/auditAnchor.ts';
import { rebateJob, startRebateJob } from './jobs/rebate.ts';
import { promotionJob, startPromotionJob } from './jobs/promotions.ts';
import { startSportJobs } from './jobs/sportSettlement.ts';
import { reportJob } from './console/reports/rollup.ts';
import { TableDealer } from './modules/tables/dealer.ts';
import { tableChanges } from './modules/wallet/pushes.ts';
import { tablePublisher } from './realtime/tables.ts';

/** config → db (migrate, seed) → services → app → listen → graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = connect(config.databaseUrl, { backgroundCheckpoints: config.sqliteBackgroundCheckpoints });
  const applied = await migrate(handle);
  await seed(handle.db, Date.now(), { sandbox: config.providers === 'sandbox' });
  const services = await createServices(config, handle);
  services.sites.startRefresh();
  if (!config.production && (await seedDemoMember(handle.db, (md5) => services.hasher.hash(md5)))) {
    console.log(`demo member on site ${DEMO_MEMBER.siteCode}: ${DEMO_MEMBER.name} / ${DEMO_MEMBER.password}`);
  }
  const app = await buildApp(services);
  const stopReconciler = startReconciler(
    () => services.reconcile(),
    5_000,
    (e) => app.log.warn({ err: e }, 'reconciler failed'),
  );
  // Payments whose notification never arrived: every 30 s (each order at most once a run, oldest asked first).
  const stopDepositReconciler = startReconciler(
    () => services.reconcileDeposits(),
    30_000,
    (e) => app.log.warn({ err: e }, 'deposit reconciler failed'),
  );
  const stopHousekeeping = startHousekeeping(handle.db, undefined, (e) => app.log.warn({ err: e }, 'housekeeping failed'));
  const stopRebates = startRebateJob(
    () => rebateJob(handle.db, services.vip),
    undefined,
    (e) => app.log.warn({ err: e }, 'rebate job failed'),
  );
  const stopPromotions = startPromotionJob(
    () => promotionJob(handle.db, services.effects),
    undefined,
    (e) => app.log.warn({ err: e }, 'promotion job failed'),
  );
  // The console's daily report roll-ups: today, yesterday and days a resettlement changed, every minute.
  const reportFailed = (e: unknown) => app.log.warn({ err: e }, 'report roll-up failed');
  const stopReports = startReconciler(() => reportJob(handle.db), 60_000, reportFailed);
  void reportJob(handle.db).catch(reportFailed);
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
          onError: (e, table) => app.log.warn({ err: e, table }, 'table dealer failed'),
          notify: (results) => services.walletPushes.send(tableChanges(results)),
        },
      )
    : null;
  services.walletPushes.onError = (e) => app.log.warn({ err: e }, 'wallet push failed');
  dealer?.start();
  // Fishing rooms: leases renewed, seeds turned over, finished minutes recorded (modules/fishing/service.ts).
  services.fishing.start();
  const stopSport = startSportJobs(services.sport.settlement, (e) => app.log.warn({ err: e }, 'sportsbook job failed'));
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
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopHousekeeping();
    stopReconciler();
    stopDepositReconciler();
    stopRebates();
    stopPromotions();
    stopSport();
    stopReports();
    stopAnchors();
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
