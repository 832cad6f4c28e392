import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CLIENT_MARKERS,
  HEADERS,
  LIMITS,
  StatusCode,
  defaultMessage,
  pickLocale,
  seal,
  type ClientMarker,
  type Endpoint,
} from '@portal/contract';
import type { SiteService } from '../modules/site/service.ts';
import type { SessionService } from '../modules/user/sessions.ts';
import { fail } from '../lib/errors.ts';
import type { ZhTwForms } from '../lib/zhTW.ts';
import { readTsTokenSync } from './tsToken.ts';
import { ZH_TW_CONTENT } from './zhTW.ts';
import { header, type MemberContext, type RequestContext } from './context.ts';

export type Handler<E extends Endpoint = Endpoint> = (
  input: z.output<E['request']>,
  ctx: RequestContext,
) => Promise<z.input<E['response']>>;

export interface Route<E extends Endpoint = Endpoint> {
  endpoint: E;
  handler: Handler<E>;
  /**
   * The handler needs only the member's id, site and name: the session lookup reads a few columns instead
   * of the whole member row (ctx.member.row() reads it on demand). For hot money paths (transfers, bets).
   */
  lean?: boolean;
  /** The answer carries zh-CN data (names, operator content): a zh-TW request gets its Traditional form (http/zhTW.ts). */
  zhTW?: boolean;
}

/** A handler of an endpoint that requires login: its context has the member by type. */
export type MemberHandler<E extends Endpoint = Endpoint> = (
  input: z.output<E['request']>,
  ctx: MemberContext,
) => Promise<z.input<E['response']>>;

/** Pair an endpoint of the contract with its handler, typed by the contract. */
export const route = <E extends Endpoint>(endpoint: E, handler: Handler<E>, opts: { lean?: boolean } = {}): Route => ({
  endpoint,
  handler: handler as Handler,
  ...(opts.lean ? { lean: true } : {}),
});

const isMember = (ctx: RequestContext): ctx is MemberContext => ctx.member !== null;

/**
 * `route` for an endpoint that requires login (auth 'member'): buildContext has answered 6001 without a
 * live session, so the handler gets a MemberContext. Pairing it with another kind of endpoint is a
 * programming error, refused when the routes are built.
 */
export const memberRoute = <E extends Endpoint>(endpoint: E, handler: MemberHandler<E>, opts: { lean?: boolean } = {}): Route => {
  if (endpoint.auth !== 'member') throw new Error(`memberRoute: ${endpoint.path} does not require login`);
  return route(endpoint, (input, ctx) => (isMember(ctx) ? handler(input, ctx) : fail(StatusCode.LOGIN_EXPIRED)), opts);
};

export interface PipelineDeps {
  sites: SiteService;
  sessions: SessionService;
  /** zh-TW forms of the data answered by content endpoints (absent: answered as stored). */
  zhTW?: ZhTwForms;
}

const UUID_RE = /^[A-Za-z0-9-]{8,64}$/;
const IDEM_KEY_RE = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * The visible chain for every call: headers → site → timestamp token → auth → strict body → handler.
 * (The per-IP rate limit ran before, in the onRequest hook.) Each step throws an AppError with its code.
 */
/** The request's own origin, for links when the brand has no configured address; '' for a Host that is not a plain host[:port]. */
function originOf(req: FastifyRequest): string {
  const host = req.host;
  return /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(host) ? `${req.protocol}://${host}` : '';
}

