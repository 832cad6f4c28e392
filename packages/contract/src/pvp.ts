/**
 * Player-versus-player card tables (斗地主) on the realtime socket: issue 31. The house is never a party to a hand:
 * three members at a stake level (底分) play; the rake (a per-brand rate, capped) is the house's only share.
 *
 * Money moves over HTTP (game/api/v1/resource, venue CRQP): `pvpJoin` holds the member's largest possible loss on the
 * wager path and queues them at a level (or seats them at once at a practice table against openly labelled computer
 * players, for points); `pvpLeave` gives the hold back while still waiting. Everything else rides the socket:
 *   41001 PVP_LOBBY  c→s {} · s→c the levels with players waiting and seated (guests too)
 *   41002 PVP_WATCH  c→s {} · s→c the member's hand (41005) or {handId: null}: a reconnect restores the hand
 *   41003 PVP_BID    c→s {handId, bid 0–3}
 *   41004 PVP_PLAY   c→s {handId, cards [] = 不出, as?}
 *   41005 PVP_STATE  s→c the hand as this seat may see it (its own cards only), after every change
 *   41006 PVP_REFUSED s→c {handId, code, reason}: a refused move (not your turn, a card not held, not a combination …) — nothing changes
 */
import { z } from 'zod';
import { idempotencyKey, venueMethod } from './venue.ts';

export const PVP_MSG = {
  PVP_LOBBY: 41001,
  PVP_WATCH: 41002,
  PVP_BID: 41003,
  PVP_PLAY: 41004,
  PVP_STATE: 41005,
  PVP_REFUSED: 41006,
} as const;

const handId = z.string().min(1).max(64);
export const pvpLevelCode = z
  .string()
  .min(1)
  .max(16)
  .regex(/^[A-Z0-9]+$/);

export const pvpLobbyMsg = z.strictObject({ msgId: z.literal(PVP_MSG.PVP_LOBBY), msgData: z.strictObject({}).optional() });
export const pvpWatchMsg = z.strictObject({ msgId: z.literal(PVP_MSG.PVP_WATCH), msgData: z.strictObject({}).optional() });
export const pvpBidMsg = z.strictObject({
  msgId: z.literal(PVP_MSG.PVP_BID),
  msgData: z.strictObject({ handId, bid: z.number().int().min(0).max(3) }),
});
export const pvpPlayMsg = z.strictObject({
  msgId: z.literal(PVP_MSG.PVP_PLAY),
  msgData: z.strictObject({
    handId,
    cards: z.array(z.number().int().min(0).max(53)).max(20),
    as: z
      .string()
      .max(16)
      .regex(/^[a-z0-9]+$/i)
      .optional(),
  }),
});

export const pvpLevelWire = z.object({
  level: z.string(),
  game: z.literal('doudizhu'),
  /** 底分 (yuan). */
  base: z.string(),
  /** The hold taken when joining: the largest loss of a hand (yuan). */
  hold: z.string(),
  /** The multiple's cap (封顶). */
  cap: z.number(),
  /** The rake on a winner's winnings (percent) and its cap per winner (yuan). */
  rakePercent: z.number(),
  rakeCap: z.string(),
  waiting: z.number(),
  seated: z.number(),
  tables: z.number(),
});
export type PvpLevelWire = z.infer<typeof pvpLevelWire>;

export const pvpSeatWire = z.object({
  seat: z.number(),
  /** A masked member name, or null for a computer player (电脑, practice tables only). */
  name: z.string().nullable(),
  computer: z.boolean(),
  cards: z.number(),
  landlord: z.boolean(),
  /** Played by the disclosed auto-play (timed out or away) — shown to everyone. */
  auto: z.boolean(),
  connected: z.boolean(),
});

export const pvpPlayWire = z.object({ type: z.string(), key: z.number(), len: z.number(), cards: z.array(z.number()) });
export const pvpTurnWire = z.object({ seat: z.number(), play: pvpPlayWire.nullable(), auto: z.boolean() });

export const pvpStateWire = z.object({
  handId: z.string(),
  level: z.string(),
  practice: z.boolean(),
  version: z.number(),
  /** The seat this socket's member holds. */
  seat: z.number(),
  seats: z.array(pvpSeatWire),
  /** Only this seat's own cards. */
  hand: z.array(z.number()),
  /** The three bottom cards, shown once the landlord is known. */
  bottom: z.array(z.number()).nullable(),
  phase: z.enum(['bidding', 'playing', 'done', 'void']),
  turn: z.number(),
  /** When the seat to move is auto-played (epoch ms), and the server's clock. */
  deadline: z.number(),
  serverNow: z.number(),
  bids: z.array(z.object({ seat: z.number(), bid: z.number(), auto: z.boolean() })),
  bid: z.number(),
  landlord: z.number().nullable(),
  last: z.object({ seat: z.number(), play: pvpPlayWire }).nullable(),
  /** The latest turns (newest last). */
  turns: z.array(pvpTurnWire),
  bombs: z.number(),
  /** The multiple so far: bid × 2 per bomb (× 2 for a spring once known), capped. */
  multiple: z.number(),
  /** The deal's commitment: SHA-256 of the seed's hex text, shown before the deal. */
  deckHash: z.string(),
  /** Each void deal (all passed) with its revealed seed. */
  voidDeals: z.array(z.object({ deckHash: z.string(), seed: z.string() })),
  result: z
    .object({
      landlordWins: z.boolean(),
      spring: z.boolean(),
      antiSpring: z.boolean(),
      multiple: z.number(),
      /** Per seat: points (practice) or yuan won/lost before rake, the rake taken, the net. */
      seats: z.array(z.object({ seat: z.number(), gross: z.string(), rake: z.string(), net: z.string() })),
      rake: z.string(),
      /** The revealed seed and the deck it shuffles to: re-check with shuffleDoudizhu(fairRng(...)). */
      seed: z.string(),
      deck: z.array(z.number()),
    })
    .nullable(),
});
export type PvpStateWire = z.infer<typeof pvpStateWire>;

export const pvpLobbyAnswerMsg = z.object({ msgId: z.literal(PVP_MSG.PVP_LOBBY), msgData: z.object({ levels: z.array(pvpLevelWire) }) });
export const pvpStateMsg = z.object({ msgId: z.literal(PVP_MSG.PVP_STATE), msgData: pvpStateWire });
export const pvpNoHandMsg = z.object({
  msgId: z.literal(PVP_MSG.PVP_WATCH),
  msgData: z.object({ handId: z.null(), waiting: z.string().nullable() }),
});
export const pvpRefusedMsg = z.object({
  msgId: z.literal(PVP_MSG.PVP_REFUSED),
  msgData: z.object({ handId: z.string(), code: z.string(), reason: z.string() }),
});

/** The CRQP venue's PvP methods (game/api/v1/resource). */
export const pvpMethods = [
  /** Joins a level's queue: holds the largest loss of a hand (money) — or, practice, sits at once with two computer players. */
  venueMethod('pvpJoin', { level: pvpLevelCode, practice: z.boolean().optional(), idempotencyKey }),
  /** Leaves the queue before being seated: the hold comes back. */
  venueMethod('pvpLeave', { idempotencyKey }),
] as const;

export const pvpJoinAnswerWire = z.object({
  ticket: z.string(),
  level: z.string(),
  practice: z.boolean(),
  hold: z.string(),
  balance: z.string(),
  /** Seated at once (a practice table, or the third player of a table). */
  handId: z.string().nullable(),
});
export const pvpAnswers = z.object({
  pvpJoin: pvpJoinAnswerWire,
  pvpLeave: z.object({ left: z.boolean(), balance: z.string() }),
});
