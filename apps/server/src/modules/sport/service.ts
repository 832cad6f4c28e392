/**
 * The sport venue's API face: game/api/v1/launch for any venue, and the game/api/v1/resource proxy
 * that forwards (method, enName, Request{timestamp, token, langx, remoteip, …}) to the venue — here
 * the house sportsbook's methods. Tokens are the venue's own (launch issues them; a wrong or stale one
 * answers 6302 so the client re-enters the game).
 */
import { StatusCode } from '@portal/contract';
import { yuan } from '@portal/rules';
import type { z } from 'zod';
import type { ResourceAnswer, SportGameWire, SportTicketAnswerWire, resourceRequest } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { VenueTable } from '../../db/schema.ts';
import type { MemberCaller } from '../user/caller.ts';
import { fail } from '../../lib/errors.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import type { FeedEvent, OddsFeed } from '../../providers/oddsFeed.ts';
import type { VenueAdapter, VenueGame } from '../../venues/adapter.ts';
import { venueRepository } from '../wallet/repository.ts';
import type { Placement } from './placement.ts';
import { sportRepository } from './repository.ts';
import type { Settlement } from './settlement.ts';

type ResourceInput = z.output<typeof resourceRequest>;
/** The house sportsbook's methods (balance too: every house venue answers it). */
export const SPORT_METHODS = ['leagues', 'games', 'game', 'champion', 'bet', 'ticket', 'balance'] as const;
export type SportMethod = (typeof SPORT_METHODS)[number];
export type SportInput = Extract<ResourceInput, { method: SportMethod }>;
export const isSportInput = (i: ResourceInput): i is SportInput => (SPORT_METHODS as readonly string[]).includes(i.method);

const gameView = (e: FeedEvent): SportGameWire => ({
  gameId: e.gameId,
  gide: e.gameId,
  hgid: e.gameId,
  league: e.league,
  team_h: e.team_h,
  team_c: e.team_c,
  startAt: e.startAt,
  showType: e.showType,
  status: e.status,
  suspended: e.suspended,
  version: e.version,
  ...e.data,
  markets: e.markets,
});

export class SportService {
  constructor(
    private readonly db: Db,
    private readonly adapters: (v: VenueTable) => VenueAdapter,
    private readonly feed: () => OddsFeed | null,
    readonly placement: Placement,
    readonly settlement: Settlement,
  ) {}

  private async house(enName: string): Promise<{ v: VenueTable; venue: VenueGame }> {
    const v = await venueRepository.current(this.db, enName.toUpperCase());
    if (!v) fail(StatusCode.NOT_FOUND);
    if (v.status !== 'active') fail(StatusCode.VENUE_UNDER_MAINTENANCE);
    // Reached through the venue registry: only a venue with a game integration (the house sportsbook here) can be entered.
    const venue = this.adapters(v).game;
    if (!venue) fail(StatusCode.VENUE_UNDER_MAINTENANCE);
    return { v, venue };
  }

  /** launch for the house sportsbook (modules/casino/entry.ts routes it here and runs the auto-transfer first). */
  async launch(ctx: MemberCaller, input: { enName: string; gameCode: string }) {
    const { v, venue } = await this.house(input.enName);
    const memberId = ctx.member.id;
    const { token, expiresAt } = venue.issueToken(memberId, ctx.site.siteCode, v.channel_code);
    return { url: '', data: { enName: v.channel_code, token, expiresAt, oddsTypes: ['H', 'E', 'I', 'M'] } };
  }

  async resource(ctx: MemberCaller, input: SportInput): Promise<ResourceAnswer<SportMethod>> {
    const { v, venue } = await this.house(input.enName);
    const memberId = ctx.member.id;
    if (!venue.checkToken(input.Request.token, memberId, ctx.site.siteCode, v.channel_code)) fail(StatusCode.UID_VERIFICATION);
    const feed = this.feed();
    const noFeed = () => fail(StatusCode.SYSTEM_UNDER_MAINTENANCE);
    switch (input.method) {
      case 'leagues':
        return (feed ?? noFeed()).leagues(
          input.Request.gameType && input.Request.gameType !== 'ALL' && input.Request.gameType !== 'FS'
            ? input.Request.gameType
            : undefined,
        ) satisfies ResourceAnswer<'leagues'>;
      case 'games': {
        const r = input.Request;
        if (r.gameType === 'ALL' || r.gameType === 'FS' || r.showType === 'FSFT' || r.showType === 'FSFU')
          fail(StatusCode.INVALID_PARAMETER);
        const page = (feed ?? noFeed()).list({
          gameType: r.gameType,
          showType: r.showType,
          leagueId: r.leagueId,
          pageNum: r.pageNum,
          pageSize: r.pageSize,
        });
        return { total: page.total, list: page.events.map(gameView) } satisfies ResourceAnswer<'games'>;
      }
      case 'game': {
        const e = (feed ?? noFeed()).event(input.Request.gameId);
        return (e ? gameView(e) : fail(StatusCode.NOT_FOUND)) satisfies ResourceAnswer<'game'>;
      }
      case 'champion':
        return (feed ?? noFeed()).outrights(input.Request.showType) satisfies ResourceAnswer<'champion'>;
      case 'bet':
        return this.placement.place(ctx, input.Request) satisfies Promise<ResourceAnswer<'bet'>>;
      case 'ticket':
        return this.ticket(memberId, input.Request.ticketId) satisfies Promise<ResourceAnswer<'ticket'>>;
      case 'balance': {
        const fen = await balanceOf(this.db, memberAccount(memberId, 'venue', 'CNY', v.channel_code));
        return { channelCode: v.channel_code, balance: yuan(fen) } satisfies ResourceAnswer<'balance'>;
      }
    }
  }

  /** A placed bet's state; a pending one past its delay is confirmed (or rejected) right here. */
  private async ticket(memberId: string, ticketId: string): Promise<SportTicketAnswerWire> {
    let bet = await sportRepository.bet(this.db, ticketId);
    if (!bet || bet.member_id !== memberId) fail(StatusCode.NOT_FOUND);
    if (bet.status === 'pending' && Number(bet.accept_at) <= Date.now()) {
      await this.settlement.confirm(bet);
      bet = (await sportRepository.bet(this.db, ticketId))!;
    }
    return {
      ticket_id: bet.id,
      status: bet.status,
      result: bet.result,
      bettingData: { active: bet.status === 'pending', ticket_id: bet.id },
      rejectReason: bet.reject_reason,
      betAmount: yuan(bet.stake),
      payout: yuan(bet.payout),
    };
  }
}
