/**
 * Checking a settled round in the browser: the revealed seed hashes to the commitment shown before the window
 * opened (every table), and — for the tables that keep no shoe (sic bo, roulette) — the round re-drawn from the
 * seed with @portal/games drawTableRound gives the outcome the table showed. A card table's round also depends on
 * the cards left in its shoe, which the page does not have: there only the seed is checked.
 */
import type { TableHistoryEntryWire, TableKindWire } from '@portal/contract';
import { CARD_KINDS, drawTableRound, seedCommitment, tableRoundSeeds, type TableKind } from '@portal/games';

export interface RoundCheck {
  hashOk: boolean;
  /** null: not re-drawn here (card tables). */
  outcomeOk: boolean | null;
  /** The outcome re-drawn from the seed (non-card tables). */
  redrawn: unknown;
}

/** Objects equal by value, whatever the order of their keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export function checkRound(kind: TableKindWire, gameCode: string, entry: TableHistoryEntryWire): RoundCheck {
  const hashOk = seedCommitment(entry.serverSeed) === entry.seedHash;
  if (CARD_KINDS.includes(kind as TableKind) || entry.status !== 'settled') return { hashOk, outcomeOk: null, redrawn: null };
  const drawn = drawTableRound(kind as TableKind, tableRoundSeeds(entry.serverSeed, gameCode, entry.seq), null);
  return { hashOk, outcomeOk: sameValue(drawn.outcome, entry.outcome), redrawn: drawn.outcome };
}
