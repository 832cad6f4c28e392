/** What the sportsbook desk reads: events with bets of some brands (and their results), bets with legs and usernames. */
import { sql } from 'kysely';
import type { SportBetRow, SportEventRow } from '@portal/contract/console';
import type { DbOrTx } from '../../db/connect.ts';
import type { SportBetTable } from '../../db/schema.ts';
import { sportRepository } from '../../modules/sport/repository.ts';
import { usernames } from './common.ts';

export async function sportEvents(
  db: DbOrTx,
  sites: number[],
  f: { awaiting?: boolean | undefined; keyword?: string | undefined },
): Promise<SportEventRow[]> {
  if (sites.length === 0) return [];
  let q = db
    .selectFrom('sport_bet_legs as l')
    .innerJoin('sport_bets as b', 'b.id', 'l.bet_id')
    .select(['l.event_id', 'l.game_type'])
    .select((eb) => [
      eb.fn.max('l.league').as('league'),
      eb.fn.max('l.team_h').as('team_h'),
      eb.fn.max('l.team_c').as('team_c'),
      eb.fn.sum<string>(sql`case when b.status in ('pending', 'accepted') then 1 else 0 end`).as('open'),
      eb.fn.sum<string>(sql`case when b.status = 'settled' then 1 else 0 end`).as('settled'),
      eb.fn.sum<string>('b.stake').as('stake'),
      eb.fn.max('b.created_at').as('last'),
    ])
    .where('b.site_code', 'in', sites)
    .groupBy(['l.event_id', 'l.game_type']);
  if (f.awaiting) q = q.where('b.status', 'in', ['pending', 'accepted']);
  if (f.keyword) {
    const kw = `%${f.keyword.replace(/[%_\\]/g, '')}%`;
    q = q.where((eb) =>
      eb.or([eb('l.league', 'like', kw), eb('l.team_h', 'like', kw), eb('l.team_c', 'like', kw), eb('l.event_id', '=', f.keyword!)]),
    );
  }
  const rows = await q.execute();
  const results = new Map(
    (
      await sportRepository.results(
        db,
        rows.map((r) => r.event_id),
      )
    ).map((r) => [r.event_id, r]),
  );
  return rows
    .map((r) => {
      const res = results.get(r.event_id);
      return {
        eventId: r.event_id,
        league: String(r.league ?? ''),
        teamH: String(r.team_h ?? ''),
        teamC: String(r.team_c ?? ''),
        gameType: r.game_type,
        openBets: Number(r.open ?? 0),
        settledBets: Number(r.settled ?? 0),
        stakeFen: Number(r.stake ?? 0),
        last: Number(r.last ?? 0),
        result: res
          ? {
              scoreH: Number(res.score_h),
              scoreC: Number(res.score_c),
              htH: res.ht_h === null ? null : Number(res.ht_h),
              htC: res.ht_c === null ? null : Number(res.ht_c),
              winner: res.winner,
              cancelCode: res.cancel_code,
              source: res.source,
              version: Number(res.version),
              updatedAt: Number(res.updated_at),
            }
          : null,
      };
    })
    .filter((e) => !f.awaiting || e.result === null)
    .sort((a, b) => b.last - a.last)
    .map(({ last: _last, ...e }) => e);
}

export interface BetFilter {
  sites: number[];
  eventId?: string | undefined;
  ticketId?: string | undefined;
  memberId?: string | undefined;
  status?: SportBetTable['status'] | undefined;
}

export async function sportBets(db: DbOrTx, f: BetFilter, limit: number, offset: number): Promise<{ rows: SportBetRow[]; total: number }> {
  if (f.sites.length === 0) return { rows: [], total: 0 };
  let base = db.selectFrom('sport_bets as b').where('b.site_code', 'in', f.sites);
  if (f.ticketId) base = base.where('b.id', '=', f.ticketId);
  if (f.memberId) base = base.where('b.member_id', '=', f.memberId);
  if (f.status) base = base.where('b.status', '=', f.status);
  if (f.eventId) {
    const eventId = f.eventId;
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom('sport_bet_legs as l').select('l.bet_id').whereRef('l.bet_id', '=', 'b.id').where('l.event_id', '=', eventId),
      ),
    );
  }
  const [bets, total] = await Promise.all([
    base.selectAll('b').orderBy('b.created_at', 'desc').orderBy('b.id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: await betWires(db, bets), total: Number(total?.n ?? 0) };
}

export async function betWires(db: DbOrTx, bets: SportBetTable[]): Promise<SportBetRow[]> {
  const [legs, names] = await Promise.all([
    sportRepository.legsOf(
      db,
      bets.map((b) => b.id),
    ),
    usernames(
      db,
      bets.map((b) => b.member_id),
    ),
  ]);
  return bets.map((b) => ({
    ticketId: b.id,
    siteCode: Number(b.site_code),
    username: names.get(b.member_id) ?? '',
    kind: b.kind,
    seriesType: b.series_type,
    stakeFen: Number(b.stake),
    oddsMilli: Number(b.odds),
    status: b.status,
    result: b.result,
    payoutFen: Number(b.payout),
    validFen: Number(b.valid),
    createdAt: Number(b.created_at),
    settledAt: b.settled_at === null ? null : Number(b.settled_at),
    legs: legs
      .filter((l) => l.bet_id === b.id)
      .sort((x, y) => x.idx - y.idx)
      .map((l) => ({
        eventId: l.event_id,
        league: l.league,
        match: `${l.team_h} vs ${l.team_c}`,
        pick: l.name,
        oddsMilli: Number(l.odds),
        result: l.result,
      })),
  }));
}
