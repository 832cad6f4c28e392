import { PAY_STRIDE, type CompiledSlot } from './compile.ts';
import { MAX_COUNT, REEL_COUNT, ROW_COUNT } from './types.ts';

/**
 * Exact scan of every stop combination of one set of strips (slotopol's "scan", StakeEngine's "book"): the result
 * is a weighted table of outcomes keyed by (line/way win in coins, scatter count), whose weights sum to the
 * product of the strip lengths. It walks the reels left to right keeping each payline's (or each symbol's) run;
 * once no run is alive the pays are fixed and the remaining reels only matter through their scatter count, so
 * the whole subtree is added at once from a precomputed scatter-count distribution. Independent of evaluate.ts
 * (tested equal to it by brute force).
 */
export interface OutcomeTable {
  /** Product of the strip lengths: the number of equally likely stop combinations. */
  totalWeight: number;
  /** key = winCoins * 8 + scatterCount → number of stop combinations. */
  weights: Map<number, number>;
}

export const SCATTER_KEY_STRIDE = 8;

interface ReelData {
  /** Window symbols: symbols[stop * 3 + row]. */
  symbols: Int32Array;
  scatters: Int32Array;
  length: number;
}

function reelData(c: CompiledSlot, strip: Int32Array): ReelData {
  const symbols = new Int32Array(strip.length * ROW_COUNT);
  const scatters = new Int32Array(strip.length);
  for (let stop = 0; stop < strip.length; stop++) {
    for (let row = 0; row < ROW_COUNT; row++) {
      const symbol = strip[(stop + row) % strip.length]!;
      symbols[stop * ROW_COUNT + row] = symbol;
      if (symbol === c.scatter) scatters[stop]!++;
    }
  }
  return { symbols, scatters, length: strip.length };
}

/** suffix[d][n] = number of stop combinations of reels d..4 showing n scatters. */
function scatterSuffixes(reels: readonly ReelData[]): Float64Array[] {
  const suffix: Float64Array[] = new Array<Float64Array>(REEL_COUNT + 1);
  suffix[REEL_COUNT] = Float64Array.of(1, 0, 0, 0, 0, 0);
  for (let d = REEL_COUNT - 1; d >= 0; d--) {
    const next = suffix[d + 1]!;
    const here = new Float64Array(MAX_COUNT + 1);
    for (const n of reels[d]!.scatters) for (let m = 0; m + n <= MAX_COUNT; m++) here[m + n]! += next[m]!;
    suffix[d] = here;
  }
  return suffix;
}

/** Per-depth run state of every payline (lines) or every regular symbol (ways). */
interface RunState {
  a: Int32Array[]; // lines: target symbol (−1 = only wilds so far); ways: number of ways so far
  run: Int32Array[]; // reels matched so far
  b: Int32Array[]; // lines: leading wild run; ways: unused
  alive: Uint8Array[];
}

function runState(size: number): RunState {
  const make = <T>(f: () => T) => Array.from({ length: REEL_COUNT + 1 }, f);
  return {
    a: make(() => new Int32Array(size)),
    run: make(() => new Int32Array(size)),
    b: make(() => new Int32Array(size)),
    alive: make(() => new Uint8Array(size)),
  };
}

type Stepper = (d: number, window: number) => number;
type Payer = (d: number) => number;
/** At the last reel: prepares the node (fixed pays of finished runs, list of live ones); then the win at a stop. */
interface LastReel {
  prepare: () => number;
  winAt: (stop: number) => number;
}
interface Rules {
  step: Stepper;
  pay: Payer;
  last: LastReel;
}
const LAST = REEL_COUNT - 1;

