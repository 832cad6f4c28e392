/**
 * The one wager path of every game the house runs — sport bets, slot spins, table and lottery bets, chases and the
 * games to come. A game module decides outcomes and payouts; the money moves only here:
 *   - `stake`: eligibility under the member's lock, then a hold on the member's wallet of the venue (a round that
 *     settles later: a sport bet, a table or lottery bet, each draw of a chase);
 *   - `playInstant`: a round decided at once (a slot spin): stake and return in ONE journal;
 *   - `settleHolds`: a shared round's bets settled as a set (holds posted, returns paid, debt repaid first) in one
 *     journal per batch and a constant number of statements, whatever the number of bets;
 *   - `voidHolds`: stakes given back (a cancelled bet, a void round, a stopped chase), as a set;
 *   - `settleHold`: one bet settled with its own journals (a sport bet: its payout journal is what a later
 *     correction reverses).
 * Every function runs in the caller's money step (moneyStep: one transaction) and asserts as it goes — a broken
 * invariant throws and the whole step rolls back:
 *   - the lock order (ledger/locks.ts): the members' debt accounts first, then every account in id order;
 *   - a hold is still pending when it is posted or voided (HOLD_NOT_PENDING: another node settled it);
 *   - no member balance below zero (the guarded updates refuse it; a balance read back below zero is NEGATIVE_BALANCE).
 * Eligibility (protection limits, exclusion, a transfer in flight, per-table limits) is the caller's `WagerGate`,
 * run inside the step after the member's lock, so a limit is a ceiling at any concurrency.
 */
import type { Tx } from '../db/connect.ts';
import { accountId, debtAccount, memberAccount, type AccountRef, type Currency } from './accounts.ts';
import { LedgerError } from './errors.ts';
import { placeHold, post, postHold, type Line } from './ledger.ts';
import { LockTrail, lockDebts } from './locks.ts';

export { LockTrail } from './locks.ts';

/** Eligibility of a wager, run inside its money step. */
export interface WagerGate {
  /** The check reads the member's play (limits): the step first locks the member's debt account, serializing their wagers. */
  readonly locks: boolean;
  /** Throws the refusal (an AppError with its code); runs after the member's lock, before any money moves. */
  within(tx: Tx, amountFen: number, now: number): Promise<void>;
}

/** No check in the step (the caller checked already, e.g. an operator's correction). */
export const NO_GATE: WagerGate = { locks: false, within: () => Promise.resolve() };

export interface StakeInput {
  memberId: string;
  /** The member's wallet of the venue the stake comes from. */
  wallet: AccountRef;
  refType: string;
  /** One hold per entry (a chase holds each draw apart, so a stopped chase voids just the rest). */
  holds: readonly { refId: string; amountFen: number }[];
  /** The request's idempotency key, recorded on the first hold's journal. */
  requestKey?: string | null;
}

/** Holds the stake(s) after the gate passed; answers the holds and the wallet's balance after. */
export async function stake(
  tx: Tx,
  s: StakeInput,
  gate: WagerGate,
  now: number,
  trail = new LockTrail(),
): Promise<{ holdIds: string[]; balance: number }> {
  const total = s.holds.reduce((a, h) => a + positive(h.amountFen), 0);
  if (gate.locks) await lockDebts(tx, trail, [s.memberId], s.wallet.currency, true);
  await gate.within(tx, total, now);
  const holdIds: string[] = [];
  let balance = 0;
  for (const [i, h] of s.holds.entries()) {
    const placed = await placeHold(
      tx,
      {
        memberId: s.memberId,
        amount: h.amountFen,
        currency: s.wallet.currency,
        refType: s.refType,
        refId: h.refId,
        requestKey: i === 0 ? (s.requestKey ?? null) : null,
        from: s.wallet,
      },
      now,
      trail,
    );
    holdIds.push(placed.holdId);
    balance = placed.fromBalance;
  }
  return { holdIds, balance };
}

