/**
 * The client's ocean: the fish the server sent (drawn from the room's committed seed), positioned on the ocean's
 * clock (the server's, carried forward by the local clock; frozen spans stop it), hit-tested for bullets.
 * Pure: the canvas (scene.ts) draws it, the tests drive it.
 */
import type { FishRoomStateWire, FishWire } from '@portal/contract';
import { fishAt, fishKind, oceanTime, onScreen, type Fish, type Freeze, type Point } from '@portal/games';

export const SEAT_AT: readonly Point[] = [
  { x: 320, y: 720 },
  { x: 960, y: 720 },
  { x: 960, y: 0 },
  { x: 320, y: 0 },
];

export const toFish = (w: FishWire): Fish => ({ ...w, path: w.path.map(([x, y]) => ({ x, y })) as Fish['path'] });

export class ClientOcean {
  readonly fish = new Map<string, Fish>();
  readonly dead = new Set<string>();
  freezes: Freeze[] = [];
  startsAt = 0;
  seedId = '';
  /**
   * Server time minus local time (ms): the largest seen. An answer handled late (a busy main thread, a slow network)
   * only makes a sample smaller, never larger, so the largest is the closest to the truth.
   */
  private skew = -Infinity;
  /** Entry time of the newest fish known (the next state asks from there). */
  fishFrom = 0;

  /** Takes a state answer received at local time `localNow`. */
  apply(s: FishRoomStateWire, localNow: number): void {
    if (s.seedId !== this.seedId) {
      this.fish.clear();
      this.dead.clear();
      this.seedId = s.seedId;
      this.fishFrom = 0;
    }
    this.skew = Math.max(this.skew, s.serverNow - localNow);
    this.startsAt = s.startsAt;
    this.freezes = s.freezes;
    for (const w of s.fish) {
      this.fish.set(w.id, toFish(w));
      this.fishFrom = Math.max(this.fishFrom, w.enterAt);
    }
    for (const id of s.dead) this.kill(id);
  }

  kill(id: string): void {
    this.dead.add(id);
    this.fish.delete(id);
  }

  /** Ocean time at local time `localNow`. */
  timeAt(localNow: number): number {
    return oceanTime(localNow + this.skew - this.startsAt, this.freezes);
  }

  frozenAt(localNow: number): boolean {
    const e = localNow + this.skew - this.startsAt;
    return this.freezes.some((f) => e >= f.at && e < f.at + f.ms);
  }

  /** Fish in the water at ocean time t, with their positions; the ones gone for good are dropped. */
  swimming(t: number): { f: Fish; p: Point; next: Point }[] {
    const out: { f: Fish; p: Point; next: Point }[] = [];
    for (const f of this.fish.values()) {
      if (t > f.enterAt + f.swimMs) {
        this.fish.delete(f.id);
        continue;
      }
      const p = fishAt(f, t);
      if (p) out.push({ f, p, next: fishAt(f, Math.min(t + 50, f.enterAt + f.swimMs)) ?? p });
    }
    return out;
  }

  /** The fish a point touches at ocean time t (the most valuable when several overlap), on screen. */
  hit(at: Point, t: number, only?: string): Fish | null {
    let best: Fish | null = null;
    for (const f of this.fish.values()) {
      if (only && f.id !== only) continue;
      const p = fishAt(f, t);
      if (!p || !onScreen(p)) continue;
      const r = fishKind(f.kind)?.radius ?? 20;
      if (Math.hypot(p.x - at.x, p.y - at.y) <= r && (!best || f.multiplier > best.multiplier)) best = f;
    }
    return best;
  }
}

/** Bullet speed (ocean px per ms) and life (ms): a bullet bounces off the walls until it touches a fish or expires. */
export const BULLET_SPEED = 0.9;
export const BULLET_LIFE_MS = 3_000;

export interface Bullet {
  id: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  born: number;
  /** Lock-on: it touches only this fish. */
  target?: string | undefined;
}

/** Moves a bullet by dt ms, bouncing off the ocean's walls. */
export function moveBullet(b: Bullet, dt: number): void {
  b.x += b.vx * dt;
  b.y += b.vy * dt;
  if (b.x < 0 || b.x > 1280) {
    b.vx = -b.vx;
    b.x = Math.max(0, Math.min(1280, b.x));
  }
  if (b.y < 0 || b.y > 720) {
    b.vy = -b.vy;
    b.y = Math.max(0, Math.min(720, b.y));
  }
}

/** A bullet from a seat towards a point. */
export function aimBullet(id: number, from: Point, to: Point, now: number, target?: string): Bullet {
  const a = Math.atan2(to.y - from.y, to.x - from.x);
  return { id, x: from.x, y: from.y, vx: Math.cos(a) * BULLET_SPEED, vy: Math.sin(a) * BULLET_SPEED, born: now, target };
}

export const angleTo = (from: Point, to: Point) => Math.atan2(to.y - from.y, to.x - from.x);
