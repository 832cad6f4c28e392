import { sportApi as api } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { memberRoute, type Route } from '../../http/pipeline.ts';
import { casinoRecordList, casinoRecordTotal } from '../casino/records.ts';
import { queryMemberBetList } from './memberBets.ts';
import { betRecordList, betRecordTotal } from './records.ts';

/** The member's bet record (spec §7 Game record/*): the sportsbook's bets (TY, the default) or a casino category's rounds. */
export function recordRoutes(db: Db): Route[] {
  return [
    memberRoute(api.betRecordTotal, (i, ctx) =>
      !i.category || i.category === 'TY'
        ? betRecordTotal(db, ctx.member.id, i)
        : casinoRecordTotal(db, ctx.member.id, { ...i, category: i.category }),
    ),
    memberRoute(api.betRecordList, (i, ctx) =>
      !i.category || i.category === 'TY'
        ? betRecordList(db, ctx.member.id, i)
        : casinoRecordList(db, ctx.member.id, { ...i, category: i.category }, ctx.locale),
    ),
    memberRoute(api.queryMemberBetList, (i, ctx) => queryMemberBetList(db, ctx.member.id, i, ctx.locale)),
  ];
}
