import type { UntypedDb } from '../../db/prepared.ts';
/** The sportsbook's SQL (bets, legs, results, daily payout caps): the only place that touches its tables. */
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.ts';
import { preparedInsert, preparedWrite } from '../../db/prepared.ts';
import type { SportBetLegTable, SportBetTable, SportResultTable } from '../../db/schema.ts';

export type BetRow = SportBetTable;
export type LegRow = SportBetLegTable;
export type ResultRow = SportResultTable;

export interface RecordQuery {
  memberId: string;
  from: number;
  to: number;
  gameType?: string | undefined;
  status?: 0 | 1 | 2 | 3 | undefined;
  channelCode?: string | undefined;
}

// Placement's statements, compiled once (db/prepared.ts): every bet runs them.
const insertBetRow = preparedInsert('sport_bets');
const insertLegRow = preparedInsert('sport_bet_legs');
type CapWriter = (db: UntypedDb, ...args: unknown[]) => Promise<number>;
const capWriters = new Map<number, CapWriter>();
/**
 * One statement for all of a bet's groups (n of them): arguments are (member, day, fen), then n groups, then
 * their n caps. Each group's row is inserted, or has the potential added unless that passes its cap (the cap
 * picked by the row's group); the answer counts the rows written, so fewer than n means a cap was hit.
 */
function addToCaps(n: number): CapWriter {
  let w = capWriters.get(n);
  if (!w) {
    w = preparedWrite(
      (db: UntypedDb, memberId: unknown, day: unknown, fen: unknown, ...a: unknown[]) => {
        const capOf = sql.join(
          Array.from({ length: n }, (_, i) => sql`when ${a[i]} then cast(${a[n + i]} as bigint)`),
          sql` `,
        );
        return db
          .insertInto('sport_payout_caps')
          .values(Array.from({ length: n }, (_, i) => ({ member_id: memberId, day, cap_group: a[i], potential: fen })))
          .onConflict((oc) =>
            oc
              .columns(['member_id', 'day', 'cap_group'])
              .doUpdateSet({ potential: sql`sport_payout_caps.potential + excluded.potential` })
              .where(sql<boolean>`sport_payout_caps.potential + excluded.potential <= case excluded.cap_group ${capOf} end`),
          );
      },
      ['', '', 0, ...new Array<unknown>(n).fill(''), ...new Array<unknown>(n).fill(0)],
    );
    capWriters.set(n, w);
  }
  return w;
}

/** Queries whose plan matters (db/migrate.test.ts checks it on SQLite). */
export const sportQueries = {
  // A literal 'pending' (not a bound value): SQLite uses the pending rows' partial index only then (0019).
  duePending: (db: DbOrTx, now: number, limit: number) =>
    db
      .selectFrom('sport_bets')
      .selectAll()
      .where('status', '=', sql.lit('pending'))
      .where('accept_at', '<=', now)
      .orderBy('accept_at')
      .limit(limit),
  // The accepted (open) bets through their partial index (0021), then their legs by key: proportional to the open bets.
  // (As a join, SQLite's planner preferred scanning every leg by the event index.)
  openEvents: (db: DbOrTx) =>
    db
      .selectFrom('sport_bet_legs')
      .select('event_id')
      .distinct()
      .where('bet_id', 'in', (eb) => eb.selectFrom('sport_bets').select('id').where('status', '=', sql.lit('accepted'))),
};

