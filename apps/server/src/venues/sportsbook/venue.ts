/**
 * The house sportsbook as a venue, reached like any third party: the wallet moves
 * money in and out through this adapter, launch answers data for the portal's own sport pages, and
 * the resource proxy forwards the venue's methods. A real third-party sportsbook replaces it by
 * configuration (the venue row's adapter).
 *
 * Its books ARE our ledger: the member's venue wallet account (ref = channel code). The wallet has
 * already moved the money for a transfer in (central → venue wallet) before asking, so transferIn only
 * records the transfer; transferOut checks the venue wallet still holds the amount (bets may have used
 * it meanwhile) and records it. The record answers queryTransfer after a lost answer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connect.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { ledgerStatement, ledgerTransaction } from '../../ledger/groupCommit.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { VenueRefused, type VenueAdapter, type VenueGame, type VenueTransfer } from '../adapter.ts';

export const HOUSE_SPORTSBOOK = 'house_sportsbook';
/** The house casino venues (CRDZ): the same adapter (books = our ledger); their games are modules/casino/slots.ts. */
export const HOUSE_CASINO = 'house_casino';
/** The venue token of launch lives this long; the resource proxy answers 6302 after it (re-enter the game). */
export const VENUE_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

const memberOf = (player: string) => player.slice(player.indexOf('_') + 1);

/** Verified venue tokens kept per process (one per member with the sport pages open; cleared when full). */
const VERIFIED_TOKENS_MAX = 50_000;

/** The house's own venues (sportsbook, slots, tables, lottery): one adapter, their books are our ledger. */
export class HouseVenue implements VenueAdapter, VenueGame {
  constructor(
    private readonly db: Db,
    private readonly tokenKey: string,
  ) {}

  /** The house sportsbook is the venue with a game the portal enters itself (VenueAdapter.game). */
  readonly game: VenueGame = this;

  async balance(channelCode: string, player: string): Promise<number> {
    return balanceOf(this.db, memberAccount(memberOf(player), 'venue', 'CNY', channelCode));
  }

  // Its records share the group commit of concurrent money steps (ledger/groupCommit.ts).
  async transferIn(t: VenueTransfer): Promise<void> {
    await ledgerStatement(this.db, (db) =>
      db
        .insertInto('sportsbook_transfers')
        .values({ transfer_id: t.transferId, player: t.player, direction: 'in', amount: t.amount, created_at: Date.now() })
        .onConflict((oc) => oc.column('transfer_id').doNothing())
        .execute(),
    );
  }

  async transferOut(t: VenueTransfer): Promise<void> {
    await ledgerTransaction(this.db, async (tx) => {
      const seen = await tx
        .selectFrom('sportsbook_transfers')
        .select('transfer_id')
        .where('transfer_id', '=', t.transferId)
        .executeTakeFirst();
      if (seen) return;
      if ((await balanceOf(tx, memberAccount(memberOf(t.player), 'venue', 'CNY', t.channelCode))) < t.amount)
        throw new VenueRefused('insufficient venue balance');
      await tx
        .insertInto('sportsbook_transfers')
        .values({ transfer_id: t.transferId, player: t.player, direction: 'out', amount: t.amount, created_at: Date.now() })
        .execute();
    });
  }

  async queryTransfer(_channelCode: string, transferId: string): Promise<'done' | 'not_found'> {
    const seen = await this.db
      .selectFrom('sportsbook_transfers')
      .select('transfer_id')
      .where('transfer_id', '=', transferId)
      .executeTakeFirst();
    return seen ? 'done' : 'not_found';
  }

  /** A venue token for the member (stateless: expiry + HMAC over member, site and venue). */
  issueToken(memberId: string, siteCode: number, channelCode: string, now = Date.now()): { token: string; expiresAt: number } {
    const expiresAt = now + VENUE_TOKEN_TTL_MS;
    return { token: `${expiresAt}.${this.mac(memberId, siteCode, channelCode, expiresAt)}`, expiresAt };
  }

  /**
   * Tokens this process has verified, by member, site, venue and token, until they expire: the sport pages
   * send the same venue token with every call, and the HMAC was a few percent of a bet. Only a token that
   * passed the HMAC for exactly that member, site and venue is ever found here.
   */
  private readonly verified = new Map<string, number>();

  checkToken(token: string, memberId: string, siteCode: number, channelCode: string, now = Date.now()): boolean {
    const key = `${memberId}|${siteCode}|${channelCode}|${token}`;
    const until = this.verified.get(key);
    if (until !== undefined) {
      if (until >= now) return true;
      this.verified.delete(key);
      return false;
    }
    const [exp, mac] = token.split('.');
    const expiresAt = Number(exp);
    if (!mac || !Number.isSafeInteger(expiresAt) || expiresAt < now) return false;
    const want = Buffer.from(this.mac(memberId, siteCode, channelCode, expiresAt));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
    if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.clear();
    this.verified.set(key, expiresAt);
    return true;
  }

  private mac(memberId: string, siteCode: number, channelCode: string, expiresAt: number): string {
    return createHmac('sha256', this.tokenKey).update(`${memberId}|${siteCode}|${channelCode}|${expiresAt}`).digest('base64url');
  }
}
