/**
 * First deposit and re-deposit bonuses: the member joins (applies) first; the qualifying credited
 * deposit then pays the bonus once — first deposit once ever, re-deposit once per business day —
 * with its wagering added to the withdrawal turnover.
 */
import { formatAmount, businessDay, yuan } from '@portal/rules';
import type { DbOrTx } from '../../../db/connect.ts';
import type { PromoDepositEventTable, PromoRewardTable, PromotionTable } from '../../../db/schema.ts';
import { depositWagering, grantReward } from '../engine.ts';
import { participationOf, refuse, type PromoCtx, type TypeHandler } from '../handler.ts';
import type { TextKey } from '@portal/contract';
import { parseParams } from '../params.ts';
import { promoRepository as repo } from '../repository.ts';
import { fmt, statusOf } from '../view.ts';

type DepositType = 'first_deposit' | 're_deposit';
const paramsOf = (p: PromotionTable) => parseParams(p.type as DepositType, JSON.parse(p.params_json));

/**
 * Whether the member's next credited deposit can still earn this bonus (joined or not): the first deposit
 * bonus only before the first credited deposit, the re-deposit bonus only after it and once a business day.
 * null when it can, else the catalogue key of the reason.
 */
export async function depositQualification(c: PromoCtx): Promise<TextKey | null> {
  const paid = await repo.paidDepositCount(c.db, c.member.id);
  if (c.promo.type === 'first_deposit') return paid > 0 ? 'PROMO_FIRST_DEPOSIT_ONLY' : null;
  if (paid === 0) return 'PROMO_REDEPOSIT_AFTER_FIRST';
  const day = businessDay(c.now);
  return (await repo.rewardsOf(c.db, c.member.id, c.promo.id)).some((r) => r.period_key === day) ? 'PROMO_REDEPOSIT_DONE_TODAY' : null;
}

/**
 * The deposit page's opt-in with an order (pay's activityId; c.db is the order's transaction): refused with
 * the reason (6012) when this order could not earn the bonus — no longer qualified, or an amount below the
 * promotion's minimum — else joins the promotion if not yet joined. The order then carries the promotion.
 */
export async function optInWithDeposit(c: PromoCtx, amountFen: number): Promise<void> {
  const reason = await depositQualification(c);
  if (reason) refuse(reason, c.locale);
  const q = paramsOf(c.promo);
  if (amountFen < q.minDepositFen) refuse('PROMO_DEPOSIT_BELOW_MIN', c.locale, { min: formatAmount(q.minDepositFen) });
  if (!c.participation) await repo.join(c.db, participationOf(c));
}

export const depositHandler: TypeHandler = {
  async eligibility(c) {
    if (c.promo.type === 'first_deposit' && (await repo.paidDepositCount(c.db, c.member.id)) > 0)
      return fmt('PROMO_FIRST_DEPOSIT_ONLY', c.locale);
    if (c.participation) return fmt('PROMO_JOINED', c.locale);
    return null;
  },
  async join(c) {
    const reason = await depositHandler.eligibility(c);
    if (reason) refuse(c.participation ? 'PROMO_JOINED' : 'PROMO_FIRST_DEPOSIT_ONLY', c.locale);
    const fresh = await repo.join(c.db, participationOf(c));
    if (!fresh) refuse('PROMO_JOINED', c.locale);
    return { joined: true, rewards: [], message: fmt('PROMO_JOIN_OK', c.locale) };
  },
  async detail(c) {
    const q = paramsOf(c.promo);
    const rewards = await repo.rewardsOf(c.db, c.member.id, c.promo.id);
    const day = businessDay(c.now);
    return {
      deposit: {
        rate: `${q.ratePct}%`,
        maxBonus: yuan(q.maxBonusFen),
        minDeposit: yuan(q.minDepositFen),
        multiple: q.multiple,
        paidToday: rewards.some((r) => (c.promo.type === 'first_deposit' ? true : r.period_key === day)),
      },
    };
  },
};

/**
 * A credited deposit (from the promotion outbox, in its own transaction): pays the deposit bonuses the
 * member joined before the deposit was credited.
 */
export async function depositBonuses(
  tx: DbOrTx,
  e: PromoDepositEventTable,
  promos: PromotionTable[],
  now: number,
): Promise<PromoRewardTable[]> {
  const out: PromoRewardTable[] = [];
  const amount = Number(e.amount);
  // An order that carries a promotion (opted into on the deposit page) pays that one only: one binding per order.
  const bound = await repo.orderPromotion(tx, e.order_no);
  for (const p of promos) {
    if (p.type !== 'first_deposit' && p.type !== 're_deposit') continue;
    if (bound && p.id !== bound) continue;
    if (statusOf(p, Number(e.paid_at)) !== 'active') continue;
    const joined = await repo.participation(tx, p.id, e.member_id);
    if (!joined || Number(joined.joined_at) > Number(e.paid_at)) continue;
    const q = paramsOf(p);
    if (amount < q.minDepositFen) continue;
    if (p.type === 'first_deposit' ? e.deposit_seq !== 1 : e.deposit_seq < 2) continue;
    const bonus = Math.min(Math.floor((amount * q.ratePct) / 100), q.maxBonusFen);
    const shown = formatAmount(amount);
    const r = await grantReward(
      tx,
      {
        promo: p,
        memberId: e.member_id,
        periodKey: p.type === 'first_deposit' ? 'once' : businessDay(Number(e.paid_at)),
        amountFen: bonus,
        wageringFen: depositWagering(amount, bonus, q.multiple, q.wageringBase),
        ref: e.order_no,
        source:
          p.type === 'first_deposit'
            ? { cn: `首存 ${shown} 元`, tw: `首存 ${shown} 元` }
            : { cn: `再存 ${shown} 元`, tw: `再存 ${shown} 元` },
      },
      now,
    );
    if (r) out.push(r);
  }
  return out;
}
