/**
 * Checking a settled round in the browser: the revealed seed hashes to the commitment shown before the window
 * opened (every table), and the round re-drawn from the seed with @portal/games gives the outcome the table showed:
 * sic bo and roulette from the round's own seed (drawTableRound), a card hand from its shoe's seed and the hand's
 * start in the shoe (handFromShoe) — the shoe's seed is revealed once the shoe has ended.
 */
import type { TableHistoryEntryWire, TableKindWire } from '@portal/contract';
import { CARD_KINDS, drawTableRound, handFromShoe, seedCommitment, tableRoundSeeds, type TableKind } from '@portal/games';

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
  if (!entry.serverSeed) return { hashOk: false, outcomeOk: null, redrawn: null };
  const hashOk = seedCommitment(entry.serverSeed) === entry.seedHash;
  if (entry.status !== 'settled') return { hashOk, outcomeOk: null, redrawn: null };
  if (CARD_KINDS.includes(kind as TableKind)) {
    const shoe = entry.shoe;
    if (!shoe || shoe.start === null) return { hashOk, outcomeOk: null, redrawn: null };
    const drawn = handFromShoe(kind as 'baccarat' | 'dragonTiger', entry.serverSeed, shoe.shoeNo, shoe.hand, shoe.start);
    return { hashOk, outcomeOk: sameValue(drawn.outcome, entry.outcome), redrawn: drawn.outcome };
  }
  const drawn = drawTableRound(kind as TableKind, tableRoundSeeds(entry.serverSeed, gameCode, entry.seq), null);
  return { hashOk, outcomeOk: sameValue(drawn.outcome, entry.outcome), redrawn: drawn.outcome };
}
