/**
 * Daily promotions on the business day (UTC+8): the sign-in gift (a check-in calendar; the gift grows
 * with the streak) and the betting gift (tiers of the day's valid turnover, each claimed once a day).
 */
import { formatAmount, businessDay, yuan } from '@portal/rules';
import type { DbOrTx } from '../../../db/connect.ts';
import type { PromoRewardTable } from '../../../db/schema.ts';
import { turnoverBetween } from '../../turnover/repository.ts';
import { grantReward } from '../engine.ts';
import { participationOf, refuse, rewardMessage, type PromoCtx, type TypeHandler } from '../handler.ts';
import { parseParams } from '../params.ts';
import { promoRepository as repo } from '../repository.ts';
import { dayStart, fmt } from '../view.ts';

const DAY_MS = 86_400_000;
export const prevDay = (day: string) => businessDay(dayStart(day) - 1);

async function ensureJoined(c: PromoCtx): Promise<void> {
  if (!c.participation) {
    await repo.join(c.db, participationOf(c));
  }
}

// --- sign-in gift

const signParams = (c: PromoCtx) => parseParams('sign_in', JSON.parse(c.promo.params_json));

/** Days checked in before `day` without a gap (the streak the next check-in continues). */
function streakBefore(day: string, signed: Set<string>): number {
  let n = 0;
  for (let d = prevDay(day); signed.has(d) && n < 366; d = prevDay(d)) n += 1;
  return n;
}

async function signState(c: PromoCtx) {
  const q = signParams(c);
  const day = businessDay(c.now);
  const rewards = await repo.rewardsOf(c.db, c.member.id, c.promo.id);
  const signed = new Set(rewards.map((r) => r.period_key));
  const before = streakBefore(day, signed);
  const deposited = q.minDepositFen > 0 ? await repo.depositedBetween(c.db, c.member.id, dayStart(day), dayStart(day) + DAY_MS) : 0;
  return { q, day, rewards, signed, before, deposited, nextFen: q.dailyFen[before % q.dailyFen.length]! };
}

export const signInHandler: TypeHandler = {
  async eligibility(c) {
    const s = await signState(c);
    if (s.signed.has(s.day)) return fmt('PROMO_SIGNED_TODAY', c.locale);
    if (s.deposited < s.q.minDepositFen) return fmt('PROMO_SIGN_DEPOSIT', c.locale, { amount: formatAmount(s.q.minDepositFen) });
    return null;
  },
  async join(c) {
    const s = await signState(c);
    if (s.signed.has(s.day)) refuse('PROMO_SIGNED_TODAY', c.locale);
    if (s.deposited < s.q.minDepositFen) refuse('PROMO_SIGN_DEPOSIT', c.locale, { amount: formatAmount(s.q.minDepositFen) });
    await ensureJoined(c);
    const n = s.before + 1;
    const r = await grantReward(
      c.db,
      {
        promo: c.promo,
        memberId: c.member.id,
        periodKey: s.day,
        amountFen: s.nextFen,
        wageringFen: s.nextFen * s.q.multiple,
        source: { cn: `连续签到第 ${n} 天`, tw: `連續簽到第 ${n} 天` },
        ref: s.day,
      },
      c.now,
    );
    // A concurrent twin checked in first: the unique key refused this one.
    if (!r) refuse('PROMO_SIGNED_TODAY', c.locale);
    return { joined: true, rewards: [r!], message: rewardMessage([r!], c.locale) };
  },
  async detail(c) {
    const s = await signState(c);
    const byDay = new Map(s.rewards.map((r) => [r.period_key, r]));
    const month = s.day.slice(0, 7);
    const days: { day: string; signed: boolean; amount: string | null }[] = [];
    for (let d = `${month}-01`; d.startsWith(month); d = businessDay(dayStart(d) + DAY_MS)) {
      const r = byDay.get(d);
      days.push({ day: d, signed: !!r, amount: r ? yuan(r.amount) : null });
    }
    const signedToday = s.signed.has(s.day);
    return {
      sign: {
        today: s.day,
        signedToday,
        streak: s.before + (signedToday ? 1 : 0),
        minDeposit: yuan(s.q.minDepositFen),
        nextAmount: yuan(signedToday ? s.q.dailyFen[(s.before + 1) % s.q.dailyFen.length]! : s.nextFen),
        month: days,
      },
    };
  },
};

// --- betting gift

/** Valid turnover of a member on one business day, in the given venue categories (all when empty). */
export async function validTurnover(db: DbOrTx, memberId: string, fromDay: string, toDay: string, categories: string[]): Promise<number> {
  const rows = await turnoverBetween(db, { memberId, fromDay, toDay });
  return rows.filter((r) => categories.length === 0 || categories.includes(r.category)).reduce((s, r) => s + r.validFen, 0);
}

async function bettingState(c: PromoCtx) {
  const q = parseParams('betting_gift', JSON.parse(c.promo.params_json));
  const day = businessDay(c.now);
  const turnover = await validTurnover(c.db, c.member.id, day, day, q.categories);
  const claimed = new Set((await repo.rewardsOf(c.db, c.member.id, c.promo.id)).map((r) => r.period_key));
  const tiers = q.tiers.map((t, i) => ({ ...t, key: `${day}:t${i + 1}`, index: i + 1, reached: turnover >= t.turnoverFen }));
  return { q, day, turnover, tiers: tiers.map((t) => ({ ...t, claimed: claimed.has(t.key) })) };
}

export const bettingGiftHandler: TypeHandler = {
  async eligibility(c) {
    const s = await bettingState(c);
    return s.tiers.some((t) => t.reached && !t.claimed) ? null : fmt('PROMO_NO_TIER', c.locale);
  },
  async join(c) {
    const s = await bettingState(c);
    await ensureJoined(c);
    const rewards: PromoRewardTable[] = [];
    for (const t of s.tiers.filter((x) => x.reached && !x.claimed)) {
      const r = await grantReward(
        c.db,
        {
          promo: c.promo,
          memberId: c.member.id,
          periodKey: t.key,
          amountFen: t.bonusFen,
          wageringFen: t.bonusFen * s.q.multiple,
          ref: s.day,
          source: {
            cn: `第 ${t.index} 档 · 有效投注 ${formatAmount(t.turnoverFen)} 元`,
            tw: `第 ${t.index} 檔 · 有效投注 ${formatAmount(t.turnoverFen)} 元`,
          },
        },
        c.now,
      );
      if (r) rewards.push(r);
    }
    if (rewards.length === 0) refuse('PROMO_NO_TIER', c.locale);
    return { joined: true, rewards, message: rewardMessage(rewards, c.locale) };
  },
  async detail(c) {
    const s = await bettingState(c);
    return {
      betting: {
        day: s.day,
        turnover: yuan(s.turnover),
        tiers: s.tiers.map((t) => ({ turnover: yuan(t.turnoverFen), bonus: yuan(t.bonusFen), reached: t.reached, claimed: t.claimed })),
      },
    };
  },
};
