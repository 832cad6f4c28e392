import { StatusCode } from '@portal/contract';
import type { Db, Tx } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { sha256Hex } from '../lib/crypto.ts';

/** JSON with sorted keys: the same request always hashes the same. */
export function stableStringify(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stableStringify((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

const KEY_RE = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Run a money-moving call once per (scope, key): the key row, the business rows and the journals
 * commit together. Same key and same request → the stored answer; same key, other request → 6009.
 * A call that fails moves nothing and stores nothing, so its retry runs afresh.
 */
export async function idempotent<T>(db: Db, scope: string, key: string, request: unknown, run: (tx: Tx, idemKey: string) => Promise<T>): Promise<T> {
  if (!KEY_RE.test(key)) throw new AppError(StatusCode.INVALID_PARAMETER);
  const hash = sha256Hex(stableStringify(request));
  const replay = async (): Promise<T | undefined> => {
    const row = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    if (row.request_hash !== hash) throw new AppError(StatusCode.DATA_EXISTS, { key: 'IDEMPOTENCY_CONFLICT' });
    return JSON.parse(row.response) as T;
  };
  const earlier = await replay();
  if (earlier !== undefined) return earlier;
  try {
    return await db.transaction().execute(async (tx) => {
      // Claim the key first: a concurrent twin blocks here (PostgreSQL) or waits for the connection (SQLite).
      await tx.insertInto('idempotency_keys').values({ scope, key, request_hash: hash, status_code: StatusCode.SUCCESS, response: 'null', created_at: Date.now() }).execute();
      const result = await run(tx, `${scope}|${key}`);
      await tx.updateTable('idempotency_keys').set({ response: JSON.stringify(result ?? null) }).where('scope', '=', scope).where('key', '=', key).execute();
      return result;
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    // Lost the race for the key: the twin committed, answer what it answered.
    const twin = await replay().catch(() => undefined);
    if (twin !== undefined) return twin;
    throw e;
  }
}
