/**
 * What a 棋牌 table's steps and outcome mean on the page, from @portal/games (the rules the server settles by):
 * the hands shown so far by side, each hand's name (牛几, 二八杠 …), each spot's result against the banker.
 */
import type { TableStepWire } from '@portal/contract';
import {
  NIUNIU_SPOTS,
  PAI28_SPOTS,
  SANGONG_SPOTS,
  niuHand,
  pai28Hand,
  sangongHand,
  type NiuniuRound,
  type Pai28Round,
  type SangongRound,
} from '@portal/games';

export type CardsKind = 'niuniu' | 'pai28' | 'sangong';
export const isCardsKind = (k: string): k is CardsKind => k === 'niuniu' || k === 'pai28' || k === 'sangong';
export const spotsOf = (kind: CardsKind): readonly string[] =>
  kind === 'niuniu' ? NIUNIU_SPOTS : kind === 'pai28' ? PAI28_SPOTS : SANGONG_SPOTS;

/** The hands revealed so far, by side ('banker', 'tian' …). */
export function handsBySide(steps: readonly TableStepWire[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const s of steps) if (s.kind === 'hand') out[s.side] = s.cards;
  return out;
}

/** A hand's name as a translation key and its values. */
export function handNameKey(kind: CardsKind, cards: readonly number[]): { key: string; n?: string } {
  if (kind === 'niuniu') return { key: `niu.${niuHand(cards).rank}` };
  if (kind === 'sangong') {
    const s = sangongHand(cards);
    if (s.kind !== 'points') return { key: `sangong.${s.kind}` };
    return { key: `sangong.faces${s.faces}`, n: String(s.points) };
  }
  const h = pai28Hand(cards);
  if (h.kind === 'whitePair') return { key: 'pai28.whitePair' };
  if (h.kind === 'pair') return { key: 'pai28.pair', n: String(h.value) };
  if (h.kind === 'gang') return { key: 'pai28.gang' };
  if (h.value === 0) return { key: 'pai28.zero' };
  if (h.value === 1) return { key: 'pai28.halfOnly' };
  return { key: h.value % 2 ? 'pai28.half' : 'pai28.points', n: String(Math.floor(h.value / 2)) };
}

export interface SpotResult {
  spot: string;
  win: boolean;
  /** 牛牛: the winner's multiple; 二八杠: 1. */
  multiple: number;
}

/** Each spot's result of a settled outcome (empty when the outcome is not one of these tables'). */
export function spotResults(outcome: unknown): SpotResult[] {
  const o = outcome as { kind?: string; round?: NiuniuRound | Pai28Round | SangongRound } | null;
  if (!o || !o.round || !isCardsKind(o.kind ?? '')) return [];
  return o.round.results.map((r) => ({ spot: r.spot, win: r.win, multiple: 'multiple' in r ? r.multiple : 1 }));
}
