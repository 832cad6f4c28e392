/**
 * record/betRecordTotal and record/betRecordList for a casino category (DZ, ZR, QP, BY, CP, DJ): the member's
 * rounds from casino_rounds (house slots and third-party rounds alike), with each round's title and
 * fairness data. The sportsbook's bets (TY) are modules/sport/records.ts.
 */
import type { Locale } from '@portal/contract';
import { yuan } from '@portal/rules';
import type { Db } from '../../db/connect.ts';
import type { RecordFilter } from '../sport/records.ts';
import { roundViews } from './slots.ts';
import { tableDetails } from '../tables/records.ts';

const WEEK_MS = 7 * 86_400_000;

/**
 * The round number as the game showed it: a house table's or draw's number (shoe-hand, draw
 * number), an aggregator's own round id without our `<aggregator>:` prefix, a house slot's round id — never the
 * record's key (a table bet's key carries the member's id).
 */
export const roundNo = (id: string, issue: string | undefined) => issue ?? (id.includes(':') ? id.slice(id.indexOf(':') + 1) : id);

function rounds(db: Db, memberId: string, f: RecordFilter & { category: string }) {
  const to = f.endTime ?? Date.now();
  let q = db
    .selectFrom('casino_rounds')
    .where('member_id', '=', memberId)
    .where('category', '=', f.category)
    .where('created_at', '>=', f.beginTime ?? to - WEEK_MS)
    .where('created_at', '<=', to);
  if (f.channelCode) q = q.where('channel_code', '=', f.channelCode.toUpperCase());
  // Status filter (0 unsettled, 1 settled, 2 cancelled, 3 rejected): rounds are settled when recorded, or void.
  if (f.status !== undefined) q = q.where('status', '=', f.status === 1 ? 'settled' : f.status === 2 ? 'void' : 'open');
  return q;
}

export async function casinoRecordTotal(db: Db, memberId: string, f: RecordFilter & { category: string }) {
  const r = await rounds(db, memberId, f)
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      eb.fn.sum<string>('bet').as('bet'),
      eb.fn.sum<string>('valid').as('valid'),
      eb.fn.sum<string>(eb('win', '+', eb.ref('jackpot_win'))).as('payout'),
    ])
    .executeTakeFirstOrThrow();
  const payout = Number(r.payout ?? 0);
  return {
    count: Number(r.n),
    betAmount: yuan(r.bet),
    validAmount: yuan(r.valid),
    payout: yuan(payout),
    winLoss: yuan(payout - Number(r.bet ?? 0)),
  };
}

export async function casinoRecordList(
  db: Db,
  memberId: string,
  f: RecordFilter & { category: string; pageNum?: number | undefined; pageSize?: number | undefined },
  locale: Locale,
) {
  const size = f.pageSize ?? 20;
  const [total, rows] = await Promise.all([
    rounds(db, memberId, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    rounds(db, memberId, f)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset(((f.pageNum ?? 1) - 1) * size)
      .execute(),
  ]);
  const names = rows.length
    ? await db
        .selectFrom('casino_games')
        .select(['code', 'name_cn', 'name_tw'])
        .where('code', 'in', [...new Set(rows.map((r) => r.game_code))])
        .execute()
    : [];
  const nameOf = new Map(names.map((n) => [n.code, locale === 'zh-TW' ? n.name_tw : n.name_cn]));
  const venues = rows.length
    ? await db
        .selectFrom('venues as v')
        .leftJoin('casino_venues as cv', 'cv.channel_code', 'v.channel_code')
        .select(['v.channel_code', 'v.name', 'cv.name_tw'])
        .where('v.channel_code', 'in', [...new Set(rows.map((r) => r.channel_code))])
        .execute()
    : [];
  const venueOf = new Map(venues.map((v) => [v.channel_code, locale === 'zh-TW' ? (v.name_tw ?? v.name) : v.name]));
  const views = await roundViews(db, rows);
  const tables = await tableDetails(db, rows);
  return {
    total: Number(total.n),
    list: rows.map((r, i) => {
      const settled = r.status === 'settled';
      const payout = Number(r.win) + Number(r.jackpot_win);
      return {
        ticket_id: r.id,
        category: r.category,
        channelCode: r.channel_code,
        kind: 'round',
        seriesType: '',
        gameType: r.game_code,
        betAmount: yuan(r.bet),
        betCount: 1,
        validAmount: yuan(r.valid),
        payout: yuan(payout),
        winLoss: settled ? yuan(payout - Number(r.bet)) : '0',
        maxPayout: '0.00',
        odds: '',
        status: r.status,
        result: settled ? (payout > Number(r.bet) ? 'W' : payout === Number(r.bet) ? 'P' : 'L') : null,
        betTime: new Date(Number(r.created_at)).toISOString(),
        settleTime: r.settled_at === null ? null : new Date(Number(r.settled_at)).toISOString(),
        legs: [],
        round: {
          gameCode: r.game_code,
          gameName: nameOf.get(r.game_code) ?? r.game_code,
          venueName: venueOf.get(r.channel_code) ?? r.channel_code,
          roundNo: roundNo(r.id, tables.get(r.id)?.issue),
          jackpotWin: yuan(r.jackpot_win),
          fairness: views[i]!.fairness,
          table: tables.get(r.id) ?? null,
        },
      };
    }),
  };
}