export const sportRepository = {
  async insertBet(tx: DbOrTx, bet: BetRow, legs: LegRow[]): Promise<void> {
    await insertBetRow(tx, bet);
    for (const leg of legs) await insertLegRow(tx, leg);
  },

  /**
   * Adds a bet's potential payout to the member's day in each of its sport groups unless that would pass a
   * group's cap (false then: the caller's transaction must roll back, some groups may have been added).
   * One conditional statement for all the groups: two racing bets cannot both slip under a cap.
   */
  async addPotential(
    tx: DbOrTx,
    memberId: string,
    day: string,
    caps: Array<{ group: string; capFen: number }>,
    fen: number,
  ): Promise<boolean> {
    if (caps.some((c) => fen > c.capFen)) return false;
    const written = await addToCaps(caps.length)(tx, memberId, day, fen, ...caps.map((c) => c.group), ...caps.map((c) => c.capFen));
    return written === caps.length;
  },

  async releasePotential(tx: DbOrTx, memberId: string, day: string, groups: string[], fen: number): Promise<void> {
    for (const g of groups) {
      await tx
        .updateTable('sport_payout_caps')
        .set({ potential: sql`case when potential > ${fen} then potential - ${fen} else 0 end` })
        .where('member_id', '=', memberId)
        .where('day', '=', day)
        .where('cap_group', '=', g)
        .execute();
    }
  },

  bet(db: DbOrTx, id: string): Promise<BetRow | undefined> {
    return db.selectFrom('sport_bets').selectAll().where('id', '=', id).executeTakeFirst();
  },

  legs(db: DbOrTx, betId: string): Promise<LegRow[]> {
    return db.selectFrom('sport_bet_legs').selectAll().where('bet_id', '=', betId).orderBy('idx').execute();
  },

  legsOf(db: DbOrTx, betIds: string[]): Promise<LegRow[]> {
    if (betIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('sport_bet_legs').selectAll().where('bet_id', 'in', betIds).orderBy('bet_id').orderBy('idx').execute();
  },

  /** In-play bets whose confirmation delay is over. */
  duePending(db: DbOrTx, now: number, limit = 200): Promise<BetRow[]> {
    return sportQueries.duePending(db, now, limit).execute();
  },

  /**
   * Every event with accepted (unsettled) bets on it — all of them: with a cap, events past it (a season's
   * outrights, a busy day's fixtures) were never reached while the first ones waited for their results.
   * As many rows as events on offer; settleDue skips those without a result cheaply.
   */
  async openEvents(db: DbOrTx): Promise<string[]> {
    return (await sportQueries.openEvents(db).execute()).map((r) => r.event_id);
  },

  async betsOnEvent(db: DbOrTx, eventId: string, statuses: BetRow['status'][]): Promise<string[]> {
    const rows = await db
      .selectFrom('sport_bet_legs')
      .innerJoin('sport_bets', 'sport_bets.id', 'sport_bet_legs.bet_id')
      .select('sport_bets.id')
      .distinct()
      .where('sport_bet_legs.event_id', '=', eventId)
      .where('sport_bets.status', 'in', statuses)
      .execute();
    return rows.map((r) => r.id);
  },

  /** The member's other settled singles (and outrights) on an event, with their one leg: the hedge rule's input (validTurnover.ts). */
  async settledSinglesOnEvent(
    db: DbOrTx,
    memberId: string,
    eventId: string,
    exceptBetId: string,
  ): Promise<Array<{ stake: number; valid: number; w: string; odds: number; result: string | null }>> {
    const rows = await db
      .selectFrom('sport_bet_legs')
      .innerJoin('sport_bets', 'sport_bets.id', 'sport_bet_legs.bet_id')
      .select(['sport_bets.stake', 'sport_bets.valid', 'sport_bet_legs.w', 'sport_bet_legs.odds', 'sport_bet_legs.result'])
      .where('sport_bet_legs.event_id', '=', eventId)
      .where('sport_bets.member_id', '=', memberId)
      .where('sport_bets.status', '=', 'settled')
      .where('sport_bets.kind', 'in', ['single', 'champion'])
      .where('sport_bets.id', '!=', exceptBetId)
      .execute();
    return rows.map((r) => ({ stake: Number(r.stake), valid: Number(r.valid), w: r.w, odds: Number(r.odds), result: r.result }));
  },

  /** The brand's flags (JSON) of a site code: settlement reads its valid-turnover minimum. */
  async siteFlags(db: DbOrTx, siteCode: number): Promise<Record<string, unknown>> {
    const r = await db.selectFrom('sites').select('flags_json').where('site_code', '=', siteCode).executeTakeFirst();
    try {
      return r ? (JSON.parse(r.flags_json) as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  },

  /** Moves a bet from one status to another, once (false when someone else moved it first). */
  async moveStatus(tx: DbOrTx, id: string, from: BetRow['status'], patch: Partial<BetRow>): Promise<boolean> {
    const r = await tx.updateTable('sport_bets').set(patch).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The settlement step of one version: only from the version read (an idempotent, race-free step). */
  async settleVersion(tx: DbOrTx, id: string, fromStatus: BetRow['status'], fromVersion: number, patch: Partial<BetRow>): Promise<boolean> {
    const r = await tx
      .updateTable('sport_bets')
      .set(patch)
      .where('id', '=', id)
      .where('status', '=', fromStatus)
      .where('settle_version', '=', fromVersion)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async setLegResult(tx: DbOrTx, betId: string, idx: number, result: string | null): Promise<void> {
    await tx.updateTable('sport_bet_legs').set({ result }).where('bet_id', '=', betId).where('idx', '=', idx).execute();
  },

  results(db: DbOrTx, eventIds: string[]): Promise<ResultRow[]> {
    if (eventIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('sport_results').selectAll().where('event_id', 'in', eventIds).execute();
  },

  /** The feed's result, recorded once (an operator's correction is never overwritten by the feed). */
  async recordFeedResult(db: DbOrTx, r: Omit<ResultRow, 'source' | 'version' | 'cancel_code'>): Promise<void> {
    await db
      .insertInto('sport_results')
      .values({ ...r, cancel_code: null, source: 'feed', version: 1 })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  },

  async setResult(db: DbOrTx, r: Omit<ResultRow, 'source' | 'version'>): Promise<void> {
    await db
      .insertInto('sport_results')
      .values({ ...r, source: 'operator', version: 1 })
      .onConflict((oc) =>
        oc.column('event_id').doUpdateSet({
          score_h: r.score_h,
          score_c: r.score_c,
          ht_h: r.ht_h,
          ht_c: r.ht_c,
          winner: r.winner,
          cancel_code: r.cancel_code,
          // An e-sports result with its maps replaces the feed's; a correction of the score alone keeps them.
          ...(r.detail !== undefined ? { detail: r.detail } : {}),
          source: 'operator',
          version: sql`sport_results.version + 1`,
          updated_at: r.updated_at,
        }),
      )
      .execute();
  },

  async holdStatus(db: DbOrTx, holdId: string): Promise<string | undefined> {
    return (await db.selectFrom('ledger_holds').select('status').where('id', '=', holdId).executeTakeFirst())?.status;
  },

  records(db: DbOrTx, q: RecordQuery) {
    let query = db
      .selectFrom('sport_bets')
      .where('member_id', '=', q.memberId)
      .where('created_at', '>=', q.from)
      .where('created_at', '<=', q.to);
    if (q.gameType && q.gameType !== 'ALL') query = query.where('game_type', '=', q.gameType);
    if (q.channelCode) query = query.where('channel_code', '=', q.channelCode);
    if (q.status === 0) query = query.where('status', 'in', ['pending', 'accepted']);
    if (q.status === 1)
      query = query.where('status', '=', 'settled').where((eb) => eb.or([eb('result', 'is', null), eb('result', 'not like', 'D%')]));
    if (q.status === 2) query = query.where('status', '=', 'settled').where('result', 'like', 'D%');
    if (q.status === 3) query = query.where('status', '=', 'rejected');
    return query;
  },
};
