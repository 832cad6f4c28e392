import { vipApi as api } from '@portal/contract';
import { route, type Route } from '../../http/pipeline.ts';
import type { VipService } from './service.ts';

export function vipRoutes(v: VipService): Route[] {
  return [
    route(api.gradeConfigList, (_i, ctx) => v.configList(ctx.site.siteCode)),
    route(api.gradeInfoByGrade, async (i, ctx) => v.info(await ctx.member!.row(), i.grade)),
    route(api.fanshuiHighLow, async (_i, ctx) => v.fanshui(await ctx.member!.row())),
    route(api.vipWeekInfo, async (_i, ctx) => v.weekInfo(await ctx.member!.row())),
    route(api.welfareList, async (_i, ctx) => v.welfare(await ctx.member!.row())),
    route(api.welfareReceive, (i, ctx) => v.claim(ctx, i.id)),
    route(api.rebateRecords, (i, ctx) => v.rebateRecords(ctx.member!.id, i.pageNum, i.pageSize)),
  ];
}
