/**
 * Judging a hit: what the shot is worth if its fish dies (V stakes), and whether it dies.
 *
 * - An ordinary fish or a boss: V = its multiplier.
 * - A bomb: V = its own multiplier + the multipliers of the ordinary fish within BOMB_RADIUS of it at the shot's
 *   ocean time, nearest first, as long as V stays ≤ SPECIAL_MAX_VALUE; they all die with it.
 * - A chain-lightning eel: V = its own + the nearest CHAIN_LINKS ordinary fish within CHAIN_RANGE (same cap).
 * - A frozen-time fish: V = its multiplier; its death stops the ocean for FREEZE_MS.
 * The fish dies when fairRng(roomSeed, `<member>:<shotKey>`, 0).int(FISH_RTP_DEN · V) < FISH_RTP_NUM: probability
 * exactly RTP ÷ V, so the shot's expected return is V · RTP/V = RTP of its stake whatever it aimed at and whatever
 * swam around it (rtp.ts). Nothing else goes in: not the player's results, not the house's position.
 */
import { fairRng } from '../rng/fair.ts';
import { BOMB_RADIUS, CHAIN_LINKS, CHAIN_RANGE, FISH_RTP_DEN, FISH_RTP_NUM, SPECIAL_MAX_VALUE, fishKind } from './kinds.ts';
import { fishAt, onScreen, type Fish } from './ocean.ts';

export interface HitValue {
  /** Stakes paid (stake included) if it dies. */
  value: number;
  /** Every fish that dies with it, the target first. */
  fish: Fish[];
  freeze: boolean;
}

const ordinary = (f: Fish) => {
  const k = fishKind(f.kind);
  return !!k && !k.boss && !k.special;
};

/** The value of hitting `target` at ocean time t among the fish `swimming` (alive, in the water) then. */
export function hitValue(target: Fish, t: number, swimming: readonly Fish[]): HitValue {
  const k = fishKind(target.kind);
  const special = k?.special;
  if (special !== 'bomb' && special !== 'chain') return { value: target.multiplier, fish: [target], freeze: special === 'freeze' };
  const at = fishAt(target, t);
  if (!at) return { value: target.multiplier, fish: [target], freeze: false };
  const range = special === 'bomb' ? BOMB_RADIUS : CHAIN_RANGE;
  const near = swimming
    .filter((f) => f.id !== target.id && ordinary(f))
    .map((f) => ({ f, p: fishAt(f, t) }))
    .filter((x) => onScreen(x.p))
    .map((x) => ({ f: x.f, d: Math.hypot(x.p!.x - at.x, x.p!.y - at.y) }))
    .filter((x) => x.d <= range)
    .sort((a, b) => a.d - b.d || (a.f.id < b.f.id ? -1 : 1));
  let value = target.multiplier;
  const fish = [target];
  for (const { f } of near) {
    if (special === 'chain' && fish.length - 1 >= CHAIN_LINKS) break;
    if (value + f.multiplier > SPECIAL_MAX_VALUE) continue;
    value += f.multiplier;
    fish.push(f);
  }
  return { value, fish, freeze: false };
}

/** The client seed of a shot's kill draw: the member and the shot's idempotency key. */
export const shotClientSeed = (memberId: string, shotKey: string) => `${memberId}:${shotKey}`;

/** The kill draw: int(FISH_RTP_DEN · value) from the room's seed; the fish dies when it is below FISH_RTP_NUM. */
export function killDraw(roomSeed: string, memberId: string, shotKey: string, value: number): { draw: number; killed: boolean } {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError('value: a positive integer');
  const draw = fairRng({ serverSeed: roomSeed, clientSeed: shotClientSeed(memberId, shotKey), nonce: 0 }).int(FISH_RTP_DEN * value);
  return { draw, killed: draw < FISH_RTP_NUM };
}
