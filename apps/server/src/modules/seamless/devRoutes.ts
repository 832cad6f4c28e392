import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LOCALES, SEAMLESS_PREFIX, StatusCode, defaultMessage } from '@portal/contract';
import { yuan } from '@portal/rules';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { SANDBOX_AGGREGATOR, seamlessAggregators } from './aggregators.ts';
import { artLocale } from '../casino/art.ts';
import { aggregatorGameSvg, sandboxGame } from './catalogue.ts';
import { playPage } from './playPage.ts';
import { SandboxAggregator, type SeamlessTransport } from './sandboxAggregator.ts';
import { draw, multiplierOf, payoutOf, type SandboxDraw } from './sandboxGames.ts';
import type { SeamlessService } from './service.ts';

const demo = z.strictObject({
  memberId: z.string().min(1).max(64),
  siteCode: z.number().int().default(7000),
  bets: z.array(z.number().int().positive()).min(1).max(5).default([100]),
  win: z.number().int().nonnegative().default(150),
  chaos: z.boolean().default(true),
});

/** A launch token (service.ts: randomToken, base64url) and a catalogue game code. */
const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
const gameCode = z.string().regex(/^[A-Za-z0-9_]{1,32}$/);
const playQuery = z.strictObject({ code: token, game: gameCode, lang: z.enum(LOCALES as [string, ...string[]]).default('zh-CN') });
const playRound = z.strictObject({ token, game: gameCode, stake: z.number().int().positive().max(1e9) });

const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  // The launch code is in the url (spent on first use): it never leaves in a Referer, and the page is never cached.
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};
const ART_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'public, max-age=86400',
  'content-disposition': 'inline',
};
const ok = (data: unknown) => ({ status_code: StatusCode.SUCCESS, data, message: defaultMessage(StatusCode.SUCCESS) });

/**
 * Dev only (sandbox providers, not production; app.ts): POST /dev/seamless/round plays one round of the sandbox
 * aggregator for a member through our own callbacks — with its duplicates, lost answers and a rollback sent
 * before its bet when `chaos` — and answers what each call answered.
 */
export function registerSeamlessDevRoutes(app: FastifyInstance, config: Config, seamless: SeamlessService): void {
  const secret = seamlessAggregators(config).get(SANDBOX_AGGREGATOR);
  if (!secret) return;
  // The sandbox aggregator reaches our callbacks through the same HTTP stack (signature and all).
  const transport: SeamlessTransport = async (op, raw, headers) => {
    const r = await app.inject({ method: 'POST', url: `${SEAMLESS_PREFIX}/${op}`, headers, payload: raw });
    return { http: r.statusCode, text: r.body };
  };
  app.post('/dev/seamless/round', async (req) => {
    const parsed = demo.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError(StatusCode.INVALID_PARAMETER);
    const input = parsed.data;
    const launch = await seamless.issueLaunchToken(input.memberId, input.siteCode, SANDBOX_AGGREGATOR);
    const chaos = input.chaos ? { lostAnswerRate: 0.3, duplicateRate: 0.3, reorderRate: 0.5 } : {};
    const aggregator = new SandboxAggregator(transport, secret, SANDBOX_AGGREGATOR, chaos);
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

  /**
   * The aggregator's hosted game page (what a launch url of the sandbox aggregator opens): the game's rules,
   * stakes and the member's central balance. The aggregator's server spends the url's one-time launch code by
   * `authenticate`, which answers the launch token and the balance; the token lives only inside the page (its
   * rounds post it), never in its address — a reload or a shared link finds the code spent (6001).
   */
  app.get('/dev/seamless/play', async (req, reply) => {
    const q = playQuery.safeParse(req.query ?? {});
    if (!q.success) fail(StatusCode.INVALID_PARAMETER);
    const game = sandboxGame(q.data.game) ?? fail(StatusCode.NOT_FOUND);
    const auth = await new SandboxAggregator(transport, secret, SANDBOX_AGGREGATOR).call('authenticate', { token: q.data.code });
    if (auth.status !== 'OK' || auth.balance === undefined || !auth.token) return fail(StatusCode.LOGIN_EXPIRED);
    const nonce = randomBytes(16).toString('base64');
    return reply
      .headers({
        ...PAGE_HEADERS,
        'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'`,
      })
      .type('text/html; charset=utf-8')
      .send(
        playPage({
          game,
          locale: q.data.lang as (typeof LOCALES)[number],
          token: auth.token,
          balance: yuan(auth.balance),
          nonce,
        }),
      );
  });

  /**
   * One round of the page's game: the sandbox aggregator authenticates the token, bets the stake through our
   * signed callbacks, draws the outcome (CSPRNG, sandboxGames.ts) once the bet is accepted, and closes the
   * round with its win (0 for a lost round). Answers the draw, the payout and the central balance after it.
   */
  app.post('/dev/seamless/play/round', async (req) => {
    const parsed = playRound.safeParse(req.body ?? {});
    if (!parsed.success) fail(StatusCode.INVALID_PARAMETER);
    const { token, game: code, stake } = parsed.data;
    const game = sandboxGame(code) ?? fail(StatusCode.NOT_FOUND);
    if (stake < game.minBetFen || stake > game.maxBetFen) fail(StatusCode.INVALID_PARAMETER, { key: 'AMOUNT_INVALID' });
    let drawn: SandboxDraw | undefined;
    const r = await new SandboxAggregator(transport, secret, SANDBOX_AGGREGATOR).playGame({
      token,
      gameCode: game.code,
      stake,
      outcome: () => payoutOf(stake, (drawn = draw(game.kind))),
    });
    if (!r.ok) {
      if (r.status === 'INSUFFICIENT_FUNDS') fail(StatusCode.INVALID_PARAMETER, { key: 'INSUFFICIENT_FUNDS' });
      fail(StatusCode.LOGIN_EXPIRED);
    }
    return ok({
      roundId: r.roundId,
      game: game.code,
      stake,
      draw: drawn,
      multiplier: multiplierOf(drawn!),
      win: r.win,
      balance: r.balance,
    });
  });

  /** The art of the aggregator's games (catalogue.ts): /game-art/agg/<code>.svg. */
  app.get('/game-art/agg/:name', async (req, reply) => {
    const m = /^([A-Za-z0-9_]{1,32})\.svg$/.exec((req.params as { name: string }).name);
    const svg = m ? aggregatorGameSvg(m[1]!, artLocale(req.query)) : null;
    if (!svg) fail(StatusCode.NOT_FOUND, { httpStatus: 404 });
    return reply.headers(ART_HEADERS).type('image/svg+xml').send(svg);
  });
}
