/**
 * What game/api/v1/resource answers, by method: each method of the house venues (slots, tables and lottery,
 * sportsbook) has its answer's schema here. The wire carries the answer alone (no method beside it), so the
 * endpoint's response is the union of these; a caller that knows its method reads that method's answer
 * (../resourceCall.ts). apps/server's resourceAnswers.test.ts checks real answers of every method against them.
 */
import { z } from 'zod';
import { slotAnswers } from './slots.ts';
import { sportAnswers } from './sportAnswers.ts';
import { tableAnswers } from './tables.ts';

/** balance (every house venue): the member's balance at the venue, yuan. */
export const venueBalanceWire = z.object({ channelCode: z.string(), balance: z.string() });
export type VenueBalanceWire = z.infer<typeof venueBalanceWire>;

/**
 * Method → its answer, as one object schema: `resourceAnswers.shape[method]` is a method's answer schema, and its
 * type `ResourceAnswers` the map method → answer (indexed by a method type parameter it stays that method's answer).
 */
export const resourceAnswers = z.object({ ...slotAnswers.shape, ...tableAnswers.shape, ...sportAnswers.shape, balance: venueBalanceWire });
export type ResourceAnswers = z.output<typeof resourceAnswers>;

/** game/api/v1/resource's response: the answer of whichever method was asked. */
export const resourceResponse = z.union(Object.values(resourceAnswers.shape));
