/**
 * Endpoint metadata for clients that need no schemas at run time (the web bundle, whose
 * home-route JavaScript has a budget). An endpoint's zod schemas type the client's requests at compile time; at run time the
 * client only reads path, method, auth, idempotent and noTsToken. The web build (apps/web/vite.config.ts)
 * replaces every `api/*.ts` module with `metaModuleSource()` of that module, derived from the real
 * `endpoint({...})` objects — so nothing is listed twice and new endpoints need no extra step.
 */
import type { Endpoint } from './endpoint.ts';

export type EndpointMeta = Pick<Endpoint, 'path' | 'method' | 'auth' | 'noTsToken' | 'idempotent'>;

/** A zod v4 schema (every schema carries its internals under `_zod`). */
function isSchema(v: unknown): boolean {
  return typeof v === 'object' && v !== null && '_zod' in v;
}

export function isEndpoint(v: unknown): v is Endpoint {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Partial<Endpoint>;
  return typeof e.path === 'string' && typeof e.method === 'string' && isSchema(e.request) && isSchema(e.response);
}

export function endpointMeta(e: Endpoint): EndpointMeta {
  const m: EndpointMeta = { path: e.path, method: e.method, auth: e.auth };
  if (e.noTsToken) m.noTsToken = true;
  if (e.idempotent) m.idempotent = true;
  return m;
}

/** An object whose every value is an endpoint (`userApi`, `walletApi`, …). */
function isEndpointGroup(v: unknown): v is Record<string, Endpoint> {
  if (typeof v !== 'object' || v === null || isSchema(v)) return false;
  const values = Object.values(v);
  return values.length > 0 && values.every(isEndpoint);
}

/** Plain data (numbers, strings, arrays, objects of those) survives a JSON round trip unchanged. */
function isPlainData(v: unknown): boolean {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return true;
  if (Array.isArray(v)) return v.every(isPlainData);
  if (typeof v !== 'object' || isSchema(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return (proto === Object.prototype || proto === null) && Object.values(v as object).every(isPlainData);
}

/**
 * The schema-free twin of one api module as ES module source: endpoint groups become their metadata,
 * plain data exports stay, zod schemas are dropped (types come from the real module at compile time).
 * Returns null when the module exports something else (a function, a class): then the caller keeps
 * the real module rather than lose that export.
 */
export function metaModuleSource(ns: Record<string, unknown>): string | null {
  const lines = ['// Generated from the contract endpoints at build time (packages/contract/src/endpointMeta.ts).'];
  for (const [name, value] of Object.entries(ns)) {
    if (name === 'default') return null;
    if (isEndpointGroup(value)) {
      const meta = Object.fromEntries(Object.entries(value).map(([k, e]) => [k, endpointMeta(e)]));
      lines.push(`export const ${name} = ${JSON.stringify(meta)};`);
    } else if (isSchema(value)) {
      continue;
    } else if (isPlainData(value)) {
      lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    } else {
      return null;
    }
  }
  return `${lines.join('\n')}\n`;
}
