import { activityApi as api } from '@portal/contract';
import { route, type Route } from '../../http/pipeline.ts';
import type { PromotionService } from './service.ts';

export function promotionRoutes(p: PromotionService): Route[] {
  return [
    route(api.config, (i, ctx) => p.config(ctx, i)),
    route(api.verification, (i, ctx) => p.verification(ctx, i.activityId)),
    route(api.joinActivity, (i, ctx) => p.join(ctx, i.activityId, i.option || undefined)),
    route(api.confirmInfo, (i, ctx) => p.confirmInfo(ctx, i.activityId)),
    route(api.exchangeRecord, (i, ctx) => p.records(ctx, i)),
    route(api.myDiscountAd, (_i, ctx) => p.ads(ctx)),
    route(api.depositRewardConfig, (_i, ctx) => p.depositRewardConfig(ctx)),
  ];
}
