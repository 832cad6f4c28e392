/**
 * Shared tables and lottery draws: baccarat, dragon tiger, sic bo and roulette at the house table
 * venue (CRZR, category ZR) and the scheduled lottery draws (CRCP, category CP). These are random-number tables
 * drawn by the house, shown with animated dealing — never a live dealer.
 *
 * Every table runs rounds for ever: betting window → closed → steps revealed (cards, dice, wheel, digits, cars)
 * → settled → next round. A round's seed is committed (its SHA-256, `seedHash`) before its window opens and
 * revealed once it is settled (`serverSeed`): re-draw it with `drawTableRound` of @portal/games.
 *
 * Calls: the public lobby (`game/tableLobby`, no session: guests watch the tables) and the venue's resource
 * methods (game/api/v1/resource with the venue token of launch, enName 'crzr' or 'crcp'). Pushes: the realtime
 * socket's TABLE_* messages (realtime.ts), each the table's full state with a version that only grows.
 * Amounts are yuan strings ('10.00').
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { moneyString } from './wallet.ts';
import { id, idempotencyKey, venueMethod } from '../venue.ts';
import { pvpAnswers, pvpMethods } from '../pvp.ts';

export const TABLE_LIMITS = {
  /** Bet spots in one request (a confirm of the chips on the layout). */
  SPOTS_PER_BET: 30,
  /** Draws a multi-draw plan (追号) may cover. */
  CHASE_DRAWS_MAX: 50,
  /** History (draw results) one page lists. */
  HISTORY_PAGE_MAX: 100,
  /** Chips the table pages offer (yuan). */
  CHIPS: ['10', '50', '100', '500', '1000', '5000'],
} as const;

export const TABLE_STATUSES = ['betting', 'closed', 'revealing', 'settled', 'cancelled'] as const;
export type TableRoundStatus = (typeof TABLE_STATUSES)[number];

const tableCode = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);
/** A bet type key: 'banker', 'sum11', 'p2big', roulette inside 'in:17' / 'in:0-1-2-3' … */
export const tableBetKey = z
  .string()
  .min(1)
  .max(24)
  .regex(/^[A-Za-z0-9:-]+$/);
const seq = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const spots = z
  .array(z.strictObject({ type: tableBetKey, amount: moneyString }))
  .min(1)
  .max(TABLE_LIMITS.SPOTS_PER_BET);

const tableMethods = [
  /** The table: its bet types and limits, the current round, the shoe's results (roads), the member's bets and balance. */
  venueMethod('tableInfo', { gameCode: tableCode }),
  /** Bets on the current round (one or many spots at once, all or nothing); only while its window is open. */
  venueMethod('tableBet', { gameCode: tableCode, seq, bets: spots, idempotencyKey }),
  /** Takes back every bet of the member on the round, before it closes. */
  venueMethod('tableCancel', { gameCode: tableCode, seq, idempotencyKey }),
  /** Settled rounds, newest first, with their outcomes and revealed seeds (draw history, trend charts). */
  venueMethod('tableHistory', {
    gameCode: tableCode,
    pageNum: z.number().int().min(1).max(1000).optional(),
    pageSize: z.number().int().min(1).max(TABLE_LIMITS.HISTORY_PAGE_MAX).optional(),
  }),
  /** The member's bets at this venue, newest first (one table or all). */
  venueMethod('tableBets', {
    gameCode: tableCode.optional(),
    pageNum: z.number().int().min(1).max(1000).optional(),
    pageSize: z.number().int().min(1).max(50).optional(),
  }),
  /** 追号: the same bets on `draws` consecutive draws from the current one; all stakes held now, stopping on a win if asked. */
  venueMethod('lotteryChase', {
    gameCode: tableCode,
    seq,
    bets: spots,
    draws: z.number().int().min(2).max(TABLE_LIMITS.CHASE_DRAWS_MAX),
    stopOnWin: z.boolean(),
    idempotencyKey,
  }),
  /** Stops a plan: its bets on draws not yet closed are refunded. */
  venueMethod('chaseCancel', { chaseId: id }),
  /** PvP card tables (pvp.ts): join a level's queue, leave it. */
  ...pvpMethods,
  /** The member's plans. */
  venueMethod('chases', { gameCode: tableCode.optional() }),
] as const;

export const tableResource = z.discriminatedUnion('method', tableMethods);
export const TABLE_METHODS = tableMethods.map((m) => m.shape.method.value);

// ----- wire shapes (answers and pushes; api/resource.ts maps each method to its answer) -----

