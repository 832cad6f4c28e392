import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { LIMITS } from '../limits.ts';
import { moneyString } from './wallet.ts';
import { enName, id, idempotencyKey, venueMethod as method } from '../venue.ts';
import { slotResource } from './slots.ts';
import { tableResource } from './tables.ts';
import { GAME_CATEGORIES } from './casino.ts';
import { resourceResponse } from './resource.ts';

const tag = 'Sport';

/** Spec §3 game types and show types. */
export const GAME_TYPES = ['ALL', 'FT', 'VF', 'BK', 'TN', 'OP', 'SK', 'FS', 'VB', 'BS', 'TT', 'EL', 'EK', 'ED', 'EC', 'EV'] as const;
export const SHOW_TYPES = ['FU', 'FT', 'RB', 'FSFT', 'FSFU'] as const;
export const ODDS_TYPES = ['E', 'H', 'I', 'M'] as const;

const text = (max: number) => z.string().max(max);
const epochMs = z.number().int().min(0).max(8.64e15);

/** One bet-slip item with the §3 field names; r is the canonical price (European milli-odds). */
export const slipItem = z.strictObject({
  gameInfo: z.strictObject({ gameId: id, gide: text(64).optional(), hgid: text(64).optional(), team_h: text(100), team_c: text(100) }),
  playInfo: z.strictObject({
    w: z
      .string()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9_.:+-]+$/),
  }),
  oddInfo: z.strictObject({ r: z.number().int().min(1001).max(1_001_000), gameId: id }),
  championRate: z
    .strictObject({
      rtype: z
        .string()
        .min(1)
        .max(40)
        .regex(/^[A-Za-z0-9_.:-]+$/),
    })
    .optional(),
});

/** Every method the venue resource proxy forwards (the house sportsbook answers them; a third party would too). */
export const resourceRequest = z.discriminatedUnion('method', [
  ...slotResource.options,
  ...tableResource.options,
  method('leagues', { gameType: z.enum(GAME_TYPES).optional(), showType: z.enum(SHOW_TYPES).optional() }),
  method('games', {
    gameType: z.enum(GAME_TYPES),
    showType: z.enum(SHOW_TYPES),
    leagueId: id.optional(),
    pageNum: z.number().int().min(1).max(1000).optional(),
    pageSize: z.number().int().min(1).max(100).optional(),
  }),
  method('game', { gameId: id }),
  method('champion', { showType: z.enum(['FSFT', 'FSFU']).optional() }),
  method('bet', {
    mode: z.enum(['single', 'multiple', 'series']),
    /** Series type name ('3串4', '4串1', …) in series mode. */
    seriesType: z.string().max(10).optional(),
    items: z.array(slipItem).min(1).max(LIMITS.MAX_BET_SLIP_ITEMS),
    /** Stake per bet (a series places one bet of this stake per combination). */
    stake: moneyString,
    acceptAnyOdds: z.union([z.literal(0), z.literal(1)]).optional(),
    oddsType: z.enum(ODDS_TYPES).optional(),
    /** A double click sends the same key: the second answers the first's ticket, nothing bets twice. */
    idempotencyKey,
  }),
  method('ticket', { ticketId: id }),
  method('balance', {}),
]);

const recordFilter = {
  /** The game section: TY (default) the sportsbook's bets, DZ … the casino rounds of that category. */
  category: z.enum(GAME_CATEGORIES).optional(),
  /** Epoch milliseconds, inclusive; default the last 7 days. */
  beginTime: epochMs.optional(),
  endTime: epochMs.optional(),
  gameType: z.enum(GAME_TYPES).optional(),
  /** 0 unsettled (pending confirmation or accepted), 1 settled, 2 cancelled, 3 rejected. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
  channelCode: z
    .string()
    .max(32)
    .regex(/^[A-Za-z0-9_]*$/)
    .optional(),
};

const betRecord = z.object({
  ticket_id: z.string(),
  category: z.string(),
  channelCode: z.string(),
  kind: z.string(),
  seriesType: z.string(),
  gameType: z.string(),
  betAmount: z.string(),
  betCount: z.number(),
  validAmount: z.string(),
  payout: z.string(),
  winLoss: z.string(),
  maxPayout: z.string(),
  odds: z.string(),
  status: z.string(),
  result: z.string().nullable(),
  betTime: z.string(),
  settleTime: z.string().nullable(),
  legs: z.array(
    z.object({
      gameId: z.string(),
      league: z.string(),
      team_h: z.string(),
      team_c: z.string(),
      w: z.string(),
      name: z.string(),
      odds: z.string(),
      isLive: z.boolean(),
      score: z.string(),
      result: z.string().nullable(),
    }),
  ),
  /** A casino round (category ≠ TY): the title, the jackpot won, and the round's fairness data. */
  round: z
    .object({
      gameCode: z.string(),
      gameName: z.string(),
      /** The venue by name, and the round's number as the game showed it (a table's shoe-hand, a draw's number). */
      venueName: z.string(),
      roundNo: z.string(),
      jackpotWin: z.string(),
      fairness: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number(), serverSeed: z.string().nullable() }),
      /** A house table or lottery round (api/tables.ts): its number, the member's bets on it, its seed's hash and seed. */
      table: z
        .object({
          issue: z.string(),
          bets: z.array(z.object({ name: z.string(), amount: z.string(), payout: z.string() })),
          seedHash: z.string(),
          serverSeed: z.string().nullable(),
        })
        .nullable()
        .optional(),
    })
    .nullable(),
});

