/** record/betRecordTotal and record/betRecordList (spec §7 Game) over the member's sportsbook bets. */
import { formatOdds, type OddsFormat, yuan } from '@portal/rules';
import type { DbOrTx } from '../../db/connect.ts';
import { sportRepository, type RecordQuery } from './repository.ts';

const WEEK_MS = 7 * 86_400_000;
const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export interface RecordFilter {
  beginTime?: number | undefined;
  endTime?: number | undefined;
  gameType?: string | undefined;
  status?: 0 | 1 | 2 | 3 | undefined;
  channelCode?: string | undefined;
}

function query(memberId: string, f: RecordFilter): RecordQuery {
  const to = f.endTime ?? Date.now();
  return { memberId, from: f.beginTime ?? to - WEEK_MS, to, gameType: f.gameType, status: f.status, channelCode: f.channelCode };
}

export async function betRecordTotal(db: DbOrTx, memberId: string, f: RecordFilter) {
  const r = await sportRepository
    .records(db, query(memberId, f))
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      eb.fn.sum<string>('stake').as('stake'),
      eb.fn.sum<string>('valid').as('valid'),
      eb.fn.sum<string>('payout').as('payout'),
      eb.fn.sum<string>(eb.case().when('status', '=', 'settled').then(eb.ref('stake')).else(0).end()).as('settled_stake'),
    ])
    .executeTakeFirstOrThrow();
  const payout = Number(r.payout ?? 0);
  return {
    count: Number(r.n),
    betAmount: yuan(r.stake ?? 0),
    validAmount: yuan(r.valid ?? 0),
    payout: yuan(payout),
    winLoss: yuan(payout - Number(r.settled_stake ?? 0)),
  };
}

export async function betRecordList(
  db: DbOrTx,
  memberId: string,
  f: RecordFilter & { pageNum?: number | undefined; pageSize?: number | undefined },
) {
  const q = query(memberId, f);
  const size = f.pageSize ?? 20;
  const total = await sportRepository
    .records(db, q)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const bets = await sportRepository
    .records(db, q)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(size)
    .offset(((f.pageNum ?? 1) - 1) * size)
    .execute();
  const legs = await sportRepository.legsOf(
    db,
    bets.map((b) => b.id),
  );
  return {
    total: Number(total.n),
    list: bets.map((b) => {
      const fmt = (b.odds_type || 'H') as OddsFormat;
      const settled = b.status === 'settled';
      return {
        ticket_id: b.id,
        category: 'TY',
        channelCode: b.channel_code,
        kind: b.kind,
        seriesType: b.series_type,
        gameType: b.game_type,
        betAmount: yuan(b.stake),
        betCount: Number(b.bet_count),
        validAmount: yuan(b.valid),
        payout: yuan(b.payout),
        winLoss: settled ? yuan(Number(b.payout) - Number(b.stake)) : '0',
        maxPayout: yuan(b.max_payout),
        odds: Number(b.odds) > 1000 ? formatOdds(Number(b.odds), fmt) : '',
        status: b.status,
        result: b.result,
        betTime: iso(b.created_at)!,
        settleTime: iso(b.settled_at),
        legs: legs
          .filter((l) => l.bet_id === b.id)
          .map((l) => ({
            gameId: l.event_id,
            league: l.league,
            team_h: l.team_h,
            team_c: l.team_c,
            w: l.w,
            name: l.name,
            odds: formatOdds(Number(l.odds), fmt),
            isLive: l.in_play === 1,
            score: l.score,
            result: l.result,
          })),
        round: null,
      };
    }),
  };
}
