import type { FastifyInstance } from 'fastify';
import { SEAMLESS_PREFIX, StatusCode, defaultMessage } from '@portal/contract';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { SANDBOX_AGGREGATOR, seamlessAggregators } from './aggregators.ts';
import { SandboxAggregator } from './sandboxAggregator.ts';
import type { SeamlessService } from './service.ts';

const demo = z.strictObject({
  memberId: z.string().min(1).max(64),
  siteCode: z.number().int().default(7000),
  bets: z.array(z.number().int().positive()).min(1).max(5).default([100]),
  win: z.number().int().nonnegative().default(150),
  chaos: z.boolean().default(true),
});

/**
 * Dev only (sandbox providers, not production; app.ts): POST /dev/seamless/round plays one round of the sandbox
 * aggregator for a member through our own callbacks — with its duplicates, lost answers and a rollback sent
 * before its bet when `chaos` — and answers what each call answered.
 */
export function registerSeamlessDevRoutes(app: FastifyInstance, config: Config, seamless: SeamlessService): void {
  const secret = seamlessAggregators(config).get(SANDBOX_AGGREGATOR);
  if (!secret) return;
  app.post('/dev/seamless/round', async (req) => {
    const parsed = demo.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError(StatusCode.INVALID_PARAMETER);
    const input = parsed.data;
    const launch = await seamless.issueLaunchToken(input.memberId, input.siteCode, SANDBOX_AGGREGATOR);
    const chaos = input.chaos ? { lostAnswerRate: 0.3, duplicateRate: 0.3, reorderRate: 0.5 } : {};
    const aggregator = new SandboxAggregator(
      async (op, raw, headers) => {
        const r = await app.inject({ method: 'POST', url: `${SEAMLESS_PREFIX}/${op}`, headers, payload: raw });
        return { http: r.statusCode, text: r.body };
      },
      secret,
      SANDBOX_AGGREGATOR,
      chaos,
    );
    const round = await aggregator.playRound({
      token: launch.token,
      playerId: launch.playerId,
      bets: input.bets,
      rollback: 0,
      win: input.win,
    });
    const data = { ...round, stats: aggregator.stats, anomalies: aggregator.anomalies };
    return { status_code: StatusCode.SUCCESS, data, message: defaultMessage(StatusCode.SUCCESS) };
  });
}
