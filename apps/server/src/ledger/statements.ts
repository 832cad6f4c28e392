import type { UntypedDb } from '../db/prepared.ts';
import { prepared, preparedInsert, preparedWrite } from '../db/prepared.ts';

/**
 * The ledger's hot statements, compiled once per database (db/prepared.ts): every money movement runs
 * them, so building and compiling their query trees each time would cost more than running them.
 */
type K = UntypedDb;
type Writer = (db: K, ...args: unknown[]) => Promise<number>;

const POSTING_COLUMNS = ['journal_id', 'account_id', 'amount', 'balance_after', 'created_at'] as const;
const postingWriters = new Map<number, Writer>();

export const ledgerSql = {
  /** A journal row; columns left undefined are not written (one compiled statement per column set). */
  insertJournal: preparedInsert('ledger_journals'),

  /** Applies one posting to its account unless a member account would go below zero; answers the new balance. */
  apply: prepared(
    (db: K, amount: number, id: string) =>
      db
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '+', amount), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('allow_negative', '=', 1), eb(eb('balance', '+', amount), '>=', 0)]))
        .returning('balance'),
    [0, ''],
  ),

  ensureAccount: preparedWrite(
    (
      db: K,
      id: string,
      ownerType: string,
      ownerId: string,
      kind: string,
      ref: string,
      currency: string,
      allowNegative: number,
      createdAt: number,
    ) =>
      db
        .insertInto('ledger_accounts')
        .values({
          id,
          owner_type: ownerType,
          owner_id: ownerId,
          kind,
          ref,
          currency,
          balance: 0,
          allow_negative: allowNegative,
          version: 0,
          created_at: createdAt,
        })
        .onConflict((oc) => oc.column('id').doNothing()),
    ['', '', '', '', '', '', 0, 0],
  ),

  insertHold: preparedInsert('ledger_holds'),

  balance: prepared((db: K, id: string) => db.selectFrom('ledger_accounts').select('balance').where('id', '=', id), ['']),

  /**
   * Reads a balance and its version under the row's lock (a no-op update: PostgreSQL locks the row until
   * commit and answers its latest committed state; SQLite has one writer anyway). No row: the account does
   * not exist yet. The version tells whether anything moved the account since an earlier read (venue sync).
   */
  lockedBalance: prepared(
    (db: K, id: string) =>
      db
        .updateTable('ledger_accounts')
        .set((eb) => ({ version: eb.ref('version') }))
        .where('id', '=', id)
        .returning(['balance', 'version']),
    [''],
  ),

  /** A balance and its version, without a lock (compared later with lockedBalance's). */
  balanceVersion: prepared(
    (db: K, id: string) => db.selectFrom('ledger_accounts').select(['balance', 'version']).where('id', '=', id),
    [''],
  ),

  /** One multi-row insert of a journal's postings: arguments are (journal, account, amount, balance after, time) per row. */
  insertPostings(rows: number): Writer {
    let w = postingWriters.get(rows);
    if (!w) {
      w = preparedWrite(
        (db: K, ...a: unknown[]) =>
          db
            .insertInto('ledger_postings')
            .values(
              Array.from({ length: rows }, (_, r) =>
                Object.fromEntries(POSTING_COLUMNS.map((c, i) => [c, a[r * POSTING_COLUMNS.length + i]])),
              ),
            ),
        new Array<unknown>(rows * POSTING_COLUMNS.length).fill(''),
      );
      postingWriters.set(rows, w);
    }
    return w;
  },
};
