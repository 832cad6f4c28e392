import { sportApi as api } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { route, type Route } from '../../http/pipeline.ts';
import { betRecordList, betRecordTotal } from './records.ts';
import type { SportService } from './service.ts';

export function sportRoutes(sport: SportService, db: Db): Route[] {
  return [
    route(api.launch, (i, ctx) => sport.launch(ctx, i)),
    route(api.resource, (i, ctx) => sport.resource(ctx, i)),
    route(api.betRecordTotal, (i, ctx) => betRecordTotal(db, ctx.member!.id, i)),
    route(api.betRecordList, (i, ctx) => betRecordList(db, ctx.member!.id, i)),
  ];
}
