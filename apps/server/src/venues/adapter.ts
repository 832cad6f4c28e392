/**
 * A game venue as the wallet sees it (third-party or house): balance, transfer in, transfer out, and
 * the status query that settles a transfer whose answer was lost. Transfers are idempotent by id.
 */
export interface VenueAdapter {
  /** The player's balance at the venue, in fen. */
  balance(channelCode: string, player: string): Promise<number>;
  transferIn(t: VenueTransfer): Promise<void>;
  transferOut(t: VenueTransfer): Promise<void>;
  /** After a lost answer: 'done' when the venue applied the transfer, 'not_found' when it never will. */
  queryTransfer(channelCode: string, transferId: string): Promise<'done' | 'not_found'>;
  /**
   * Capability: the venue has a game integration the portal enters itself (launch, resource proxy) — in
   * this deployment only the house sportsbook; a venue without it has no game to enter.
   */
  readonly game?: VenueGame;
}

/** Entering a venue's game: the venue's own tokens, bound to member, brand and venue. */
export interface VenueGame {
  issueToken(memberId: string, siteCode: number, channelCode: string, now?: number): { token: string; expiresAt: number };
  checkToken(token: string, memberId: string, siteCode: number, channelCode: string, now?: number): boolean;
}

export interface VenueTransfer {
  transferId: string;
  channelCode: string;
  player: string;
  amount: number;
}

/** The venue definitely did not apply the transfer (refused, insufficient, down before receiving). */
export class VenueRefused extends Error {}
/** The outcome is unknown (timeout, connection lost): the reconciler asks the venue later. */
export class VenueUnknown extends Error {}

/** Our player id at a venue: one per member and brand. */
export const venuePlayer = (siteCode: number, memberId: string) => `${siteCode}_${memberId}`;

/**
 * A seamless venue (adapter `seamless:<aggregatorId>`, modules/seamless): a game aggregator that debits the
 * member's central wallet through the seamless-wallet callbacks. It has no venue wallet, so the wallet's
 * venue lists, transfers and recycle skip it.
 */
export const SEAMLESS_ADAPTER_PREFIX = 'seamless:';
export const isSeamlessVenue = (v: { adapter: string }) => v.adapter.startsWith(SEAMLESS_ADAPTER_PREFIX);
