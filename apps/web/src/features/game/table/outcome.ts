/**
 * What a table's outcome means on the page: the bet types it won (lit on the layout) and its few numbers (a
 * hand's totals, the dice total, the pocket), from @portal/games — the same rules the server settles by.
 */
import type { TableInfoWire, TableStepWire } from '@portal/contract';
import { diceTotal, handValue, isTriple, tableBetTypes, type Dice, type TableKind, type TableOutcome } from '@portal/games';

/** The bet types that pay more than the stake back on this outcome (roulette: its outside bets and the straight). */
export function winningKeys(info: Pick<TableInfoWire, 'kind' | 'variant'>, outcome: unknown): Set<string> {
  const o = outcome as TableOutcome | null;
  if (!o || typeof o !== 'object' || o.kind !== info.kind) return new Set();
  const out = new Set<string>();
  for (const b of tableBetTypes(info.kind as TableKind, info.variant ?? 'commission')) if (b.returns(o) > 1) out.add(b.key);
  if (o.kind === 'roulette') out.add(`in:${o.pocket}`);
  return out;
}

/** Cards dealt so far per side. */
export function cardsBySide(steps: readonly TableStepWire[]): Record<'player' | 'banker' | 'dragon' | 'tiger', number[]> {
  const out = { player: [] as number[], banker: [] as number[], dragon: [] as number[], tiger: [] as number[] };
  for (const s of steps) if (s.kind === 'card') out[s.side].push(s.value);
  return out;
}

export const baccaratPoints = (cards: readonly number[]): number => handValue(cards);

/** Dice revealed so far (sic bo). */
export const diceOf = (steps: readonly TableStepWire[]): number[] => steps.flatMap((s) => (s.kind === 'die' ? [s.value] : []));

export function diceSummary(dice: readonly number[]): { total: number; triple: boolean; size: 'big' | 'small' } | null {
  if (dice.length !== 3) return null;
  const d = dice as unknown as Dice;
  const total = diceTotal(d);
  return { total, triple: isTriple(d), size: total >= 11 ? 'big' : 'small' };
}

/** The pocket of a roulette round, once revealed. */
export const pocketOf = (steps: readonly TableStepWire[]): number | null => {
  const s = steps.find((x) => x.kind === 'pocket');
  return s && 'value' in s ? s.value : null;
};
