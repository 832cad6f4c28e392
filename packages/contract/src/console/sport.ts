/** The sportsbook desk in the operator console: results, settlement, cancellation, restore. */
import { z } from 'zod';
import { pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

const tag = 'Console sportsbook';

/** D0 … D9, DA … DZ: the operator's cancellation reasons. */
export const cancelCode = z.string().regex(/^D[0-9A-Z]$/);
const score = z.number().int().min(0).max(999);
const eventId = z.string().trim().min(1).max(64);
const ticketId = z.string().trim().min(1).max(64);

export const sportResult = z.object({
  scoreH: z.number(),
  scoreC: z.number(),
  htH: z.number().nullable(),
  htC: z.number().nullable(),
  winner: z.string().nullable(),
  cancelCode: z.string().nullable(),
  /** feed or operator */
  source: z.string(),
  version: z.number(),
  updatedAt: z.number(),
});

export const sportEventRow = z.object({
  eventId: z.string(),
  league: z.string(),
  teamH: z.string(),
  teamC: z.string(),
  gameType: z.string(),
  /** Bets on it of the staff member's brands, by state. */
  openBets: z.number(),
  settledBets: z.number(),
  stakeFen: z.number(),
  result: sportResult.nullable(),
});
export type SportEventRow = z.infer<typeof sportEventRow>;

export const SPORT_BET_STATES = ['pending', 'accepted', 'rejected', 'settled'] as const;

export const sportBetRow = z.object({
  ticketId: z.string(),
  siteCode: z.number(),
  username: z.string(),
  kind: z.string(),
  seriesType: z.string(),
  stakeFen: z.number(),
  oddsMilli: z.number(),
  status: z.enum(SPORT_BET_STATES),
  result: z.string().nullable(),
  payoutFen: z.number(),
  validFen: z.number(),
  createdAt: z.number(),
  settledAt: z.number().nullable(),
  legs: z.array(
    z.object({
      eventId: z.string(),
      league: z.string(),
      match: z.string(),
      pick: z.string(),
      oddsMilli: z.number(),
      result: z.string().nullable(),
    }),
  ),
});
export type SportBetRow = z.infer<typeof sportBetRow>;

export const consoleSportApi = {
  events: consoleEndpoint({
    path: 'sport/events',
    permission: 'sport.read',
    tag,
    summary: "Events with bets of the staff member's brands; `awaiting`: open bets and no result yet.",
    request: z.strictObject({ ...pageFields, awaiting: z.boolean().optional(), keyword: z.string().trim().max(40).optional() }),
    response: pageOf(sportEventRow),
  }),
  bets: consoleEndpoint({
    path: 'sport/bets',
    permission: 'sport.read',
    tag,
    summary: 'Sportsbook bets by event, ticket or member username, with their legs.',
    request: z.strictObject({
      ...pageFields,
      siteCode: siteCode.optional(),
      eventId: eventId.optional(),
      ticketId: ticketId.optional(),
      username: z.string().trim().max(32).optional(),
      status: z.enum(SPORT_BET_STATES).optional(),
    }),
    response: pageOf(sportBetRow),
  }),
  result: consoleEndpoint({
    path: 'sport/result',
    permission: 'sport.write',
    tag,
    summary:
      "Set or correct an event's result: its settled bets are restored and every bet on it settles again (resettlement). Deployment-wide staff only (events are shared by every brand).",
    request: z.strictObject({
      eventId,
      scoreH: score,
      scoreC: score,
      htH: score.nullable().default(null),
      htC: score.nullable().default(null),
      winner: z.string().trim().min(1).max(32).nullable().default(null),
    }),
    response: z.object({ settled: z.number() }),
  }),
  cancelEvent: consoleEndpoint({
    path: 'sport/cancelEvent',
    permission: 'sport.write',
    tag,
    summary: 'Cancel an event with a reason code: every bet leg on it is void (stake back). Deployment-wide staff only.',
    request: z.strictObject({ eventId, code: cancelCode }),
    response: z.object({ settled: z.number() }),
  }),
  settle: consoleEndpoint({
    path: 'sport/settle',
    permission: 'sport.write',
    tag,
    summary: 'Confirm due in-play bets and settle every bet whose events have results, now. Deployment-wide staff only.',
    request: z.strictObject({}),
    response: z.object({ accepted: z.number(), rejected: z.number(), settled: z.number() }),
  }),
  restore: consoleEndpoint({
    path: 'sport/restore',
    permission: 'sport.write',
    tag,
    summary: 'Restore a settled bet (A): its payout is reversed and it settles again (6008: not a settled bet).',
    request: z.strictObject({ ticketId }),
    response: sportBetRow,
  }),
  cancel: consoleEndpoint({
    path: 'sport/cancel',
    permission: 'sport.write',
    tag,
    summary: 'Cancel a bet with a reason code: the stake goes back to the member (6008: not cancellable).',
    request: z.strictObject({ ticketId, code: cancelCode }),
    response: sportBetRow,
  }),
};
