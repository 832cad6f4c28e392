/**
 * The console's call chain: bearer session → IP allow-list → permission of the matrix (6003, before
 * anything is read or written) → strict body → brand scope (`siteCode` of the body, 6003) → handler → audit.
 * Every call of a mutating endpoint — success or business failure — appends a hash-chained audit row with the
 * actor, brand, action, target, before and after (ops/audit.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { StatusCode, defaultMessage, pickLocale, HEADERS, type Locale } from '@portal/contract';
import type { ConsoleEndpoint } from '@portal/contract/console';
import { AppError, fail } from '../lib/errors.ts';
import { recordAudit } from '../ops/audit.ts';
import type { Db } from '../db/connect.ts';
import type { SiteService } from '../modules/site/service.ts';
import { header } from '../http/context.ts';
import { staffBrandOf, type StaffAuth, type StaffPrincipal } from './staffAuth.ts';

export interface AuditNote {
  target?: string;
  siteCode?: number | null;
  before?: unknown;
  after?: unknown;
}

export interface ConsoleCaller {
  ip: string;
  userAgent: string;
  locale: Locale;
}

export interface ConsoleContext extends ConsoleCaller {
  staff: StaffPrincipal;
  /** Brands this staff member sees (the deployment's brands, narrowed by their scope). */
  sites: number[];
  canSee(siteCode: number): boolean;
  /** A row of a brand outside the staff member's scope is answered as missing (6004). */
  assertSite(siteCode: number): void;
  /** What the audit row of this call records (the pipeline fills actor, action and outcome). */
  audit: AuditNote;
}

type Out<E extends ConsoleEndpoint> = Promise<z.input<E['response']>>;

export interface ConsoleRoute {
  endpoint: ConsoleEndpoint;
  handler?: (input: unknown, ctx: ConsoleContext) => Promise<unknown>;
  /** Sign-in steps (permission 'none'): no staff yet. */
  open?: (input: unknown, caller: ConsoleCaller) => Promise<unknown>;
}

export const consoleRoute = <E extends ConsoleEndpoint>(
  endpoint: E,
  handler: (input: z.output<E['request']>, ctx: ConsoleContext) => Out<E>,
): ConsoleRoute => {
  if (endpoint.permission === 'none') throw new Error(`consoleRoute: ${endpoint.path} is a sign-in step (openConsoleRoute)`);
  return { endpoint, handler: handler as ConsoleRoute['handler'] };
};

export const openConsoleRoute = <E extends ConsoleEndpoint>(
  endpoint: E,
  open: (input: z.output<E['request']>, caller: ConsoleCaller) => Out<E>,
): ConsoleRoute => {
  if (endpoint.permission !== 'none') throw new Error(`openConsoleRoute: ${endpoint.path} needs a session`);
  return { endpoint, open: open as ConsoleRoute['open'] };
};

export interface ConsoleDeps {
  db: Db;
  auth: StaffAuth;
  sites: SiteService;
}

/** Fields never copied into the audit log. */
const SECRET_FIELDS = new Set(['token', 'password', 'oldPassword', 'newPassword', 'code', 'recoveryCode', 'challenge', 'secondPassword']);

function redact(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '***' : v]));
}

const actionOf = (ep: ConsoleEndpoint) => ep.path.replace(/^\/console\/api\//, '');

function callerOf(req: FastifyRequest): ConsoleCaller {
  return {
    ip: req.ip,
    userAgent: header(req, 'user-agent') ?? '',
    locale: pickLocale(header(req, HEADERS.LANG) ?? header(req, 'accept-language') ?? 'zh-CN'),
  };
}

function bearer(req: FastifyRequest): string | null {
  const h = header(req, 'authorization');
  const m = h ? /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(h) : null;
  return m ? m[1]! : null;
}

function parse(ep: ConsoleEndpoint, body: unknown): unknown {
  const parsed = ep.request.safeParse(body === undefined ? {} : body);
  if (!parsed.success) fail(StatusCode.INVALID_PARAMETER, { httpStatus: 400 });
  return (parsed as { data: unknown }).data;
}

export function contextOf(staff: StaffPrincipal, caller: ConsoleCaller, allSites: number[]): ConsoleContext {
  const sites = staff.sites === null ? allSites : allSites.filter((c) => staff.sites!.includes(c));
  const canSee = (c: number) => sites.includes(c);
  return {
    ...caller,
    staff,
    sites,
    canSee,
    assertSite: (c) => {
      if (!canSee(c)) fail(StatusCode.NOT_FOUND);
    },
    audit: {},
  };
}

async function run(r: ConsoleRoute, req: FastifyRequest, deps: ConsoleDeps): Promise<unknown> {
  const caller = callerOf(req);
  const ep = r.endpoint;
  if (r.open) return r.open(parse(ep, req.body), caller);
  const staff = await deps.auth.authenticate(bearer(req), caller.ip);
  // A refusal of the permission or of the brand is audited, with what was asked (redacted).
  const refuse = async (refused: 'permission' | 'brand', input: unknown, siteCode: number | null): Promise<never> => {
    await recordAudit(deps.db, {
      actor: staff.username,
      actorKind: 'staff',
      action: actionOf(ep),
      siteCode,
      detail: { input: redact(input), refused },
      after: { error: StatusCode.ACCESS_DENIED },
      outcome: 'failed',
    });
    return fail(StatusCode.ACCESS_DENIED);
  };
  if (ep.permission !== 'staff' && !staff.permissions.has(ep.permission as never))
    await refuse('permission', req.body, staffBrandOf(staff.sites));
  const input = parse(ep, req.body) as Record<string, unknown>;
  const ctx = contextOf(
    staff,
    caller,
    deps.sites.all().map((s) => s.siteCode),
  );
  if (typeof input.siteCode === 'number' && !ctx.canSee(input.siteCode)) await refuse('brand', input, staffBrandOf(staff.sites));
  if (!ep.mutates) return r.handler!(input, ctx);
  const audit = (outcome: 'ok' | 'failed', after: unknown) =>
    recordAudit(deps.db, {
      actor: staff.username,
      actorKind: 'staff',
      action: actionOf(ep),
      siteCode: ctx.audit.siteCode ?? (typeof input.siteCode === 'number' ? input.siteCode : null),
      target: ctx.audit.target ?? String(input.id ?? input.orderNo ?? input.username ?? input.memberId ?? ''),
      detail: { input: redact(input) },
      before: ctx.audit.before ?? null,
      after,
      outcome,
    });
  try {
    const out = await r.handler!(input, ctx);
    await audit('ok', ctx.audit.after ?? out ?? null);
    return out;
  } catch (e) {
    await audit('failed', { error: e instanceof AppError ? e.code : 'error' }).catch(() => undefined);
    throw e;
  }
}

export function registerConsoleRoutes(app: FastifyInstance, routes: ConsoleRoute[], deps: ConsoleDeps): void {
  const seen = new Set<string>();
  for (const r of routes) {
    if (seen.has(r.endpoint.path)) throw new Error(`console route registered twice: ${r.endpoint.path}`);
    seen.add(r.endpoint.path);
    app.post(r.endpoint.path, async (req, reply) => {
      const data = await run(r, req, deps);
      const locale = callerOf(req).locale;
      await reply.header('cache-control', 'no-store').send({
        status_code: StatusCode.SUCCESS,
        data: data === undefined ? null : data,
        message: defaultMessage(StatusCode.SUCCESS, locale),
      });
    });
  }
}
