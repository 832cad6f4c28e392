import { SqliteAdapter } from 'kysely';
import type { DbOrTx } from '../db/connect.ts';
import { LedgerError } from './errors.ts';
import { accountId, debtAccount, type AccountRef, type Currency } from './accounts.ts';
import { ledgerSql as sql } from './statements.ts';

/**
 * The lock order of every money step that wagers (ledger/wager.ts), asserted as the step runs:
 *   1. the members' debt (receivable) accounts, in id order — the debt account is each member's lock root;
 *   2. then every other ledger account, in id order.
 * An account already locked by the step may be touched again at any time. Two steps that both follow it can
 * never wait on each other in a circle on PostgreSQL (SQLite has one writer and no row locks: the trail is
 * still kept, so a path that breaks the order fails on both engines, in tests and in production alike).
 * A broken order throws LedgerError('LOCK_ORDER') and the step rolls back.
 */
export class LockTrail {
  private phase: 'debts' | 'accounts' = 'debts';
  private lastDebt = '';
  private lastAccount = '';
  private readonly held = new Set<string>();

  /** A member's debt account is about to be locked. */
  debt(id: string): void {
    if (this.held.has(id)) return;
    if (this.phase !== 'debts' || id <= this.lastDebt) throw new LedgerError('LOCK_ORDER', id);
    this.lastDebt = id;
    this.held.add(id);
  }

  /** Any other account is about to be locked (a journal's postings, a balance read under lock). */
  account(id: string): void {
    if (this.held.has(id)) return;
    if (id <= this.lastAccount) throw new LedgerError('LOCK_ORDER', id);
    this.phase = 'accounts';
    this.lastAccount = id;
    this.held.add(id);
  }

  /** The accounts of one journal, which post() applies in id order (the debt accounts among them first if new). */
  journal(ids: readonly string[]): void {
    const sorted = [...new Set(ids)].sort();
    for (const id of sorted) if (isDebt(id) && !this.held.has(id)) this.debt(id);
    for (const id of sorted) if (!isDebt(id)) this.account(id);
  }
}

const DEBT_PREFIX = 'house:-:receivable:';
const isDebt = (id: string) => id.startsWith(DEBT_PREFIX);

export const isSqlite = (db: DbOrTx): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Locks the members' debt accounts (first in the step, in id order) and answers what each owes (0: nothing,
 * or no debt account). On SQLite a plain read: the one writer is the lock.
 */
export async function lockDebts(
  tx: DbOrTx,
  trail: LockTrail,
  memberIds: readonly string[],
  currency: Currency,
  /** The lock must hold even for a member who never owed (a limit check serializes their wagers): create the row. */
  ensure = false,
): Promise<Map<string, number>> {
  const ids = [...new Set(memberIds)].map((m) => ({ m, id: accountId(debtAccount(m, currency)) })).sort((a, b) => (a.id < b.id ? -1 : 1));
  const owed = new Map<string, number>();
  if (ids.length === 0) return owed;
  for (const { id } of ids) trail.debt(id);
  if (ensure && !isSqlite(tx))
    for (const { m, id } of ids) await sql.ensureAccount(tx, id, 'house', '-', 'receivable', m, currency, 1, Date.now());
  const rows =
    ids.length === 1
      ? (isSqlite(tx) ? await sql.balance(tx, ids[0]!.id) : await sql.lockedBalance(tx, ids[0]!.id)).map((r) => ({
          id: ids[0]!.id,
          balance: r.balance,
        }))
      : await sql.balancesLocked(
          tx,
          ids.map((i) => i.id),
          !isSqlite(tx),
        );
  const byId = new Map(rows.map((r) => [r.id, Number(r.balance)]));
  for (const { m, id } of ids) owed.set(m, Math.max(0, -(byId.get(id) ?? 0)));
  return owed;
}

/** Locks accounts in id order (after the debts) and answers their balances (0 for an account not yet created). */
export async function lockAccounts(tx: DbOrTx, trail: LockTrail, refs: readonly AccountRef[]): Promise<Map<string, number>> {
  const ids = [...new Set(refs.map(accountId))].sort();
  for (const id of ids) trail.account(id);
  const rows = await sql.balancesLocked(tx, ids, !isSqlite(tx));
  const out = new Map<string, number>();
  for (const id of ids) out.set(id, 0);
  for (const r of rows) out.set(r.id, Number(r.balance));
  return out;
}
