/**
 * The ocean of a room: which fish swim, where and when — a pure function of the room's committed seed and the
 * frozen-time intervals (themselves fixed by kills the server judged). Every seat, every node and anyone checking
 * later computes the same fish at the same ocean time.
 *
 * Time: the ocean's clock starts at the seed's start and stops while frozen (oceanTime). Spawns come in slots of
 * SLOT_MS of ocean time; slot k's fish are drawn from fairRng(seed, `ocean:<k>`, 0):
 *   - groups = 1 + int(2); per group a kind by weight (kinds.ts) and a school of 1 + int(school) fish sharing one
 *     path, each SCHOOL_GAP_MS behind the one before;
 *   - every BOSS_EVERY slots (k mod BOSS_EVERY = BOSS_SLOT) a boss, its multiplier BOSS_MULTIPLIERS[int(4)];
 *   - every SPECIAL_EVERY slots (k mod SPECIAL_EVERY = 3) a special: bomb, chain or freeze (int(3)).
 * A path is a cubic Bézier from one side of the ocean to the other (entry side int(4); every coordinate an int()).
 */
import { fairRng } from '../rng/fair.ts';
import type { Rng } from '../rng/rng.ts';
import { BOSS_MULTIPLIERS, FISH_KINDS, OCEAN_H, OCEAN_W, fishKind, type FishKind } from './kinds.ts';

export const SLOT_MS = 1_000;
export const SCHOOL_GAP_MS = 350;
export const BOSS_EVERY = 45;
/** The slot within each BOSS_EVERY where the boss comes (the first after 22 s). */
export const BOSS_SLOT = 22;
export const SPECIAL_EVERY = 7;
/** The longest a fish can be in the water (a boss's crossing plus a school's tail): how far back spawns are read. */
export const MAX_SWIM_MS = 32_000;

export interface Point {
  x: number;
  y: number;
}

export interface Fish {
  /** `<slot>.<group>.<index>`: unique within the seed. */
  id: string;
  kind: string;
  multiplier: number;
  /** Ocean time it enters (ms since the seed's start, frozen time excluded). */
  enterAt: number;
  swimMs: number;
  path: [Point, Point, Point, Point];
}

const ORDINARY = FISH_KINDS.filter((k) => k.weight > 0);
const WEIGHT_TOTAL = ORDINARY.reduce((a, k) => a + k.weight, 0);
const MARGIN = 120;
const SPECIALS = ['bomb', 'chain', 'freeze'] as const;

function pickOrdinary(rng: Rng): FishKind {
  let w = rng.int(WEIGHT_TOTAL);
  for (const k of ORDINARY) {
    if (w < k.weight) return k;
    w -= k.weight;
  }
  return ORDINARY[0]!;
}

/** A crossing: enters off one side, leaves off the opposite one, two control points inside. */
function crossing(rng: Rng): [Point, Point, Point, Point] {
  const side = rng.int(4);
  const y0 = rng.int(OCEAN_H);
  const y1 = rng.int(OCEAN_H);
  const x0 = rng.int(OCEAN_W);
  const x1 = rng.int(OCEAN_W);
  const c1 = { x: rng.int(OCEAN_W), y: rng.int(OCEAN_H) };
  const c2 = { x: rng.int(OCEAN_W), y: rng.int(OCEAN_H) };
  switch (side) {
    case 0:
      return [{ x: -MARGIN, y: y0 }, c1, c2, { x: OCEAN_W + MARGIN, y: y1 }];
    case 1:
      return [{ x: OCEAN_W + MARGIN, y: y0 }, c1, c2, { x: -MARGIN, y: y1 }];
    case 2:
      return [{ x: x0, y: -MARGIN }, c1, c2, { x: x1, y: OCEAN_H + MARGIN }];
    default:
      return [{ x: x0, y: OCEAN_H + MARGIN }, c1, c2, { x: x1, y: -MARGIN }];
  }
}