function lineRules(c: CompiledSlot, reels: readonly ReelData[], s: RunState): Rules {
  const size = c.lineCount;
  s.a[0]!.fill(-1);
  s.alive[0]!.fill(1);
  const step: Stepper = (d, stop) => {
    const ta = s.a[d]!,
      tr = s.run[d]!,
      tb = s.b[d]!,
      tl = s.alive[d]!;
    const na = s.a[d + 1]!,
      nr = s.run[d + 1]!,
      nb = s.b[d + 1]!,
      nl = s.alive[d + 1]!;
    const window = reels[d]!.symbols;
    let alive = 0;
    for (let l = 0; l < size; l++) {
      let target = ta[l]!,
        run = tr[l]!,
        wildRun = tb[l]!,
        live = tl[l]!;
      if (live) {
        const symbol = window[stop * ROW_COUNT + c.lines[l * REEL_COUNT + d]!]!;
        if (symbol === c.wild) {
          run++;
          if (target < 0) wildRun++;
        } else if (symbol === c.scatter || (target >= 0 && symbol !== target)) live = 0;
        else {
          target = symbol;
          run++;
        }
      }
      na[l] = target;
      nr[l] = run;
      nb[l] = wildRun;
      nl[l] = live;
      alive += live;
    }
    return alive;
  };
  const wildBase = c.wild >= 0 ? c.wild * PAY_STRIDE : -1;
  const pay: Payer = (d) => {
    const ta = s.a[d]!,
      tr = s.run[d]!,
      tb = s.b[d]!;
    let coins = 0;
    for (let l = 0; l < size; l++) {
      const target = ta[l]!;
      const symbolPay = target >= 0 ? c.pays[target * PAY_STRIDE + tr[l]!]! : 0;
      const wildPay = wildBase >= 0 ? c.pays[wildBase + tb[l]!]! : 0;
      coins += symbolPay > wildPay ? symbolPay : wildPay;
    }
    return coins;
  };
  return { step, pay, last: lineLast(c, reels[LAST]!, s, wildBase) };
}

function lineLast(c: CompiledSlot, reel: ReelData, s: RunState, wildBase: number): LastReel {
  const live = new Int32Array(c.lineCount);
  let liveCount = 0;
  let fixed = 0;
  const [ta, tr, tb, tl] = [s.a[LAST]!, s.run[LAST]!, s.b[LAST]!, s.alive[LAST]!];
  const linePay = (target: number, run: number, wildRun: number) => {
    const symbolPay = target >= 0 ? c.pays[target * PAY_STRIDE + run]! : 0;
    const wildPay = wildBase >= 0 ? c.pays[wildBase + wildRun]! : 0;
    return symbolPay > wildPay ? symbolPay : wildPay;
  };
  const prepare = () => {
    liveCount = 0;
    fixed = 0;
    for (let l = 0; l < c.lineCount; l++) {
      if (tl[l]) live[liveCount++] = l;
      else fixed += linePay(ta[l]!, tr[l]!, tb[l]!);
    }
    return fixed;
  };
  const winAt = (stop: number) => {
    let coins = fixed;
    for (let k = 0; k < liveCount; k++) {
      const l = live[k]!;
      const symbol = reel.symbols[stop * ROW_COUNT + c.lines[l * REEL_COUNT + LAST]!]!;
      const target = ta[l]!;
      if (symbol === c.wild) coins += linePay(target, tr[l]! + 1, target < 0 ? tb[l]! + 1 : tb[l]!);
      else if (symbol === c.scatter || (target >= 0 && symbol !== target)) coins += linePay(target, tr[l]!, tb[l]!);
      else coins += linePay(symbol, tr[l]! + 1, tb[l]!);
    }
    return coins;
  };
  return { prepare, winAt };
}

function wayRules(c: CompiledSlot, reels: readonly ReelData[], s: RunState): Rules {
  const size = c.regulars.length;
  s.a[0]!.fill(1);
  s.alive[0]!.fill(1);
  // counts[d][stop * size + i]: regular symbol i (wilds included) in reel d's window at stop.
  const counts = reels.map((reel) => {
    const table = new Int32Array(reel.length * size);
    for (let stop = 0; stop < reel.length; stop++) {
      for (let row = 0; row < ROW_COUNT; row++) {
        const symbol = reel.symbols[stop * ROW_COUNT + row]!;
        for (let i = 0; i < size; i++) if (symbol === c.regulars[i] || symbol === c.wild) table[stop * size + i]!++;
      }
    }
    return table;
  });
  const step: Stepper = (d, stop) => {
    const ta = s.a[d]!,
      tr = s.run[d]!,
      tl = s.alive[d]!,
      na = s.a[d + 1]!,
      nr = s.run[d + 1]!,
      nl = s.alive[d + 1]!;
    const table = counts[d]!;
    let alive = 0;
    for (let i = 0; i < size; i++) {
      const count = tl[i] ? table[stop * size + i]! : 0;
      nl[i] = count > 0 ? 1 : 0;
      na[i] = count > 0 ? ta[i]! * count : ta[i]!;
      nr[i] = count > 0 ? tr[i]! + 1 : tr[i]!;
      alive += nl[i]!;
    }
    return alive;
  };
  const pay: Payer = (d) => {
    let coins = 0;
    const ta = s.a[d]!,
      tr = s.run[d]!;
    for (let i = 0; i < size; i++) coins += c.pays[c.regulars[i]! * PAY_STRIDE + tr[i]!]! * ta[i]!;
    return coins;
  };
  return { step, pay, last: wayLast(c, counts[LAST]!, s) };
}

