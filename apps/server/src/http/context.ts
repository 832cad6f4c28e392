import type { FastifyRequest } from 'fastify';
import { HEADERS, pickLocale, type Locale } from '@portal/contract';
import type { Caller, MemberCaller } from '../modules/user/caller.ts';

/** What the header hook learned about a request (spec §7 headers). */
export interface RequestContext extends Caller {
  version: string;
  token: string | null;
  /** Set when the call came through the safe-switch codec: the answer's data is sealed. */
  sealed: boolean;
}

/** The context of an endpoint that requires login (auth 'member'): the member is there by type. */
export type MemberContext = RequestContext & Pick<MemberCaller, 'member'>;

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
