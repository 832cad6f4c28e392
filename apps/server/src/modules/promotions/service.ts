import { yuan } from '@portal/rules';
import type { Eligibility } from '../compliance/eligibility.ts';
import { StatusCode, type Locale } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/connect.ts';
import type { DepositOrderTable, MemberTable, PromoRewardTable, PromotionTable } from '../../db/schema.ts';
import type { Caller, MemberCaller } from '../user/caller.ts';
import { fail } from '../../lib/errors.ts';
import { enqueueEffects } from '../../ledger/outbox.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { brandUrl, type SiteRow } from '../site/repository.ts';
import type { Detail, JoinOutcome, PromoCtx, TypeHandler } from './handler.ts';
import type { PromotionType } from './params.ts';
import { promoRepository as repo } from './repository.ts';
import { bettingGiftHandler, signInHandler } from './types/daily.ts';
import { depositBonuses, depositHandler, depositQualification, optInWithDeposit } from './types/deposit.ts';
import { drawHandler } from './types/draw.ts';
import { inviteRewards, inviteHandler } from './types/invite.ts';
import { raceHandler } from './types/race.ts';
import { tasksHandler } from './types/tasks.ts';
import { fmt, iso, L, rewardView, routeOf, statusOf, summaryView } from './view.ts';
import { parseParams } from './params.ts';

const HANDLERS: Record<PromotionType, TypeHandler> = {
  first_deposit: depositHandler,
  re_deposit: depositHandler,
  sign_in: signInHandler,
  betting_gift: bettingGiftHandler,
  draw_gift: drawHandler,
  race: raceHandler,
  new_member: tasksHandler,
  friend_invite: inviteHandler,
};

/** Called by the deposit service in the credit's transaction: the event row and its outbox effect (ledger/outbox.ts). */
export interface DepositHooks {
  /** The deposit page's opt-in with a new order, in the order's transaction: refused (6004, 6007, 6012) unless this order can earn the bonus. */
  optIn(tx: DbOrTx, ctx: MemberCaller, activityId: string, amountFen: number, now: number): Promise<void>;
  credited(tx: DbOrTx, order: DepositOrderTable, paidAt: number): Promise<void>;
}

/**
 * The promotion engine's member side: the discount centre, eligibility, joining and acting on a
 * promotion (each type's handler), the member's view of one promotion, gift records, banner ads, the
 * deposit page's bonus list, and the credited-deposit hook.
 */
export class PromotionService {
  constructor(
    private readonly db: Db,
    private readonly siteOf: (siteCode: number) => SiteRow | undefined,
    private readonly eligibility: Pick<Eligibility, 'check'>,
    private readonly log: (e: unknown) => void = () => undefined,
  ) {}

  private async own(ctx: Caller, id: string, db: DbOrTx = this.db): Promise<PromotionTable> {
    const p = await repo.byId(db, id);
    // Another brand's promotion is not found here.
    if (!p || p.site_code !== ctx.site.siteCode) fail(StatusCode.NOT_FOUND);
    return p;
  }

  private async ctxFor(db: DbOrTx, ctx: MemberCaller, p: PromotionTable, member: MemberTable, now: number): Promise<PromoCtx> {
    return {
      db,
      promo: p,
      member,
      site: ctx.site,
      brandUrl: brandUrl(ctx),
      locale: ctx.locale,
      now,
      participation: await repo.participation(db, p.id, member.id),
    };
  }

  /** Not started or ended: the reason (localized), else null. */
  private periodReason(p: PromotionTable, locale: Locale, now: number): string | null {
    const s = statusOf(p, now);
    return s === 'upcoming' ? fmt('PROMO_NOT_STARTED', locale) : s === 'ended' ? fmt('PROMO_ENDED', locale) : null;
  }

  async config(ctx: Caller, q: { category?: string | undefined; id?: string | undefined }) {
    const now = Date.now();
    const all = (await repo.list(this.db, ctx.site.siteCode)).filter((p) => (q.id ? p.id === q.id : statusOf(p, now) !== 'ended'));
    const joined = ctx.member ? await repo.joinedIds(this.db, ctx.member.id) : new Set<string>();
    const counts = new Map<string, number>();
    for (const p of all) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
    const list = all.filter((p) => !q.category || q.category === 'all' || p.category === q.category);
    return {
      categories: [{ key: 'all', count: all.length }, ...[...counts.entries()].map(([key, count]) => ({ key, count }))],
      list: list.map((p) => summaryView(p, ctx.locale, now, joined.has(p.id))),
    };
  }

  async verification(ctx: MemberCaller, id: string) {
    const now = Date.now();
    const p = await this.own(ctx, id);
    const c = await this.ctxFor(this.db, ctx, p, await ctx.member.row(), now);
    const reason = this.periodReason(p, ctx.locale, now) ?? (await HANDLERS[p.type as PromotionType].eligibility(c));
    return { eligible: reason === null, joined: !!c.participation, message: reason ?? fmt('PROMO_ELIGIBLE', ctx.locale) };
  }

  async join(ctx: MemberCaller, id: string, option: string | undefined) {
    const now = Date.now();
    const p = await this.own(ctx, id);
    const reason = this.periodReason(p, ctx.locale, now);
    if (reason) fail(StatusCode.WARNING, { message: reason });
    // Player protection: no promotion for an excluded member (modules/compliance).
    await this.eligibility.check(ctx, 'promotion');
    // A money step (a join may pay its reward): through the ledger's one entry point.
    const out: JoinOutcome = await moneyStep(this.db, async (tx) => {
      const c = await this.ctxFor(tx, ctx, p, await ctx.member.row(), now);
      return HANDLERS[p.type as PromotionType].join(c, option);
    });
    return {
      activityId: p.id,
      joined: out.joined,
      rewards: out.rewards.map((r) => rewardView(r, p, ctx.locale)),
      spin: out.spin ?? null,
      message: out.message,
    };
  }

