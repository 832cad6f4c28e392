import { compiled, PAY_STRIDE, type CompiledSlot } from './compile.ts';
import { lineWin } from './evaluate.ts';
import { MAX_COUNT, REEL_COUNT, ROW_COUNT, type SlotDef } from './types.ts';

/**
 * The exact probability of every listed pay of a title (a pay printed on the paytable that no spin can
 * produce is a false promise). For each symbol and each count with a non-zero pay:
 *
 * - ways: P(the symbol pays exactly `count` reels) = Π_{r<count} P(reel r's window shows it or a wild)
 *   × P(reel `count`'s window shows neither) — reels stop independently, so this is exact;
 * - lines: P(one payline pays it) — every row of a reel shows the strip's symbols with the strip's frequencies and
 *   the reels are independent, so the line's five cells are enumerated with their frequencies through the real
 *   line evaluator (the line pays the better of its symbol run and its wild run, as in play). Every line has the
 *   same figure; the chance that some line pays it is at least this;
 * - scatter: P(exactly `count` scatters anywhere).
 *
 * Base and free-game strips are both measured; a pay is reachable when either gives it a probability above 0.
 */
export interface PayReach {
  symbol: string;
  name: string;
  count: number;
  pay: number;
  /** Probability in the base game (per spin; lines: per payline). */
  base: number;
  /** Probability in the free game (the base figure when the free game has no strips of its own). */
  free: number;
}

function frequencies(c: CompiledSlot, strip: Int32Array): Float64Array {
  const f = new Float64Array(c.symbolIds.length);
  for (const s of strip) f[s]! += 1 / strip.length;
  return f;
}

/** P(a window of the strip shows at least one of `symbols`). */
function windowShows(strip: Int32Array, symbols: readonly number[]): number {
  let hits = 0;
  for (let stop = 0; stop < strip.length; stop++) {
    for (let row = 0; row < ROW_COUNT; row++) {
      if (symbols.includes(strip[(stop + row) % strip.length]!)) {
        hits++;
        break;
      }
    }
  }
  return hits / strip.length;
}

function waysReach(c: CompiledSlot, strips: readonly Int32Array[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const symbol of c.regulars) {
    const shows = strips.map((strip) => windowShows(strip, c.wild >= 0 ? [symbol, c.wild] : [symbol]));
    for (let count = 1; count <= MAX_COUNT; count++) {
      let p = 1;
      for (let r = 0; r < count; r++) p *= shows[r]!;
      if (count < REEL_COUNT) p *= 1 - shows[count]!;
      out.set(`${symbol}:${count}`, p);
    }
  }
  return out;
}

/** Enumerates one payline's symbol tuples (one cell per reel) with their probabilities through `lineWin`. */
function linesReach(c: CompiledSlot, strips: readonly Int32Array[]): Map<string, number> {
  const out = new Map<string, number>();
  const freq = strips.map((strip) => frequencies(c, strip));
  const grid = new Int32Array(REEL_COUNT * ROW_COUNT);
  const detail = new Int32Array(3);
  const cells = Array.from({ length: REEL_COUNT }, (_, reel) => c.lineCells[reel]!);
  const walk = (reel: number, p: number): void => {
    if (reel === REEL_COUNT) {
      if (lineWin(c, grid, 0, detail) > 0) {
        const key = `${detail[0]}:${detail[1]}`;
        out.set(key, (out.get(key) ?? 0) + p);
      }
      return;
    }
    const f = freq[reel]!;
    for (let s = 0; s < f.length; s++) {
      if (f[s] === 0) continue;
      grid[cells[reel]!] = s;
      walk(reel + 1, p * f[s]!);
    }
  };
  walk(0, 1);
  return out;
}

function scatterReach(c: CompiledSlot, strips: readonly Int32Array[]): Float64Array {
  let dist = Float64Array.of(1, 0, 0, 0, 0, 0);
  for (const strip of strips) {
    const next = new Float64Array(MAX_COUNT + 1);
    for (let stop = 0; stop < strip.length; stop++) {
      let n = 0;
      for (let row = 0; row < ROW_COUNT; row++) if (strip[(stop + row) % strip.length] === c.scatter) n++;
      for (let m = 0; m + n <= MAX_COUNT; m++) next[m + n]! += dist[m]! / strip.length;
    }
    dist = next;
  }
  return dist;
}

function reachOf(c: CompiledSlot, strips: readonly Int32Array[]): (symbol: number, count: number) => number {
  const table = c.ways ? waysReach(c, strips) : linesReach(c, strips);
  const scatters = c.scatter >= 0 ? scatterReach(c, strips) : new Float64Array(MAX_COUNT + 1);
  return (symbol, count) => (symbol === c.scatter ? scatters[count]! : (table.get(`${symbol}:${count}`) ?? 0));
}

/** Every listed pay (symbol × count with a pay above 0) of a title with its exact probability. */
export function payReach(def: SlotDef): PayReach[] {
  const c = compiled(def);
  const base = reachOf(c, c.baseStrips);
  const free = c.freeStrips === c.baseStrips ? base : reachOf(c, c.freeStrips);
  const out: PayReach[] = [];
  def.symbols.forEach((s, symbol) => {
    for (let count = 1; count <= MAX_COUNT; count++) {
      const pay = c.pays[symbol * PAY_STRIDE + count]!;
      if (pay <= 0) continue;
      out.push({ symbol: s.id, name: s.names['zh-CN'], count, pay, base: base(symbol, count), free: free(symbol, count) });
    }
  });
  return out;
}

/** The listed pays no spin can produce (an empty list means every pay on the paytable can win). */
export function unreachablePays(def: SlotDef): PayReach[] {
  return payReach(def).filter((p) => !(p.base > 0) && !(p.free > 0));
}
