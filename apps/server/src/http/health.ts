/**
 * Liveness and readiness, separate (docs/operator-guide.md, docs/scale-out.md):
 *  - GET /healthz — liveness: the process answers. A load balancer or orchestrator restarts a node that stops
 *    answering it; it never depends on the database, so a database outage does not restart every node at once.
 *  - GET /readyz — readiness: this node should get traffic. 200 when the database answers (and Redis, when
 *    configured) and the node is not draining; 503 with status_code 6317 otherwise. A SIGTERM makes the node
 *    draining first (readyz 503 while it still serves), so the balancer stops sending before the listener closes.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { StatusCode, defaultMessage } from '@portal/contract';
import type { Services } from '../services.ts';

export interface Health {
  /** Readiness off for good (SIGTERM): the node finishes what it has and stops. */
  drain(): void;
  readonly draining: boolean;
}

const healths = new WeakMap<FastifyInstance, Health>();

export function healthOf(app: FastifyInstance): Health | undefined {
  return healths.get(app);
}

/** Resolves to the error message, or null within `ms`. */
async function check(p: () => Promise<unknown>, ms = 2_000): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((r) => (timer = setTimeout(() => r('timeout'), ms)));
  try {
    return await Promise.race([p().then(() => null), late]);
  } catch (e) {
    return (e as Error).message || 'error';
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealth(app: FastifyInstance, s: Pick<Services, 'handle' | 'redis'>): Health {
  const state = { draining: false };
  const health: Health = {
    drain: () => void (state.draining = true),
    get draining() {
      return state.draining;
    },
  };
  healths.set(app, health);
  app.get('/healthz', async () => ({ status_code: StatusCode.SUCCESS, data: { ok: true }, message: defaultMessage(StatusCode.SUCCESS) }));
  app.get('/readyz', async (_req, reply) => {
    const [db, redis] = await Promise.all([
      check(() => sql`select 1`.execute(s.handle.db)),
      s.redis ? check(() => s.redis!.ping()) : Promise.resolve(null),
    ]);
    const ready = !state.draining && db === null && redis === null;
    const data = { ready, draining: state.draining, db: db ?? 'ok', ...(s.redis ? { redis: redis ?? 'ok' } : {}) };
    const code = ready ? StatusCode.SUCCESS : StatusCode.SYSTEM_BUSY;
    return reply.status(ready ? 200 : 503).send({ status_code: code, data, message: defaultMessage(code) });
  });
  return health;
}