export interface InstantRound {
  memberId: string;
  wallet: AccountRef;
  /** The house's book of the game: takes the stake, pays the return. */
  book: AccountRef;
  stakeFen: number;
  /** What the round gives back from the book (stake included when returned; 0: lost). */
  returnFen: number;
  /** Other house lines of the round, balanced among themselves (a jackpot pool fed and paid). */
  houseLines?: readonly Line[];
  /** More credited to the member from those lines (a jackpot won), repaid against debt like the return. */
  extraCreditFen?: number;
  kind: string;
  refType: string;
  refId: string;
  requestKey?: string | null;
}

/**
 * A round decided at once (a slot spin): the stake and what it returns in ONE journal — the member's wallet must
 * cover the stake before the return counts (the journal's debits of an account are its guard); a member in debt
 * repays it from the return first, in the same journal. Answers the journal, the wallet's balance and the debt repaid.
 */
export async function playInstant(
  tx: Tx,
  r: InstantRound,
  gate: WagerGate,
  now: number,
  trail = new LockTrail(),
): Promise<{ journalId: string; balance: number; version: number; repaidFen: number }> {
  positive(r.stakeFen);
  const credit = r.returnFen + (r.extraCreditFen ?? 0);
  const owed = gate.locks || credit > 0 ? await lockDebts(tx, trail, [r.memberId], r.wallet.currency, gate.locks) : null;
  await gate.within(tx, r.stakeFen, now);
  const repaid = Math.min(credit, owed?.get(r.memberId) ?? 0);
  const lines: Line[] = [
    { account: r.wallet, amount: -r.stakeFen },
    { account: r.book, amount: r.stakeFen },
  ];
  if (r.returnFen > 0) lines.push({ account: r.book, amount: -r.returnFen });
  if (credit > repaid) lines.push({ account: r.wallet, amount: credit - repaid });
  if (repaid > 0) lines.push({ account: debtAccount(r.memberId, r.wallet.currency), amount: repaid });
  lines.push(...(r.houseLines ?? []));
  const j = await post(
    tx,
    {
      kind: r.kind,
      currency: r.wallet.currency,
      refType: r.refType,
      refId: r.refId,
      memberId: r.memberId,
      requestKey: r.requestKey ?? null,
      lines,
    },
    now,
    trail,
  );
  const id = accountId(r.wallet);
  return { journalId: j.journalId, balance: j.balances.get(id)!, version: j.versions.get(id)!, repaidFen: repaid };
}

/** One member's part of `playInstants`: stakes and returns of rounds decided at once, and the member's gate. */
export interface InstantPart {
  memberId: string;
  wallet: AccountRef;
  stakeFen: number;
  returnFen: number;
  gate: WagerGate;
}

/**
 * Rounds decided at once of MANY members in ONE journal (fishing's shots of every seat of a node in one window):
 * what `playInstant` does per member — each gate inside the step after the lock, each wallet's stake covered before
 * its return counts (the journal's debits of an account are its guard), debt repaid from the return first — with one
 * lock of the debt accounts, one journal and one guarded update per account. A refusal of any part fails the whole
 * step (the caller runs the parts one by one then). Answers each member's wallet balance after.
 */
