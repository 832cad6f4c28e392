import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, at debug: a player's 40 minutes made 11,500 info lines (Fastify's own
 * "incoming request" and "request completed" at info), burying the business events an operator reads.
 * `LOG_LEVEL=debug` brings them back: method, route (its pattern, never the query: tokens stay out of
 * logs), status and time. Crashes stay at error (envelopeHooks.ts).
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? req.url.split('?')[0];
    req.log.debug({ method: req.method, route, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
}
