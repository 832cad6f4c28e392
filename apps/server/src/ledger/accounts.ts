/**
 * Ledger accounts. Member accounts (central wallet, one wallet per venue channel code, locked funds,
 * bonus) never go negative; house accounts (payment clearing per provider, venue float per venue, bonus
 * expense, sportsbook, casino book and jackpot pools, and `receivable` per member: what a member owes the house, ledger/debt.ts) are the
 * other side of every member movement and may.
 */
export type Currency = 'CNY' | 'USDT';
export const CURRENCIES: readonly Currency[] = ['CNY', 'USDT'];

export type MemberAccountKind = 'central' | 'venue' | 'locked' | 'bonus';
/**
 * `casino` (ref: the house game venue's channel code) is the house's book of its own casino games: it takes
 * their stakes and pays their wins, and funds and feeds the jackpot pools; `jackpot_pool` (ref: the pool
 * code) is house money set aside for a jackpot: its balance is the pool's amount (modules/casino/pools.ts).
 */
export type HouseAccountKind =
  | 'clearing'
  | 'venue_float'
  | 'bonus_expense'
  | 'sportsbook'
  | 'fee_income'
  | 'receivable'
  | 'casino'
  | 'jackpot_pool'
  // Live-room gifts (modules/live/gifts.ts), ref: the host's staff id: the house's gift revenue from that host's rooms.
  | 'live_gift';

export type AccountRef =
  | { owner: 'member'; memberId: string; kind: MemberAccountKind; ref?: string; currency: Currency }
  | { owner: 'house'; kind: HouseAccountKind; ref?: string; currency: Currency };

/** Deterministic id: the account's identity is its id, so "get or create" is one conflict-free insert. */
export function accountId(a: AccountRef): string {
  const owner = a.owner === 'member' ? `member:${a.memberId}` : 'house:-';
  return `${owner}:${a.kind}:${a.ref ?? ''}:${a.currency}`;
}

export const memberAccount = (memberId: string, kind: MemberAccountKind, currency: Currency = 'CNY', ref = ''): AccountRef => ({
  owner: 'member',
  memberId,
  kind,
  ref,
  currency,
});

export const houseAccount = (kind: HouseAccountKind, ref = '', currency: Currency = 'CNY'): AccountRef => ({
  owner: 'house',
  kind,
  ref,
  currency,
});

/** Accounts whose balance may go below zero: the house's, never a member's. */
export const mayGoNegative = (a: AccountRef): boolean => a.owner === 'house';

/** A member's debt: what the member owes the house, in the house's receivable account for that member (ledger/debt.ts). */
export const debtAccount = (memberId: string, currency: Currency = 'CNY'): AccountRef => houseAccount('receivable', memberId, currency);