/** The fish that enter in slot k (ocean time [k·SLOT_MS, (k+1)·SLOT_MS) plus a school's gaps). */
export function slotFish(seed: string, slot: number): Fish[] {
  const rng = fairRng({ serverSeed: seed, clientSeed: `ocean:${slot}`, nonce: 0 });
  const out: Fish[] = [];
  const base = slot * SLOT_MS;
  const groups = 1 + rng.int(2);
  for (let g = 0; g < groups; g++) {
    const k = pickOrdinary(rng);
    const n = 1 + rng.int(k.school);
    const path = crossing(rng);
    const offset = rng.int(SLOT_MS);
    for (let i = 0; i < n; i++)
      out.push({
        id: `${slot}.${g}.${i}`,
        kind: k.id,
        multiplier: k.multiplier,
        enterAt: base + offset + i * SCHOOL_GAP_MS,
        swimMs: k.crossMs,
        path,
      });
  }
  if (slot % BOSS_EVERY === BOSS_SLOT) {
    const boss = fishKind('boss')!;
    const mult = BOSS_MULTIPLIERS[rng.int(BOSS_MULTIPLIERS.length)]!;
    out.push({ id: `${slot}.b.0`, kind: boss.id, multiplier: mult, enterAt: base, swimMs: boss.crossMs, path: crossing(rng) });
  }
  if (slot % SPECIAL_EVERY === 3) {
    const special = fishKind(SPECIALS[rng.int(SPECIALS.length)]!)!;
    out.push({
      id: `${slot}.s.0`,
      kind: special.id,
      multiplier: special.multiplier,
      enterAt: base,
      swimMs: special.crossMs,
      path: crossing(rng),
    });
  }
  return out;
}

/** Fish entering in ocean time [from, to): every slot's fish whose entry falls there. */
export function fishEntering(seed: string, from: number, to: number, cache?: Map<number, Fish[]>): Fish[] {
  const out: Fish[] = [];
  const first = Math.max(0, Math.floor(from / SLOT_MS) - 3);
  for (let s = first; s * SLOT_MS < to; s++) {
    let fish = cache?.get(s);
    if (!fish) {
      fish = slotFish(seed, s);
      cache?.set(s, fish);
    }
    for (const f of fish) if (f.enterAt >= from && f.enterAt < to) out.push(f);
  }
  return out;
}

/** Where a fish is at ocean time t (null before it enters or after it left). */
export function fishAt(f: Fish, t: number): Point | null {
  const u = (t - f.enterAt) / f.swimMs;
  if (u < 0 || u > 1) return null;
  const v = 1 - u;
  const [a, b, c, d] = f.path;
  return {
    x: v * v * v * a.x + 3 * v * v * u * b.x + 3 * v * u * u * c.x + u * u * u * d.x,
    y: v * v * v * a.y + 3 * v * v * u * b.y + 3 * v * u * u * c.y + u * u * u * d.y,
  };
}

export const onScreen = (p: Point | null): p is Point => p !== null && p.x >= 0 && p.x <= OCEAN_W && p.y >= 0 && p.y <= OCEAN_H;

/**
 * A new seed's ocean starts already full: its clock begins at this ocean time (the fish of its first 30 slots are
 * in the water at once), so a room never opens empty.
 */
export const OCEAN_WARMUP_MS = 30_000;

/** A stop of the ocean's clock: [at, at + ms) of wall time since the seed's start. */
export interface Freeze {
  at: number;
  ms: number;
}

/**
 * Ocean time at `elapsed` ms of wall time since the seed started: OCEAN_WARMUP_MS + the wall time minus the frozen part of it.
 * Freezes are sorted by `at`; one that starts inside another extends it (never counted twice).
 */
export function oceanTime(elapsed: number, freezes: readonly Freeze[]): number {
  return OCEAN_WARMUP_MS + unfrozen(elapsed, freezes);
}

function unfrozen(elapsed: number, freezes: readonly Freeze[]): number {
  let frozen = 0;
  let until = -Infinity;
  for (const f of freezes) {
    if (f.at >= elapsed) break;
    const start = Math.max(f.at, until);
    const end = Math.min(f.at + f.ms, elapsed);
    if (end > start) frozen += end - start;
    until = Math.max(until, f.at + f.ms);
  }
  return elapsed - frozen;
}

/** The fish in the water at ocean time t (entered, not yet left), not in `dead`. */
export function fishSwimming(seed: string, t: number, dead: ReadonlySet<string>, cache?: Map<number, Fish[]>): Fish[] {
  return fishEntering(seed, Math.max(0, t - MAX_SWIM_MS), t + 1, cache).filter((f) => !dead.has(f.id) && t - f.enterAt <= f.swimMs);
}
