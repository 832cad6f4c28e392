import { activityApi as api } from '@portal/contract';
import { memberRoute, route, type Route } from '../../http/pipeline.ts';
import type { PromotionService } from './service.ts';

export function promotionRoutes(p: PromotionService): Route[] {
  return [
    route(api.config, (i, ctx) => p.config(ctx, i)),
    memberRoute(api.verification, (i, ctx) => p.verification(ctx, i.activityId)),
    memberRoute(api.joinActivity, (i, ctx) => p.join(ctx, i.activityId, i.option || undefined)),
    memberRoute(api.confirmInfo, (i, ctx) => p.confirmInfo(ctx, i.activityId)),
    memberRoute(api.exchangeRecord, (i, ctx) => p.records(ctx, i)),
    route(api.myDiscountAd, (_i, ctx) => p.ads(ctx)),
    memberRoute(api.depositRewardConfig, (_i, ctx) => p.depositRewardConfig(ctx)),
  ];
}
