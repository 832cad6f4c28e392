/**
 * The reel window's pure geometry: which strip symbols a reel shows at a (fractional) strip position, the grid a
 * set of stops shows, and the cells a win covers. The canvas (SlotCanvas.tsx) draws exactly what these answer,
 * so a stopped reel shows strip[stop], strip[stop+1], strip[stop+2] (wrapping) — the engine's `fillGrid`.
 */
import { REEL_COUNT, ROW_COUNT, type SlotDef, type SpinWin } from '@portal/games';

export type Strips = readonly (readonly string[])[];

/** The strips a stage is drawn from: the free game's own strips when the title has some. */
export function stripsOf(def: SlotDef, stage: 'base' | 'free'): Strips {
  return stage === 'free' && def.freeSpins.reels ? def.freeSpins.reels : def.reels;
}

const mod = (n: number, m: number) => ((n % m) + m) % m;

/** One drawn cell of a reel: the symbol and its top edge in cell heights (0 = the top row's top edge). */
export interface ReelCell {
  symbol: string;
  y: number;
}

/**
 * The cells a reel draws at strip position `position` (the strip index shown in the top row; fractional while
 * spinning): the partly visible cell above, the three rows, the partly visible cell below.
 */
export function reelCells(strip: readonly string[], position: number): ReelCell[] {
  const base = Math.floor(position);
  const frac = position - base;
  const cells: ReelCell[] = [];
  for (let i = -1; i <= ROW_COUNT; i++) cells.push({ symbol: strip[mod(base + i, strip.length)]!, y: i - frac });
  return cells;
}

/** The rows a reel shows when it stands at `stop` (row 0 = top). */
export function visibleRows(strip: readonly string[], stop: number): string[] {
  return reelCells(strip, stop)
    .filter((c) => c.y >= 0 && c.y < ROW_COUNT)
    .map((c) => c.symbol);
}

/** The grid[reel][row] the reels show standing at `stops`. */
export function gridAt(strips: Strips, stops: readonly number[]): string[][] {
  return Array.from({ length: REEL_COUNT }, (_, reel) => visibleRows(strips[reel]!, stops[reel]!));
}

/** The cells [reel, row] a win covers on a grid: a line's first `count` positions, a way's symbol (or wild) cells, every scatter. */
export function winCells(def: SlotDef, grid: readonly (readonly string[])[], win: SpinWin): Array<[number, number]> {
  const wild = def.symbols.find((s) => s.kind === 'wild')?.id;
  const cells: Array<[number, number]> = [];
  if (win.kind === 'line' && def.mode.kind === 'lines' && win.line !== undefined) {
    const line = def.mode.lines[win.line]!;
    for (let reel = 0; reel < win.count; reel++) cells.push([reel, line[reel]!]);
  } else if (win.kind === 'way') {
    for (let reel = 0; reel < win.count; reel++)
      grid[reel]!.forEach((s, row) => {
        if (s === win.symbol || s === wild) cells.push([reel, row]);
      });
  } else if (win.kind === 'scatter') {
    grid.forEach((rows, reel) =>
      rows.forEach((s, row) => {
        if (s === win.symbol) cells.push([reel, row]);
      }),
    );
  }
  return cells;
}

/** A reel's position while spinning: it runs downwards (the strip index at the top decreases) `speed` cells a second. */
export function spinningPosition(from: number, elapsedMs: number, speed: number, length: number): number {
  return mod(from - (elapsedMs / 1000) * speed, length);
}

/**
 * Where a stopping reel lands: the nearest position at or below `from` (it keeps running down) that shows `stop`
 * at least `minTravel` cells further on.
 */
export function landingPosition(from: number, stop: number, length: number, minTravel: number): number {
  let target = from - mod(from - stop, length);
  while (from - target < minTravel) target -= length;
  return target;
}

/** Ease-out with a small overshoot back (a reel's bounce as it lands): 0 → 1. */
export function landingEase(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  const c = 1.2;
  const u = t - 1;
  return 1 + (c + 1) * u * u * u + c * u * u;
}
