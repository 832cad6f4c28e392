/**
 * The five baccarat roads (路单) and the shoe's statistics, built from a table's results by pure rules:
 *  - 珠盘路 bead plate: every coup in order, ties included, down columns of six;
 *  - 大路 big road: banker/player only; the same winner goes down the column, a change starts a new column;
 *    ties mark the entry they follow (ties before the first entry are counted apart); drawn on a grid of six
 *    rows, a column that meets the bottom or an occupied cell turns right (the "dragon tail");
 *  - 大眼仔 big eye boy, 小路 small road, 曱甴路 cockroach road: red/blue by comparing the big road's columns
 *    one, two and three columns back (k = 1, 2, 3):
 *      a new column (row 0): red when the two columns before it (c−1 and c−1−k) have the same length;
 *      down a column (row r ≥ 1): look at column c−k: red if it reaches row r, blue if it stops exactly at
 *      row r−1, red if it stops earlier;
 *    each road starts at the first entry where its comparison exists;
 *  - 问路 ask road: the colour each derived road would add if the next coup went to banker or to player.
 */
export type Winner = 'banker' | 'player' | 'tie';
export type Side = 'banker' | 'player';
export type Colour = 'red' | 'blue';

export interface CoupResult {
  winner: Winner;
  playerPair?: boolean;
  bankerPair?: boolean;
  natural?: boolean;
}

export interface Cell<T> {
  x: number;
  y: number;
  value: T;
}

export const ROAD_ROWS = 6;

/** 珠盘路: coup i at column floor(i / rows), row i % rows. */
export function beadPlate(results: readonly CoupResult[], rows = ROAD_ROWS): Cell<CoupResult>[] {
  return results.map((value, i) => ({ x: Math.floor(i / rows), y: i % rows, value }));
}

export interface BigRoadEntry {
  winner: Side;
  /** Ties that followed this coup. */
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
}

export interface BigRoad {
  columns: BigRoadEntry[][];
  /** Ties before the first banker or player result. */
  leadingTies: number;
}

export function bigRoad(results: readonly CoupResult[]): BigRoad {
  const columns: BigRoadEntry[][] = [];
  let leadingTies = 0;
  let last: BigRoadEntry | null = null;
  for (const r of results) {
    if (r.winner === 'tie') {
      if (last) last.ties++;
      else leadingTies++;
      continue;
    }
    const entry: BigRoadEntry = { winner: r.winner, ties: 0, playerPair: !!r.playerPair, bankerPair: !!r.bankerPair };
    const col = columns[columns.length - 1];
    if (col && col[0]!.winner === r.winner) col.push(entry);
    else columns.push([entry]);
    last = entry;
  }
  return { columns, leadingTies };
}

/**
 * Lays logical columns on a grid of `rows` rows: each column starts one to the right of the previous column's
 * start (further right if that top cell is taken); going down, it turns right at the bottom or at a taken cell.
 */
export function roadGrid<T>(columns: readonly (readonly T[])[], rows = ROAD_ROWS): Cell<T>[] {
  const taken = new Set<string>();
  const cells: Cell<T>[] = [];
  const key = (x: number, y: number) => `${x},${y}`;
  let start = -1;
  for (const col of columns) {
    start++;
    while (taken.has(key(start, 0))) start++;
    let x = start;
    let y = 0;
    let turned = false;
    col.forEach((value, i) => {
      if (i > 0) {
        if (!turned && y + 1 < rows && !taken.has(key(x, y + 1))) y++;
        else {
          turned = true;
          x++;
        }
      }
      taken.add(key(x, y));
      cells.push({ x, y, value });
    });
  }
  return cells;
}

/** The colour the big-road entry at column c, row r adds to the derived road of offset k, or null before it starts. */
export function derivedColour(lengths: readonly number[], c: number, r: number, k: number): Colour | null {
  if (r === 0) {
    if (c - 1 - k < 0) return null;
    return lengths[c - 1] === lengths[c - 1 - k] ? 'red' : 'blue';
  }
  if (c - k < 0) return null;
  const len = lengths[c - k]!;
  return len === r ? 'blue' : 'red';
}

/** A derived road's colours in order (k = 1 big eye boy, 2 small road, 3 cockroach road). */
export function derivedRoad(road: BigRoad, k: 1 | 2 | 3): Colour[] {
  const lengths = road.columns.map((c) => c.length);
  const out: Colour[] = [];
  road.columns.forEach((col, c) => {
    for (let r = 0; r < col.length; r++) {
      const colour = derivedColour(lengths, c, r, k);
      if (colour) out.push(colour);
    }
  });
  return out;
}

/** Consecutive equal colours go down one column (how a derived road is drawn, with roadGrid). */
export function colourColumns(colours: readonly Colour[]): Colour[][] {
  const cols: Colour[][] = [];
  for (const c of colours) {
    const last = cols[cols.length - 1];
    if (last && last[0] === c) last.push(c);
    else cols.push([c]);
  }
  return cols;
}

export interface AskRoad {
  bigEye: Colour | null;
  small: Colour | null;
  cockroach: Colour | null;
}

/** 问路: what each derived road would add if the next coup went to `next`. */
export function askRoad(road: BigRoad, next: Side): AskRoad {
  const lengths = road.columns.map((c) => c.length);
  const lastCol = road.columns[road.columns.length - 1];
  let c: number;
  let r: number;
  if (lastCol && lastCol[0]!.winner === next) {
    c = lengths.length - 1;
    r = lastCol.length;
    lengths[c] = r + 1;
  } else {
    c = lengths.length;
    r = 0;
    lengths.push(1);
  }
  return { bigEye: derivedColour(lengths, c, r, 1), small: derivedColour(lengths, c, r, 2), cockroach: derivedColour(lengths, c, r, 3) };
}

export interface ShoeStats {
  hands: number;
  banker: number;
  player: number;
  tie: number;
  bankerPair: number;
  playerPair: number;
  naturals: number;
}

export function shoeStats(results: readonly CoupResult[]): ShoeStats {
  const s: ShoeStats = { hands: 0, banker: 0, player: 0, tie: 0, bankerPair: 0, playerPair: 0, naturals: 0 };
  for (const r of results) {
    s.hands++;
    s[r.winner]++;
    if (r.bankerPair) s.bankerPair++;
    if (r.playerPair) s.playerPair++;
    if (r.natural) s.naturals++;
  }
  return s;
}

/** Everything a table page draws for a shoe. */
export function roadsOf(results: readonly CoupResult[]) {
  const big = bigRoad(results);
  return {
    bead: beadPlate(results),
    big,
    bigGrid: roadGrid(big.columns),
    bigEye: derivedRoad(big, 1),
    small: derivedRoad(big, 2),
    cockroach: derivedRoad(big, 3),
    ask: { banker: askRoad(big, 'banker'), player: askRoad(big, 'player') },
    stats: shoeStats(results),
  };
}
