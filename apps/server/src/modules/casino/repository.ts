import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.ts';
import type { CasinoGameTable, CasinoVenueTable } from '../../db/schema.ts';

const count = (r: { n: number | string | bigint } | undefined) => Number(r?.n ?? 0);

/** A `like` pattern matching `s` literally anywhere (its own % _ \ escaped; the query says `escape '\'`). */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Tags as stored: ',hot,jackpot,' (sorted, unique; ',' for none), so a filter is one `like '%,hot,%'`. */
export const storedTags = (tags: readonly string[]) => `,${[...new Set(tags)].sort().join(',')}${tags.length > 0 ? ',' : ''}`;
export const tagsOf = (stored: string) => stored.split(',').filter((t) => t !== '');

export interface GameFilter {
  category?: string | undefined;
  channelCode?: string | undefined;
  name?: string | undefined;
  tags?: readonly string[] | undefined;
  /** Only this member's favourites. */
  collectedBy?: string | undefined;
}

/** Venue adapters whose venues and games no player lobby lists (the sandbox aggregator's outside development). */
export type HiddenAdapters = readonly string[];

/** A listed game with its venue's status and whether the asking member favourited it. */
export type GameRow = CasinoGameTable & { venue_status: string; collected: number };

export interface VenueRow {
  channel_code: string;
  name: string;
  name_tw: string | null;
  art: string | null;
  category: string;
  status: 'active' | 'maintenance';
  sort: number;
}

