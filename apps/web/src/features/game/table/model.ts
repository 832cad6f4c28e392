/**
 * The table page's pure rules: which pushed state wins (the newest version only), the chips on the layout (in
 * fen, integer: add, double, repeat, the spots one confirm sends), the member's placed stakes per spot, and the
 * shoe's results for the roads (the tableInfo answer's, plus each coup pushed since).
 */
import type { CoupResultWire, TableBetWire, TableHistoryEntryWire, TableInfoWire, TableStateWire, WalletResult } from '@portal/contract';
import { fenToYuanString, parseWireAmount } from '@portal/rules';
import type { BetSpot } from './api.ts';

/** Stakes per bet type key, integer fen. */
export type Stakes = Record<string, number>;

/** The state to keep: `next` only when it is newer than what the page has (pushes may arrive out of order). */
export function newerState(current: TableStateWire | null, next: TableStateWire | null | undefined): TableStateWire | null {
  if (!next) return current;
  if (current && current.gameCode === next.gameCode && next.version <= current.version) return current;
  return next;
}

/** Server clock minus this browser's, from a state's serverNow read when it arrived. */
export const clockOffsetMs = (s: TableStateWire, receivedAt = Date.now()): number => s.serverNow - receivedAt;

export function addStake(stakes: Stakes, key: string, fen: number): Stakes {
  return { ...stakes, [key]: (stakes[key] ?? 0) + fen };
}

/** 加倍: every spot gets again what is on it (placed and still unsent), as unsent chips. */
export function doubled(pending: Stakes, placed: Stakes): Stakes {
  const out: Stakes = { ...pending };
  for (const k of new Set([...Object.keys(pending), ...Object.keys(placed)])) out[k] = (pending[k] ?? 0) * 2 + (placed[k] ?? 0);
  return out;
}

/** 重复: last round's stakes added to the unsent chips. */
export function repeated(pending: Stakes, last: Stakes): Stakes {
  let out = pending;
  for (const [k, fen] of Object.entries(last)) out = addStake(out, k, fen);
  return out;
}

export const stakeTotal = (s: Stakes): number => Object.values(s).reduce((a, b) => a + b, 0);

/** What one confirm sends: every spot with chips, in yuan strings. */
export const spotsOf = (s: Stakes): BetSpot[] =>
  Object.entries(s)
    .filter(([, fen]) => fen > 0)
    .map(([type, fen]) => ({ type, amount: fenToYuanString(fen) }));

/** The member's stakes per spot on a round (refunded bets are gone). */
export function placedStakes(bets: readonly TableBetWire[], seq: number): Stakes {
  const out: Stakes = {};
  for (const b of bets) if (b.seq === seq && b.status !== 'refunded') out[b.type] = (out[b.type] ?? 0) + (parseWireAmount(b.amount) ?? 0);
  return out;
}

/** Paid back on a settled round (stake included), fen; null while a bet is still pending. */
export function roundPayoutFen(bets: readonly TableBetWire[], seq: number): number | null {
  const mine = bets.filter((b) => b.seq === seq && b.status !== 'refunded');
  if (mine.length === 0 || mine.some((b) => b.status === 'pending')) return null;
  return mine.reduce((t, b) => t + (parseWireAmount(b.payout) ?? 0), 0);
}

/**
 * Bets merged by id: the fresh copy replaces the old one, unless that would take a settled or refunded bet back to
 * pending (a bet only moves forward: answers read at different moments may arrive in any order).
 */
export function mergeBets(old: readonly TableBetWire[], fresh: readonly TableBetWire[]): TableBetWire[] {
  const byId = new Map(old.map((b) => [b.betId, b]));
  for (const b of fresh) {
    const had = byId.get(b.betId);
    if (!had || had.status === 'pending' || b.status !== 'pending') byId.set(b.betId, b);
  }
  return [...byId.values()];
}

/**
 * The shoe's results for the roads: the tableInfo answer's, then each coup pushed after it (by round, once).
 * A pushed state of a newer shoe starts the roads again.
 */
export function shoeResultsOf(
  info: Pick<TableInfoWire, 'shoeResults' | 'state'> | undefined,
  coups: ReadonlyMap<number, TableStateWire>,
): CoupResultWire[] {
  if (!info) return [];
  const base = info.state;
  const baseShoe = base.shoe?.shoeNo ?? 0;
  const later = [...coups.values()]
    .filter((s) => s.coup && (s.seq > base.seq || (s.seq === base.seq && !base.coup)))
    .sort((a, b) => a.seq - b.seq);
  const newestShoe = later.reduce((n, s) => Math.max(n, s.shoe?.shoeNo ?? 0), baseShoe);
  const fromBase = newestShoe === baseShoe ? info.shoeResults : [];
  return [...fromBase, ...later.filter((s) => (s.shoe?.shoeNo ?? 0) === newestShoe).map((s) => s.coup!)];
}

/** The member's bets after a settlement push: each bet it names takes its settled status and payout. */
export function settledBets(bets: readonly TableBetWire[], result: Pick<WalletResult, 'bets'>): TableBetWire[] {
  if (result.bets.length === 0) return [...bets];
  const byId = new Map(result.bets.map((b) => [b.betId, b]));
  return bets.map((b) => {
    const s = byId.get(b.betId);
    return s && b.status === 'pending' ? { ...b, status: s.status, payout: s.payout } : b;
  });
}

/**
 * The history after a pushed state: a round fully revealed and settled (its seed shown) or cancelled joins the front
 * once, the list kept to `max` entries. Anything else leaves the list as it is (the same array).
 */
export function historyWith(list: readonly TableHistoryEntryWire[], s: TableStateWire, max: number): readonly TableHistoryEntryWire[] {
  if (s.serverSeed === null || (s.status !== 'settled' && s.status !== 'cancelled')) return list;
  if (list.some((h) => h.seq === s.seq)) return list;
  const entry: TableHistoryEntryWire = {
    seq: s.seq,
    issue: s.issue,
    status: s.status,
    outcome: s.status === 'settled' ? s.outcome : null,
    coup: s.status === 'settled' ? s.coup : null,
    seedHash: s.seedHash,
    serverSeed: s.serverSeed,
    drawAt: s.drawAt,
    settledAt: s.serverNow,
  };
  return [entry, ...list].sort((a, b) => b.seq - a.seq).slice(0, max);
}
