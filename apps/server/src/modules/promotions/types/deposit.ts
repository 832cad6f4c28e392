/**
 * First deposit and re-deposit bonuses: the member joins (applies) first; the qualifying credited
 * deposit then pays the bonus once — first deposit once ever, re-deposit once per business day —
 * with its wagering added to the withdrawal turnover.
 */
import { formatAmount, businessDay } from '@portal/rules';
import type { DbOrTx } from '../../../db/connect.ts';
import type { PromoDepositEventTable, PromoRewardTable, PromotionTable } from '../../../db/schema.ts';
import { depositWagering, grantReward } from '../engine.ts';
import { refuse, type TypeHandler } from '../handler.ts';
import { parseParams } from '../params.ts';
import { promoRepository as repo } from '../repository.ts';
import { fmt, statusOf, yuan } from '../view.ts';

type DepositType = 'first_deposit' | 're_deposit';
const paramsOf = (p: PromotionTable) => parseParams(p.type as DepositType, JSON.parse(p.params_json));

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
    const fresh = await repo.join(c.db, {
      promotion_id: c.promo.id,
      member_id: c.member.id,
      site_code: c.member.site_code,
      joined_at: c.now,
      next_seed: null,
      next_commit: null,
      spins_used: 0,
    });
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
  for (const p of promos) {
    if (p.type !== 'first_deposit' && p.type !== 're_deposit') continue;
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
