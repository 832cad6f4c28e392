import type { FastifyInstance } from 'fastify';
import { StatusCode, defaultMessage } from '@portal/contract';
import type { DevOutbox } from '../../providers/outbox.ts';

/** Dev-only endpoints (never registered when NODE_ENV=production, so they answer not-found there). */
export function registerDevRoutes(app: FastifyInstance, outbox: DevOutbox): void {
  app.get('/dev/outbox', async (req) => {
    const q = req.query as { to?: string; kind?: string; limit?: string };
    const data = await outbox.list({
      ...(q.to ? { to: q.to } : {}),
      ...(q.kind ? { kind: q.kind } : {}),
      limit: Math.min(Number(q.limit) || 100, 1000),
    });
    return { status_code: StatusCode.SUCCESS, data, message: defaultMessage(StatusCode.SUCCESS) };
  });
}
