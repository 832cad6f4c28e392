import { sql } from 'kysely';
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

  /**
   * Applies an account's net change in a journal unless a member account holds less than `need` (the sum of
   * the journal's debits of it: a stake is covered before the win it may bring is counted); answers the new
   * balance. No row: the account does not exist, or the guard refused.
   */
  apply: prepared(
    (db: K, amount: number, need: number, id: string) =>
      db
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '+', amount), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('allow_negative', '=', 1), eb('balance', '>=', need)]))
        .returning(['balance', 'version']),
    [0, 0, ''],
  ),

  /**
   * The same for many accounts in one statement (a shared round's batch journal): rows of (id, amount, need);
   * answers the accounts it changed with their new balances. Both engines run UPDATE … FROM a VALUES list.
   */
  async applyMany(db: K, rows: readonly { id: string; amount: number; need: number }[]): Promise<{ id: string; balance: number }[]> {
    if (rows.length === 0) return [];
    const values = sql.join(rows.map((r) => sql`(cast(${r.id} as text), cast(${r.amount} as bigint), cast(${r.need} as bigint))`));
    const r = await sql<{ id: string; balance: number | string }>`with v(id, amount, need) as (values ${values})
      update ledger_accounts set balance = ledger_accounts.balance + v.amount, version = ledger_accounts.version + 1
      from v where ledger_accounts.id = v.id and (ledger_accounts.allow_negative = 1 or ledger_accounts.balance >= v.need)
      returning ledger_accounts.id, ledger_accounts.balance`.execute(db);
    return r.rows.map((x) => ({ id: x.id, balance: Number(x.balance) }));
  },

  /** Balances of accounts in id order, locked (PostgreSQL: FOR UPDATE) when asked; missing accounts have no row. */
  async balancesLocked(db: K, ids: readonly string[], forUpdate: boolean): Promise<{ id: string; balance: number | string }[]> {
    if (ids.length === 0) return [];
    const q = db.selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', ids).orderBy('id');
    return (forUpdate ? q.forUpdate() : q).execute() as Promise<{ id: string; balance: number | string }[]>;
  },

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
