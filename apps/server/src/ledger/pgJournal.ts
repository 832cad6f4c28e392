import { CompiledQuery } from 'kysely';
import type { DbOrTx } from '../db/connect.ts';
import { namedOnPostgres } from '../db/pgNamed.ts';
import type { AccountRef } from './accounts.ts';
import type { LedgerJournalTable } from '../db/schema.ts';

/**
 * PostgreSQL: a whole small journal in ONE statement (one round trip instead of the journal insert, one
 * update per account and the postings insert — bench/pgProfile.mjs counts a step's statements, docs/scale-out.md):
 *  1. each account's net change by its own conditional update (the same guard as ledgerSql.apply: a member
 *     account must hold the journal's debits of it, `need`), chained in id order — each update runs only after
 *     the one before it changed its row, so the rows are locked in the lock order, with the same lock strength
 *     as the step-by-step path (an upsert would take a stronger lock that foreign-key checks wait on);
 *  2. the journal row and 3. its postings (balance after = the account's new balance less its later lines) —
 *     both only when every account was changed.
 * When the chain stopped (an account missing, or refused by its guard), the accounts changed before the stop are
 * answered and nothing else was written: post() carries on step by step from there (creating a missing account,
 * or throwing INSUFFICIENT_FUNDS for a refused one, as the step-by-step path does).
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

const JOURNAL_COLUMNS = [
  'id',
  'kind',
  'currency',
  'ref_type',
  'ref_id',
  'member_id',
  'memo',
  'reverses',
  'idem_key',
  'request_key',
] as const;
const ACCOUNT_VALUES = 3;
const LINE_VALUES = 3;
const texts = new Map<string, string>();

/** The statement for `accounts` changed accounts and `lines` lines (one text per shape, named on PostgreSQL). */
function statementText(accounts: number, lines: number, withKey: boolean): string {
  const shape = `${accounts}:${lines}:${withKey}`;
  let text = texts.get(shape);
  if (text) return text;
  // Without a request key its column is left out (its default), as the step-by-step insert does.
  const columns = withKey ? JOURNAL_COLUMNS : JOURNAL_COLUMNS.filter((c) => c !== 'request_key');
  // $1..$10 the journal's columns, $11 the time; then (id, amount, need) per account, then (id, amount, later) per line.
  const acc = (i: number, k: number) => `$${12 + i * ACCOUNT_VALUES + k}`;
  const line = (i: number, k: number) => `$${12 + accounts * ACCOUNT_VALUES + i * LINE_VALUES + k}`;
  const updates = Array.from(
    { length: accounts },
    (_, i) => `a${i} as (
  update ledger_accounts set balance = balance + ${acc(i, 1)}::bigint, version = version + 1
  where id = ${acc(i, 0)}::text and (allow_negative = 1 or balance >= ${acc(i, 2)}::bigint)${i > 0 ? ` and (select count(*) from a${i - 1}) = 1` : ''}
  returning id, balance, version
)`,
  ).join(',\n');
  const all = Array.from({ length: accounts }, (_, i) => `select id, balance, version from a${i}`).join(' union all ');
  const l = Array.from({ length: lines }, (_, i) => `(${i}, ${line(i, 0)}::text, ${line(i, 1)}::bigint, ${line(i, 2)}::bigint)`).join(', ');
  text = `with ${updates},
a as (${all}),
j as (
  insert into ledger_journals (${columns.join(', ')}, created_at)
  select ${columns.map((c) => `$${JOURNAL_COLUMNS.indexOf(c) + 1}::text`).join(', ')}, $11::bigint
  where ${withKey ? '' : '$10::text is null and '}(select count(*) from a) = ${accounts}
),
p as (
  insert into ledger_postings (journal_id, account_id, amount, balance_after, created_at)
  select $1::text, l.id, l.amount, a.balance - l.later, $11::bigint
  from (values ${l}) l(ord, id, amount, later) join a on a.id = l.id
  where (select count(*) from a) = ${accounts}
  order by l.ord
)
select id, balance, version from a`;
  namedOnPostgres(text);
  texts.set(shape, text);
  return text;
}

/** Runs the journal's statement; answers the accounts it changed (all of them, or those before the chain stopped). */
export async function postOnPostgres(
  tx: DbOrTx,
  journal: LedgerJournalTable,
  changes: readonly PgChange[],
  lines: readonly PgLine[],
): Promise<{ id: string; balance: number; version: number }[]> {
  const params: unknown[] = JOURNAL_COLUMNS.map((c) => journal[c]);
  params.push(journal.created_at);
  for (const c of changes) params.push(c.id, c.amount, c.need);
  for (const l of lines) params.push(l.id, l.amount, l.later);
  const r = await tx.executeQuery<{ id: string; balance: number | string; version: number | string }>(
    CompiledQuery.raw(statementText(changes.length, lines.length, journal.request_key !== null), params),
  );
  return r.rows.map((x) => ({ id: x.id, balance: Number(x.balance), version: Number(x.version) }));
}
