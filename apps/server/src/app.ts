import type { Kysely } from 'kysely';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HEADERS, LIMITS } from '@portal/contract';
import { header, localeOf } from './http/context.ts';
import { envelopeFrameworkErrors, installEnvelope, isApiPath, notFoundEnvelope } from './http/envelopeHooks.ts';
import { installMetrics } from './http/metrics.ts';
export { metricsOf } from './http/metrics.ts';
export { healthOf } from './http/health.ts';
import { registerHealth } from './http/health.ts';
import { openApiDocument } from './http/openapi.ts';
import { installSecurityHeaders } from './http/securityHeaders.ts';
import { registerRoutes } from './http/pipeline.ts';
import { registerSafeCodec } from './http/safeCodec.ts';
import { registerDevRoutes } from './modules/dev/routes.ts';
import { registerBrandArt, siteRoutes } from './modules/site/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { registerSeamlessCallbacks } from './modules/seamless/routes.ts';
import { registerSeamlessDevRoutes } from './modules/seamless/devRoutes.ts';
import { depositRoutes, registerPaymentCallbacks } from './modules/deposit/routes.ts';
import { registerSandboxPayPage } from './modules/deposit/sandboxPage.ts';
import { withdrawRoutes } from './modules/withdraw/routes.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import { vipRoutes } from './modules/vip/routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { recordRoutes } from './modules/sport/routes.ts';
import { registerUploadFiles, uploadRoutes } from './modules/uploads/routes.ts';
import { registerFairRoutes } from './modules/tables/routes.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { casinoRoutes, registerGameArt } from './modules/casino/routes.ts';
import { BigWinsService } from './modules/casino/bigWins.ts';
import { bigWinsRoutes } from './modules/casino/bigWinsRoutes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { protectionRoutes } from './modules/compliance/routes.ts';
import { registerRealtime } from './realtime/plugin.ts';
import type { Services } from './services.ts';
import { installRequestLog } from './http/requestLog.ts';
import { registerConsoleRoutes } from './console/pipeline.ts';
import { consoleDepsOf, consoleRoutes } from './console/routes.ts';
import { installIdleGc } from './http/idleGc.ts';
import { fishingRoutes } from './modules/fishing/routes.ts';

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** Build the HTTP app from wired services (main.ts and tests both call this). */
export async function buildApp(
  s: Services,
  opts: { logger?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: s.config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // Requests are logged at debug by installRequestLog, not at info by Fastify.
    disableRequestLogging: true,
    bodyLimit: LIMITS.BODY_LIMIT_BYTES,
    // Router errors (broken %-escapes, …) answer the envelope too.
    frameworkErrors: envelopeFrameworkErrors,
    // A hop count trusts exactly that many proxies in front (finding 10): the client is the address the outermost
    // of them appended to X-Forwarded-For; a list trusts the hops coming from those addresses.
    trustProxy: typeof s.config.trustProxy === 'number' ? trustHops(s.config.trustProxy) : s.config.trustProxy,
    requestIdHeader: false,
    genReqId: () => randomUUID(),
  });
  installSecurityHeaders(app);
  installEnvelope(app, s.limiters, (req) => {
    try {
      const site = s.sites.resolve(header(req, HEADERS.SITE_ID), header(req, 'host'));
      return { key: String(site.siteCode), perMin: site.flags.apiPerIpPerMin ?? LIMITS.API_PER_IP_PER_MIN };
    } catch {
      // An unknown brand is refused by the pipeline; its requests still count against the default budget.
      return { key: '-', perMin: LIMITS.API_PER_IP_PER_MIN };
    }
  });
  installMetrics(app, { token: s.config.metricsToken, separatePort: s.config.metricsPort !== null, production: s.config.production });
  installRequestLog(app);
  installIdleGc(app);

  const deps = { sites: s.sites, sessions: s.sessions, zhTW: s.zhTW };
  const routes = registerRoutes(
    app,
    [
      ...siteRoutes(s.zhTW),
      ...userRoutes(s),
      ...walletRoutes(s.wallet, s.handle.db),
      ...depositRoutes(s.deposits),
      ...supportRoutes(s.support),
      ...protectionRoutes(s.protection, s.kyc),
      ...withdrawRoutes(s.withdrawals),
      ...promotionRoutes(s.promotions),
      ...vipRoutes(s.vip),
      ...messageRoutes(s.messages),
      ...feedbackRoutes(s.feedback),
      ...recordRoutes(s.handle.db),
      ...uploadRoutes(s.uploads),
      ...casinoRoutes(s.catalogue, s.entry, s.tables),
      ...bigWinsRoutes(new BigWinsService(s.handle.db)),
      ...fishingRoutes(s.fishing),
      ...liveRoutes(s.live, s.liveMatches, s.liveGifts),
    ],
    deps,
  );
  const consoleDeps = consoleDepsOf(s);
  registerConsoleRoutes(app, consoleRoutes(s, consoleDeps), consoleDeps);
  registerUploadFiles(app, s.uploads);
  registerGameArt(app, s.handle.db);
  registerFairRoutes(app, s.handle.db);
  registerBrandArt(app, s.sites);
  registerSafeCodec(app, routes, deps);
  registerPaymentCallbacks(app, s.deposits, s.payments);
  registerSeamlessCallbacks(app, s.seamless);
  await registerRealtime(
    app,
    s.realtime,
    process.env.BENCH_BARE_ROUTE === '1' && !s.config.production ? { bus: s.bus, feed: () => s.sportFeed } : undefined,
  );

  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // The bench compares member/info with a bare route in the same process (bench/api.mjs), and venue
  // transfers with a bare route doing one single-row insert transaction in the same database (bench/wallet.mjs).
  if (process.env.BENCH_BARE_ROUTE === '1' && !s.config.production) {
    app.post('/bench/bare', async () => ({ ok: true }));
    const { sql } = await import('kysely');
    type BenchDb = { bench_rows: { id: string; n: number; created_at: number } };
    const benchDb = s.handle.db as unknown as Kysely<BenchDb>;
    await sql`create table if not exists bench_rows (id text primary key, n integer, created_at bigint)`.execute(benchDb);
    let benchN = 0;
    app.post('/bench/insert', async () => {
      await benchDb
        .transaction()
        .execute((tx) => tx.insertInto('bench_rows').values({ id: randomUUID(), n: ++benchN, created_at: Date.now() }).execute());
      return { ok: true };
    });
  }
  registerHealth(app, s);
  if (!s.config.production && s.config.providers === 'sandbox') {
    registerDevRoutes(app, s.outbox);
    registerSeamlessDevRoutes(app, s.config, s.seamless);
    if (s.sandboxPayments) {
      registerSandboxPayPage(app, s.handle.db, s.sandboxPayments);
      // The sandbox provider calls our callback through the same HTTP stack (signature and all).
      s.sandboxPayments.deliver = async (body, signature) => {
        await app.inject({
          method: 'POST',
          url: '/fd/callback/sandbox',
          headers: { 'content-type': 'application/json', 'x-signature': signature },
          payload: JSON.stringify(body),
        });
      };
    }
  }

  const web = s.config.webDist;
  // The web build ships .br/.gz twins of its text files (apps/web/vite.config.ts); hashed assets never change.
  if (web)
    await app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: webCacheHeaders,
    });
  const consoleDist = s.config.consoleDist;
  // The operator console (apps/console) is its own app at /console; its API lives under /console/api/.
  if (consoleDist) {
    await app.register(fastifyStatic, {
      root: consoleDist,
      prefix: '/console/',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: webCacheHeaders,
      decorateReply: false,
    });
    app.get('/console', (_req, reply) => reply.redirect('/console/'));
  }
  app.setNotFoundHandler(async (req, reply) => {
    // The console's pages (/console/*, never /console/api/*) fall back to the console's page, not the portal's.
    if (req.method === 'GET' && req.url.startsWith('/console/') && !req.url.startsWith('/console/api/')) {
      const page = consoleDist ? join(consoleDist, 'index.html') : null;
      if (page && existsSync(page))
        return reply
          .type('text/html')
          .header('cache-control', 'no-cache')
          .send(await readFile(page));
      return reply.status(404).send(notFoundEnvelope(localeOf(req)));
    }
    // Server-owned prefixes never fall back to the app's page: an unknown dev route or game art is a 404, in every mode.
    const wantsPage = req.method === 'GET' && !isApiPath(req.url) && !SERVER_ONLY_PREFIXES.some((p) => req.url.startsWith(p));
    if (wantsPage && web && existsSync(join(web, 'index.html'))) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send(notFoundEnvelope(localeOf(req)));
  });
  return app;
}

const SERVER_ONLY_PREFIXES = ['/dev/', '/console/api/', '/docs', '/game-art/', '/brand-art/', '/manifest.webmanifest', '/seamless/'];

/** Hashed build assets (/assets/name-hash.ext) are cached for a year; everything else is revalidated. */
function webCacheHeaders(reply: FastifyReply, path: string): void {
  reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}
