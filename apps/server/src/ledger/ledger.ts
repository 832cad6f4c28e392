import { StatusCode } from '@portal/contract';
import type { DbOrTx } from '../db/connect.ts';
import { AppError } from '../lib/errors.ts';
import { timeOrderedId } from '../lib/crypto.ts';
import { accountId, mayGoNegative, memberAccount, type AccountRef, type Currency } from './accounts.ts';
import { ledgerSql as sql } from './statements.ts';

export interface Line {
  account: AccountRef;
  /** Signed integer fen (minor units): positive credits the account, negative debits it. */
  amount: number;
}

export interface JournalInput {
  kind: string;
  currency: Currency;
  refType: string;
  refId: string;
  memberId?: string | null;
  memo?: string;
  lines: Line[];
  /** The idempotency key whose effect this journal is (unique: a key can never move money twice). */
  idemKey?: string | null;
  /**
   * Instead of idemKey, inside idempotent() (ledger/idempotency.ts): the request's key, which the claim in
   * the same transaction already keeps unique. Stored for the audit (ledger:verify), without an index.
   */
  requestKey?: string | null;
  /** For corrections: the journal this one reverses. */
  reverses?: string | null;
}

export class LedgerError extends AppError {
  constructor(
    readonly reason: 'UNBALANCED' | 'INSUFFICIENT_FUNDS' | 'BAD_AMOUNT' | 'CURRENCY' | 'HOLD_NOT_PENDING',
    readonly accountId?: string,
  ) {
    // Insufficient funds is a business answer (6007 with a clear text); the others are programming errors.
    super(
      reason === 'INSUFFICIENT_FUNDS' ? StatusCode.INVALID_PARAMETER : StatusCode.SERVER_ERROR,
      reason === 'INSUFFICIENT_FUNDS' ? { key: 'INSUFFICIENT_FUNDS' } : {},
    );
    this.message = `ledger: ${reason}${accountId ? ` (${accountId})` : ''}`;
  }
}

/** Max |amount| of one line: 10^15 fen keeps every sum far inside 2^53. */
const MAX_LINE = 1e15;

/**
 * Write one journal: ≥ 2 postings summing to zero, each applied to its account by a conditional update
 * (member accounts never below zero), in the caller's transaction — the same one as the business row.
 * Accounts are touched in id order so concurrent journals cannot deadlock on PostgreSQL.
 */
