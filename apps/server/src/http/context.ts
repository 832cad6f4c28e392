import type { FastifyRequest } from 'fastify';
import { HEADERS, pickLocale, type ClientMarker, type Locale } from '@portal/contract';
import type { SiteRow } from '../modules/site/repository.ts';
import type { MemberTable } from '../db/schema.ts';

export interface MemberRef {
  id: string;
  siteCode: number;
  tokenHash: string;
  name: string;
  /**
   * The member row, fresh for this request: read with the session in one query, or for a lean route
   * (Route.lean: money paths that need only the id) on first use.
   */
  row(): Promise<MemberTable>;
}

/** What the header hook learned about a request (spec §7 headers). */
export interface RequestContext {
  requestId: string;
  locale: Locale;
  site: SiteRow;
  ip: string;
  uuid: string;
  client: ClientMarker;
  version: string;
  token: string | null;
  member: MemberRef | null;
  /** Idempotency-Key header of a money-moving call (required there). */
  idempotencyKey: string | null;
  /** Set when the call came through the safe-switch codec: the answer's data is sealed. */
  sealed: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function localeOf(req: FastifyRequest): Locale {
  return req.ctx?.locale ?? pickLocale(header(req, HEADERS.LANG) ?? header(req, 'accept-language'));
}
