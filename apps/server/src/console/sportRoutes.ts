/** The sportsbook desk: the ops commands sport:* as console calls. */
import { StatusCode } from '@portal/contract';
import { consoleSportApi as api } from '@portal/contract/console';
import { fail } from '../lib/errors.ts';
import { sportRepository } from '../modules/sport/repository.ts';
import type { Services } from '../services.ts';
import { assertDeploymentWide, memberByName, page, refuse, sitesFor } from './operations/common.ts';
import { betWires, sportBets, sportEvents } from './operations/sportQueries.ts';
import { consoleRoute, type ConsoleContext, type ConsoleRoute } from './pipeline.ts';

export function sportRoutes(s: Services): ConsoleRoute[] {
  const db = s.handle.db;
  const settlement = s.sport.settlement;
  const bet = async (ctx: ConsoleContext, id: string) => {
    const b = (await sportRepository.bet(db, id)) ?? fail(StatusCode.NOT_FOUND);
    ctx.assertSite(Number(b.site_code));
    ctx.audit = { target: id, siteCode: Number(b.site_code) };
    return b;
  };
  const betWire = async (id: string) => (await betWires(db, [(await sportRepository.bet(db, id))!]))[0]!;
  const audited = async (ctx: ConsoleContext, id: string, before: Awaited<ReturnType<typeof betWire>>) => {
    const after = await betWire(id);
    ctx.audit = {
      target: id,
      siteCode: after.siteCode,
      before: { username: before.username, status: before.status, result: before.result, payoutFen: before.payoutFen },
      after: { username: after.username, status: after.status, result: after.result, payoutFen: after.payoutFen },
    };
    return after;
  };

  return [
    consoleRoute(api.events, async (i, ctx) => page(await sportEvents(db, ctx.sites, i), i)),
    consoleRoute(api.bets, async (i, ctx) => {
      const sites = sitesFor(ctx, i.siteCode);
      let memberId: string | undefined;
      if (i.username) {
        if (i.siteCode === undefined) refuse('按会员查询时请选择站点', StatusCode.INVALID_PARAMETER);
        memberId = (await memberByName(db, i.siteCode!, i.username)).id;
      }
      const { rows, total } = await sportBets(db, { ...i, sites, memberId }, i.pageSize, (i.page - 1) * i.pageSize);
      return { list: rows, total };
    }),
    consoleRoute(api.result, async (i, ctx) => {
      assertDeploymentWide(ctx);
      const before = (await sportRepository.results(db, [i.eventId]))[0] ?? null;
      const settled = await settlement.resettleEvent({
        event_id: i.eventId,
        score_h: i.scoreH,
        score_c: i.scoreC,
        ht_h: i.htH,
        ht_c: i.htC,
        winner: i.winner,
        cancel_code: null,
      });
      ctx.audit = { target: i.eventId, before, after: { ...i, settled } };
      return { settled };
    }),
    consoleRoute(api.cancelEvent, async (i, ctx) => {
      assertDeploymentWide(ctx);
      const before = (await sportRepository.results(db, [i.eventId]))[0] ?? null;
      const settled = await settlement.resettleEvent({
        event_id: i.eventId,
        score_h: 0,
        score_c: 0,
        ht_h: null,
        ht_c: null,
        winner: null,
        cancel_code: i.code,
      });
      ctx.audit = { target: i.eventId, before, after: { cancelCode: i.code, settled } };
      return { settled };
    }),
    consoleRoute(api.settle, async (_i, ctx) => {
      assertDeploymentWide(ctx);
      ctx.audit.target = 'sportsbook';
      const confirmed = await settlement.confirmDue();
      const settled = await settlement.settleDue();
      return { ...confirmed, settled };
    }),
    consoleRoute(api.restore, async (i, ctx) => {
      await bet(ctx, i.ticketId);
      const before = await betWire(i.ticketId);
      if (!(await settlement.restore(i.ticketId))) refuse('只能恢复已结算的注单');
      return audited(ctx, i.ticketId, before);
    }),
    consoleRoute(api.cancel, async (i, ctx) => {
      await bet(ctx, i.ticketId);
      const before = await betWire(i.ticketId);
      if (!(await settlement.cancel(i.ticketId, i.code as `D${string}`))) refuse('该注单无法取消');
      return audited(ctx, i.ticketId, before);
    }),
  ];
}