export async function buildContext(
  req: FastifyRequest,
  ep: Endpoint,
  deps: PipelineDeps,
  sealed: boolean,
  lean = false,
): Promise<RequestContext> {
  const site = deps.sites.resolve(header(req, HEADERS.SITE_ID), header(req, 'host'));
  const locale = pickLocale(header(req, HEADERS.LANG) ?? header(req, 'accept-language') ?? site.flags.defaultLanguage);
  const client = header(req, HEADERS.CLIENT) ?? 'web';
  const uuid = header(req, HEADERS.UUID) ?? '';
  const version = header(req, HEADERS.VERSION) ?? '';
  const ctx: RequestContext = {
    requestId: String(req.id),
    locale,
    site,
    ip: req.ip,
    origin: originOf(req),
    uuid,
    client: client as ClientMarker,
    version,
    token: header(req, HEADERS.TOKEN) || null,
    member: null,
    sealed,
    requestKey: String(req.id),
    regionAck: header(req, HEADERS.REGION_ACK) === '1',
  };
  req.ctx = ctx;
  if (!(CLIENT_MARKERS as readonly string[]).includes(client)) fail(StatusCode.ILLEGAL_PARAMETER);
  if (version.length > 32) fail(StatusCode.ILLEGAL_PARAMETER);
  if (!ep.noTsToken) {
    if (!UUID_RE.test(uuid)) fail(StatusCode.ILLEGAL_PARAMETER);
    const ts = header(req, HEADERS.TS_TOKEN);
    if (!ts) fail(StatusCode.ILLEGAL_PARAMETER, { key: 'MISSING_TIMESTAMP_HEADER' });
    const t = ts && ts.length <= 512 ? readTsTokenSync(site.clientKey, ts) : null;
    if (!t || Math.abs(Date.now() - t.timestampMs) > LIMITS.TS_TOKEN_WINDOW_S * 1000 || t.ip !== req.ip) {
      fail(StatusCode.ILLEGAL_PARAMETER);
    }
  }
  if (ep.auth !== 'none' && ctx.token) {
    ctx.member = await deps.sessions.authenticate(ctx.token, site.siteCode, Date.now(), lean);
  }
  if (ep.auth === 'member' && !ctx.member) fail(StatusCode.LOGIN_EXPIRED);
  const key = header(req, HEADERS.IDEMPOTENCY_KEY);
  if (ep.idempotent) {
    if (!key || !IDEM_KEY_RE.test(key)) fail(StatusCode.INVALID_PARAMETER, { key: 'IDEMPOTENCY_KEY_REQUIRED', httpStatus: 400 });
    ctx.requestKey = key!;
  } else if (key && IDEM_KEY_RE.test(key)) {
    // Optional elsewhere: a money step such a call makes on the side (launch's auto-transfer) is keyed by it.
    ctx.requestKey = key;
  }
  return ctx;
}

export function parseBody(ep: Endpoint, body: unknown): unknown {
  // No body at all is {}; a JSON `null` body is a wrong type like an array or a number (6007).
  const parsed = ep.request.safeParse(body === undefined ? {} : body);
  if (!parsed.success || hasNul(parsed.data)) fail(StatusCode.INVALID_PARAMETER, { httpStatus: 400 });
  return (parsed as { data: unknown }).data;
}

/**
 * No text field of the contract can hold U+0000, and PostgreSQL refuses it in text (a 500 there,
 * silently stored on SQLite): refuse it up front. Walks the validated input, which the strict schemas
 * keep shallow.
 */
function hasNul(v: unknown): boolean {
  // Loops, not Object.entries: every request body is walked.
  if (typeof v === 'string') return v.includes('\u0000');
  if (typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) {
    for (const x of v) if (hasNul(x)) return true;
    return false;
  }
  for (const k in v) if (k.includes('\u0000') || hasNul((v as Record<string, unknown>)[k])) return true;
  return false;
}

export async function sendData(reply: FastifyReply, ctx: RequestContext, data: unknown): Promise<void> {
  const payload = data === undefined ? null : data;
  const out = ctx.sealed ? await seal(ctx.site.clientKey, JSON.stringify(payload)) : payload;
  await reply.send({ status_code: StatusCode.SUCCESS, data: out, message: defaultMessage(StatusCode.SUCCESS, ctx.locale) });
}

export async function runRoute(r: Route, req: FastifyRequest, reply: FastifyReply, deps: PipelineDeps, body: unknown, sealed: boolean) {
  const ctx = await buildContext(req, r.endpoint, deps, sealed, r.lean);
  const input = parseBody(r.endpoint, body);
  const data = await r.handler(input, ctx);
  // deepAsync: a text never seen before is converted off the event loop (lib/zhTWWorker.ts), never blocking it.
  await sendData(reply, ctx, r.zhTW && ctx.locale === 'zh-TW' && deps.zhTW ? await deps.zhTW.deepAsync(data) : data);
}

export function registerRoutes(app: FastifyInstance, routes: Route[], deps: PipelineDeps): Map<string, Route> {
  const byPath = new Map<string, Route>();
  for (const r of routes) {
    if (ZH_TW_CONTENT.has(r.endpoint)) r.zhTW = true;
    byPath.set(r.endpoint.path, r);
    app.route({
      method: r.endpoint.method,
      url: r.endpoint.path,
      ...(r.endpoint.bodyLimit ? { bodyLimit: r.endpoint.bodyLimit } : {}),
      handler: (req, reply) => runRoute(r, req, reply, deps, req.body, false),
    });
  }
  return byPath;
}
