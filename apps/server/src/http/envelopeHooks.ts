import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sjson from 'secure-json-parse';
import { HEADERS, StatusCode, defaultMessage, text } from '@portal/contract';
import { AppError } from '../lib/errors.ts';
import { httpStatusFor } from './errors.ts';
import { localeOf } from './context.ts';
import { hitBudget, type Limiters } from '../lib/rateLimit.ts';

// '/game/api/' not '/game/': /game/sport etc. are web routes the SPA serves.
export const API_PREFIXES = ['/site/', '/fd/', '/game/api/', '/act/', '/stream/', '/s/', '/console/api/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

/** JSON.parse refusing `__proto__` / `constructor.prototype` keys; 6007 for anything that is not JSON. */
export function parseJsonStrict(text: string): unknown {
  try {
    return sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new AppError(StatusCode.INVALID_PARAMETER, { httpStatus: 400 });
  }
}

/**
 * Everything the platform answers is the envelope: strict JSON parsing (empty body = {}), prototype
 * poisoning refused, per-IP budget, request id echoed, and one error handler mapping every failure —
 * business, parse, size, media type, crash — to `{status_code, data, message}`.
 */
/**
 * The per-IP request budget per minute of the brand a request is for (site flag `apiPerIpPerMin`, default
 * LIMITS.API_PER_IP_PER_MIN): brands whose players share carrier NAT addresses raise it.
 */
export type BudgetOf = (req: FastifyRequest) => { key: string; perMin: number };

export function installEnvelope(app: FastifyInstance, limiters: Limiters, budgetOf: BudgetOf): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const s = String(body);
    if (s.trim() === '') return done(null, {});
    try {
      done(null, parseJsonStrict(s));
    } catch (e) {
      done(e as AppError, undefined);
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    const incoming = req.headers[HEADERS.REQUEST_ID];
    reply.header(HEADERS.REQUEST_ID, typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : String(req.id));
    if (isApiPath(req.url)) {
      const { key, perMin } = budgetOf(req);
      const wait = await hitBudget(limiters.apiPerIp, `${key}|${req.ip}`, perMin);
      if (wait) throw new AppError(StatusCode.FREQUENT_SUBMISSION, { data: { retryAfter: wait }, httpStatus: 429 });
    }
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const locale = localeOf(req);
    if (err instanceof AppError) {
      return reply.status(httpStatusFor(err.code, err.detail?.httpStatus)).send({
        status_code: err.code,
        data: err.detail?.data ?? null,
        message: err.messageFor(locale),
      });
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ status_code: StatusCode.INVALID_PARAMETER, data: null, message: text('REQUEST_BODY_TOO_LARGE', locale) });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode === 404 ? 404 : 400).send({
        status_code: fe.statusCode === 404 ? StatusCode.NOT_FOUND : StatusCode.INVALID_PARAMETER,
        data: null,
        message: defaultMessage(fe.statusCode === 404 ? StatusCode.NOT_FOUND : StatusCode.INVALID_PARAMETER, locale),
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ status_code: StatusCode.SERVER_ERROR, data: null, message: defaultMessage(StatusCode.SERVER_ERROR, locale) });
  });
}

export function notFoundEnvelope(locale: Parameters<typeof defaultMessage>[1]) {
  return { status_code: StatusCode.NOT_FOUND, data: null, message: defaultMessage(StatusCode.NOT_FOUND, locale) };
}

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any hook or handler runs (a url
 * with broken %-escapes, an over-long route parameter) answer the envelope too, not Fastify's own body.
 * Pass it to the Fastify constructor: `Fastify({ ..., frameworkErrors: envelopeFrameworkErrors })`.
 */
export function envelopeFrameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const locale = localeOf(req);
  reply.header(HEADERS.REQUEST_ID, String(req.id));
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(404).send(notFoundEnvelope(locale));
    return;
  }
  void reply
    .status(400)
    .send({ status_code: StatusCode.INVALID_PARAMETER, data: null, message: defaultMessage(StatusCode.INVALID_PARAMETER, locale) });
}
