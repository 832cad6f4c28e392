import type { Rng } from '../rng/rng.ts';
import { compiled, jackpotDrawRange, type CompiledSlot } from './compile.ts';
import { countScatters, fillGrid, gridWinCoins, gridWinCoinsWith, lineWin, wayWin } from './evaluate.ts';
import { REEL_COUNT, ROW_COUNT, type SlotDef } from './types.ts';

/**
 * One spin. The rng is read in a fixed order, and nothing else is read: base stops (rng.int(strip length), reel
 * 1 → 5), then the jackpot draw (jackpot titles only), then each free spin's five stops. The stake only scales the
 * result (win = coins × coinFen), so the same rng stream gives the same stops at every stake; the one place the
 * stake counts is the jackpot draw's threshold (a chance proportional to the stake, see JackpotRule).
 */

export interface SpinWin {
  kind: 'line' | 'way' | 'scatter';
  /** Payline index (0-based) for line wins. */
  line?: number;
  symbol: string;
  count: number;
  /** Number of ways (way wins). */
  ways?: number;
  winFen: number;
}

export interface SpinStage {
  stops: number[];
  /** Visible symbols, grid[reel][row] (row 0 = top). */
  grid: string[][];
  wins: SpinWin[];
  scatterCount: number;
  /** Multiplier applied to this stage's wins (1 in the base game). */
  multiplier: number;
  winFen: number;
}

export interface FreeSpinStage extends SpinStage {
  /** Spins this free spin added (retrigger, after the cap). */
  addedSpins: number;
}

export interface SpinOutcome {
  gameCode: string;
  betFen: number;
  /** One coin in fen: betFen ÷ coinsPerBet. Every win is an integer number of coins, hence of fen. */
  coinFen: number;
  base: SpinStage;
  /** Spins awarded by the base game (after the cap), then the spins played in order. */
  freeSpinsAwarded: number;
  freeSpins: FreeSpinStage[];
  freeSpinsWinFen: number;
  /** The jackpot title's pool was won (the amount is the pool's, paid by the server from the pool). */
  jackpotHit: boolean;
  /** Base + free spins, in fen (the jackpot amount is not included). */
  totalWinFen: number;
}

export function checkBet(def: SlotDef, betFen: number): void {
  if (!def.betLevelsFen.includes(betFen)) throw new RangeError(`${def.code}: bet ${betFen} fen is not a bet level`);
}

function drawStops(rng: Rng, strips: readonly Int32Array[], stops: Int32Array | number[]): void {
  for (let reel = 0; reel < REEL_COUNT; reel++) stops[reel] = rng.int(strips[reel]!.length);
}

function stageWins(c: CompiledSlot, grid: Int32Array, coinFen: number): SpinWin[] {
  const wins: SpinWin[] = [];
  const detail = new Int32Array(3);
  if (c.ways) {
    for (const symbol of c.regulars) {
      const coins = wayWin(c, grid, symbol, detail);
      if (coins > 0) wins.push({ kind: 'way', symbol: c.symbolIds[symbol]!, count: detail[1]!, ways: detail[2]!, winFen: coins * coinFen });
    }
  } else {
    for (let line = 0; line < c.lineCount; line++) {
      const coins = lineWin(c, grid, line, detail);
      if (coins > 0) wins.push({ kind: 'line', line, symbol: c.symbolIds[detail[0]!]!, count: detail[1]!, winFen: coins * coinFen });
    }
  }
  const scatters = countScatters(c, grid);
  const scatterCoins = c.scatterPays[scatters]!;
  if (scatterCoins > 0) wins.push({ kind: 'scatter', symbol: c.symbolIds[c.scatter]!, count: scatters, winFen: scatterCoins * coinFen });
  return wins;
}

function playStage(c: CompiledSlot, rng: Rng, strips: readonly Int32Array[], coinFen: number, multiplier: number): SpinStage {
  const stops: number[] = [];
  drawStops(rng, strips, stops);
  const grid = new Int32Array(REEL_COUNT * ROW_COUNT);
  fillGrid(grid, strips, stops);
  const wins = stageWins(c, grid, coinFen * multiplier);
  const rows = Array.from({ length: REEL_COUNT }, (_, reel) =>
    Array.from(grid.subarray(reel * ROW_COUNT, reel * ROW_COUNT + ROW_COUNT), (s) => c.symbolIds[s]!),
  );
  return {
    stops,
    grid: rows,
    wins,
    scatterCount: countScatters(c, grid),
    multiplier,
    winFen: gridWinCoins(c, grid) * coinFen * multiplier,
  };
}

/** Plays a whole spin: base game, jackpot draw, free spins with retriggers up to the cap. */
export function spin(def: SlotDef, rng: Rng, betFen: number): SpinOutcome {
  checkBet(def, betFen);
  const c = compiled(def);
  const coinFen = betFen / def.coinsPerBet;
  const base = playStage(c, rng, c.baseStrips, coinFen, 1);
  const jackpotHit = def.jackpot ? rng.int(jackpotDrawRange(def)) < betFen : false;
  const { maxSpins, multiplier } = def.freeSpins;
  const freeSpinsAwarded = Math.min(c.awards[base.scatterCount]!, maxSpins);
  const freeSpins: FreeSpinStage[] = [];
  let awarded = freeSpinsAwarded;
  while (freeSpins.length < awarded) {
    const stage = playStage(c, rng, c.freeStrips, coinFen, multiplier);
    const addedSpins = Math.min(c.retriggerAwards[stage.scatterCount]!, maxSpins - awarded);
    awarded += addedSpins;
    freeSpins.push({ ...stage, addedSpins });
  }
  const freeSpinsWinFen = freeSpins.reduce((sum, stage) => sum + stage.winFen, 0);
  return {
    gameCode: def.code,
    betFen,
    coinFen,
    base,
    freeSpinsAwarded,
    freeSpins,
    freeSpinsWinFen,
    jackpotHit,
    totalWinFen: base.winFen + freeSpinsWinFen,
  };
}

/** Scratch for the fast path: stops of the current stage. */
const fastStops = new Int32Array(REEL_COUNT);

/**
 * The simulator's path: the same rng reads and rules as `spin`, summing coins only, allocating nothing.
 * Returns total coins (base + free spins); sets `c.grid` as scratch. Jackpot hits are counted in `counters`,
 * as if at the highest bet level.
 */
export function spinWinCoins(c: CompiledSlot, rng: Rng, counters: { jackpotHits: number; features: number }): number {
  const grid = c.grid;
  drawStops(rng, c.baseStrips, fastStops);
  fillGrid(grid, c.baseStrips, fastStops);
  let scatters = countScatters(c, grid);
  let coins = gridWinCoinsWith(c, grid, scatters);
  const jackpot = c.def.jackpot;
  if (jackpot && rng.int(jackpotDrawRange(c.def)) < c.maxBetFen) counters.jackpotHits++;
  const { maxSpins, multiplier } = c.def.freeSpins;
  let awarded = Math.min(c.awards[scatters]!, maxSpins);
  if (awarded > 0) counters.features++;
  for (let played = 0; played < awarded; played++) {
    drawStops(rng, c.freeStrips, fastStops);
    fillGrid(grid, c.freeStrips, fastStops);
    scatters = countScatters(c, grid);
    coins += gridWinCoinsWith(c, grid, scatters) * multiplier;
    awarded += Math.min(c.retriggerAwards[scatters]!, maxSpins - awarded);
  }
  return coins;
}
