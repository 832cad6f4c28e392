import type { FastifyInstance } from 'fastify';
import { HEADERS, SAFE_PATH_PREFIX, StatusCode, open } from '@portal/contract';
import { fail } from '../lib/errors.ts';
import { header } from './context.ts';
import { parseJsonStrict } from './envelopeHooks.ts';
import { runRoute, type PipelineDeps, type Route } from './pipeline.ts';

/**
 * Safe switch (spec §7): the client seals the api path into the url (`/s/<sealed>`) and the JSON body
 * into `{d: <sealed>}`; the answer's data comes back sealed. Both under the site's client key.
 * The call then runs through exactly the same pipeline as a plain one (same strict JSON parsing too).
 *
 * A wildcard, not a `:param`: the router caps parameters at 100 characters and answers a longer one
 * with its own 414 body outside the envelope, while sealed paths grow with the api path they carry.
 */
export function registerSafeCodec(app: FastifyInstance, routes: Map<string, Route>, deps: PipelineDeps): void {
  app.post(`${SAFE_PATH_PREFIX}*`, async (req, reply) => {
    const site = deps.sites.resolve(header(req, HEADERS.SITE_ID), header(req, 'host'));
    const sealedPath = (req.params as { '*': string })['*'];
    const path = sealedPath.length <= 2048 ? await open(site.clientKey, sealedPath) : null;
    const r = path ? routes.get(path) : undefined;
    if (!r) fail(StatusCode.NOT_FOUND, { httpStatus: 404 });
    const body = req.body as { d?: unknown } | undefined;
    // An empty body is {}; anything else must be the object {d}: not null, an array or a scalar.
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      fail(StatusCode.INVALID_PARAMETER, { httpStatus: 400 });
    }
    let plain: unknown = {};
    if (body && Object.keys(body).length > 0) {
      const keys = Object.keys(body);
      if (keys.length !== 1 || typeof body.d !== 'string') fail(StatusCode.INVALID_PARAMETER, { httpStatus: 400 });
      const text = await open(site.clientKey, body.d);
      if (text === null) fail(StatusCode.ILLEGAL_PARAMETER);
      plain = parseJsonStrict(text);
    }
    await runRoute(r, req, reply, deps, plain, true);
  });
}
