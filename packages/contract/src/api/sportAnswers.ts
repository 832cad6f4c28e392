/**
 * What the house sportsbook's resource methods answer (api/resource.ts maps each method to its answer). The
 * house sportsbook (apps/server modules/sport) answers these shapes and the web's sport pages read them; a
 * third-party sportsbook behind the same proxy answers the same. Amounts are yuan strings.
 */
import { z } from 'zod';
import { feedMarket, gameData } from '../realtime.ts';

/** One market of an event: `kind` picks the stake limits (LIMITS.SPORT_STAKE_FEN). */
export type SportMarketWire = z.infer<typeof feedMarket>;
/** One priced selection: `w` its code (it settles by it), `r` the canonical price (European milli-odds). */
export type SportSelectionWire = SportMarketWire['selections'][number];

/** games / game: one event with the spec §3 game-data fields flattened in. */
export const sportGameWire = gameData.extend({
  gameId: z.string(),
  gide: z.string().optional(),
  hgid: z.string().optional(),
  league: z.string(),
  team_h: z.string(),
  team_c: z.string(),
  startAt: z.number(),
  showType: z.string(),
  status: z.enum(['scheduled', 'live', 'finished']),
  suspended: z.boolean(),
  version: z.number(),
  markets: z.array(feedMarket),
});
export type SportGameWire = z.infer<typeof sportGameWire>;

export const sportGamesPageWire = z.object({ total: z.number(), list: z.array(sportGameWire) });
export type SportGamesPageWire = z.infer<typeof sportGamesPageWire>;

/** leagues */
export const sportLeagueWire = z.object({ leagueId: z.string(), name: z.string(), gameType: z.string(), quick: z.boolean() });
export type SportLeagueWire = z.infer<typeof sportLeagueWire>;

/** champion: an outright market, FSFT closing today, FSFU later. */
export const sportOutrightWire = z.object({
  gameId: z.string(),
  leagueId: z.string(),
  league: z.string(),
  name: z.string(),
  closeAt: z.number(),
  showType: z.enum(['FSFT', 'FSFU']),
  version: z.number(),
  selections: z.array(feedMarket.shape.selections.element.extend({ rtype: z.string() })),
});
export type SportOutrightWire = z.infer<typeof sportOutrightWire>;

const sportBetStatus = z.enum(['pending', 'accepted', 'rejected', 'settled']);
export type SportBetStatus = z.infer<typeof sportBetStatus>;
/** An in-play bet waits pending (active) until its delay has passed. */
const bettingData = z.object({ active: z.boolean(), ticket_id: z.string() });

/** bet: the ticket as placed (an in-play one waits pending: bettingData.active) and the venue balance after it. */
export const sportBetAnswerWire = z.object({
  ticket_id: z.string(),
  status: sportBetStatus,
  kind: z.enum(['single', 'parlay', 'series', 'champion']),
  seriesType: z.string(),
  betCount: z.number(),
  betAmount: z.string(),
  maxPayout: z.string(),
  legs: z.array(z.object({ gameId: z.string(), w: z.string(), r: z.number() })),
  bettingData,
  balance: z.string(),
});
export type SportBetAnswerWire = z.infer<typeof sportBetAnswerWire>;

/** ticket: a placed bet's state now. */
export const sportTicketAnswerWire = z.object({
  ticket_id: z.string(),
  status: sportBetStatus,
  result: z.string().nullable(),
  bettingData,
  rejectReason: z.string().nullable(),
  betAmount: z.string(),
  payout: z.string(),
});
export type SportTicketAnswerWire = z.infer<typeof sportTicketAnswerWire>;

/** What each sportsbook method answers (one object schema whose shape maps method → answer, as slotAnswers). */
export const sportAnswers = z.object({
  leagues: z.array(sportLeagueWire),
  games: sportGamesPageWire,
  game: sportGameWire,
  champion: z.array(sportOutrightWire),
  bet: sportBetAnswerWire,
  ticket: sportTicketAnswerWire,
});