export async function playInstants(
  tx: Tx,
  parts: readonly InstantPart[],
  j: { book: AccountRef; kind: string; refType: string; refId: string },
  now: number,
  trail = new LockTrail(),
): Promise<Map<string, number>> {
  if (parts.length === 0) return new Map();
  const currency = j.book.currency;
  const ids = new Set<string>();
  for (const p of parts) {
    positive(p.stakeFen);
    if (p.wallet.currency !== currency) throw new LedgerError('CURRENCY');
    if (ids.has(p.memberId)) throw new LedgerError('BAD_AMOUNT');
    ids.add(p.memberId);
  }
  const locking = parts.filter((p) => p.gate.locks || p.returnFen > 0);
  const owed = await lockDebts(
    tx,
    trail,
    locking.map((p) => p.memberId),
    currency,
    parts.some((p) => p.gate.locks),
  );
  for (const p of parts) await p.gate.within(tx, p.stakeFen, now);
  const lines: Line[] = [];
  let staked = 0;
  let returned = 0;
  for (const p of parts) {
    const repaid = Math.min(p.returnFen, owed.get(p.memberId) ?? 0);
    lines.push({ account: p.wallet, amount: -p.stakeFen });
    if (p.returnFen > repaid) lines.push({ account: p.wallet, amount: p.returnFen - repaid });
    if (repaid > 0) lines.push({ account: debtAccount(p.memberId, currency), amount: repaid });
    staked += p.stakeFen;
    returned += p.returnFen;
  }
  // The book takes every stake and pays every return (its debits are its guard, like any account's).
  lines.push({ account: j.book, amount: staked });
  if (returned > 0) lines.push({ account: j.book, amount: -returned });
  const { balances } = await post(tx, { kind: j.kind, currency, refType: j.refType, refId: j.refId, lines }, now, trail);
  return walletBalances(new Map(parts.map((p) => [p.memberId, { wallet: p.wallet }])), balances);
}

/** A held stake and what its bets return (stake included; 0: lost). */
export interface HoldReturn {
  holdId: string;
  memberId: string;
  wallet: AccountRef;
  amountFen: number;
  returnFen: number;
}

/**
 * A shared round's holds settled as a set: every hold posted to the book (one statement, asserting each was still
 * pending with its amount), every member's returns paid to their wallet, debt repaid first — in ONE journal.
 * Answers each member's wallet balance after.
 */
export async function settleHolds(
  tx: Tx,
  items: readonly HoldReturn[],
  j: { book: AccountRef; kind: string; refType: string; refId: string },
  now: number,
  trail = new LockTrail(),
): Promise<Map<string, number>> {
  if (items.length === 0) return new Map();
  const currency = j.book.currency;
  const perMember = new Map<string, { wallet: AccountRef; stake: number; ret: number }>();
  for (const it of items) {
    if (it.wallet.currency !== currency) throw new LedgerError('CURRENCY');
    const m = perMember.get(it.memberId) ?? { wallet: it.wallet, stake: 0, ret: 0 };
    m.stake += it.amountFen;
    m.ret += it.returnFen;
    perMember.set(it.memberId, m);
  }
  const winners = [...perMember].filter(([, m]) => m.ret > 0).map(([id]) => id);
  const owed = await lockDebts(tx, trail, winners, currency);
  await markHolds(tx, items, 'posted', now);
  const lines: Line[] = [];
  let staked = 0;
  let returned = 0;
  for (const [memberId, m] of perMember) {
    staked += m.stake;
    returned += m.ret;
    lines.push({ account: memberAccount(memberId, 'locked', currency), amount: -m.stake });
    const repaid = Math.min(m.ret, owed.get(memberId) ?? 0);
    if (m.ret > repaid) lines.push({ account: m.wallet, amount: m.ret - repaid });
    if (repaid > 0) lines.push({ account: debtAccount(memberId, currency), amount: repaid });
  }
  if (staked !== returned) lines.push({ account: j.book, amount: staked - returned });
  const { balances } = await post(tx, { kind: j.kind, currency, refType: j.refType, refId: j.refId, lines }, now, trail);
  return walletBalances(perMember, balances);
}

/**
 * Stakes given back as a set (a cancelled bet, a void round, a stopped chase): every hold voided (asserting it was
 * still pending) and its amount returned to the wallet it came from, in ONE journal. Answers the wallets' balances.
 */
