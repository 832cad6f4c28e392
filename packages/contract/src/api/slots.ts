/**
 * The house slot venue's resource methods (issue 15): reached through game/api/v1/resource with the venue
 * token launch answers (enName 'crdz'). Their answers (the proxy's response is z.unknown() on the wire)
 * are the *Wire types below. Amounts are yuan strings, except inside `outcome`, which is the game
 * engine's own record (`@portal/games` SpinOutcome, amounts in fen) so that the web's verifier compares
 * it field for field with its own re-computation.
 */
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

export interface SlotPaceWire {
  /** The spin animation lasts at least this long (ms); the server refuses an earlier next spin (6011). */
  minSpinMs: number;
  autoplay: boolean;
  /** A win at most the stake is shown quietly (no celebration). */
  celebrateOnlyAboveStake: boolean;
}

export interface FairnessWire {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Null until the pair is rotated out. */
  serverSeed: string | null;
}

export interface PublicSeedsWire {
  current: { serverSeedHash: string; clientSeed: string; nonce: number };
  /** Revealed pairs, newest first (their rounds can be verified). */
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number; revealedAt: number }[];
}

export interface SlotRoundWire {
  roundId: string;
  gameCode: string;
  channelCode: string;
  bet: string;
  /** Base game and free spins. */
  win: string;
  /** The progressive pool's amount when this round won it ('0.00' otherwise). */
  jackpotWin: string;
  status: 'settled';
  createdAt: number;
  /** True once the page has shown the outcome. */
  shown: boolean;
  /** The engine's outcome record (amounts in fen). */
  outcome: unknown;
  fairness: FairnessWire;
}

export interface SlotSpinWire {
  round: SlotRoundWire;
  /** The member's balance at this venue after the round. */
  balance: string;
}

export interface SlotInfoWire {
  gameCode: string;
  channelCode: string;
  name: string;
  rtp: string;
  volatility: string;
  /** Total bets the brand allows for this title (yuan strings, ascending). */
  betLevels: string[];
  pace: SlotPaceWire;
  balance: string;
  seeds: PublicSeedsWire['current'];
  pool: { poolCode: string; amount: string } | null;
  /** The last round the page never showed (a closed tab, a lost answer): shown on entry. */
  unshown: SlotRoundWire | null;
}
