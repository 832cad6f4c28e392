import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, computed once: they do not depend on the request, and running helmet per request
 * re-parsed the CSP directives every time (a tenth of a short call's CPU).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: unknown) => {
      headers[k.toLowerCase()] = String(v);
    },
    removeHeader: (k: string) => {
      delete headers[k.toLowerCase()];
    },
  };
  helmet(options)({} as never, res as never, () => undefined);
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Plain-http deployments (an IP behind a TLS-terminating balancer, a LAN demo) must still load assets.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
}
