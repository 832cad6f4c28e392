/**
 * A room's ocean as the node owning it holds it: the current seed, the fish caught, the frozen spans — rebuilt from
 * the committed shots when a node takes the room — and the judgement of a hit (kill.ts of @portal/games): the named
 * fish must be swimming, on screen and alive at the shot's server time.
 */
import {
  FREEZE_MS,
  fishAt,
  fishKind,
  fishSwimming,
  hitValue,
  killDraw,
  oceanTime,
  onScreen,
  slotFish,
  type Fish,
  type Freeze,
} from '@portal/games';
import type { FishEventWire } from '@portal/contract';
import type { FishingSeedTable } from '../../db/schema.ts';
import { EVENTS_KEPT, FISH_AHEAD_MS } from './config.ts';

export interface Judged {
  fish: Fish;
  value: number;
  draw: number;
  killed: boolean;
  /** Every fish that dies with the shot, the target first (empty when it lives). */
  killedFish: string[];
  freeze: boolean;
  seedId: string;
  judgedAt: number;
}

export class Room {
  readonly dead = new Set<string>();
  freezes: Freeze[] = [];
  private readonly slots = new Map<number, Fish[]>();
  readonly events: FishEventWire[] = [];
  cursor = 0;
  /** Events committed since the room's last push (service.ts schedulePush), its timer and version. */
  readonly unpushed: FishEventWire[] = [];
  pushTimer: NodeJS.Timeout | null = null;
  pushVersion = 0;

  constructor(
    readonly id: string,
    readonly hall: string,
    public seed: FishingSeedTable,
  ) {}

  /** A new seed: a new ocean (nothing caught, no freeze). */
  reseed(seed: FishingSeedTable): void {
    this.seed = seed;
    this.dead.clear();
    this.freezes = [];
    this.slots.clear();
  }

  /** Replays the committed kills of the seed (a node taking the room over). */
  restore(kills: readonly { killed_fish: string; freeze: number; judged_at: number }[]): void {
    for (const k of kills) {
      for (const id of JSON.parse(k.killed_fish) as string[]) this.dead.add(id);
      if (Number(k.freeze) === 1) this.freezes.push({ at: Number(k.judged_at) - Number(this.seed.starts_at), ms: FREEZE_MS });
    }
    this.freezes.sort((a, b) => a.at - b.at);
  }

  oceanAt(now: number): number {
    return oceanTime(now - Number(this.seed.starts_at), this.freezes);
  }

  private slot(s: number): Fish[] {
    let fish = this.slots.get(s);
    if (!fish) {
      fish = slotFish(this.seed.seed, s);
      this.slots.set(s, fish);
      if (this.slots.size > 120) for (const k of [...this.slots.keys()].slice(0, 40)) this.slots.delete(k);
    }
    return fish;
  }

  /** The fish named, if the seed has it. */
  fish(id: string): Fish | undefined {
    const s = Number(id.split('.')[0]);
    if (!Number.isSafeInteger(s) || s < 0 || s > 100_000_000) return undefined;
    return this.slot(s).find((f) => f.id === id);
  }

  /** Fish in the water at ocean time t and entering up to FISH_AHEAD_MS later (entering from `from` when given). */
  visible(t: number, from?: number): Fish[] {
    return fishSwimming(this.seed.seed, t + FISH_AHEAD_MS, this.dead, this.slots).filter(
      (f) => f.enterAt + f.swimMs >= t && (from === undefined || f.enterAt >= from),
    );
  }

  /** The fish named, if it is alive and on screen at server time `now`. */
  hittable(fishId: string, now: number): Fish | null {
    const f = this.fish(fishId);
    if (!f || this.dead.has(f.id)) return null;
    return onScreen(fishAt(f, this.oceanAt(now))) ? f : null;
  }

  /**
   * Judges a hit at server time `now`: null when the fish is unknown, caught, not in the water or off screen
   * (refused at no cost). A kill marks its fish caught (and a frozen-time fish stops the clock) at once, so no other
   * shot can take them; `undo` gives them back if the batch never commits.
   */
  judge(memberId: string, shotKey: string, fishId: string, now: number): Judged | null {
    const f = this.hittable(fishId, now);
    if (!f) return null;
    const t = this.oceanAt(now);
    // Only a bomb or an eel takes other fish with it: the ocean around is computed for those alone (bench:fishing).
    const special = fishKind(f.kind)?.special;
    const swimming = special === 'bomb' || special === 'chain' ? fishSwimming(this.seed.seed, t, this.dead, this.slots) : [];
    const hv = hitValue(f, t, swimming);
    const { draw, killed } = killDraw(this.seed.seed, memberId, shotKey, hv.value);
    const killedFish = killed ? hv.fish.map((x) => x.id) : [];
    for (const id of killedFish) this.dead.add(id);
    const freeze = killed && hv.freeze;
    if (freeze) this.freezes.push({ at: now - Number(this.seed.starts_at), ms: FREEZE_MS });
    return { fish: f, value: hv.value, draw, killed, killedFish, freeze, seedId: this.seed.id, judgedAt: now };
  }

  /** A judged shot whose batch did not commit: its kill is undone. */
  undo(j: Judged): void {
    if (j.seedId !== this.seed.id) return;
    for (const id of j.killedFish) this.dead.delete(id);
    if (j.freeze) this.freezes = this.freezes.filter((x) => x.at !== j.judgedAt - Number(this.seed.starts_at));
  }

  /** A committed shot, for every seat's next state. */
  event(e: Omit<FishEventWire, 'seq'>): void {
    const ev = { ...e, seq: ++this.cursor };
    this.events.push(ev);
    this.unpushed.push(ev);
    if (this.events.length > EVENTS_KEPT) this.events.splice(0, this.events.length - EVENTS_KEPT);
  }

  eventsAfter(since: number): FishEventWire[] {
    // A cursor from another owner (a takeover restarts the count): everything kept.
    if (since > this.cursor) return [...this.events];
    return since === this.cursor ? [] : this.events.filter((e) => e.seq > since);
  }
}
