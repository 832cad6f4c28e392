/** Venues and games in the operator console: state, maintenance, sort order, tags. */
import { z } from 'zod';
import { GAME_CATEGORIES, GAME_TAGS } from '../api/casino.ts';
import { pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

const tag = 'Console games';

/** hidden: not listed (6004 like an unknown game); maintenance: listed, 6415 to play. */
export const CONSOLE_GAME_STATUSES = ['active', 'maintenance', 'hidden'] as const;
export const VENUE_STATUSES = ['active', 'maintenance'] as const;
const sort = z.number().int().min(-999_999).max(999_999);

export const consoleGameRow = z.object({
  code: z.string(),
  venue: z.string(),
  category: z.string(),
  name: z.string(),
  status: z.enum(CONSOLE_GAME_STATUSES),
  sort: z.number(),
  tags: z.array(z.enum(GAME_TAGS)),
  rtpBp: z.number(),
  minBetFen: z.number(),
  maxBetFen: z.number(),
  pool: z.string().nullable(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type ConsoleGameRow = z.infer<typeof consoleGameRow>;

export const consoleVenueRow = z.object({
  code: z.string(),
  name: z.string(),
  category: z.string(),
  status: z.enum(VENUE_STATUSES),
  sort: z.number(),
  adapter: z.string(),
  /** The operator's maintenance message players are shown (null: the standard text). */
  message: z.string().nullable(),
});
export type ConsoleVenueRow = z.infer<typeof consoleVenueRow>;

/** A round of a house table or lottery draw (modules/tables). Money in fen. */
export const consoleTableRound = z.object({
  seq: z.number(),
  issue: z.string(),
  status: z.enum(['betting', 'drawn', 'settled', 'cancelled']),
  seedHash: z.string(),
  /** Once settled or cancelled. */
  serverSeed: z.string().nullable(),
  outcome: z.unknown().nullable(),
  bets: z.number(),
  stakeFen: z.number(),
  payoutFen: z.number(),
  openedAt: z.number(),
  settledAt: z.number().nullable(),
  cancelledBy: z.string().nullable(),
});
export type ConsoleTableRound = z.infer<typeof consoleTableRound>;

export const consoleGamesApi = {
  list: consoleEndpoint({
    path: 'games/list',
    permission: 'games.read',
    tag,
    summary: "A brand's games (hidden ones included), filtered by venue, category, status or name.",
    request: z.strictObject({
      ...pageFields,
      siteCode,
      venue: z.string().trim().max(16).optional(),
      category: z.enum(GAME_CATEGORIES).optional(),
      status: z.enum(CONSOLE_GAME_STATUSES).optional(),
      keyword: z.string().trim().max(30).optional(),
    }),
    response: pageOf(consoleGameRow),
  }),
  set: consoleEndpoint({
    path: 'games/set',
    permission: 'games.write',
    tag,
    summary: "Change a game's status (maintenance: 6415 to play; hidden: not listed), sort and/or tags at one brand.",
    request: z
      .strictObject({
        siteCode,
        code: z.string().trim().min(1).max(64),
        status: z.enum(CONSOLE_GAME_STATUSES).optional(),
        sort: sort.optional(),
        tags: z.array(z.enum(GAME_TAGS)).max(GAME_TAGS.length).optional(),
      })
      .refine((p) => p.status !== undefined || p.sort !== undefined || p.tags !== undefined, { message: 'nothing to change' }),
    response: z.object({ before: consoleGameRow, after: consoleGameRow }),
  }),
  venues: consoleEndpoint({
    path: 'games/venues',
    permission: 'games.read',
    tag,
    summary: 'Every venue: category, state, sort, adapter (venues are shared by every brand).',
    request: z.strictObject({}),
    response: z.array(consoleVenueRow),
  }),
  setVenue: consoleEndpoint({
    path: 'games/setVenue',
    permission: 'games.write',
    tag,
    summary:
      'Put a venue into or out of maintenance (launch, its games and transfers answer 6415; a launch with the message given) or re-sort it; every brand, so deployment-wide staff only.',
    request: z
      .strictObject({
        code: z.string().trim().min(1).max(16),
        status: z.enum(VENUE_STATUSES).optional(),
        sort: sort.optional(),
        /** With status maintenance: what players are told (empty: the standard text); ending maintenance clears it. */
        message: z.string().trim().max(100).optional(),
      })
      .refine((p) => p.status !== undefined || p.sort !== undefined, { message: 'nothing to change' }),
    response: z.object({ before: consoleVenueRow, after: consoleVenueRow }),
  }),
  tableRounds: consoleEndpoint({
    path: 'games/tableRounds',
    permission: 'games.read',
    tag,
    summary: "A house table's or lottery's rounds, newest first: status, seed hash (the seed once settled), bets, stakes and payouts.",
    request: z.strictObject({ ...pageFields, code: z.string().trim().min(1).max(32) }),
    response: pageOf(consoleTableRound),
  }),
  cancelRound: consoleEndpoint({
    path: 'games/cancelRound',
    permission: 'games.rounds',
    tag,
    summary:
      'Cancel a house table round or lottery draw not yet settled, with a reason: every bet on it is refunded to the venue wallet and its seed revealed. While it takes bets one games staff member may; once betting closed the first call asks (pendingApproval) and a second, different games staff member approves (6003 for the same person) — the drawn outcome stays published beside the refund. Tables are shared by every brand: deployment-wide staff only.',
    request: z.strictObject({
      code: z.string().trim().min(1).max(32),
      seq: z.number().int().min(1),
      reason: z.string().trim().min(2).max(200),
    }),
    response: z.object({ refunded: z.number(), pendingApproval: z.boolean(), requestedBy: z.string().nullable() }),
  }),
};
