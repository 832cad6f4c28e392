/** Helpers of the fishing tests: a seated player with money in CRBY, calls, a fish on screen to aim at. */
import { randomUUID } from 'node:crypto';
import { fishAt, onScreen, type Fish, type Point } from '@portal/games';
import { LIMITS, type FishRoomStateWire, type FishWire } from '@portal/contract';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import type { Harness } from '../../test/harness.ts';
import { slotPlayer } from '../casino/slotKit.ts';
import { FISHING_VENUE } from './config.ts';

export const F = '/game/api/v1/fishing/';
export const shotKey = () => `fs-${randomUUID()}`;

export interface FishPlayer {
  token: string;
  userId: string;
  roomId: string;
  seat: number;
  ip: string;
}

let ipN = 0;
/** A member with `fen` in the fishing wallet, seated in a room of `hall`. */
export async function fishPlayer(h: Harness, fen: number, hall = 'BY1'): Promise<FishPlayer> {
  const p = await slotPlayer(h, fen, LIMITS.VENUE_LOBBY_GAME_CODE, undefined, FISHING_VENUE);
  const ip = `10.77.${(++ipN >> 8) & 255}.${ipN & 255}`;
  const j = await h.call(`${F}join`, { hall }, { token: p.token, ip });
  if (j.status_code !== 6000) throw new Error(JSON.stringify(j));
  return { token: p.token, userId: p.userId, roomId: j.data.state.roomId, seat: j.data.seat, ip };
}

export const fishCall = (h: Harness, p: FishPlayer, what: string, body: Record<string, unknown>, key?: string) =>
  h.call(`${F}${what}`, body, { token: p.token, ip: p.ip, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

export const shoot = (h: Harness, p: FishPlayer, fishId: string, level = 0, key = shotKey()) =>
  fishCall(h, p, 'shoot', { roomId: p.roomId, fishId, level, angle: 0 }, key);

export const roomState = async (h: Harness, p: FishPlayer): Promise<FishRoomStateWire> => {
  const r = await fishCall(h, p, 'state', { roomId: p.roomId, since: 0 });
  if (r.status_code !== 6000) throw new Error(JSON.stringify(r));
  return r.data as FishRoomStateWire;
};

export const toFish = (w: FishWire): Fish => ({ ...w, path: w.path.map(([x, y]) => ({ x, y }) as Point) as Fish['path'] });

/** Ordinary fish on screen now and for `marginMs` more (per the state's ocean clock), cheapest first. */
export function fishOnScreen(s: FishRoomStateWire, marginMs = 3_000, kinds?: readonly string[]): FishWire[] {
  const t = s.oceanNow;
  return s.fish
    .filter((f) => !s.dead.includes(f.id) && (!kinds || kinds.includes(f.kind)))
    .filter((f) => onScreen(fishAt(toFish(f), t)) && onScreen(fishAt(toFish(f), t + marginMs)))
    .sort((a, b) => a.multiplier - b.multiplier);
}

export const fishWalletFen = (h: Harness, userId: string) => balanceOf(h.s.handle.db, memberAccount(userId, 'venue', 'CNY', FISHING_VENUE));

/** Waits until `done` holds (polling), failing after `ms`. */
export async function until(done: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('until: timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
