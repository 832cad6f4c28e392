import type { DbOrTx } from '../db/connect.ts';
import { LedgerError } from './errors.ts';
import { timeOrderedId } from '../lib/crypto.ts';
import { accountId, mayGoNegative, memberAccount, type AccountRef, type Currency } from './accounts.ts';
import { isSqlite, type LockTrail } from './locks.ts';
import { ledgerSql as sql } from './statements.ts';
import { postOnPostgres } from './pgJournal.ts';
import type { LedgerJournalTable } from '../db/schema.ts';

export { LedgerError } from './errors.ts';

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

/** Max |amount| of one line: 10^15 fen keeps every sum far inside 2^53. */
const MAX_LINE = 1e15;

/** Journals written by this process (/metrics; bench:casino's journals per spin). */
export const ledgerStats = { journals: 0 };

/** Accounts per journal applied one statement each (prepared, cheapest); a larger journal (a batch) uses applyMany. */
const APPLY_EACH_MAX = 4;
/** Accounts per applyMany statement (3 bound values each: far inside both engines' limits). */
const APPLY_MANY_ROWS = 500;

interface AccountChange {
  account: AccountRef;
  id: string;
  /** Net change of the journal. */
  amount: number;
  /** The journal's debits of it: a member account must hold this much before the change (stake before win). */
  need: number;
}

/**
 * Write one journal: ≥ 2 postings summing to zero, in the caller's transaction — the same one as the business
 * row. Each account's net change is applied by one conditional update (a member account must cover the
 * journal's debits of it, so it never goes below zero); accounts are touched in id order so concurrent journals
 * cannot deadlock on PostgreSQL, and a step on the wager path (ledger/wager.ts) passes its LockTrail, which
 * asserts the order across the step's journals. Postings keep every line as written (gross), each with the
 * balance after it.
 */
export async function post(
  tx: DbOrTx,
  j: JournalInput,
  now = Date.now(),
  trail?: LockTrail,
): Promise<{ journalId: string; balances: Map<string, number>; versions: Map<string, number> }> {
  if (j.lines.length < 2) throw new LedgerError('UNBALANCED');
  let sum = 0;
  for (const l of j.lines) {
    if (!Number.isSafeInteger(l.amount) || l.amount === 0 || Math.abs(l.amount) > MAX_LINE) throw new LedgerError('BAD_AMOUNT');
    if (l.account.currency !== j.currency) throw new LedgerError('CURRENCY');
    sum += l.amount;
  }
  if (sum !== 0) throw new LedgerError('UNBALANCED');
  const lines = j.lines
    .map((l) => ({ account: l.account, amount: l.amount, id: accountId(l.account) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const changes = new Map<string, AccountChange>();
  for (const l of lines) {
    const c = changes.get(l.id) ?? { account: l.account, id: l.id, amount: 0, need: 0 };
    c.amount += l.amount;
    if (l.amount < 0) c.need -= l.amount;
    changes.set(l.id, c);
  }
  trail?.journal([...changes.keys()]);
  const journalId = timeOrderedId(now);
  ledgerStats.journals++;
  const journal: LedgerJournalTable = {
    id: journalId,
    kind: j.kind,
    currency: j.currency,
    ref_type: j.refType,
    ref_id: j.refId,
    member_id: j.memberId ?? null,
    memo: j.memo ?? '',
    reverses: j.reverses ?? null,
    idem_key: j.idemKey ?? null,
    request_key: j.requestKey ?? null,
    created_at: now,
  };
  if (changes.size <= APPLY_EACH_MAX && lines.length <= PG_ONE_STATEMENT_LINES && !isSqlite(tx))
    return postInOneStatement(tx, journal, lines, changes);
  await sql.insertJournal(tx, journalRow(journal));
  let balances: Map<string, number>;
  const versions = new Map<string, number>();
  if (changes.size <= APPLY_EACH_MAX) balances = await applyEach(tx, [...changes.values()], now, versions);
  else {
    // One statement changes many rows: on PostgreSQL their locks are taken first, in id order (the lock order).
    if (!isSqlite(tx)) await sql.balancesLocked(tx, [...changes.keys()], true);
    balances = await applyAll(tx, changes, now);
  }
  for (const c of changes.values()) {
    if (c.account.owner === 'member' && balances.get(c.id)! < 0) throw new LedgerError('NEGATIVE_BALANCE', c.id);
  }
  // Balance after each line: the account's final balance less the lines of it that come later.
  const after = new Map(balances);
  const postings: unknown[] = new Array<unknown>(lines.length * 5);
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    const b = after.get(l.id)!;
    postings[i * 5] = journalId;
    postings[i * 5 + 1] = l.id;
    postings[i * 5 + 2] = l.amount;
    postings[i * 5 + 3] = b;
    postings[i * 5 + 4] = now;
    after.set(l.id, b - l.amount);
  }
  for (let i = 0; i < lines.length; i += POSTINGS_PER_INSERT) {
    const n = Math.min(POSTINGS_PER_INSERT, lines.length - i);
    await sql.insertPostings(n)(tx, ...postings.slice(i * 5, (i + n) * 5));
  }
  return { journalId, balances, versions };
}

/** Lines of a journal written in one statement on PostgreSQL (ledger/pgJournal.ts); a larger one takes the general path. */
const PG_ONE_STATEMENT_LINES = 16;

/** PostgreSQL, a small journal: accounts, journal and postings in one round trip (ledger/pgJournal.ts), the same checks. */
async function postInOneStatement(
  tx: DbOrTx,
  journal: LedgerJournalTable,
  lines: readonly { account: AccountRef; amount: number; id: string }[],
  changes: Map<string, AccountChange>,
): Promise<{ journalId: string; balances: Map<string, number>; versions: Map<string, number> }> {
  const { id: journalId, created_at: now } = journal;
  const later = new Map<string, number>();
  const pgLines = new Array<{ id: string; amount: number; later: number }>(lines.length);
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    const after = later.get(l.id) ?? 0;
    pgLines[i] = { id: l.id, amount: l.amount, later: after };
    later.set(l.id, after + l.amount);
  }
  const all = [...changes.values()];
  const rows = await postOnPostgres(tx, journal, all, pgLines);
  const balances = new Map<string, number>();
  const versions = new Map<string, number>();
  for (const r of rows) {
    balances.set(r.id, r.balance);
    versions.set(r.id, r.version);
  }
  if (rows.length < all.length) {
    // The chain stopped at an account that is missing or refused: the rest step by step (creating a missing
    // account, refusing as the guard does), then the journal and its postings, which the statement left unwritten.
    const rest = await applyEach(tx, all.slice(rows.length), now, versions);
    for (const [id, b] of rest) balances.set(id, b);
    await sql.insertJournal(tx, journalRow(journal));
    const postings: unknown[] = [];
    for (const l of pgLines) postings.push(journalId, l.id, l.amount, balances.get(l.id)! - l.later, now);
    await sql.insertPostings(pgLines.length)(tx, ...postings);
  }
  for (const c of changes.values()) {
    if (c.account.owner === 'member' && balances.get(c.id)! < 0) throw new LedgerError('NEGATIVE_BALANCE', c.id);
  }
  return { journalId, balances, versions };
}

/** The journal row as inserted: a request key left out when there is none (its column keeps its default). */
const journalRow = (journal: LedgerJournalTable) => ({ ...journal, request_key: journal.request_key ?? undefined });

/** Postings per insert statement (5 bound values each). */
const POSTINGS_PER_INSERT = 400;

async function applyEach(tx: DbOrTx, changes: AccountChange[], now: number, versions: Map<string, number>): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  for (const c of changes) {
    // The account usually exists: apply first, create only when the guarded update found no row.
    let row = (await sql.apply(tx, c.amount, c.need, c.id))[0];
    if (!row) {
      await ensureAccount(tx, c.account, c.id, now);
      row = (await sql.apply(tx, c.amount, c.need, c.id))[0];
    }
    if (!row) throw new LedgerError('INSUFFICIENT_FUNDS', c.id);
    balances.set(c.id, Number(row.balance));
    versions.set(c.id, Number(row.version));
  }
  return balances;
}

