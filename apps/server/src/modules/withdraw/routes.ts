import { withdrawApi as api } from '@portal/contract';
import { memberRoute, type Route } from '../../http/pipeline.ts';
import { banks, type WithdrawService } from './service.ts';

export function withdrawRoutes(w: WithdrawService): Route[] {
  return [
    memberRoute(api.banks, async (_i, ctx) => banks(ctx.locale)),
    memberRoute(api.memberCards, (_i, ctx) => w.cards(ctx.member.id, ctx.locale)),
    memberRoute(api.addCard, (i, ctx) => w.addCard(ctx, i)),
    memberRoute(api.addUsdt, (i, ctx) => w.addUsdt(ctx, i)),
    memberRoute(api.baseCfg, async () => w.config()),
    memberRoute(api.info, (_i, ctx) => w.info(ctx)),
    memberRoute(api.usdtInfo, (_i, ctx) => w.usdtInfo(ctx)),
    memberRoute(api.orderInfo, (i, ctx) => w.orders(ctx, i.pageNum, i.pageSize)),
    memberRoute(api.create, (i, ctx) => w.create(ctx, i)),
  ];
}