function wayLast(c: CompiledSlot, table: Int32Array, s: RunState): LastReel {
  const size = c.regulars.length;
  const live = new Int32Array(size);
  let liveCount = 0;
  let fixed = 0;
  const [ta, tr, tl] = [s.a[LAST]!, s.run[LAST]!, s.alive[LAST]!];
  const prepare = () => {
    liveCount = 0;
    fixed = 0;
    for (let i = 0; i < size; i++) {
      if (tl[i]) live[liveCount++] = i;
      else fixed += c.pays[c.regulars[i]! * PAY_STRIDE + tr[i]!]! * ta[i]!;
    }
    return fixed;
  };
  const winAt = (stop: number) => {
    let coins = fixed;
    for (let k = 0; k < liveCount; k++) {
      const i = live[k]!;
      const count = table[stop * size + i]!;
      const base = c.regulars[i]! * PAY_STRIDE + tr[i]!;
      coins += count > 0 ? c.pays[base + 1]! * ta[i]! * count : c.pays[base]! * ta[i]!;
    }
    return coins;
  };
  return { prepare, winAt };
}

/** Scans all stop combinations of `strips` (the base or the free-game strips of `c`). */
export function scanOutcomes(c: CompiledSlot, strips: readonly Int32Array[]): OutcomeTable {
  const reels = strips.map((strip) => reelData(c, strip));
  const suffix = scatterSuffixes(reels);
  const state = runState(c.ways ? c.regulars.length : c.lineCount);
  const { step, pay, last } = c.ways ? wayRules(c, reels, state) : lineRules(c, reels, state);
  const weights = new Map<number, number>();
  const add = (key: number, weight: number) => weights.set(key, (weights.get(key) ?? 0) + weight);
  const fixedByScatters = new Float64Array(MAX_COUNT + 1);
  // The last reel of a node with live runs: stops that complete no run share the node's fixed pay (counted
  // locally by scatter count, then added once); the others are added one by one.
  const lastReel = (scatters: number) => {
    const fixed = last.prepare();
    const reel = reels[LAST]!;
    fixedByScatters.fill(0);
    for (let stop = 0; stop < reel.length; stop++) {
      const coins = last.winAt(stop);
      const n = scatters + reel.scatters[stop]!;
      if (coins === fixed) fixedByScatters[n]!++;
      else add(coins * SCATTER_KEY_STRIDE + n, 1);
    }
    for (let n = 0; n <= MAX_COUNT; n++) if (fixedByScatters[n]! > 0) add(fixed * SCATTER_KEY_STRIDE + n, fixedByScatters[n]!);
  };
  const settle = (d: number, scatters: number) => {
    const base = pay(d) * SCATTER_KEY_STRIDE + scatters;
    const tail = suffix[d]!;
    for (let n = 0; n + scatters <= MAX_COUNT; n++) {
      if (tail[n]! > 0) add(base + n, tail[n]!);
    }
  };
  const walk = (d: number, scatters: number, alive: number): void => {
    if (alive === 0) return settle(d, scatters);
    if (d === LAST) return lastReel(scatters);
    const reel = reels[d]!;
    for (let stop = 0; stop < reel.length; stop++) walk(d + 1, scatters + reel.scatters[stop]!, step(d, stop));
  };
  walk(0, 0, 1);
  return { totalWeight: strips.reduce((product, strip) => product * strip.length, 1), weights };
}