/** One line of user/queryMemberBetList: a sportsbook bet (its events) or a casino round (its game). */
const memberBet = z.object({
  ticketId: z.string(),
  category: z.string(),
  channelCode: z.string(),
  /** The events of a sportsbook bet ('home - away', ' / ' between legs) or a casino round's game. */
  title: z.string(),
  betAmount: z.string(),
  winLoss: z.string(),
  status: z.string(),
  betTime: z.string(),
});

/**
 * Entering any venue and its resource proxy: the house's own venues (sportsbook, slots, tables, lottery) and third
 * parties alike — not sport's alone.
 */
export const gameApi = {
  launch: endpoint({
    path: '/game/api/v1/launch',
    auth: 'member',
    tag,
    summary:
      "Enter a venue (spec §3/§4): an absolute url, a relative url, or data for the portal's own pages (house sportsbook). Auto-transfer moves the central balance in first when on.",
    request: z.strictObject({
      enName,
      gameCode: z
        .string()
        .max(64)
        .regex(/^[A-Za-z0-9_-]*$/),
      isActivity: z.union([z.literal(0), z.literal(1)]).optional(),
    }),
    response: z.object({
      url: z.string(),
      data: z
        .object({
          enName: z.string(),
          token: z.string(),
          expiresAt: z.number(),
          /** The house sportsbook: the odds formats it prices in. */
          oddsTypes: z.array(z.string()).optional(),
          /** A house game: the title to open in the slot host page (/dz/game). */
          gameCode: z.string().optional(),
        })
        .nullable(),
    }),
  }),
  resource: endpoint({
    path: '/game/api/v1/resource',
    auth: 'member',
    tag,
    summary:
      'Venue resource proxy (method, enName, Request with timestamp, token, langx, remoteip). House sportsbook: leagues, games, game, champion, bet, ticket, balance. House slots: slotInfo, spin, rounds, round, ack, seeds, clientSeed, rotateSeed, balance. House tables and lottery: tableInfo, tableBet, tableCancel, tableHistory, tableBets, lotteryChase, chaseCancel, chases.',
    request: resourceRequest,
    /** The answer of the request's method (api/resource.ts resourceAnswers: one schema per method). */
    response: resourceResponse,
  }),
};

export const sportApi = {
  betRecordTotal: endpoint({
    path: '/game/api/v1/record/betRecordTotal',
    auth: 'member',
    tag,
    summary: "Totals of the member's bets in a period: count, stake, valid stake, payout, win/loss.",
    request: z.strictObject(recordFilter),
    response: z.object({ count: z.number(), betAmount: z.string(), validAmount: z.string(), payout: z.string(), winLoss: z.string() }),
  }),
  betRecordList: endpoint({
    path: '/game/api/v1/record/betRecordList',
    auth: 'member',
    tag,
    summary: "The member's bets, newest first, with their legs; filters by time, game type, status, venue; pages.",
    request: z.strictObject({
      ...recordFilter,
      pageNum: z.number().int().min(1).max(10_000).optional(),
      pageSize: z.number().int().min(1).max(100).optional(),
    }),
    response: z.object({ total: z.number(), list: z.array(betRecord) }),
  }),
  queryMemberBetList: endpoint({
    path: '/site/api/v1/user/queryMemberBetList',
    auth: 'member',
    tag: 'User',
    summary:
      "The member's latest bets of every section (sportsbook bets and casino rounds), newest first, one line each: what the feedback form offers to attach. Default the last 7 days, at most pageSize (default 10).",
    request: z.strictObject({
      beginTime: epochMs.optional(),
      endTime: epochMs.optional(),
      pageSize: z.number().int().min(1).max(50).optional(),
    }),
    response: z.object({ list: z.array(memberBet) }),
  }),
};
