import { StatusCode } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Db, Tx } from '../db/connect.ts';
import { prepared, preparedWrite } from '../db/prepared.ts';
import { AppError } from '../lib/errors.ts';
import { sha256Bytes, sha256Hex } from '../lib/crypto.ts';
import { stableStringify } from '../lib/stableStringify.ts';
import { ledgerTransaction } from './groupCommit.ts';

const KEY_RE = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's fingerprint as stored: the first 128 bits of its SHA-256 in base64url (22 characters).
 * A key row is written by every money step and lands on a page picked by its member, so its size counts:
 * rows of ~500 bytes split a 2 KiB page every second insert (bench:sport: ~3.8 of a bet's ~15 WAL pages).
 * Older rows hold the full hex digest (64 characters) and are still compared as such.
 */
const fingerprint = (canonical: string): string => sha256Bytes(canonical).subarray(0, 16).toString('base64url');
const sameRequest = (stored: string, canonical: string): boolean =>
  stored.length === 64 ? stored === sha256Hex(canonical) : stored === fingerprint(canonical);

const claimKey = preparedWrite(
  (db: Kysely<any>, scope: string, key: string, hash: string, statusCode: number, response: string, createdAt: number) =>
    db
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: hash, status_code: statusCode, response, created_at: createdAt })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing()),
  ['', '', '', 0, '', 0],
);
const storeAnswer = preparedWrite(
  (db: Kysely<any>, response: string, scope: string, key: string) =>
    db.updateTable('idempotency_keys').set({ response }).where('scope', '=', scope).where('key', '=', key),
  ['', '', ''],
);
const keyRow = prepared(
  (db: Kysely<any>, scope: string, key: string) =>
    db.selectFrom('idempotency_keys').select(['request_hash', 'response']).where('scope', '=', scope).where('key', '=', key),
  ['', ''],
);

/** The key was already taken when this call tried to claim it: answer what its first use answered. */
class KeyTaken extends Error {}

/**
 * Run a money-moving call once per (scope, key): the key row, the business rows and the journals
 * commit together. Same key and same request → the stored answer; same key, other request → 6009.
 * A call that fails moves nothing and stores nothing, so its retry runs afresh.
 *
 * The key is claimed first, inside the transaction (a concurrent twin waits on it on PostgreSQL, or
 * for the connection on SQLite), and a taken key is only read then, so a first call costs no lookup.
 * `answer`, when the caller knows its answer before running (e.g. the id it is about to create), is
 * stored with the claim, which saves writing it afterwards. Keep stored answers small (an id, not a
 * document): the caller rebuilds a replay's answer from its own rows.
 * `run` gets the request's key (`scope|key`) for its journal's `requestKey` (ledger.ts): the claim keeps it
 * unique, so the journal does not index it again.
 */
export async function idempotent<T>(
  db: Db,
  scope: string,
  key: string,
  request: unknown,
  run: (tx: Tx, requestKey: string) => Promise<T>,
  answer?: T,
): Promise<T> {
  if (!KEY_RE.test(key)) throw new AppError(StatusCode.INVALID_PARAMETER);
  const canonical = stableStringify(request);
  const hash = fingerprint(canonical);
  const replay = async (): Promise<T | undefined> => {
    const row = (await keyRow(db, scope, key))[0];
    if (!row) return undefined;
    if (!sameRequest(row.request_hash, canonical)) throw new AppError(StatusCode.DATA_EXISTS, { key: 'IDEMPOTENCY_CONFLICT' });
    return JSON.parse(row.response) as T;
  };
  const known = answer !== undefined;
  try {
    return await ledgerTransaction(db, async (tx) => {
      if (!(await claimKey(tx, scope, key, hash, StatusCode.SUCCESS, known ? JSON.stringify(answer) : 'null', Date.now())))
        throw new KeyTaken();
      const result = await run(tx, `${scope}|${key}`);
      if (!known) await storeAnswer(tx, JSON.stringify(result ?? null), scope, key);
      return result;
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    // The key was taken (or lost the race for it): the twin committed, answer what it answered.
    const twin = await replay().catch((r) => {
      if (r instanceof AppError) throw r;
      return undefined;
    });
    if (twin !== undefined) return twin;
    throw e;
  }
}