export async function voidHolds(
  tx: Tx,
  items: readonly Omit<HoldReturn, 'returnFen'>[],
  j: { kind: string; refType: string; refId: string; currency: Currency },
  now: number,
  trail = new LockTrail(),
): Promise<Map<string, number>> {
  if (items.length === 0) return new Map();
  await markHolds(tx, items, 'voided', now);
  const perMember = new Map<string, { wallet: AccountRef; stake: number; ret: number }>();
  const lines: Line[] = [];
  for (const it of items) {
    lines.push({ account: memberAccount(it.memberId, 'locked', j.currency), amount: -it.amountFen });
    lines.push({ account: it.wallet, amount: it.amountFen });
    perMember.set(it.memberId, { wallet: it.wallet, stake: 0, ret: 0 });
  }
  const { balances } = await post(tx, { kind: j.kind, currency: j.currency, refType: j.refType, refId: j.refId, lines }, now, trail);
  return walletBalances(perMember, balances);
}

/** One bet settled with its own journals: the stake posted (if still held), the payout paid (debt first). */
export async function settleHold(
  tx: Tx,
  s: {
    holdId: string;
    holdPending: boolean;
    memberId: string;
    wallet: AccountRef;
    book: AccountRef;
    payoutFen: number;
    stakeKind: string;
    payoutKind: string;
    refType: string;
    refId: string;
    /** The payout journal's own idempotency key (a settlement version pays once). */
    idemKey: string;
  },
  now: number,
  trail = new LockTrail(),
): Promise<{ payoutJournal: string | null; repaidFen: number }> {
  const owed = s.payoutFen > 0 ? await lockDebts(tx, trail, [s.memberId], s.wallet.currency) : null;
  if (s.holdPending) await postHold(tx, s.holdId, s.book, s.stakeKind, now, trail);
  if (s.payoutFen <= 0) return { payoutJournal: null, repaidFen: 0 };
  const repaid = Math.min(s.payoutFen, owed?.get(s.memberId) ?? 0);
  const lines: Line[] = [{ account: s.book, amount: -s.payoutFen }];
  if (s.payoutFen > repaid) lines.push({ account: s.wallet, amount: s.payoutFen - repaid });
  if (repaid > 0) lines.push({ account: debtAccount(s.memberId, s.wallet.currency), amount: repaid });
  const j = await post(
    tx,
    {
      kind: s.payoutKind,
      currency: s.wallet.currency,
      refType: s.refType,
      refId: s.refId,
      memberId: s.memberId,
      idemKey: s.idemKey,
      lines,
    },
    now,
    trail,
  );
  return { payoutJournal: j.journalId, repaidFen: repaid };
}

/** Marks holds posted or voided in one statement; each must still be pending with its amount (else the step rolls back). */
async function markHolds(tx: Tx, items: readonly Omit<HoldReturn, 'returnFen'>[], status: 'posted' | 'voided', now: number): Promise<void> {
  const want = new Map(items.map((i) => [i.holdId, i]));
  if (want.size !== items.length) throw new LedgerError('HOLD_NOT_PENDING', 'a hold twice in one settlement');
  const rows: { id: string; amount: number | string; member_id: string }[] = [];
  const ids = [...want.keys()];
  for (let i = 0; i < ids.length; i += HOLDS_PER_STATEMENT) {
    rows.push(
      ...(await tx
        .updateTable('ledger_holds')
        .set({ status, settled_at: now })
        .where('id', 'in', ids.slice(i, i + HOLDS_PER_STATEMENT))
        .where('status', '=', 'pending')
        .returning(['id', 'amount', 'member_id'])
        .execute()),
    );
  }
  if (rows.length !== want.size) throw new LedgerError('HOLD_NOT_PENDING');
  for (const r of rows) {
    const it = want.get(r.id)!;
    if (Number(r.amount) !== it.amountFen || r.member_id !== it.memberId) throw new LedgerError('HOLD_NOT_PENDING', r.id);
  }
}

/** Hold ids per update statement (far inside both engines' limits on bound values). */
const HOLDS_PER_STATEMENT = 2000;

function walletBalances(perMember: Map<string, { wallet: AccountRef }>, balances: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [memberId, m] of perMember) {
    const b = balances.get(accountId(m.wallet));
    if (b !== undefined) out.set(memberId, b);
  }
  return out;
}

function positive(fen: number): number {
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new LedgerError('BAD_AMOUNT');
  return fen;
}