export async function post(tx: DbOrTx, j: JournalInput, now = Date.now()): Promise<{ journalId: string; balances: Map<string, number> }> {
  if (j.lines.length < 2) throw new LedgerError('UNBALANCED');
  let sum = 0;
  for (const l of j.lines) {
    if (!Number.isSafeInteger(l.amount) || l.amount === 0 || Math.abs(l.amount) > MAX_LINE) throw new LedgerError('BAD_AMOUNT');
    if (l.account.currency !== j.currency) throw new LedgerError('CURRENCY');
    sum += l.amount;
  }
  if (sum !== 0) throw new LedgerError('UNBALANCED');
  const journalId = timeOrderedId(now);
  await sql.insertJournal(tx, {
    id: journalId,
    kind: j.kind,
    currency: j.currency,
    ref_type: j.refType,
    ref_id: j.refId,
    member_id: j.memberId ?? null,
    memo: j.memo ?? '',
    reverses: j.reverses ?? null,
    idem_key: j.idemKey ?? null,
    request_key: j.requestKey ?? undefined,
    created_at: now,
  });
  const lines = j.lines
    .map((l) => ({ account: l.account, amount: l.amount, id: accountId(l.account) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const balances = new Map<string, number>();
  const postings: unknown[] = [];
  for (const l of lines) {
    // The account usually exists: apply first, create only when the guarded update found no row.
    let row = (await sql.apply(tx, l.amount, l.id))[0];
    if (!row) {
      await ensureAccount(tx, l.account, l.id, now);
      row = (await sql.apply(tx, l.amount, l.id))[0];
    }
    if (!row) throw new LedgerError('INSUFFICIENT_FUNDS', l.id);
    const after = Number(row.balance);
    balances.set(l.id, after);
    postings.push(journalId, l.id, l.amount, after, now);
  }
  await sql.insertPostings(lines.length)(tx, ...postings);
  return { journalId, balances };
}

export async function ensureAccount(tx: DbOrTx, a: AccountRef, id = accountId(a), now = Date.now()): Promise<void> {
  await sql.ensureAccount(
    tx,
    id,
    a.owner,
    a.owner === 'member' ? a.memberId : '-',
    a.kind,
    a.ref ?? '',
    a.currency,
    mayGoNegative(a) ? 1 : 0,
    now,
  );
}

export async function balanceOf(db: DbOrTx, a: AccountRef): Promise<number> {
  const row = (await sql.balance(db, accountId(a)))[0];
  return row ? Number(row.balance) : 0;
}

/**
 * A correction: a new journal with every posting of the original negated (never an edit). `cover`, when
 * given, may rewrite the negated lines before they are posted (still balanced: ledger/debt.ts books what a
 * member's account cannot give back to the member's debt).
 */
export async function reverse(
  tx: DbOrTx,
  journalId: string,
  reason: string,
  now = Date.now(),
  cover?: (lines: Line[]) => Promise<Line[]>,
): Promise<string> {
  const j = await tx.selectFrom('ledger_journals').selectAll().where('id', '=', journalId).executeTakeFirstOrThrow();
  const postings = await tx
    .selectFrom('ledger_postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
    .select([
      'ledger_postings.amount',
      'ledger_accounts.owner_type',
      'ledger_accounts.owner_id',
      'ledger_accounts.kind',
      'ledger_accounts.ref',
      'ledger_accounts.currency',
    ])
    .where('journal_id', '=', journalId)
    .execute();
  const lines: Line[] = postings.map((p) => ({
    amount: -Number(p.amount),
    account:
      p.owner_type === 'member'
        ? { owner: 'member', memberId: p.owner_id, kind: p.kind as never, ref: p.ref, currency: p.currency as Currency }
        : { owner: 'house', kind: p.kind as never, ref: p.ref, currency: p.currency as Currency },
  }));
  const r = await post(
    tx,
    {
      kind: `${j.kind}.reversal`,
      currency: j.currency as Currency,
      refType: j.ref_type,
      refId: j.ref_id,
      memberId: j.member_id,
      memo: reason,
      lines: cover ? await cover(lines) : lines,
      reverses: journalId,
    },
    now,
  );
  return r.journalId;
}

// --- Pending amounts (stakes, withdrawals): held in the member's locked account, then posted or voided.

export interface HoldInput {
  memberId: string;
  amount: number;
  currency: Currency;
  refType: string;
  refId: string;
  from?: AccountRef;
  idemKey?: string | null;
  requestKey?: string | null;
}

/** Moves `amount` into the member's locked account as a pending amount; answers the hold and the balance left where it came from. */
export async function placeHold(tx: DbOrTx, h: HoldInput, now = Date.now()): Promise<{ holdId: string; fromBalance: number }> {
  const from = h.from ?? memberAccount(h.memberId, 'central', h.currency);
  const locked = memberAccount(h.memberId, 'locked', h.currency);
  const { balances } = await post(
    tx,
    {
      kind: `hold.${h.refType}`,
      currency: h.currency,
      refType: h.refType,
      refId: h.refId,
      memberId: h.memberId,
      idemKey: h.idemKey ?? null,
      requestKey: h.requestKey ?? null,
      lines: [
        { account: from, amount: -h.amount },
        { account: locked, amount: h.amount },
      ],
    },
    now,
  );
  const holdId = timeOrderedId(now);
  await sql.insertHold(tx, {
    id: holdId,
    member_id: h.memberId,
    from_account: accountId(from),
    locked_account: accountId(locked),
    amount: h.amount,
    currency: h.currency,
    status: 'pending',
    ref_type: h.refType,
    ref_id: h.refId,
    created_at: now,
    settled_at: null,
  });
  return { holdId, fromBalance: balances.get(accountId(from))! };
}

export async function hold(tx: DbOrTx, h: HoldInput, now = Date.now()): Promise<string> {
  return (await placeHold(tx, h, now)).holdId;
}

async function settle(tx: DbOrTx, holdId: string, status: 'posted' | 'voided', now: number) {
  const r = await tx
    .updateTable('ledger_holds')
    .set({ status, settled_at: now })
    .where('id', '=', holdId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new LedgerError('HOLD_NOT_PENDING');
  return tx.selectFrom('ledger_holds').selectAll().where('id', '=', holdId).executeTakeFirstOrThrow();
}

/** The pending amount leaves for good (a lost stake to the sportsbook, a paid-out withdrawal to clearing). */
export async function postHold(tx: DbOrTx, holdId: string, to: AccountRef, kind: string, now = Date.now()): Promise<void> {
  const h = await settle(tx, holdId, 'posted', now);
  const currency = h.currency as Currency;
  await post(
    tx,
    {
      kind,
      currency,
      refType: h.ref_type,
      refId: h.ref_id,
      memberId: h.member_id,
      lines: [
        { account: memberAccount(h.member_id, 'locked', currency), amount: -Number(h.amount) },
        { account: to, amount: Number(h.amount) },
      ],
    },
    now,
  );
}

/** The pending amount goes back where it came from (a rejected withdrawal, a cancelled bet). */
export async function voidHold(tx: DbOrTx, holdId: string, kind: string, now = Date.now()): Promise<void> {
  const h = await settle(tx, holdId, 'voided', now);
  const currency = h.currency as Currency;
  const [owner, memberId, acctKind, ref] = h.from_account.split(':');
  if (owner !== 'member' || !memberId || !acctKind) throw new LedgerError('HOLD_NOT_PENDING');
  await post(
    tx,
    {
      kind,
      currency,
      refType: h.ref_type,
      refId: h.ref_id,
      memberId: h.member_id,
      lines: [
        { account: memberAccount(h.member_id, 'locked', currency), amount: -Number(h.amount) },
        { account: memberAccount(memberId, acctKind as 'central', currency, ref ?? ''), amount: Number(h.amount) },
      ],
    },
    now,
  );
}