const yuanText = z.string();
const tableKind = z.enum(['baccarat', 'dragonTiger', 'sicbo', 'roulette', 'k3', 'digit5', 'race10', 'niuniu', 'pai28', 'sangong']);
export type TableKindWire = z.infer<typeof tableKind>;

export const tableBetTypeWire = z.object({
  key: z.string(),
  name: z.string(),
  /** Returned per unit staked on a win, stake included ('1.95', '12'); roulette's inside bets are listed by size. */
  odds: z.string(),
  /** Limit group: stakes on this type, per member and round, within the group's limits. */
  group: z.string(),
});
export type TableBetTypeWire = z.infer<typeof tableBetTypeWire>;

export const tableLimitWire = z.object({ group: z.string(), min: yuanText, max: yuanText });
export type TableLimitWire = z.infer<typeof tableLimitWire>;

/** A revealed step: a card (0–51: rank = v % 13, A = 0; suit = ⌊v / 13⌋ ♠♥♣♦), a die, a pocket, a digit, a car. */
export const tableStepWire = z.union([
  z.object({ kind: z.literal('burn'), value: z.number(), hidden: z.number() }),
  z.object({ kind: z.literal('card'), side: z.enum(['player', 'banker', 'dragon', 'tiger']), value: z.number() }),
  z.object({ kind: z.enum(['die', 'pocket', 'digit', 'car']), value: z.number() }),
  /** 棋牌 tables: a whole hand — five cards (百人牛牛) or two tiles (二八杠: 0–39, face = v % 10, 0 白板) — of a spot or the banker. */
  z.object({ kind: z.literal('hand'), side: z.string(), cards: z.array(z.number()) }),
]);
export type TableStepWire = z.infer<typeof tableStepWire>;

/** A road entry (card tables): dragon tiger's dragon is 'banker', tiger 'player'. */
export const coupResultWire = z.object({
  winner: z.enum(['banker', 'player', 'tie']),
  playerPair: z.boolean().optional(),
  bankerPair: z.boolean().optional(),
  natural: z.boolean().optional(),
});
export type CoupResultWire = z.infer<typeof coupResultWire>;

/** A round of a table without the lottery's `last` (the draw before; it never nests further). */
const tableRoundStateWire = z.object({
  gameCode: z.string(),
  kind: tableKind,
  /** Round number at this table (lottery: the draw's number in the schedule). */
  seq: z.number(),
  /** What the page shows as the round's number: '20261126-0345' (lottery), '3-27' (shoe 3, hand 27). */
  issue: z.string(),
  status: z.enum(TABLE_STATUSES),
  /** SHA-256 of the round's seed, shown from before the window opens. */
  seedHash: z.string(),
  /** The seed, once the round is settled or cancelled (null before). */
  serverSeed: z.string().nullable(),
  opensAt: z.number(),
  closesAt: z.number(),
  /** When the reveal starts (lottery: the scheduled draw time). */
  drawAt: z.number(),
  /** Steps revealed so far (a player joining mid-reveal sees these, never the ones still to come). */
  steps: z.array(tableStepWire),
  /** Once fully revealed: the outcome (@portal/games TableOutcome) and its road entry (null before). */
  outcome: z.unknown(),
  coup: coupResultWire.nullable(),
  /** Card tables: the shoe and the hand; cards left. */
  shoe: z.object({ shoeNo: z.number(), hand: z.number(), left: z.number() }).nullable(),
  /** Grows with every change of the table (round × 100 + step; lottery: also with the last draw's reveal). */
  version: z.number(),
  /** The server's clock when this state was sent (the page's countdown corrects by it). */
  serverNow: z.number(),
});

/** The current round of a table, as pushed (TABLE_STATE) and as tableInfo / tableLobby answer it. */
export const tableStateWire = tableRoundStateWire.extend({
  /**
   * Lottery: the draw before this one — its reveal, then its result — while this one takes bets (null when there is
   * none). Card tables: absent.
   */
  last: tableRoundStateWire.nullable().optional(),
});
export type TableStateWire = z.infer<typeof tableStateWire>;

export const tableBetWire = z.object({
  betId: z.string(),
  gameCode: z.string(),
  seq: z.number(),
  issue: z.string(),
  type: z.string(),
  typeName: z.string(),
  amount: yuanText,
  status: z.enum(['pending', 'won', 'lost', 'push', 'refunded']),
  /** Paid back, stake included ('0.00' until settled). */
  payout: yuanText,
  chaseId: z.string().nullable(),
  createdAt: z.number(),
  settledAt: z.number().nullable(),
});
export type TableBetWire = z.infer<typeof tableBetWire>;

