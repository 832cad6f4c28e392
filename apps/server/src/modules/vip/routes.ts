import { vipApi as api } from '@portal/contract';
import { memberRoute, route, type Route } from '../../http/pipeline.ts';
import type { VipService } from './service.ts';

export function vipRoutes(v: VipService): Route[] {
  return [
    route(api.gradeConfigList, (_i, ctx) => v.configList(ctx.site.siteCode)),
    memberRoute(api.gradeInfoByGrade, async (i, ctx) => v.info(await ctx.member.row(), i.grade)),
    memberRoute(api.fanshuiHighLow, async (_i, ctx) => v.fanshui(await ctx.member.row())),
    memberRoute(api.vipWeekInfo, async (_i, ctx) => v.weekInfo(await ctx.member.row())),
    memberRoute(api.welfareList, async (_i, ctx) => v.welfare(await ctx.member.row())),
    memberRoute(api.welfareReceive, (i, ctx) => v.claim(ctx, i.id)),
    memberRoute(api.rebateRecords, (i, ctx) => v.rebateRecords(ctx.member.id, i.pageNum, i.pageSize)),
  ];
}
