/**
 * Fishing (捕鱼, venue CRBY, category BY): shared rooms of up to four seats where every shot is judged on the server.
 * The ocean of a room is drawn from its committed seed (@portal/games fishing/ocean.ts): the server sends the fish
 * (kind, multiplier, path, entry time) and every seat sees the same ones at the same ocean time. A shot names the fish
 * it hits; the server refuses it at no cost unless that fish swims on screen at the shot's server time, the cannon
 * level is the hall's, the fire rate and the bullets in flight are within bounds and the stake is there. The fish
 * dies with probability RTP ÷ its value (96.50% of every stake returned in expectation, whatever the target).
 * Shots are staked and paid in batches per player (one ledger step per ~150 ms); the answer comes after its batch
 * committed. Amounts are yuan strings; times are server epoch ms, ocean times ms of the seed's unfrozen clock.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { id } from '../venue.ts';

const tag = 'Fishing';
const yuanText = z.string();
const roomId = id;
const fishId = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[0-9a-z.]+$/);

export const FISH_LIMITS = {
  /** Shots a second a seat may fire (a burst of FIRE_BURST, then this rate). */
  FIRE_PER_SECOND: 8,
  FIRE_BURST: 4,
  /** Shots judged and not yet settled a seat may have. */
  BULLETS_IN_FLIGHT: 24,
  /**
   * The web asks for the room's state this often (new fish, seats; a resync of shots). Other seats' shots arrive
   * by the realtime hub's pushes (fishRoomPushWire) as their batches commit.
   */
  STATE_POLL_MS: 2_000,
  /** A room's committed shots are pushed at most this often (one push for the shots of the period). */
  PUSH_MS: 50,
} as const;

export const fishPointWire = z.tuple([z.number(), z.number()]);
export const fishWire = z.object({
  id: z.string(),
  kind: z.string(),
  multiplier: z.number(),
  enterAt: z.number(),
  swimMs: z.number(),
  path: z.tuple([fishPointWire, fishPointWire, fishPointWire, fishPointWire]),
});
export type FishWire = z.infer<typeof fishWire>;

export const fishSeatWire = z.object({ seat: z.number(), name: z.string(), level: z.number(), me: z.boolean() });
export const fishEventWire = z.object({
  seq: z.number(),
  seat: z.number(),
  fishId: z.string(),
  angle: z.number(),
  killed: z.boolean(),
  win: yuanText,
  /** Every fish that died with the shot (a bomb's, an eel's). */
  fish: z.array(z.string()),
  at: z.number(),
});
export type FishEventWire = z.infer<typeof fishEventWire>;

export const fishRoomStateWire = z.object({
  roomId: z.string(),
  hall: z.string(),
  seedId: z.string(),
  seedHash: z.string(),
  /** Server time the seed's ocean began; its clock stops during `freezes` (at: ms after startsAt). */
  startsAt: z.number(),
  endsAt: z.number(),
  serverNow: z.number(),
  oceanNow: z.number(),
  freezes: z.array(z.object({ at: z.number(), ms: z.number() })),
  /** Fish in the water now and entering up to a few seconds ahead (from `fishFrom` when asked). */
  fish: z.array(fishWire),
  /** Fish of this seed already caught. */
  dead: z.array(z.string()),
  seats: z.array(fishSeatWire),
  /** Shots of every seat after the asked cursor, oldest first. */
  events: z.array(fishEventWire),
  cursor: z.number(),
});
export type FishRoomStateWire = z.infer<typeof fishRoomStateWire>;

/**
 * A room's newly committed shots, pushed on the realtime hub through the tables' channel: the page subscribes with
 * TABLE_SUBSCRIBE and the room id as the game code, and gets a TABLE_STATE frame of this shape (`kind: 'fishing'`)
 * for each push. `version` only grows, across owners too (the owner's clock); `events` are the shots committed since
 * the room's previous push (seq as in the state's cursor: a page that saw a gap asks the state with `since`).
 */
export const fishRoomPushWire = z.object({
  kind: z.literal('fishing'),
  gameCode: z.string(),
  status: z.literal('live'),
  seq: z.number(),
  version: z.number(),
  serverNow: z.number(),
  seedId: z.string(),
  freezes: z.array(z.object({ at: z.number(), ms: z.number() })),
  events: z.array(fishEventWire),
  cursor: z.number(),
});
export type FishRoomPushWire = z.infer<typeof fishRoomPushWire>;

