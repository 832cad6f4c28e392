import { sql } from 'kysely';
import type { DbOrTx } from '../db/connect.ts';

export interface LedgerProblem {
  check: string;
  detail: string;
}

/**
 * The books' invariants: every journal has ≥ 2 postings summing to zero; every
 * cached balance equals the sum of its postings; house + members sum to zero per currency; no member
 * balance is negative and no member account may go negative; a member's debt (the house's receivable,
 * ledger/debt.ts) is never above zero; a jackpot pool (house money set aside for a jackpot) never below; an idempotency key has at most one effect; a locked account holds
 * exactly its pending holds.
 */
export async function verifyLedger(db: DbOrTx): Promise<LedgerProblem[]> {
  const out: LedgerProblem[] = [];
  const add = (check: string, rows: unknown[]) => rows.forEach((r) => out.push({ check, detail: JSON.stringify(r) }));
  add(
    'journal sums to zero',
    (await sql`select journal_id, sum(amount) as total from ledger_postings group by journal_id having sum(amount) <> 0`.execute(db)).rows,
  );
  add(
    'journal has two postings',
    (
      await sql`select j.id from ledger_journals j left join ledger_postings p on p.journal_id = j.id group by j.id having count(p.id) < 2`.execute(
        db,
      )
    ).rows,
  );
  add(
    'balance equals postings',
    (
      await sql`select a.id, a.balance, coalesce(sum(p.amount), 0) as postings from ledger_accounts a left join ledger_postings p on p.account_id = a.id group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`.execute(
        db,
      )
    ).rows,
  );
  add(
    'house + members = 0',
    (await sql`select currency, sum(balance) as total from ledger_accounts group by currency having sum(balance) <> 0`.execute(db)).rows,
  );
  add(
    'no negative member balance',
    (await sql`select id, balance from ledger_accounts where owner_type = 'member' and balance < 0`.execute(db)).rows,
  );
  add(
    'no member account may go negative',
    (await sql`select id, kind from ledger_accounts where owner_type = 'member' and allow_negative <> 0`.execute(db)).rows,
  );
  add(
    'debt never above zero',
    (await sql`select id, balance from ledger_accounts where owner_type = 'house' and kind = 'receivable' and balance > 0`.execute(db))
      .rows,
  );
  add(
    'no jackpot pool below zero',
    (await sql`select id, balance from ledger_accounts where owner_type = 'house' and kind = 'jackpot_pool' and balance < 0`.execute(db))
      .rows,
  );
  add(
    'one effect per idempotency key',
    (
      await sql`select idem_key, count(*) as n from ledger_journals where idem_key is not null group by idem_key having count(*) > 1`.execute(
        db,
      )
    ).rows,
  );
  add(
    'one effect per request key',
    (
      await sql`select request_key, count(*) as n from ledger_journals where request_key is not null group by request_key having count(*) > 1`.execute(
        db,
      )
    ).rows,
  );
  add(
    'locked = pending holds',
    (
      await sql`select a.id, a.balance, coalesce(sum(h.amount), 0) as pending from ledger_accounts a left join ledger_holds h on h.locked_account = a.id and h.status = 'pending' where a.kind = 'locked' group by a.id, a.balance having a.balance <> coalesce(sum(h.amount), 0)`.execute(
        db,
      )
    ).rows,
  );
  return out;
}