  async confirmInfo(ctx: MemberCaller, id: string) {
    const now = Date.now();
    const p = await this.own(ctx, id);
    const c = await this.ctxFor(this.db, ctx, p, await ctx.member.row(), now);
    const h = HANDLERS[p.type as PromotionType];
    const reason = this.periodReason(p, ctx.locale, now) ?? (await h.eligibility(c));
    const detail: Detail = await h.detail(c);
    const rewards = await repo.rewardsOf(this.db, c.member.id, p.id);
    return {
      activity: summaryView(p, ctx.locale, now, !!c.participation),
      joined: !!c.participation,
      joinedAt: c.participation ? iso(c.participation.joined_at) : null,
      eligible: reason === null,
      reason: reason ?? '',
      rewards: rewards.slice(0, 50).map((r) => rewardView(r, p, ctx.locale)),
      ...detail,
    };
  }

  async records(ctx: MemberCaller, q: { pageNum?: number | undefined; pageSize?: number | undefined; activityId?: string | undefined }) {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 20;
    const page = await repo.rewardPage(this.db, ctx.member.id, pageNum, pageSize, q.activityId);
    const promos = new Map((await repo.list(this.db, ctx.site.siteCode)).map((p) => [p.id, p]));
    return {
      total: page.total,
      totalAmount: yuan(page.paidFen),
      list: page.list.map((r) => rewardView(r, promos.get(r.promotion_id), ctx.locale)),
    };
  }

  async ads(ctx: Caller) {
    const now = Date.now();
    return (await repo.list(this.db, ctx.site.siteCode))
      .filter((p) => statusOf(p, now) === 'active')
      .slice(0, 8)
      .map((p) => ({
        id: `ad-${p.id}`,
        activityId: p.id,
        title: L(ctx.locale, p.title_cn, p.title_tw),
        summary: L(ctx.locale, p.summary_cn, p.summary_tw),
        banner: { theme: p.banner_theme, image: p.banner_image },
        route: routeOf(p),
      }));
  }

  /** The deposit page's bonus list: the running deposit promotions, each with whether the next deposit can earn it (else why). */
  async depositRewardConfig(ctx: MemberCaller) {
    const now = Date.now();
    const member = await ctx.member.row();
    const out = [];
    for (const p of await repo.ofType(this.db, ctx.site.siteCode, ['first_deposit', 're_deposit'])) {
      if (statusOf(p, now) !== 'active') continue;
      const c = await this.ctxFor(this.db, ctx, p, member, now);
      const reason = await depositQualification(c);
      const q = parseParams(p.type as 'first_deposit', JSON.parse(p.params_json));
      out.push({
        activityId: p.id,
        type: p.type as PromotionType,
        title: L(ctx.locale, p.title_cn, p.title_tw),
        rate: `${q.ratePct}%`,
        maxBonus: yuan(q.maxBonusFen),
        minDeposit: yuan(q.minDepositFen),
        multiple: q.multiple,
        joined: !!c.participation,
        available: reason === null,
        reason: reason ? fmt(reason, ctx.locale) : '',
      });
    }
    return out;
  }

  // --- credited deposits

  readonly depositHooks: DepositHooks = {
    optIn: async (tx, ctx, activityId, amountFen, now) => {
      const p = await this.own(ctx, activityId, tx);
      if (p.type !== 'first_deposit' && p.type !== 're_deposit') fail(StatusCode.INVALID_PARAMETER, { key: 'PROMO_NOT_DEPOSIT' });
      const reason = this.periodReason(p, ctx.locale, now);
      if (reason) fail(StatusCode.WARNING, { message: reason });
      await optInWithDeposit(await this.ctxFor(tx, ctx, p, await ctx.member.row(), now), amountFen);
    },
    credited: async (tx, o, paidAt) => {
      await repo.insertDepositEvent(tx, {
        order_no: o.order_no,
        member_id: o.member_id,
        site_code: o.site_code,
        amount: Number(o.amount),
        deposit_seq: await repo.paidDepositCount(tx, o.member_id),
        paid_at: paidAt,
        processed_at: null,
      });
      // Processed after the commit by the outbox's dispatcher (processDepositEvent); a crash or a failure leaves it for the effects job.
      await enqueueEffects(tx, [{ kind: 'promo.deposit', orderNo: o.order_no }], paidAt);
    },
  };

  /** Pays the deposit-triggered rewards of one credited deposit, once (the event is claimed in the same transaction). */
  async processDepositEvent(orderNo: string, now = Date.now()): Promise<PromoRewardTable[]> {
    return moneyStep(this.db, async (tx) => {
      if (!(await repo.claimDepositEvent(tx, orderNo, now))) return [];
      const e = (await tx.selectFrom('promo_deposit_events').selectAll().where('order_no', '=', orderNo).executeTakeFirst())!;
      const promos = await repo.ofType(tx, e.site_code, ['first_deposit', 're_deposit', 'friend_invite']);
      return [...(await depositBonuses(tx, e, promos, now)), ...(await inviteRewards(tx, e, promos, now))];
    });
  }
}
