import {
  CATALOGUE_LIMITS,
  StatusCode,
  type GameCategory,
  type GameInfo,
  type GameTag,
  type Locale,
  type VenueInfo,
} from '@portal/contract';
import { yuan } from '@portal/rules';
import type { Db } from '../../db/connect.ts';
import { venueRepository } from '../wallet/repository.ts';
import type { CasinoGameTable } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller, MemberCaller } from '../user/caller.ts';
import { localArtUrl, venueArtUrl } from './art.ts';
import { houseFigures } from './figures.ts';
import { poolRepository } from './pools.ts';
import { catalogueRepository as repo, storedTags, tagsOf, type GameRow, type HiddenAdapters } from './repository.ts';

const pct = (bp: number) => (bp / 100).toFixed(2);
const pick = (locale: Locale, cn: string, tw: string) => (locale === 'zh-TW' ? tw : cn);
const effectiveStatus = (game: string, venue: string) => (game === 'maintenance' || venue !== 'active' ? 'maintenance' : 'active');

function gameView(r: GameRow, locale: Locale): GameInfo {
  return {
    gameCode: r.code,
    channelCode: r.channel_code,
    category: r.category as GameCategory,
    name: pick(locale, r.name_cn, r.name_tw),
    names: { 'zh-CN': r.name_cn, 'zh-TW': r.name_tw },
    art: localArtUrl(r.art, locale),
    tags: tagsOf(r.tags) as GameTag[],
    rtp: houseFigures(r.code)?.rtp ?? pct(r.rtp_bp),
    volatility: r.volatility,
    figures: houseFigures(r.code),
    minBet: yuan(r.min_bet),
    maxBet: yuan(r.max_bet),
    sort: r.sort,
    status: effectiveStatus(r.status, r.venue_status),
    collected: Number(r.collected) === 1,
    poolCode: r.pool_code,
  };
}

export interface GameListInput {
  category?: GameCategory | undefined;
  channelCode?: string | undefined;
  name?: string | undefined;
  tags?: GameTag[] | undefined;
  collected?: 0 | 1 | undefined;
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

/** The game lobby: venues per category, each brand's games, members' favourites, jackpot pools. */
export class CatalogueService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    /** Adapters no lobby lists and no launch finds (the sandbox aggregator's outside development: config.sandboxGamesListed). */
    private readonly hidden: HiddenAdapters = [],
  ) {}

  async venues(ctx: Caller, category: GameCategory): Promise<{ category: GameCategory; list: VenueInfo[] }> {
    const [venues, counts] = await Promise.all([
      repo.venuesOf(this.db, category, this.hidden),
      repo.gameCounts(this.db, ctx.site.siteCode, category),
    ]);
    const list = venues.map((v) => ({
      channelCode: v.channel_code,
      enName: v.channel_code.toLowerCase(),
      category,
      name: pick(ctx.locale, v.name, v.name_tw ?? v.name),
      names: { 'zh-CN': v.name, 'zh-TW': v.name_tw ?? v.name },
      art: v.art ?? venueArtUrl(v.channel_code),
      status: v.status,
      sort: v.sort,
      gameCount: counts.get(v.channel_code) ?? 0,
    }));
    return { category, list };
  }

  async games(ctx: Caller, i: GameListInput) {
    const pageNum = i.pageNum ?? 1;
    const pageSize = i.pageSize ?? CATALOGUE_LIMITS.PAGE_SIZE_DEFAULT;
    const memberId = ctx.member?.id ?? null;
    // The favourites view is the member's own: without a session there is nothing to show.
    if (i.collected === 1 && !memberId) fail(StatusCode.LOGIN_EXPIRED);
    const filter = {
      category: i.category,
      channelCode: i.channelCode,
      name: i.name,
      tags: i.tags,
      collectedBy: i.collected === 1 ? (memberId ?? undefined) : undefined,
    };
    const { total, list } = await repo.page(this.db, ctx.site.siteCode, memberId, filter, pageNum, pageSize, this.hidden);
    return { total, pageNum, pageSize, list: list.map((r) => gameView(r, ctx.locale)) };
  }

  /** A listed game of the brand, or 6004 (unknown, or hidden by the operator). */
  private async listed(siteCode: number, gameCode: string) {
    return (await repo.game(this.db, siteCode, gameCode, this.hidden)) ?? fail(StatusCode.NOT_FOUND, { key: 'GAME_NOT_FOUND' });
  }

  async addCollection(ctx: MemberCaller, gameCode: string): Promise<null> {
    await this.listed(ctx.member.siteCode, gameCode);
    await repo.addFavourite(this.db, ctx.member.id, ctx.member.siteCode, gameCode, this.now());
    return null;
  }

  async removeCollection(ctx: MemberCaller, gameCode: string): Promise<null> {
    await this.listed(ctx.member.siteCode, gameCode);
    await repo.removeFavourite(this.db, ctx.member.id, gameCode);
    return null;
  }

  /**
   * The game as launch and rounds take it: listed at the brand (else 6004), neither it nor its venue in
   * maintenance (else 6415 with the game's or the venue's text).
   */
  async playable(siteCode: number, gameCode: string): Promise<CasinoGameTable> {
    const g = await this.listed(siteCode, gameCode);
    if (g.venue_status !== 'active') fail(StatusCode.VENUE_UNDER_MAINTENANCE, { key: 'VENUE_MAINTENANCE' });
    if (g.status !== 'active') fail(StatusCode.VENUE_UNDER_MAINTENANCE, { key: 'GAME_MAINTENANCE' });
    const { venue_status: _v, ...game } = g;
    return game;
  }

  async bonusPools(ctx: Caller, gameCode?: string) {
    const rows = await poolRepository.ofSite(this.db, ctx.site.siteCode, gameCode);
    return {
      list: rows.map((r) => ({
        poolCode: r.code,
        gameCode: r.game_code,
        name: pick(ctx.locale, r.name_cn, r.name_tw),
        names: { 'zh-CN': r.name_cn, 'zh-TW': r.name_tw },
        amount: yuan(r.amount),
        currency: r.currency,
        feedBasisPoints: r.feed_bp,
      })),
    };
  }

  // Operator desk (`npm run ops -- game:list|game:set`).

  gamesOfSite(siteCode: number): Promise<CasinoGameTable[]> {
    return repo.all(this.db, siteCode);
  }

  /** Change a game's status, sort and/or tags at one brand; answers the row before and after, or null for a game the brand does not have. */
  async setGame(
    siteCode: number,
    code: string,
    patch: { status?: CasinoGameTable['status']; sort?: number; tags?: GameTag[] },
    operator: string,
  ) {
    const before = await repo.any(this.db, siteCode, code);
    if (!before) return null;
    const stored = { ...patch, tags: patch.tags ? storedTags(patch.tags) : undefined };
    const set = Object.fromEntries(Object.entries(stored).filter(([, v]) => v !== undefined));
    await repo.setGame(this.db, siteCode, code, set, operator, this.now());
    return { before, after: (await repo.any(this.db, siteCode, code))! };
  }

  /** Put a venue into or out of maintenance, or re-sort it (every brand); answers the row before and after, or null. */
  async setVenue(channelCode: string, patch: { status?: 'active' | 'maintenance'; sort?: number }) {
    const before = await venueRepository.byCode(this.db, channelCode);
    if (!before) return null;
    await repo.setVenue(this.db, channelCode, patch);
    venueRepository.forget(this.db);
    return { before, after: (await venueRepository.byCode(this.db, channelCode))! };
  }
}
