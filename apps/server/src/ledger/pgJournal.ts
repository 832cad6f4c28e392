import { CompiledQuery } from 'kysely';
import type { DbOrTx } from '../db/connect.ts';
import { namedOnPostgres } from '../db/pgNamed.ts';
import { mayGoNegative, type AccountRef } from './accounts.ts';

/**
 * PostgreSQL: a whole small journal in ONE statement (one round trip instead of the journal insert, one
 * update per account and the postings insert — bench:wallet measured a transfer's statements, docs/scale-out.md):
 *  1. every account's net change, applied in id order (the lock order: an INSERT … SELECT … ORDER BY takes the
 *     rows' locks in that order) by an upsert (the proposed row is checked against the table's constraints
 *     before its conflict is found, so it carries a balance that passes them; the change itself is by id): an existing account is changed only where it may be (a member
 *     account must hold the journal's debits of it, `need`, before the change — the same guard as
 *     ledgerSql.apply), a missing one is created with the change — but only when the journal takes nothing
 *     from it (need 0) or it may go negative, as ensureAccount + apply would;
 *  2. the journal row;
 *  3. its postings, each with the balance after it (the account's new balance less the later lines of it).
 * An account the guard refused has no row in the answer (post() throws INSUFFICIENT_FUNDS and the step's
 * transaction rolls back, as on the other path). Data-changing CTEs run to completion and the foreign keys
 * are checked at the statement's end, when the journal and new accounts are there.
 */
export interface PgChange {
  account: AccountRef;
  id: string;
  amount: number;
  need: number;
}
export interface PgLine {
  id: string;
  amount: number;
  /** The sum of the journal's later lines of the same account (balance after = new balance − later). */
  later: number;
}
export interface PgJournalRow {
  id: string;
  kind: string;
  currency: string;
  ref_type: string;
  ref_id: string;
  member_id: string | null;
  memo: string;
  reverses: string | null;
  idem_key: string | null;
  request_key: string | null;
  created_at: number;
}

const JOURNAL_COLUMNS = ['id', 'kind', 'currency', 'ref_type', 'ref_id', 'member_id', 'memo', 'reverses', 'idem_key', 'request_key'] as const;
const ACCOUNT_VALUES = 9;
const LINE_VALUES = 3;
const texts = new Map<string, string>();

/** The statement for `accounts` changed accounts and `lines` lines (one text per shape, named on PostgreSQL). */
function statementText(accounts: number, lines: number): string {
  const shape = `${accounts}:${lines}`;
  let text = texts.get(shape);
  if (text) return text;
  // $1..$10 the journal's columns, $11 the time; then 9 per account, then 3 per line.
  const acc = (i: number, k: number) => `$${12 + i * ACCOUNT_VALUES + k}`;
  const line = (i: number, k: number) => `$${12 + accounts * ACCOUNT_VALUES + i * LINE_VALUES + k}`;
  const v = Array.from(
    { length: accounts },
    (_, i) =>
      `(${i}, ${acc(i, 0)}::text, ${acc(i, 1)}::text, ${acc(i, 2)}::text, ${acc(i, 3)}::text, ${acc(i, 4)}::text, ${acc(i, 5)}::text, ${acc(i, 6)}::bigint, ${acc(i, 7)}::int, ${acc(i, 8)}::bigint)`,
  ).join(', ');
  const byId = (k: number) => Array.from({ length: accounts }, (_, i) => `when ${acc(i, 0)}::text then ${acc(i, k)}::bigint`).join(' ');
  const l = Array.from({ length: lines }, (_, i) => `(${i}, ${line(i, 0)}::text, ${line(i, 1)}::bigint, ${line(i, 2)}::bigint)`).join(', ');
  text = `with v(ord, id, owner_type, owner_id, kind, ref, currency, amount, allow_negative, need) as (values ${v}),
a as (
  insert into ledger_accounts as t (id, owner_type, owner_id, kind, ref, currency, balance, allow_negative, version, created_at)
  select v.id, v.owner_type, v.owner_id, v.kind, v.ref, v.currency,
    case when v.allow_negative = 1 then v.amount else greatest(v.amount, 0) end, v.allow_negative, 1, $11::bigint from v
  where v.need = 0 or v.allow_negative = 1 or exists (select 1 from ledger_accounts e where e.id = v.id)
  order by v.ord
  on conflict (id) do update set balance = t.balance + (case t.id ${byId(6)} end), version = t.version + 1
  where t.allow_negative = 1 or t.balance >= (case t.id ${byId(8)} end)
  returning t.id, t.balance, t.version
),
j as (
  insert into ledger_journals (${JOURNAL_COLUMNS.join(', ')}, created_at)
  values (${JOURNAL_COLUMNS.map((_, i) => `$${i + 1}::text`).join(', ')}, $11::bigint)
),
p as (
  insert into ledger_postings (journal_id, account_id, amount, balance_after, created_at)
  select $1::text, l.id, l.amount, a.balance - l.later, $11::bigint
  from (values ${l}) l(ord, id, amount, later) join a on a.id = l.id
  order by l.ord
)
select id, balance, version from a`;
  namedOnPostgres(text);
  texts.set(shape, text);
  return text;
}

/** Runs the journal's statement; answers the accounts it changed with their new balances and versions. */
export async function postOnPostgres(
  tx: DbOrTx,
  journal: PgJournalRow,
  changes: readonly PgChange[],
  lines: readonly PgLine[],
): Promise<{ id: string; balance: number; version: number }[]> {
  const params: unknown[] = JOURNAL_COLUMNS.map((c) => journal[c]);
  params.push(journal.created_at);
  for (const c of changes) {
    const a = c.account;
    params.push(
      c.id,
      a.owner,
      a.owner === 'member' ? a.memberId : '-',
      a.kind,
      a.ref ?? '',
      a.currency,
      c.amount,
      mayGoNegative(a) ? 1 : 0,
      c.need,
    );
  }
  for (const l of lines) params.push(l.id, l.amount, l.later);
  const r = await tx.executeQuery<{ id: string; balance: number | string; version: number | string }>(
    CompiledQuery.raw(statementText(changes.length, lines.length), params),
  );
  return r.rows.map((x) => ({ id: x.id, balance: Number(x.balance), version: Number(x.version) }));
}
