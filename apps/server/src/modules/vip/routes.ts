import { vipApi as api } from '@portal/contract';
import { route, type Route } from '../../http/pipeline.ts';
import type { VipService } from './service.ts';

export function vipRoutes(v: VipService): Route[] {
  return [
    route(api.gradeConfigList, (_i, ctx) => v.configList(ctx.site.siteCode)),
    route(api.gradeInfoByGrade, (i, ctx) => v.info(ctx.member!.row, i.grade)),
    route(api.fanshuiHighLow, (_i, ctx) => v.fanshui(ctx.member!.row)),
    route(api.vipWeekInfo, (_i, ctx) => v.weekInfo(ctx.member!.row)),
    route(api.welfareList, (_i, ctx) => v.welfare(ctx.member!.row)),
    route(api.welfareReceive, (i, ctx) => v.claim(ctx, i.id)),
    route(api.rebateRecords, (i, ctx) => v.rebateRecords(ctx.member!.id, i.pageNum, i.pageSize)),
  ];
}
