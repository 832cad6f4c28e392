/** Promotions, the VIP ladder and rebates: the ops commands promo:* and vip:* as console calls. */
import { REBATE_CATEGORIES, StatusCode } from '@portal/contract';
import { consolePromotionsApi as api, consoleVipApi as vipApi, type VipGradeRow } from '@portal/contract/console';
import type { VipGradeTable } from '../db/schema.ts';
import { fail } from '../lib/errors.ts';
import { createPromotion, decideFlagged, endPromotion, settlePromotion } from '../modules/promotions/admin.ts';
import { promoRepository } from '../modules/promotions/repository.ts';
import { statusOf } from '../modules/promotions/view.ts';
import { RATE_COLUMN } from '../modules/vip/ladder.ts';
import { editGrade } from '../modules/vip/ladderEdit.ts';
import { payRebates } from '../modules/vip/rebate.ts';
import { ladderRepository } from '../modules/vip/repository.ts';
import type { Services } from '../services.ts';
import { assertDeploymentWide, page, refuse, sitesFor, usernames } from './operations/common.ts';
import { flaggedRewards, promoCosts, promoWire } from './operations/promoQueries.ts';
import type { Grants } from './grants/service.ts';
import { consoleRoute, type ConsoleContext, type ConsoleRoute } from './pipeline.ts';

const gradeWire = (g: VipGradeTable): VipGradeRow => ({
  grade: g.grade,
  name: g.name,
  depositMinFen: Number(g.deposit_min),
  turnoverMinFen: Number(g.turnover_min),
  upgradeBonusFen: Number(g.upgrade_bonus),
  birthdayBonusFen: Number(g.birthday_bonus),
  weeklyBonusFen: Number(g.weekly_bonus),
  weeklyTurnoverMinFen: Number(g.weekly_turnover_min),
  bonusMultiple: Number(g.bonus_multiple),
  rebateMultiple: Number(g.rebate_multiple),
  rates: Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, Number(g[RATE_COLUMN[c]])])) as VipGradeRow['rates'],
});