async function applyAll(tx: DbOrTx, changes: Map<string, AccountChange>, now: number): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  const all = [...changes.values()];
  for (let i = 0; i < all.length; i += APPLY_MANY_ROWS) {
    const part = all.slice(i, i + APPLY_MANY_ROWS);
    let rows = await sql.applyMany(tx, part);
    if (rows.length < part.length) {
      // Accounts not created yet are created, then applied; an account still missing was refused by its guard.
      const done = new Set(rows.map((r) => r.id));
      const rest = part.filter((c) => !done.has(c.id));
      for (const c of rest) await ensureAccount(tx, c.account, c.id, now);
      rows = rows.concat(await sql.applyMany(tx, rest));
      if (rows.length < part.length) {
        const got = new Set(rows.map((r) => r.id));
        throw new LedgerError('INSUFFICIENT_FUNDS', part.find((c) => !got.has(c.id))!.id);
      }
    }
    for (const r of rows) balances.set(r.id, r.balance);
  }
  return balances;
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
export async function placeHold(
  tx: DbOrTx,
  h: HoldInput,
  now = Date.now(),
  trail?: LockTrail,
): Promise<{ holdId: string; fromBalance: number }> {
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
    trail,
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

/** Marks a hold posted or voided; a hold that is no longer pending is an invariant broken (another step settled it). */
async function settle(tx: DbOrTx, holdId: string, status: 'posted' | 'voided', now: number) {
  const h = await tx
    .updateTable('ledger_holds')
    .set({ status, settled_at: now })
    .where('id', '=', holdId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!h) throw new LedgerError('HOLD_NOT_PENDING', holdId);
  return h;
}

/** The pending amount leaves for good (a lost stake to the sportsbook, a paid-out withdrawal to clearing). */
export async function postHold(
  tx: DbOrTx,
  holdId: string,
  to: AccountRef,
  kind: string,
  now = Date.now(),
  trail?: LockTrail,
): Promise<void> {
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
    trail,
  );
}

/** The pending amount goes back where it came from (a rejected withdrawal, a cancelled bet). */
export async function voidHold(tx: DbOrTx, holdId: string, kind: string, now = Date.now(), trail?: LockTrail): Promise<void> {
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
    trail,
  );
}

/** Accounts' balances and versions (the version grows with every change: a push carries it so a client keeps the newest). */
export async function balancesWithVersions(
  db: DbOrTx,
  refs: readonly AccountRef[],
): Promise<Map<string, { balance: number; version: number }>> {
  const ids = [...new Set(refs.map(accountId))];
  const out = new Map<string, { balance: number; version: number }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'balance', 'version'])
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
    for (const r of rows) out.set(r.id, { balance: Number(r.balance), version: Number(r.version) });
  }
  return out;
}
