import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ALL_ENDPOINTS } from './index.ts';
import { endpoint } from './endpoint.ts';
import { endpointMeta, isEndpoint, metaModuleSource } from './endpointMeta.ts';
import { readdirSync } from 'node:fs';
import * as wallet from './api/wallet.ts';

/** Every api module, as the web build sees them (new files included without editing this test). */
const API_FILES = readdirSync(new URL('./api/', import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const modules: Record<string, Record<string, unknown>> = Object.fromEntries(
  await Promise.all(API_FILES.map(async (f) => [f, (await import(`./api/${f}`)) as Record<string, unknown>] as const)),
);

/** Evaluates generated module source (plain `export const x = <json>;` lines) into its exports. */
function evaluate(source: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of source.matchAll(/^export const (\w+) = (.*);$/gm)) out[m[1]!] = JSON.parse(m[2]!);
  return out;
}

describe('endpoint metadata (the web bundle carries no zod)', () => {
  test('every api module has a schema-free twin with every endpoint, exactly its run-time fields', () => {
    const seen: string[] = [];
    for (const [name, ns] of Object.entries(modules)) {
      const source = metaModuleSource(ns);
      expect(source, name).not.toBeNull();
      expect(source).not.toMatch(/zod|_zod/);
      const twin = evaluate(source!);
      for (const [exportName, value] of Object.entries(ns)) {
        if (typeof value !== 'object' || value === null || !Object.values(value).every(isEndpoint) || isEndpoint(value)) continue;
        for (const [key, ep] of Object.entries(value as Record<string, Parameters<typeof endpointMeta>[0]>)) {
          const meta = (twin[exportName] as Record<string, unknown>)[key];
          expect(meta, `${exportName}.${key}`).toEqual(endpointMeta(ep));
          seen.push(ep.path);
        }
      }
    }
    expect(new Set(seen)).toEqual(new Set(ALL_ENDPOINTS.map((e) => e.path)));
  });

  test('metadata keeps path, method, auth, idempotent and noTsToken only', () => {
    const e = endpoint({
      path: '/x/y',
      auth: 'member',
      idempotent: true,
      noTsToken: true,
      tag: 'T',
      summary: 's',
      request: z.strictObject({ a: z.string() }),
      response: z.null(),
    });
    expect(endpointMeta(e)).toEqual({ path: '/x/y', method: 'POST', auth: 'member', idempotent: true, noTsToken: true });
    expect(endpointMeta({ ...e, idempotent: false, noTsToken: undefined })).toEqual({ path: '/x/y', method: 'POST', auth: 'member' });
  });

  test('plain data stays, schemas go; a function export keeps the real module (null)', () => {
    const src = metaModuleSource({ DEAL_TYPES: wallet.DEAL_TYPES, moneyString: wallet.moneyString, walletApi: wallet.walletApi })!;
    const twin = evaluate(src);
    expect(twin.DEAL_TYPES).toEqual(wallet.DEAL_TYPES);
    expect(twin).not.toHaveProperty('moneyString');
    expect((twin.walletApi as Record<string, { idempotent?: boolean }>).utcTransfer?.idempotent).toBe(true);
    expect(metaModuleSource({ helper: () => 1 })).toBeNull();
  });
});
