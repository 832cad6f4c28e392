import { PAY_STRIDE, type CompiledSlot } from './compile.ts';
import { REEL_COUNT, ROW_COUNT } from './types.ts';

/**
 * Window evaluation on a flat grid (grid[reel * 3 + row] = symbol index). These functions allocate nothing: the
 * detailed spin and the fast simulator share them. The exact scan (scan.ts) is a separate implementation, tested
 * equal to these on every stop combination of small games.
 */

/** Fills `grid` with the windows of `strips` at `stops` (read from `stopsOut` when given). */
export function fillGrid(grid: Int32Array, strips: readonly Int32Array[], stops: ArrayLike<number>): void {
  for (let reel = 0; reel < REEL_COUNT; reel++) {
    const strip = strips[reel]!;
    const stop = stops[reel]!;
    for (let row = 0; row < ROW_COUNT; row++) grid[reel * ROW_COUNT + row] = strip[(stop + row) % strip.length]!;
  }
}

export function countScatters(c: CompiledSlot, grid: Int32Array): number {
  let count = 0;
  for (let i = 0; i < grid.length; i++) if (grid[i] === c.scatter) count++;
  return count;
}

/** Result slots written by `lineWin` / `wayWin` for the detailed path: [symbol, count, ways]. */
export type WinDetail = Int32Array;

/**
 * One payline, left to right: the line's symbol is its first non-wild; wilds substitute for regular symbols; a
 * scatter ends the run. The line pays the better of its symbol run and its leading wild run. Returns coins.
 */
export function lineWin(c: CompiledSlot, grid: Int32Array, line: number, detail?: WinDetail): number {
  let target = -1;
  let run = 0;
  let wildRun = 0;
  for (let reel = 0; reel < REEL_COUNT; reel++) {
    const symbol = grid[c.lineCells[line * REEL_COUNT + reel]!]!;
    if (symbol === c.wild) {
      if (target < 0) wildRun++;
    } else if (symbol === c.scatter || (target >= 0 && symbol !== target)) {
      break;
    } else {
      target = symbol;
    }
    run++;
  }
  const symbolPay = target >= 0 ? c.pays[target * PAY_STRIDE + run]! : 0;
  const wildPay = c.wild >= 0 ? c.pays[c.wild * PAY_STRIDE + wildRun]! : 0;
  if (detail) {
    const wildBetter = wildPay > symbolPay;
    detail[0] = wildBetter ? c.wild : target;
    detail[1] = wildBetter ? wildRun : run;
    detail[2] = 1;
  }
  return symbolPay > wildPay ? symbolPay : wildPay;
}

/**
 * All-ways for one regular symbol: count it (wilds included) on each reel from the left while present; pays
 * pays[symbol][reels] × the product of the counts. Wilds have no pays of their own in ways games.
 */
export function wayWin(c: CompiledSlot, grid: Int32Array, symbol: number, detail?: WinDetail): number {
  let ways = 1;
  let reels = 0;
  for (let reel = 0; reel < REEL_COUNT; reel++) {
    let count = 0;
    for (let row = 0; row < ROW_COUNT; row++) {
      const s = grid[reel * ROW_COUNT + row];
      if (s === symbol || s === c.wild) count++;
    }
    if (count === 0) break;
    ways *= count;
    reels++;
  }
  const pay = c.pays[symbol * PAY_STRIDE + reels]!;
  if (detail) {
    detail[0] = symbol;
    detail[1] = reels;
    detail[2] = ways;
  }
  return pay * ways;
}

/** All ways wins of the grid in one pass: count every symbol per reel once, then walk each regular symbol. */
function allWaysCoins(c: CompiledSlot, grid: Int32Array): number {
  const counts = c.wayCounts;
  const symbolCount = c.symbolIds.length;
  counts.fill(0);
  for (let cell = 0; cell < grid.length; cell++) counts[((cell / ROW_COUNT) | 0) * symbolCount + grid[cell]!]!++;
  let coins = 0;
  for (let i = 0; i < c.regulars.length; i++) {
    const symbol = c.regulars[i]!;
    let ways = 1;
    let reels = 0;
    for (let reel = 0; reel < REEL_COUNT; reel++) {
      const count = counts[reel * symbolCount + symbol]! + (c.wild >= 0 ? counts[reel * symbolCount + c.wild]! : 0);
      if (count === 0) break;
      ways *= count;
      reels++;
    }
    coins += c.pays[symbol * PAY_STRIDE + reels]! * ways;
  }
  return coins;
}

/** Line or way wins of the grid plus the pay of `scatters` scatters, in coins (before any free-spin multiplier). */
export function gridWinCoinsWith(c: CompiledSlot, grid: Int32Array, scatters: number): number {
  let coins = c.scatterPays[scatters]!;
  if (c.ways) return coins + allWaysCoins(c, grid);
  for (let line = 0; line < c.lineCount; line++) coins += lineWin(c, grid, line);
  return coins;
}

/** Line or way wins of the grid plus its scatter pay, in coins (before any free-spin multiplier). */
export function gridWinCoins(c: CompiledSlot, grid: Int32Array): number {
  return gridWinCoinsWith(c, grid, countScatters(c, grid));
}
