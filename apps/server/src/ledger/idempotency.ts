import type { UntypedDb } from '../db/prepared.ts';
import { StatusCode } from '@portal/contract';
import type { Db, DbOrTx, Tx } from '../db/connect.ts';
import { prepared, preparedWrite } from '../db/prepared.ts';
import { AppError } from '../lib/errors.ts';
import { sha256Bytes, sha256Hex } from '../lib/crypto.ts';
import { stableStringify } from '../lib/stableStringify.ts';
import { ledgerStatement, ledgerStatementRelaxed, ledgerTransaction } from './groupCommit.ts';

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
  (db: UntypedDb, scope: string, key: string, hash: string, statusCode: number, response: string, createdAt: number) =>
    db
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: hash, status_code: statusCode, response, created_at: createdAt })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing()),
  ['', '', '', 0, '', 0],
);
const storeAnswer = preparedWrite(
  (db: UntypedDb, response: string, scope: string, key: string) =>
    db.updateTable('idempotency_keys').set({ response }).where('scope', '=', scope).where('key', '=', key),
  ['', '', ''],
);
const keyRow = prepared(
  (db: UntypedDb, scope: string, key: string) =>
    db.selectFrom('idempotency_keys').select(['request_hash', 'response']).where('scope', '=', scope).where('key', '=', key),
  ['', ''],
);

/** The key was already taken when this call tried to claim it: answer what its first use answered. */
class KeyTaken extends Error {}

/**
 * What a keyed money step answers: the value its step returned (this call ran it and it committed), or
 * the answer stored by the key's first use (this call is a retry, or lost the race to a twin). The
 * caller rebuilds a replay's full answer from its own rows (stored answers are small: an id).
 */
export type Replayed<T, S> = { readonly fresh: true; readonly value: T } | { readonly fresh: false; readonly stored: S };

/** The idempotency key of a money step and how its answer is stored and read back. */
export interface Once<T, S> {
  /** The key's namespace, e.g. `transfer:<member>`. */
  scope: string;
  /** The client's Idempotency-Key (8–128 of [A-Za-z0-9._:-], else 6007). */
  key: string;
  /** The request as the client sent it: same key with another request → 6009. */
  request: unknown;
  /**
   * The answer stored with the key: `{ before }` when the caller knows it before the step runs (e.g. the
   * id it is about to create: stored with the claim, no second write), `{ after }` derived from the step's value.
   */
  store: { before: S } | { after: (value: T) => S };
  /** Reads a stored answer back (it was JSON): a parse that throws on a shape this code never stored. */
  decode: (stored: unknown) => S;
}

/**
 * Run a money-moving call once per (scope, key): the key row, the business rows and the journals
 * commit together. Same key and same request → the stored answer; same key, other request → 6009.
 * A call that fails moves nothing and stores nothing, so its retry runs afresh. Reached through
 * `moneyStep(db, step, once)` (below), the one entry point of a money transaction.
 *
 * The key is claimed first, inside the transaction (a concurrent twin waits on it on PostgreSQL, or
 * for the connection on SQLite), and a taken key is only read then, so a first call costs no lookup.
 * Keep stored answers small (an id, not a document): the caller rebuilds a replay's answer from its own rows.
 * `step` gets the request's key (`scope|key`) for its journal's `requestKey` (ledger.ts): the claim keeps it
 * unique, so the journal does not index it again. The step may run twice (group commit, ledger/groupCommit.ts):
 * everything it produces goes out through its return value (and its rows), nothing through the closure.
 */
async function idempotent<T, S>(db: Db, once: Once<T, S>, step: (tx: Tx, requestKey: string) => Promise<T>): Promise<Replayed<T, S>> {
  const { scope, key } = once;
  if (!KEY_RE.test(key)) throw new AppError(StatusCode.INVALID_PARAMETER);
  const canonical = stableStringify(once.request);
  const hash = fingerprint(canonical);
  const replay = async (): Promise<Replayed<T, S> | undefined> => {
    const row = (await keyRow(db, scope, key))[0];
    if (!row) return undefined;
    if (!sameRequest(row.request_hash, canonical)) throw new AppError(StatusCode.DATA_EXISTS, { key: 'IDEMPOTENCY_CONFLICT' });
    return { fresh: false, stored: once.decode(JSON.parse(row.response)) };
  };
  const before = 'before' in once.store ? JSON.stringify(once.store.before) : null;
  const after = 'after' in once.store ? once.store.after : null;
  try {
    return await ledgerTransaction(db, async (tx): Promise<Replayed<T, S>> => {
      if (!(await claimKey(tx, scope, key, hash, StatusCode.SUCCESS, before ?? 'null', Date.now()))) throw new KeyTaken();
      const value = await step(tx, `${scope}|${key}`);
      if (after) await storeAnswer(tx, JSON.stringify(after(value) ?? null), scope, key);
      return { fresh: true, value };
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

/**
 * THE entry point of a money transaction (every step that posts a journal or changes a money row goes
 * through it): it opens the transaction — SQLite's group commit (ledger/groupCommit.ts), a plain one on
 * PostgreSQL —, claims the idempotency key when given one, runs the step and stores its answer.
 *  - `moneyStep(db, step)`: a transaction; answers the step's value after the commit.
 *  - `moneyStep(db, { statement })`: a step that is ONE statement (e.g. a conditional status change with
 *    nothing to post): atomic on its own; on PostgreSQL it runs without begin/commit (two round trips fewer).
 *    `{ statement, relaxed: true }`: its commit does not wait for the disk on PostgreSQL — only for a change
 *    that moves no money and that a reconciler redoes when a database crash lost it (ledgerStatementRelaxed).
 *  - `moneyStep(db, step, once)`: keyed (see `idempotent` above); answers `Replayed`: the step's value,
 *    or the key's stored answer.
 * A step may run twice (group commit): it touches the database only through its `tx` and hands out
 * nothing but its return value. Effects after the commit (letters, upgrade checks, bonuses) are outbox
 * rows written by the step in its transaction (ledger/outbox.ts), dispatched after the commit.
 */
export function moneyStep<T>(
  db: Db,
  step: ((tx: Tx) => Promise<T>) | { statement: (db: DbOrTx) => Promise<T>; relaxed?: boolean },
): Promise<T>;
export function moneyStep<T, S>(db: Db, step: (tx: Tx, requestKey: string) => Promise<T>, once: Once<T, S>): Promise<Replayed<T, S>>;
export function moneyStep<T, S>(
  db: Db,
  step: ((tx: Tx, requestKey: string) => Promise<T>) | { statement: (db: DbOrTx) => Promise<T>; relaxed?: boolean },
  once?: Once<T, S>,
): Promise<T | Replayed<T, S>> {
  if (typeof step !== 'function') return (step.relaxed ? ledgerStatementRelaxed : ledgerStatement)(db, step.statement);
  if (once) return idempotent(db, once, step);
  return ledgerTransaction(db, (tx) => step(tx, ''));
}