/** The brands' game catalogue and members' favourites. Hidden games are never listed nor found. */
export const catalogueRepository = {
  venuesOf(db: DbOrTx, category: string, hidden: HiddenAdapters = []): Promise<VenueRow[]> {
    return db
      .selectFrom('venues as v')
      .leftJoin('casino_venues as cv', 'cv.channel_code', 'v.channel_code')
      .select(['v.channel_code', 'v.name', 'cv.name_tw', 'cv.art', 'v.category', 'v.status', 'v.sort'])
      .where('v.category', '=', category)
      .$if(hidden.length > 0, (q) => q.where('v.adapter', 'not in', hidden)) // (an empty `in ()` is not SQL)
      .orderBy('v.sort')
      .orderBy('v.channel_code')
      .execute();
  },
  async gameCounts(db: DbOrTx, siteCode: number, category: string): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('casino_games')
      .select(['channel_code', (eb) => eb.fn.countAll<number>().as('n')])
      .where('site_code', '=', siteCode)
      .where('category', '=', category)
      .where('status', '<>', 'hidden')
      .groupBy('channel_code')
      .execute();
    return new Map(rows.map((r) => [r.channel_code, count(r)]));
  },
  async page(
    db: DbOrTx,
    siteCode: number,
    memberId: string | null,
    f: GameFilter,
    pageNum: number,
    pageSize: number,
    hidden: HiddenAdapters = [],
  ) {
    let q = db
      .selectFrom('casino_games as g')
      .innerJoin('venues as v', 'v.channel_code', 'g.channel_code')
      .leftJoin('game_favourites as f', (j) => j.onRef('f.game_code', '=', 'g.code').on('f.member_id', '=', memberId ?? ''))
      .where('g.site_code', '=', siteCode)
      .where('g.status', '<>', 'hidden')
      .$if(hidden.length > 0, (q) => q.where('v.adapter', 'not in', hidden)); // (an empty `in ()` is not SQL);
    if (f.category) q = q.where('g.category', '=', f.category);
    if (f.channelCode) q = q.where('g.channel_code', '=', f.channelCode);
    if (f.collectedBy) q = q.where('f.member_id', '=', f.collectedBy);
    // A tag's own % or _ matches itself only (the same escape as the name search below; SQLite has no default escape).
    for (const t of f.tags ?? []) q = q.where((eb) => sql<boolean>`${eb.ref('g.tags')} like ${contains(`,${t},`)} escape '\\'`);
    const name = f.name?.trim();
    if (name) {
      const p = contains(name);
      q = q.where(
        (eb) =>
          sql<boolean>`(${eb.ref('g.name_cn')} like ${p} escape '\\' or ${eb.ref('g.name_tw')} like ${p} escape '\\' or upper(${eb.ref('g.code')}) like upper(${p}) escape '\\')`,
      );
    }
    const total = count(await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst());
    const list: GameRow[] = await q
      .selectAll('g')
      .select(['v.status as venue_status', sql<number>`case when f.member_id is null then 0 else 1 end`.as('collected')])
      .orderBy('g.sort')
      .orderBy('g.code')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return { total, list };
  },
  /** A game the brand lists (not hidden), with its venue's status. */
  game(
    db: DbOrTx,
    siteCode: number,
    code: string,
    hidden: HiddenAdapters = [],
  ): Promise<(CasinoGameTable & { venue_status: string }) | undefined> {
    return db
      .selectFrom('casino_games as g')
      .innerJoin('venues as v', 'v.channel_code', 'g.channel_code')
      .selectAll('g')
      .select('v.status as venue_status')
      .where('g.site_code', '=', siteCode)
      .where('g.code', '=', code)
      .where('g.status', '<>', 'hidden')
      .$if(hidden.length > 0, (q) => q.where('v.adapter', 'not in', hidden)) // (an empty `in ()` is not SQL)
      .executeTakeFirst();
  },
  /** Every game of a brand, hidden ones included (the operator's list). */
  all(db: DbOrTx, siteCode: number): Promise<CasinoGameTable[]> {
    return db
      .selectFrom('casino_games')
      .selectAll()
      .where('site_code', '=', siteCode)
      .orderBy('category')
      .orderBy('sort')
      .orderBy('code')
      .execute();
  },
  any(db: DbOrTx, siteCode: number, code: string): Promise<CasinoGameTable | undefined> {
    return db.selectFrom('casino_games').selectAll().where('site_code', '=', siteCode).where('code', '=', code).executeTakeFirst();
  },
  /**
   * Seed: a missing game is inserted; an existing one gets the title's declared figures again (names, art,
   * RTP, volatility, bet limits, pool) while the operator's sort, tags and status stay.
   */
  async seedGame(db: DbOrTx, row: CasinoGameTable): Promise<void> {
    await db
      .insertInto('casino_games')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['site_code', 'code']).doUpdateSet({
          channel_code: row.channel_code,
          category: row.category,
          name_cn: row.name_cn,
          name_tw: row.name_tw,
          art: row.art,
          rtp_bp: row.rtp_bp,
          volatility: row.volatility,
          min_bet: row.min_bet,
          max_bet: row.max_bet,
          pool_code: row.pool_code,
        }),
      )
      .execute();
  },
  async seedVenueFace(db: DbOrTx, row: CasinoVenueTable): Promise<void> {
    await db
      .insertInto('casino_venues')
      .values(row)
      .onConflict((oc) => oc.column('channel_code').doUpdateSet({ name_tw: row.name_tw, art: row.art }))
      .execute();
  },
  async setGame(
    db: DbOrTx,
    siteCode: number,
    code: string,
    patch: Partial<Pick<CasinoGameTable, 'status' | 'sort' | 'tags'>>,
    operator: string,
    now: number,
  ): Promise<boolean> {
    const r = await db
      .updateTable('casino_games')
      .set({ ...patch, updated_by: operator, updated_at: now })
      .where('site_code', '=', siteCode)
      .where('code', '=', code)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** A venue's lobby status and sort (the venue row's: one switch for lobby, launch and transfers). */
  async setVenue(db: DbOrTx, channelCode: string, patch: { status?: 'active' | 'maintenance'; sort?: number }): Promise<boolean> {
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) return false;
    const r = await db.updateTable('venues').set(set).where('channel_code', '=', channelCode).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  async addFavourite(db: DbOrTx, memberId: string, siteCode: number, gameCode: string, now: number): Promise<void> {
    await db
      .insertInto('game_favourites')
      .values({ member_id: memberId, game_code: gameCode, site_code: siteCode, created_at: now })
      .onConflict((oc) => oc.columns(['member_id', 'game_code']).doNothing())
      .execute();
  },
  async removeFavourite(db: DbOrTx, memberId: string, gameCode: string): Promise<void> {
    await db.deleteFrom('game_favourites').where('member_id', '=', memberId).where('game_code', '=', gameCode).execute();
  },
};
