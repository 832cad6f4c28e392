import type { z } from 'zod';

export type HttpMethod = 'POST' | 'GET';

/**
 * One call of the wire contract. The server registers its route from this, the web client types its
 * request from it, and the OpenAPI document at /docs is generated from it.
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  method: HttpMethod;
  /** 'member' needs a valid session token; 'optional' reads it when present; 'none' ignores it. */
  auth: 'member' | 'optional' | 'none';
  /** Exempt from the timestamp-and-ip token (calls made before the client has its key). */
  noTsToken?: boolean;
  /** Money-moving: needs an Idempotency-Key header; a retry with the same key answers the same. */
  idempotent?: boolean;
  /** A larger body limit than the default LIMITS.BODY_LIMIT_BYTES (the image upload). */
  bodyLimit?: number;
  request: Req;
  response: Res;
  summary: string;
  tag: string;
}

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  e: Omit<Endpoint<Req, Res>, 'method'> & { method?: HttpMethod },
): Endpoint<Req, Res> {
  return { method: 'POST', ...e };
}

export type RequestOf<E> = E extends Endpoint<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer Res> ? z.output<Res> : never;
