import { StatusCode } from '@portal/contract';
import type { DbOrTx } from '../db/connect.ts';
import { fail } from '../lib/errors.ts';
import { accountId, debtAccount, type AccountRef, type Currency } from './accounts.ts';
import type { Line } from './ledger.ts';
import { ledgerSql as sql } from './statements.ts';

/**
 * Member debt: what a member owes the house, kept in the house's receivable account for that member
 * (ref = member id; below zero while owed, never above). Member balances themselves never go negative:
 * the debt is the house's claim, not a member wallet. It arises when a correction
 * takes back more than the member still holds (a restored payout already moved out of the sportsbook);
 * the money that next reaches the member repays it first, in the same journal as the credit; while it is
 * owed no money leaves.
 *
 * Lock order: a transaction that touches a member's debt (receivable) account locks it before any other ledger account
 * (then the journal locks the rest in id order), so two money steps of one member cannot deadlock.
 */
export { debtAccount };

/** What the member owes, in fen (0 when nothing), as last committed — for answers and guards. */
export async function owedFen(db: DbOrTx, memberId: string, currency: Currency = 'CNY'): Promise<number> {
  const row = (await sql.balance(db, accountId(debtAccount(memberId, currency))))[0];
  return row ? Math.max(0, -Number(row.balance)) : 0;
}

/** What the member owes, read under the debt account's lock (0 without locking when nothing is owed). */
async function owedLocked(tx: DbOrTx, memberId: string, currency: Currency): Promise<number> {
  if ((await owedFen(tx, memberId, currency)) === 0) return 0;
  const row = (await sql.lockedBalance(tx, accountId(debtAccount(memberId, currency))))[0];
  return row ? Math.max(0, -Number(row.balance)) : 0;
}

/**
 * The lines crediting `amount` fen to `to`, debt repaid first: the debt account takes what is owed (up
 * to the amount), `to` the rest. Call it before the transaction touches any other ledger account.
 */
export async function repayFirst(tx: DbOrTx, memberId: string, to: AccountRef, amount: number): Promise<{ lines: Line[]; repaid: number }> {
  const repaid = Math.min(amount, await owedLocked(tx, memberId, to.currency));
  const lines: Line[] = [];
  if (amount > repaid) lines.push({ account: to, amount: amount - repaid });
  if (repaid > 0) lines.push({ account: debtAccount(memberId, to.currency), amount: repaid });
  return { lines, repaid };
}

/**
 * Rewrites a correction's lines so that no member account is taken below zero: each member account
 * gives back what it holds, the shortfall is booked to the member's debt (receivable) account. The
 * journal stays balanced (the debt line takes exactly what the other lines no longer take).
 */
export async function coverWithDebt(tx: DbOrTx, lines: Line[]): Promise<Line[]> {
  const takes = lines.filter((l) => l.account.owner === 'member' && l.amount < 0);
  if (takes.length === 0) return lines;
  const currency = lines[0]!.account.currency;
  const members = [...new Set(takes.map((l) => (l.account.owner === 'member' ? l.account.memberId : '')))].sort();
  // Lock order (above): the debt accounts, then every account of the journal in id order (as post does).
  for (const m of members) await sql.lockedBalance(tx, accountId(debtAccount(m, currency)));
  const held = new Map<string, number>();
  for (const id of [...new Set(lines.map((l) => accountId(l.account)))].sort()) {
    held.set(id, Number((await sql.lockedBalance(tx, id))[0]?.balance ?? 0));
  }
  const out = new Map<string, Line>();
  const add = (account: AccountRef, amount: number) => {
    const id = accountId(account);
    const sum = (out.get(id)?.amount ?? 0) + amount;
    if (sum === 0) out.delete(id);
    else out.set(id, { account, amount: sum });
  };
  for (const l of lines) {
    if (!takes.includes(l) || l.account.owner !== 'member') {
      add(l.account, l.amount);
      continue;
    }
    const id = accountId(l.account);
    const given = Math.min(Math.max(0, held.get(id)!), -l.amount);
    held.set(id, held.get(id)! - given);
    if (given > 0) add(l.account, -given);
    if (given < -l.amount) add(debtAccount(l.account.memberId, currency), l.amount + given);
  }
  return [...out.values()];
}

/** Guard of every call that takes money out of the member's reach (withdrawal, transfer out of the central wallet). */
export async function refuseWhileOwing(db: DbOrTx, memberId: string, currency: Currency = 'CNY'): Promise<void> {
  if ((await owedFen(db, memberId, currency)) > 0) fail(StatusCode.WARNING, { key: 'DEBT_OUTSTANDING' });
}

/** Members who owe the house, largest debt first (the operator's `debt:list`). */
export async function membersOwing(db: DbOrTx, limit = 500) {
  const rows = await db
    .selectFrom('ledger_accounts')
    .leftJoin('members', 'members.id', 'ledger_accounts.ref')
    .select([
      'ledger_accounts.ref as memberId',
      'members.name',
      'members.site_code as siteCode',
      'ledger_accounts.currency',
      'ledger_accounts.balance',
    ])
    .where('ledger_accounts.owner_type', '=', 'house')
    .where('ledger_accounts.kind', '=', 'receivable')
    .where('ledger_accounts.balance', '<', 0)
    .orderBy('ledger_accounts.balance')
    .orderBy('ledger_accounts.ref')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ memberId: r.memberId, name: r.name, siteCode: r.siteCode, currency: r.currency, owedFen: -Number(r.balance) }));
}