export const tableInfoWire = z.object({
  gameCode: z.string(),
  channelCode: z.string(),
  kind: tableKind,
  name: z.string(),
  /** Always false: these tables are drawn by the house's random numbers, not a studio. */
  liveDealer: z.literal(false),
  /** baccarat: 'commission' (banker pays 0.95) or 'noCommission' (banker winning with 6 pays 1:2). */
  variant: z.enum(['commission', 'noCommission']).nullable(),
  betTypes: z.array(tableBetTypeWire),
  limits: z.array(tableLimitWire),
  chips: z.array(z.string()),
  /** The table's rhythm (ms): betting window, reveal, pause (lottery: draw every intervalMs, bets close lockMs before). */
  timing: z.object({ bettingMs: z.number(), revealMs: z.number(), intervalMs: z.number().nullable(), lockMs: z.number().nullable() }),
  state: tableStateWire,
  /** This shoe's results before the current round (card tables; for the roads), oldest first: the current round's is `state.coup`. */
  shoeResults: z.array(coupResultWire),
  /** The member's bets on the current round. */
  myBets: z.array(tableBetWire),
  balance: yuanText,
});
export type TableInfoWire = z.infer<typeof tableInfoWire>;

export const tableLobbyEntryWire = z.object({
  gameCode: z.string(),
  kind: tableKind,
  name: z.string(),
  status: z.enum(['active', 'maintenance']),
  minBet: yuanText,
  maxBet: yuanText,
  state: tableStateWire.nullable(),
  /** As in tableInfoWire: the shoe before the current round. */
  shoeResults: z.array(coupResultWire),
  /** Lottery, sic bo and roulette: the last rounds' outcomes, newest first (card tables: their shoe's roads instead). */
  lastDraws: z.array(z.object({ seq: z.number(), issue: z.string(), outcome: z.unknown() })),
});
export type TableLobbyEntryWire = z.infer<typeof tableLobbyEntryWire>;

export const tableHistoryEntryWire = z.object({
  seq: z.number(),
  issue: z.string(),
  status: z.enum(['settled', 'cancelled']),
  outcome: z.unknown(),
  coup: coupResultWire.nullable(),
  seedHash: z.string(),
  /** The revealed seed; card tables: the shoe's, null until the shoe has ended. */
  serverSeed: z.string().nullable(),
  /** Card tables: the shoe, the hand, cards left after it, and the index of its first card in the shoe's order. */
  shoe: z.object({ shoeNo: z.number(), hand: z.number(), left: z.number(), start: z.number().nullable() }).nullable().optional(),
  drawAt: z.number(),
  settledAt: z.number().nullable(),
});
export type TableHistoryEntryWire = z.infer<typeof tableHistoryEntryWire>;

export const tableBetAnswerWire = z.object({ bets: z.array(tableBetWire), balance: yuanText });
export type TableBetAnswerWire = z.infer<typeof tableBetAnswerWire>;

export const chaseWire = z.object({
  chaseId: z.string(),
  gameCode: z.string(),
  startSeq: z.number(),
  draws: z.number(),
  stopOnWin: z.boolean(),
  status: z.enum(['running', 'won', 'finished', 'cancelled']),
  /** Per draw: its total stake and what happened. */
  perDraw: z.string(),
  drawsDone: z.number(),
  totalStake: yuanText,
  totalPayout: yuanText,
  createdAt: z.number(),
});
export type ChaseWire = z.infer<typeof chaseWire>;

/** What each table and lottery method answers (one object schema whose shape maps method → answer, as slotAnswers). */
export const tableAnswers = z.object({
  tableInfo: tableInfoWire,
  tableBet: tableBetAnswerWire,
  tableCancel: tableBetAnswerWire,
  tableHistory: z.object({ total: z.number(), list: z.array(tableHistoryEntryWire) }),
  tableBets: z.object({ total: z.number(), list: z.array(tableBetWire) }),
  lotteryChase: chaseWire.extend({ balance: yuanText }),
  chaseCancel: chaseWire,
  chases: z.object({ list: z.array(chaseWire) }),
  ...pvpAnswers.shape,
});
/** The table and lottery venues' own methods (balance is every house venue's: api/resource.ts). */
export type TableResourceMethod = keyof typeof tableAnswers.shape;

const tag = 'Game';

export const tableLobbyInput = z.strictObject({ category: z.enum(['ZR', 'CP', 'QP']) });

export const tablesApi = {
  /** The tables of a category at this brand with their current round and roads: guests may watch. */
  tableLobby: endpoint({
    path: '/game/api/v1/tableLobby',
    auth: 'optional',
    tag,
    summary: 'Shared tables or lottery draws of a category with their current round (public)',
    request: tableLobbyInput,
    response: z.object({ list: z.array(tableLobbyEntryWire) }),
  }),
};
