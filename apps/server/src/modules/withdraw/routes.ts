import { withdrawApi as api } from '@portal/contract';
import { route, type Route } from '../../http/pipeline.ts';
import { banks, type WithdrawService } from './service.ts';

export function withdrawRoutes(w: WithdrawService): Route[] {
  return [
    route(api.banks, async (_i, ctx) => banks(ctx.locale)),
    route(api.memberCards, (_i, ctx) => w.cards(ctx.member!.id)),
    route(api.addCard, (i, ctx) => w.addCard(ctx, i)),
    route(api.addUsdt, (i, ctx) => w.addUsdt(ctx, i)),
    route(api.baseCfg, async () => w.config()),
    route(api.info, (_i, ctx) => w.info(ctx)),
    route(api.usdtInfo, (_i, ctx) => w.usdtInfo(ctx)),
    route(api.orderInfo, (i, ctx) => w.orders(ctx, i.pageNum, i.pageSize)),
    route(api.create, (i, ctx) => w.create(ctx, i)),
  ];
}