export const fishHallWire = z.object({
  code: z.string(),
  name: z.string(),
  minBet: yuanText,
  maxBet: yuanText,
  /** Stakes per shot of its cannon levels (yuan), lowest first; `levels[i]` is cannon level minLevel + i. */
  levels: z.array(yuanText),
  minLevel: z.number(),
  rtp: z.string(),
  players: z.number(),
  rooms: z.array(z.object({ roomId: z.string(), seated: z.number() })),
});
export type FishHallWire = z.infer<typeof fishHallWire>;

export const fishJoinAnswerWire = z.object({ seat: z.number(), balance: yuanText, state: fishRoomStateWire });
export type FishJoinAnswerWire = z.infer<typeof fishJoinAnswerWire>;

export const fishShotAnswerWire = z.object({
  shotKey: z.string(),
  fishId: z.string(),
  stake: yuanText,
  /** Stakes the shot pays if its fish dies (a special's own and what it takes). */
  value: z.number(),
  killed: z.boolean(),
  win: yuanText,
  fish: z.array(z.string()),
  freeze: z.boolean(),
  balance: yuanText,
  /** The kill draw (int(10000·value) from the room's seed; below 9650 kills) and the seed it came from. */
  draw: z.number(),
  seedId: z.string(),
});
export type FishShotAnswerWire = z.infer<typeof fishShotAnswerWire>;

export const fishSeedWire = z.object({
  seedId: z.string(),
  roomId: z.string(),
  seedHash: z.string(),
  /** Revealed once the seed has ended. */
  seed: z.string().nullable(),
  startsAt: z.number(),
  endsAt: z.number(),
});
export type FishSeedWire = z.infer<typeof fishSeedWire>;

export const fishShotRecordWire = z.object({
  shotKey: z.string(),
  seedId: z.string(),
  fishId: z.string(),
  kind: z.string(),
  value: z.number(),
  draw: z.number(),
  stake: yuanText,
  win: yuanText,
  killed: z.boolean(),
  judgedAt: z.number(),
});
export type FishShotRecordWire = z.infer<typeof fishShotRecordWire>;

export const fishingApi = {
  fishHalls: endpoint({
    path: '/game/api/v1/fishing/halls',
    auth: 'optional',
    tag,
    summary: 'Fishing halls by cannon range with their rooms and seated players (public)',
    request: z.strictObject({}),
    response: z.object({ list: z.array(fishHallWire) }),
  }),
  fishJoin: endpoint({
    path: '/game/api/v1/fishing/join',
    auth: 'member',
    tag,
    summary: 'Take a seat in a room of the hall (the room with a free seat; a new one when all are full)',
    request: z.strictObject({ hall: z.string().min(1).max(8) }),
    response: fishJoinAnswerWire,
  }),
  fishState: endpoint({
    path: '/game/api/v1/fishing/state',
    auth: 'member',
    tag,
    summary: "The room now: fish (entering from fishFrom), the dead, freezes, seats and every seat's shots after `since`",
    request: z.strictObject({ roomId, since: z.number().int().min(0).default(0), fishFrom: z.number().min(0).optional() }),
    response: fishRoomStateWire,
  }),
  fishShoot: endpoint({
    path: '/game/api/v1/fishing/shoot',
    auth: 'member',
    idempotent: true,
    tag,
    summary: 'One shot at a fish (Idempotency-Key: the shot key): judged on the server, staked and paid in a batch',
    request: z.strictObject({ roomId, fishId, level: z.number().int().min(0).max(20), angle: z.number().min(-10).max(10).default(0) }),
    response: fishShotAnswerWire,
  }),
  fishLeave: endpoint({
    path: '/game/api/v1/fishing/leave',
    auth: 'member',
    tag,
    summary: 'Leave the seat (shots in flight still settle)',
    request: z.strictObject({ roomId }),
    response: z.object({ left: z.boolean() }),
  }),
  fishSeeds: endpoint({
    path: '/game/api/v1/fishing/seeds',
    auth: 'optional',
    tag,
    summary: "A room's ocean seeds: each hash from its start, each seed once it has ended (public)",
    request: z.strictObject({ roomId }),
    response: z.object({ list: z.array(fishSeedWire) }),
  }),
  fishShots: endpoint({
    path: '/game/api/v1/fishing/shots',
    auth: 'member',
    tag,
    summary: "The member's shots of one seed (or the newest), for checking each kill draw",
    request: z.strictObject({ seedId: id.optional(), limit: z.number().int().min(1).max(500).default(100) }),
    response: z.object({ list: z.array(fishShotRecordWire) }),
  }),
};