export function promotionsRoutes(s: Services, grants: Grants): ConsoleRoute[] {
  const db = s.handle.db;
  const one = async (ctx: ConsoleContext, id: string) => {
    const p = (await promoRepository.byId(db, id)) ?? fail(StatusCode.NOT_FOUND);
    ctx.assertSite(Number(p.site_code));
    ctx.audit = { target: id, siteCode: Number(p.site_code) };
    return p;
  };
  const wire = async (id: string) => {
    const p = (await promoRepository.byId(db, id))!;
    return promoWire(p, (await promoCosts(db, [id])).get(id));
  };
  const flaggedReward = async (ctx: ConsoleContext, id: string) => {
    const r = (await promoRepository.reward(db, id)) ?? fail(StatusCode.NOT_FOUND);
    ctx.assertSite(Number(r.site_code));
    ctx.audit = { target: (await usernames(db, [r.member_id])).get(r.member_id) ?? '', siteCode: Number(r.site_code) };
    if (r.status !== 'flagged') refuse('该奖励已处理');
    return r;
  };
  const decide = async (ctx: ConsoleContext, id: string, decision: 'paid' | 'refused') => {
    const before = await flaggedReward(ctx, id);
    const r = await decideFlagged(db, id, decision, ctx.staff.username).catch(() => refuse('该奖励已处理'));
    const username = (await usernames(db, [r.member_id])).get(r.member_id) ?? '';
    ctx.audit = {
      target: username,
      siteCode: Number(r.site_code),
      before: { reward: id, status: before.status },
      after: { status: decision },
    };
    return { username, amountFen: Number(r.amount), status: decision };
  };

  return [
    consoleRoute(api.list, async (i, ctx) => {
      const now = Date.now();
      const sites = new Set(sitesFor(ctx, i.siteCode));
      const rows = (await promoRepository.list(db)).filter((p) => sites.has(Number(p.site_code)));
      const chosen = i.state ? rows.filter((p) => statusOf(p, now) === i.state) : rows;
      const { list, total } = page(chosen, i);
      const costs = await promoCosts(
        db,
        list.map((p) => p.id),
      );
      return { total, list: list.map((p) => promoWire(p, costs.get(p.id), now)) };
    }),
    consoleRoute(api.create, async (i, ctx) => {
      if (await promoRepository.byId(db, i.id)) fail(StatusCode.DATA_EXISTS);
      await createPromotion(db, i).catch(() => fail(StatusCode.DATA_EXISTS));
      const after = await wire(i.id);
      ctx.audit = { target: i.id, siteCode: i.siteCode, after };
      return after;
    }),
    consoleRoute(api.end, async (i, ctx) => {
      const p = await one(ctx, i.id);
      if (statusOf(p, Date.now()) === 'ended') refuse('活动已结束');
      await endPromotion(db, i.id).catch(() => refuse('活动已结束'));
      const after = await wire(i.id);
      ctx.audit = { target: i.id, siteCode: after.siteCode, before: { status: p.status, endsAt: p.ends_at }, after };
      return after;
    }),
    consoleRoute(api.settle, async (i, ctx) => {
      const p = await one(ctx, i.id);
      if (p.type !== 'race') refuse('只有排行榜竞赛需要结算');
      if (statusOf(p, Date.now()) !== 'ended') refuse('竞赛尚未结束');
      if (p.settled_at !== null) refuse('竞赛已结算');
      const paid = await settlePromotion(db, i.id).catch(() => refuse('竞赛已结算'));
      const out = { rewards: paid.length, amountFen: paid.reduce((sum, r) => sum + Number(r.amount), 0) };
      ctx.audit = { target: i.id, siteCode: Number(p.site_code), after: out };
      return out;
    }),
    consoleRoute(api.flagged, async (i, ctx) => {
      const { rows, total } = await flaggedRewards(db, sitesFor(ctx, i.siteCode), i.pageSize, (i.page - 1) * i.pageSize);
      return { list: rows, total };
    }),
    consoleRoute(api.pay, async (i, ctx) => {
      // Paying a held reward creates money (finding 4): above the brand's amount a second staff member approves it.
      const r = await flaggedReward(ctx, i.id);
      const params = JSON.stringify({ rewardId: i.id });
      const waiting = await db
        .selectFrom('staff_grants')
        .select('id')
        .where('kind', '=', 'promo')
        .where('params', '=', params)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (waiting) refuse('该奖励已提交复核，请在「资金复核」中处理');
      if (Number(r.amount) <= grants.threshold(Number(r.site_code))) return decide(ctx, i.id, 'paid');
      const g = await grants.request(ctx.staff.username, {
        siteCode: Number(r.site_code),
        memberId: r.member_id,
        kind: 'promo',
        amount: Number(r.amount),
        params: { rewardId: i.id },
        reason: `promo/pay ${i.id}`,
      });
      const username = (await usernames(db, [r.member_id])).get(r.member_id) ?? '';
      ctx.audit = { ...ctx.audit, after: { status: 'pending', grant: g.id } };
      return { username, amountFen: Number(r.amount), status: 'pending' };
    }),
    consoleRoute(api.refuse, (i, ctx) => decide(ctx, i.id, 'refused')),

    consoleRoute(vipApi.ladder, async (i) => (await ladderRepository.ladder(db, i.siteCode)).map(gradeWire)),
    consoleRoute(vipApi.setGrade, async (i, ctx) => {
      const r = await editGrade(db, i.siteCode, i.grade, (g) => {
        const out: VipGradeTable = { ...g };
        if (i.name !== undefined) out.name = i.name;
        if (i.depositMinFen !== undefined) out.deposit_min = i.depositMinFen;
        if (i.turnoverMinFen !== undefined) out.turnover_min = i.turnoverMinFen;
        if (i.upgradeBonusFen !== undefined) out.upgrade_bonus = i.upgradeBonusFen;
        if (i.birthdayBonusFen !== undefined) out.birthday_bonus = i.birthdayBonusFen;
        if (i.weeklyBonusFen !== undefined) out.weekly_bonus = i.weeklyBonusFen;
        if (i.weeklyTurnoverMinFen !== undefined) out.weekly_turnover_min = i.weeklyTurnoverMinFen;
        if (i.bonusMultiple !== undefined) out.bonus_multiple = i.bonusMultiple;
        if (i.rebateMultiple !== undefined) out.rebate_multiple = i.rebateMultiple;
        for (const c of REBATE_CATEGORIES) {
          const rate = i.rates?.[c];
          if (rate !== undefined) out[RATE_COLUMN[c]] = rate;
        }
        return out;
      });
      if (!r.ok && r.missing) return refuse(`VIP${i.grade} 不存在；可新增的下一级是 VIP${r.next}`, StatusCode.NOT_FOUND);
      if (!r.ok)
        fail(StatusCode.ILLEGAL_PARAMETER, {
          message: '等级设置不合理：门槛须逐级不降、VIP0 无门槛、金额不为负、返水比例 0–5%、倍数 0–100',
          data: { problems: r.problems },
        });
      const out = { before: r.before && gradeWire(r.before), after: gradeWire(r.after) };
      ctx.audit = { target: `VIP${i.grade}`, siteCode: i.siteCode, before: out.before, after: out.after };
      return out;
    }),
    consoleRoute(vipApi.rebate, async (i, ctx) => {
      assertDeploymentWide(ctx);
      if (Number.isNaN(Date.parse(i.day))) refuse('日期无效', StatusCode.INVALID_PARAMETER);
      ctx.audit.target = i.day;
      return payRebates(db, s.vip, i.day);
    }),
  ];
}
