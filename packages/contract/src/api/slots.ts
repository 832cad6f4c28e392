/**
 * The house slot venue's resource methods: reached through game/api/v1/resource with the venue
 * token launch answers (enName 'crdz'). Their answers (the proxy's response is z.unknown() on the wire)
 * are the schemas below (api/resource.ts maps each method to its answer). Amounts are yuan strings, except inside `outcome`, which is the game
 * engine's own record (`@portal/games` SpinOutcome, amounts in fen) so that the web's verifier compares
 * it field for field with its own re-computation.
 */
import type { SpinOutcome } from '@portal/games';
import { z } from 'zod';
import { moneyString } from './wallet.ts';
import { id, idempotencyKey, venueMethod } from '../venue.ts';

const slotGameCode = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);
/** A client seed: the player's own text mixed into every round (letters, digits, _ and -). */
export const clientSeed = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const SLOT_LIMITS = {
  /** Recent rounds a page shows. */
  ROUNDS_PAGE_MAX: 50,
  /** The regulated pace (site flag `regulatedPace`): a spin starts at least this long after the last one. */
  REGULATED_SPIN_MS: 2500,
} as const;

const slotMethods = [
  /** The title's lobby figures at this brand, the member's balance, seeds and any round not yet shown. */
  venueMethod('slotInfo', { gameCode: slotGameCode }),
  /** One paid spin: the answer carries the whole outcome (free spins and jackpot included). */
  venueMethod('spin', { gameCode: slotGameCode, bet: moneyString, idempotencyKey }),
  /** The member's recent rounds, newest first (one title, or all). */
  venueMethod('rounds', {
    gameCode: slotGameCode.optional(),
    pageNum: z.number().int().min(1).max(1000).optional(),
    pageSize: z.number().int().min(1).max(SLOT_LIMITS.ROUNDS_PAGE_MAX).optional(),
  }),
  /** One of the member's rounds with its fairness data (the server seed once rotated out). */
  venueMethod('round', { roundId: id }),
  /** The page has shown the round's outcome (an unshown round is shown again on return). */
  venueMethod('ack', { roundId: id }),
  /** The member's seed pair (the server seed's hash, never the seed) and the pairs already revealed. */
  venueMethod('seeds', {}),
  /** The member sets the client seed of the current pair (the committed server seed stays). */
  venueMethod('clientSeed', { clientSeed }),
  /** Reveal the current server seed (its rounds become verifiable) and commit a new one. */
  venueMethod('rotateSeed', {}),
] as const;

/** The house slot venue's resource requests (game/api/v1/resource's request is these and the sportsbook's). */
export const slotResource = z.discriminatedUnion('method', slotMethods);

// ----- answers (the resource proxy's answer per method: api/resource.ts) -----

const yuanText = z.string();

export const slotPaceWire = z.object({
  /** The spin animation lasts at least this long (ms); the server refuses an earlier next spin (6011). */
  minSpinMs: z.number(),
  autoplay: z.boolean(),
  /** A win at most the stake is shown quietly (no celebration). */
  celebrateOnlyAboveStake: z.boolean(),
});
export type SlotPaceWire = z.infer<typeof slotPaceWire>;

export const fairnessWire = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
  /** Null until the pair is rotated out. */
  serverSeed: z.string().nullable(),
});
export type FairnessWire = z.infer<typeof fairnessWire>;

export const publicSeedsWire = z.object({
  current: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number() }),
  /** Revealed pairs, newest first (their rounds can be verified). */
  revealed: z.array(
    z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), rounds: z.number(), revealedAt: z.number() }),
  ),
});
export type PublicSeedsWire = z.infer<typeof publicSeedsWire>;

export const slotRoundWire = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  channelCode: z.string(),
  bet: yuanText,
  /** Base game and free spins. */
  win: yuanText,
  /** The progressive pool's amount when this round won it ('0.00' otherwise). */
  jackpotWin: yuanText,
  status: z.literal('settled'),
  createdAt: z.number(),
  /** True once the page has shown the outcome. */
  shown: z.boolean(),
  /** The engine's outcome record (@portal/games SpinOutcome, amounts in fen), as the engine wrote it: not re-checked here. */
  outcome: z.custom<SpinOutcome>(),
  fairness: fairnessWire,
});
export type SlotRoundWire = z.infer<typeof slotRoundWire>;

export const slotSpinWire = z.object({
  round: slotRoundWire,
  /** The member's balance at this venue after the round. */
  balance: yuanText,
});
export type SlotSpinWire = z.infer<typeof slotSpinWire>;

export const slotInfoWire = z.object({
  gameCode: z.string(),
  channelCode: z.string(),
  name: z.string(),
  rtp: z.string(),
  volatility: z.string(),
  /** Total bets the brand allows for this title (yuan strings, ascending). */
  betLevels: z.array(yuanText),
  pace: slotPaceWire,
  balance: yuanText,
  seeds: publicSeedsWire.shape.current,
  pool: z.object({ poolCode: z.string(), amount: yuanText }).nullable(),
  /** The last round the page never showed (a closed tab, a lost answer): shown on entry. */
  unshown: slotRoundWire.nullable(),
});
export type SlotInfoWire = z.infer<typeof slotInfoWire>;

/**
 * What each slot method answers (ack: null; clientSeed and rotateSeed: the seeds after the change), as one object
 * schema whose shape maps method → answer (a schema, so the web build's schema-free twin drops it: endpointMeta.ts).
 */
export const slotAnswers = z.object({
  slotInfo: slotInfoWire,
  spin: slotSpinWire,
  rounds: z.object({ total: z.number(), list: z.array(slotRoundWire) }),
  round: slotRoundWire,
  ack: z.null(),
  seeds: publicSeedsWire,
  clientSeed: publicSeedsWire,
  rotateSeed: publicSeedsWire,
});
/** The slot venue's own methods (balance is every house venue's: api/resource.ts). */
export type SlotResourceMethod = keyof typeof slotAnswers.shape;
