import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok } from './common.ts';

const tag = 'Game';

/** Venue categories of the game sections (spec §2): sport, live, chess & cards, e-games, fishing, lottery, e-sports. */
export const GAME_CATEGORIES = ['TY', 'ZR', 'QP', 'DZ', 'BY', 'CP', 'DJ'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];
/** Lobby tags an operator sets on a game (`npm run ops -- game:set`). */
export const GAME_TAGS = ['hot', 'new', 'jackpot'] as const;
export type GameTag = (typeof GAME_TAGS)[number];
export const GAME_STATUSES = ['active', 'maintenance'] as const;
export const VOLATILITIES = ['low', 'medium', 'high', 'very-high'] as const;
/** Limits of the lobby calls: a page, a name search. */
export const CATALOGUE_LIMITS = { PAGE_SIZE_MAX: 100, PAGE_SIZE_DEFAULT: 30, NAME_SEARCH_MAX: 30 } as const;

const category = z.enum(GAME_CATEGORIES);
export const gameCode = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);
const channelCode = z
  .string()
  .min(2)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/);
/** A name in both languages (the web switches language without asking again); `name` is the request's. */
const names = z.object({ 'zh-CN': z.string(), 'zh-TW': z.string() });
/** Amounts as the wallet answers them: yuan with exactly 2 decimals ('0.20'). */
const amount = z.string();

export const venueInfo = z.object({
  channelCode: z.string(),
  /** The venue's launch name (launch's enName): the channel code in lower case. */
  enName: z.string(),
  category,
  name: z.string(),
  names,
  /** Path of the venue's art, served by this server (`/game-art/venue/<code>.svg`). */
  art: z.string(),
  /** maintenance: launching it, or any of its games, answers 6415. */
  status: z.enum(GAME_STATUSES),
  sort: z.number(),
  /** Games gameList lists for this venue at this brand (0: the venue is entered as a whole, or has none yet). */
  gameCount: z.number(),
});
export type VenueInfo = z.infer<typeof venueInfo>;

/** One bet's long-run figures: RTP and hit rate in percent, 2 decimals, rounded down. */
export const betFigures = z.object({
  key: z.string(),
  name: z.string(),
  rtp: z.string(),
  hitRate: z.string(),
  volatility: z.enum(VOLATILITIES),
  /** Largest payout per unit staked (tables: stake included; slots: the largest single-spin win ÷ bet). */
  maxPayX: z.number(),
});

/** A house game's long-run figures from its exact math: rtp is 'lowest–highest' when its bets differ. */
export const longRunFigures = z.object({
  rtp: z.string(),
  hitRate: z.string(),
  volatility: z.enum(VOLATILITIES),
  maxPayX: z.number(),
  /** Every bet's own figures (empty for a slot: one bet). */
  bets: z.array(betFigures),
});
export type LongRunFigures = z.infer<typeof longRunFigures>;

export const gameInfo = z.object({
  gameCode: z.string(),
  channelCode: z.string(),
  category,
  name: z.string(),
  names,
  art: z.string(),
  tags: z.array(z.enum(GAME_TAGS)),
  /** Return to player in percent, 2 decimals, the exact figure rounded down ('95.49'; 'lowest–highest' by bet). */
  rtp: z.string(),
  volatility: z.enum(VOLATILITIES),
  /** House games: RTP, hit rate, volatility class and largest payout from the exact math; null otherwise. */
  figures: longRunFigures.nullable().optional(),
  minBet: amount,
  maxBet: amount,
  sort: z.number(),
  /** The game's own status, or maintenance while its venue is. */
  status: z.enum(GAME_STATUSES),
  /** The member's favourite (false when not logged in). */
  collected: z.boolean(),
  /** The jackpot pool the game feeds (getBonusPools), or null. */
  poolCode: z.string().nullable(),
});
export type GameInfo = z.infer<typeof gameInfo>;

export const bonusPool = z.object({
  poolCode: z.string(),
  gameCode: z.string(),
  name: z.string(),
  names,
  /** The pool's current amount (house money set aside for the jackpot), yuan with 2 decimals. */
  amount,
  currency: z.string(),
  /** Share of every stake that feeds the pool, in basis points (100 = 1%). */
  feedBasisPoints: z.number(),
});

const collectionRequest = z.strictObject({ gameCode });

export const casinoApi = {
  getVenueInfoByCategory: endpoint({
    path: '/game/api/v1/getVenueInfoByCategory',
    auth: 'none',
    tag,
    summary: 'Venues of a category (TY ZR QP DZ BY CP DJ) with their status, sort, art and number of listed games.',
    request: z.strictObject({ category }),
    response: z.object({ category, list: z.array(venueInfo) }),
  }),
  gameList: endpoint({
    path: '/game/api/v1/gameList',
    auth: 'optional',
    tag,
    summary:
      "The brand's games by category and venue, a name search (zh-CN or zh-TW), tags (all given) and pages; each says whether the logged-in member favourited it. collected 1: the member's favourites only (login required).",
    request: z.strictObject({
      category: category.optional(),
      channelCode: channelCode.optional(),
      name: z.string().max(CATALOGUE_LIMITS.NAME_SEARCH_MAX).optional(),
      tags: z.array(z.enum(GAME_TAGS)).max(GAME_TAGS.length).optional(),
      collected: z.union([z.literal(0), z.literal(1)]).optional(),
      pageNum: z.number().int().min(1).max(10_000).optional(),
      pageSize: z.number().int().min(1).max(CATALOGUE_LIMITS.PAGE_SIZE_MAX).optional(),
    }),
    response: z.object({ total: z.number(), pageNum: z.number(), pageSize: z.number(), list: z.array(gameInfo) }),
  }),
  addCollection: endpoint({
    path: '/game/api/v1/collection/addCollection',
    auth: 'member',
    tag,
    summary: "Add a game to the member's favourites (again: no change). A game the brand does not list answers 6004.",
    request: collectionRequest,
    response: ok,
  }),
  removeCollection: endpoint({
    path: '/game/api/v1/collection/removeCollection',
    auth: 'member',
    tag,
    summary: "Remove a game from the member's own favourites (not there: no change). A game the brand does not list answers 6004.",
    request: collectionRequest,
    response: ok,
  }),
  getBonusPools: endpoint({
    path: '/game/api/v1/getBonusPools',
    auth: 'none',
    tag,
    summary: "Jackpot pools of the brand's games with their current amounts (they grow by a declared share of every stake).",
    request: z.strictObject({ gameCode: gameCode.optional() }),
    response: z.object({ list: z.array(bonusPool) }),
  }),
};
