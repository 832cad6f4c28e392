import { sportApi as api } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { memberRoute, type Route } from '../../http/pipeline.ts';
import { betRecordList, betRecordTotal } from './records.ts';
import type { SportService } from './service.ts';

export function sportRoutes(sport: SportService, db: Db): Route[] {
  return [
    // Lean (Route.lean): launching and betting need only the member's id, not the member row.
    memberRoute(api.launch, (i, ctx) => sport.launch(ctx, i), { lean: true }),
    memberRoute(api.resource, (i, ctx) => sport.resource(ctx, i), { lean: true }),
    memberRoute(api.betRecordTotal, (i, ctx) => betRecordTotal(db, ctx.member.id, i)),
    memberRoute(api.betRecordList, (i, ctx) => betRecordList(db, ctx.member.id, i)),
  ];
}
