/**
 * Public fairness data of the house tables and draws, for the verification page and anyone checking
 * alone — no login, nothing secret: GET /fair/chains/:table (the lottery's published seed chains: each draw's seed
 * hashes forward to its chain's anchor, committed before any plan reached it).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { localeOf } from '../../http/context.ts';
import { notFoundEnvelope } from '../../http/envelopeHooks.ts';
import { tableConfig } from './config.ts';
import { publicChains } from './seedChains.ts';

export function registerFairRoutes(app: FastifyInstance, db: Db): void {
  app.get('/fair/chains/:table', async (req, reply) => {
    const t = tableConfig((req.params as { table: string }).table);
    if (!t || t.intervalMs === null) return reply.status(404).send(notFoundEnvelope(localeOf(req)));
    return reply.header('cache-control', 'no-store').send({ table: t.code, chains: await publicChains(db, t.code) });
  });
}
