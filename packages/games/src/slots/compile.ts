import { MAX_COUNT, REEL_COUNT, ROW_COUNT, type SlotDef } from './types.ts';

/**
 * A slot definition turned into flat typed arrays for the evaluators, the simulator and the exact scan.
 * Symbols become indices; pays[symbol * 6 + count] are coins; scatter pays are coins for the whole bet.
 */
export interface CompiledSlot {
  def: SlotDef;
  symbolIds: readonly string[];
  wild: number;
  scatter: number;
  /** Indices of the regular symbols. */
  regulars: Int32Array;
  pays: Int32Array;
  /** Coins paid by scatter count (anywhere), already × coinsPerBet. */
  scatterPays: Int32Array;
  baseStrips: readonly Int32Array[];
  freeStrips: readonly Int32Array[];
  /** Flat rows per line: lines[l * 5 + reel]; empty for ways. */
  lines: Int32Array;
  /** The grid cell of each line on each reel: lineCells[l * 5 + reel] = reel * 3 + row. */
  lineCells: Int32Array;
  lineCount: number;
  ways: boolean;
  awards: Int32Array;
  retriggerAwards: Int32Array;
  /** The highest bet level (the simulator counts jackpot hits at it). */
  maxBetFen: number;
  /** Scratch grid (reel * 3 + row) for the allocation-free paths. */
  grid: Int32Array;
  /** Scratch symbol counts per reel for ways: wayCounts[reel * symbolCount + symbol]. */
  wayCounts: Int32Array;
}

const PAY_STRIDE = MAX_COUNT + 1;

function countTable(values: readonly number[], what: string): Int32Array {
  const table = new Int32Array(PAY_STRIDE * 3);
  values.forEach((value, index) => {
    if (!Number.isInteger(value) || value < 0) throw new Error(`${what}: non-negative integers`);
    table[index] = value;
  });
  return table;
}

function compileStrips(def: SlotDef, strips: readonly (readonly string[])[], index: Map<string, number>, scatter: number): Int32Array[] {
  if (strips.length !== REEL_COUNT) throw new Error(`${def.code}: ${REEL_COUNT} reels`);
  return strips.map((strip, reel) => {
    const ids = Int32Array.from(strip, (id) => {
      const symbol = index.get(id);
      if (symbol === undefined) throw new Error(`${def.code}: unknown symbol ${id} on reel ${reel + 1}`);
      return symbol;
    });
    // One scatter per window at most keeps the scatter count ≤ 5 (the pay and award tables' range).
    for (let stop = 0; stop < ids.length; stop++) {
      let scatters = 0;
      for (let row = 0; row < ROW_COUNT; row++) if (ids[(stop + row) % ids.length] === scatter) scatters++;
      if (scatters > 1) throw new Error(`${def.code}: two scatters in one window on reel ${reel + 1} at stop ${stop}`);
    }
    return ids;
  });
}

function checkBets(def: SlotDef): void {
  for (const betFen of def.betLevelsFen) {
    if (!Number.isSafeInteger(betFen) || betFen <= 0 || betFen % def.coinsPerBet !== 0) {
      throw new Error(`${def.code}: bet level ${betFen} must be a positive multiple of ${def.coinsPerBet} fen`);
    }
  }
  if (def.mode.kind === 'lines' && def.coinsPerBet !== def.mode.lines.length) throw new Error(`${def.code}: coinsPerBet = lines`);
  if (def.jackpot && jackpotDrawRange(def) > 2 ** 32) throw new Error(`${def.code}: oddsOneInAtMaxBet × max bet must be ≤ 2^32`);
}

/** The range of the jackpot draw: oddsOneInAtMaxBet × the highest bet level (fen). */
export function jackpotDrawRange(def: SlotDef): number {
  return def.jackpot ? def.jackpot.oddsOneInAtMaxBet * Math.max(...def.betLevelsFen) : 0;
}

export function compileSlot(def: SlotDef): CompiledSlot {
  const symbolIds = def.symbols.map((s) => s.id);
  const index = new Map(symbolIds.map((id, i) => [id, i]));
  const wild = def.symbols.findIndex((s) => s.kind === 'wild');
  const scatter = def.symbols.findIndex((s) => s.kind === 'scatter');
  const pays = new Int32Array(def.symbols.length * PAY_STRIDE);
  def.symbols.forEach((symbol, i) =>
    pays.set(countTable(symbol.pays, `${def.code} ${symbol.id} pays`).subarray(0, PAY_STRIDE), i * PAY_STRIDE),
  );
  const scatterPays = new Int32Array(PAY_STRIDE);
  if (scatter >= 0) for (let n = 0; n <= MAX_COUNT; n++) scatterPays[n] = pays[scatter * PAY_STRIDE + n]! * def.coinsPerBet;
  checkBets(def);
  const baseStrips = compileStrips(def, def.reels, index, scatter);
  const lines = def.mode.kind === 'lines' ? Int32Array.from(def.mode.lines.flat()) : new Int32Array(0);
  return {
    def,
    symbolIds,
    wild,
    scatter,
    regulars: Int32Array.from(def.symbols.flatMap((s, i) => (s.kind === 'regular' ? [i] : []))),
    pays,
    scatterPays,
    baseStrips,
    // The same array when the free game has no strips of its own (the scan then runs once).
    freeStrips: def.freeSpins.reels ? compileStrips(def, def.freeSpins.reels, index, scatter) : baseStrips,
    lines,
    lineCells: lines.map((row, i) => (i % REEL_COUNT) * ROW_COUNT + row),
    lineCount: lines.length / REEL_COUNT,
    ways: def.mode.kind === 'ways',
    awards: countTable(def.freeSpins.awards, `${def.code} awards`),
    retriggerAwards: countTable(def.freeSpins.retriggerAwards, `${def.code} retriggerAwards`),
    maxBetFen: Math.max(...def.betLevelsFen),
    grid: new Int32Array(REEL_COUNT * ROW_COUNT),
    wayCounts: new Int32Array(REEL_COUNT * def.symbols.length),
  };
}

const cache = new WeakMap<SlotDef, CompiledSlot>();

/** The compiled form of a definition, built once per definition object. */
export function compiled(def: SlotDef): CompiledSlot {
  let found = cache.get(def);
  if (!found) {
    found = compileSlot(def);
    cache.set(def, found);
  }
  return found;
}

export { PAY_STRIDE };
