/**
 * New-member tasks: members registered within the promotion's window complete tasks (bind a phone, bind
 * the real name, a first deposit, turnover) and claim each task's reward once.
 */
import { StatusCode } from '@portal/contract';
import { formatAmount, businessDay, yuan } from '@portal/rules';
import { fail } from '../../../lib/errors.ts';
import type { PromoRewardTable } from '../../../db/schema.ts';
import { grantReward } from '../engine.ts';
import { participationOf, refuse, rewardMessage, type PromoCtx, type TypeHandler } from '../handler.ts';
import { parseParams, type ParamsOf } from '../params.ts';
import { promoRepository as repo } from '../repository.ts';
import { fmt, L } from '../view.ts';
import { validTurnover } from './daily.ts';

const DAY_MS = 86_400_000;
type Task = ParamsOf<'new_member'>['tasks'][number];

function taskTitle(t: Task, locale: 'zh-CN' | 'zh-TW'): string {
  const amt = formatAmount(t.targetFen);
  switch (t.key) {
    case 'bind_phone':
      return L(locale, '绑定手机号', '綁定手機號');
    case 'bind_real_name':
      return L(locale, '绑定真实姓名', '綁定真實姓名');
    case 'first_deposit':
      return t.targetFen > 0 ? L(locale, `首次存款满${amt}元`, `首次存款滿${amt}元`) : L(locale, '完成首次存款', '完成首次存款');
    case 'turnover':
      return L(locale, `累计有效投注满${amt}元`, `累計有效投注滿${amt}元`);
  }
}

async function taskState(c: PromoCtx) {
  const q = parseParams('new_member', JSON.parse(c.promo.params_json));
  const since = Number(c.member.created_at);
  const isNew = c.now - since <= q.registeredWithinDays * DAY_MS;
  const claimed = new Set((await repo.rewardsOf(c.db, c.member.id, c.promo.id)).map((r) => r.period_key));
  const deposited = await repo.depositedBetween(c.db, c.member.id, since, c.now + 1);
  const turnover = await validTurnover(c.db, c.member.id, businessDay(since), businessDay(c.now), []);
  const done = (t: Task) => {
    switch (t.key) {
      case 'bind_phone':
        return !!c.member.phone;
      case 'bind_real_name':
        return !!c.member.real_name;
      case 'first_deposit':
        return deposited >= Math.max(1, t.targetFen);
      case 'turnover':
        return turnover >= Math.max(1, t.targetFen);
    }
  };
  return { q, isNew, tasks: q.tasks.map((t) => ({ ...t, done: done(t), claimed: claimed.has(`task:${t.key}`) })) };
}

export const tasksHandler: TypeHandler = {
  async eligibility(c) {
    const s = await taskState(c);
    if (!s.isNew) return fmt('PROMO_NOT_NEW_MEMBER', c.locale);
    return s.tasks.some((t) => t.done && !t.claimed) ? null : fmt('PROMO_TASK_UNFINISHED', c.locale);
  },
  async join(c, option) {
    const s = await taskState(c);
    if (!s.isNew) refuse('PROMO_NOT_NEW_MEMBER', c.locale);
    const picked = option ? s.tasks.filter((t) => t.key === option) : s.tasks.filter((t) => t.done && !t.claimed);
    if (option && picked.length === 0) fail(StatusCode.INVALID_PARAMETER);
    if (option && picked[0]!.claimed) refuse('PROMO_TASK_CLAIMED', c.locale);
    if (picked.length === 0 || picked.some((t) => !t.done)) refuse('PROMO_TASK_UNFINISHED', c.locale);
    if (!c.participation) {
      await repo.join(c.db, participationOf(c));
    }
    const rewards: PromoRewardTable[] = [];
    for (const t of picked) {
      const r = await grantReward(
        c.db,
        {
          promo: c.promo,
          memberId: c.member.id,
          periodKey: `task:${t.key}`,
          amountFen: t.bonusFen,
          wageringFen: t.bonusFen * s.q.multiple,
          source: { cn: `新人任务 · ${taskTitle(t, 'zh-CN')}`, tw: `新人任務 · ${taskTitle(t, 'zh-TW')}` },
          ref: t.key,
        },
        c.now,
      );
      if (r) rewards.push(r);
    }
    if (rewards.length === 0) refuse('PROMO_TASK_CLAIMED', c.locale);
    return { joined: true, rewards, message: rewardMessage(rewards, c.locale) };
  },
  async detail(c) {
    const s = await taskState(c);
    return {
      tasks: s.tasks.map((t) => ({ key: t.key, title: taskTitle(t, c.locale), bonus: yuan(t.bonusFen), done: t.done, claimed: t.claimed })),
    };
  },
};
