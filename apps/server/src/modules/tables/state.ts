/**
 * A table round as players see it at a moment (TableStateWire): the stored round (table_rounds) and the clock.
 * The reveal is paced by the clock from when the outcome was drawn: a step shows once its time has come, never
 * earlier, on every node alike; the seed shows once the round is settled and fully revealed (card tables: once its
 * shoe has ended — reveal.ts).
 */
import type { TableStateWire, TableStepWire } from '@portal/contract';
import type { ShoeState } from '@portal/games';
import type { TableRoundTable } from '../../db/schema.ts';
import { revealMs, type TableConfig } from './config.ts';
import { revealedSeed } from './reveal.ts';

const DAY_MS = 86_400_000;
const UTC8_MS = 8 * 3_600_000;

export const roundId = (tableCode: string, seq: number) => `${tableCode}-${seq}`;

/** Lottery: the draw `seq` is at seq × interval (epoch ms), its window from the draw before until lockMs before it. */
export const drawAtOf = (t: TableConfig, seq: number) => seq * t.intervalMs!;
export const currentDrawSeq = (t: TableConfig, now: number) => Math.floor(now / t.intervalMs!) + 1;

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** What the page shows as the round's number: '20261126-0345' (the day's 345th draw, UTC+8), '3-27' (shoe 3, hand 27), or the seq. */
export function issueOf(t: TableConfig, seq: number, shoe: Pick<ShoeState, 'shoeNo' | 'hand'> | null): string {
  if (t.intervalMs !== null) {
    const at = drawAtOf(t, seq) + UTC8_MS;
    const d = new Date(at);
    const dayStart = at - (at % DAY_MS);
    const n = Math.round((at - dayStart) / t.intervalMs) || Math.round(DAY_MS / t.intervalMs);
    return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}-${pad(n, 4)}`;
  }
  return shoe ? `${shoe.shoeNo}-${shoe.hand}` : String(seq);
}

/** Card tables: the index in the shoe's order of the hand's first card (once drawn), for checking one hand (shoe.ts). */
export function handStart(r: Pick<TableRoundTable, 'shoe_after' | 'steps'>): number | null {
  if (!r.shoe_after || !r.steps) return null;
  const after = JSON.parse(r.shoe_after) as ShoeState;
  const cards = (JSON.parse(r.steps) as TableStepWire[]).filter((x) => x.kind === 'card').length;
  return 416 - after.left - cards;
}

/** The shoe position of a round (the hand it deals): from the shoe after it once drawn, else the one it will deal. */
export function shoeOfRound(r: Pick<TableRoundTable, 'shoe_before' | 'shoe_after'>): { shoeNo: number; hand: number; left: number } | null {
  if (r.shoe_after) {
    const s = JSON.parse(r.shoe_after) as ShoeState;
    return { shoeNo: s.shoeNo, hand: s.hand, left: s.left };
  }
  if (r.shoe_before === null) return null;
  const s = JSON.parse(r.shoe_before) as ShoeState | null;
  if (!s) return { shoeNo: 1, hand: 1, left: 416 };
  if (s.left <= s.cutLeft) return { shoeNo: s.shoeNo + 1, hand: 1, left: 416 };
  return { shoeNo: s.shoeNo, hand: s.hand + 1, left: s.left };
}

/** When the round's reveal ends (null until drawn). */
export function revealEndOf(t: TableConfig, r: TableRoundTable): number | null {
  if (r.drawn_at === null || r.steps === null) return null;
  return Number(r.drawn_at) + revealMs(t, (JSON.parse(r.steps) as unknown[]).length);
}

/** When the next round may open after this one (card tables: the result shown for resultMs). */
export function nextOpensAt(t: TableConfig, r: TableRoundTable): number | null {
  if (r.status === 'cancelled') return Number(r.settled_at ?? r.created_at);
  const end = revealEndOf(t, r);
  return end === null || r.status !== 'settled' ? null : end + t.resultMs;
}

export function publicState(t: TableConfig, r: TableRoundTable, now: number): TableStateWire {
  const seq = Number(r.seq);
  const shoe = shoeOfRound(r);
  const base = {
    gameCode: t.code,
    kind: t.kind,
    seq,
    issue: issueOf(t, seq, shoe),
    seedHash: r.seed_hash,
    opensAt: Number(r.opens_at),
    closesAt: Number(r.closes_at),
    drawAt: Number(r.draw_at),
    shoe,
    serverNow: now,
  };
  if (r.status === 'cancelled')
    // A round cancelled after its draw keeps its outcome published beside the refund.
    return {
      ...base,
      status: 'cancelled',
      serverSeed: revealedSeed(r, r.server_seed),
      steps: r.steps ? (JSON.parse(r.steps) as TableStepWire[]) : [],
      outcome: r.outcome ? JSON.parse(r.outcome) : null,
      coup: r.coup ? JSON.parse(r.coup) : null,
      version: seq * 100 + 99,
    };
  if (r.status === 'betting' || r.drawn_at === null) {
    const closed = now >= Number(r.closes_at);
    return {
      ...base,
      status: closed ? 'closed' : 'betting',
      serverSeed: null,
      steps: [],
      outcome: null,
      coup: null,
      version: seq * 100 + (closed ? 1 : 0),
    };
  }
  const steps = JSON.parse(r.steps!) as TableStepWire[];
  const shown = Math.min(steps.length, Math.max(0, Math.floor((now - Number(r.drawn_at)) / t.stepMs) + 1));
  const done = shown === steps.length && now >= revealEndOf(t, r)!;
  if (done && r.status === 'settled')
    return {
      ...base,
      status: 'settled',
      serverSeed: revealedSeed(r, r.server_seed),
      steps,
      outcome: JSON.parse(r.outcome!),
      coup: r.coup ? JSON.parse(r.coup) : null,
      version: seq * 100 + 98,
    };
  return {
    ...base,
    status: 'revealing',
    serverSeed: null,
    steps: steps.slice(0, shown),
    outcome: null,
    coup: null,
    version: seq * 100 + 2 + shown,
  };
}
