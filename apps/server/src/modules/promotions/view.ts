/** Wire views of promotions and rewards, in the request's language. */
import { PROMOTION_PAGES, text, type Locale, type TextKey } from '@portal/contract';
import { formatAmount, BUSINESS_UTC_OFFSET_MIN, businessDay, yuan } from '@portal/rules';
import type { PromoRewardTable, PromotionTable } from '../../db/schema.ts';
import { parseParams, type PromotionType } from './params.ts';

export const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
export const L = (locale: Locale, cn: string, tw: string) => (locale === 'zh-TW' ? tw : cn);
/** A catalogue text with {name} placeholders filled. */
export const fmt = (key: TextKey, locale: Locale, vars: Record<string, string> = {}) =>
  text(key, locale).replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

/** First millisecond of a business day ('YYYY-MM-DD', UTC+8). */
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - BUSINESS_UTC_OFFSET_MIN * 60_000;
export const today = (now: number) => businessDay(now);

export function statusOf(p: PromotionTable, now: number): 'upcoming' | 'active' | 'ended' {
  if (p.status === 'ended' || (p.ends_at !== null && Number(p.ends_at) <= now)) return 'ended';
  return Number(p.starts_at) > now ? 'upcoming' : 'active';
}

export const routeOf = (p: PromotionTable) => {
  const base = PROMOTION_PAGES[p.type as PromotionType];
  return p.type === 'friend_invite' ? base : `${base}${p.id}`;
};

/** Short figures for the card, from the type's parameters. */
export function highlights(p: PromotionTable, locale: Locale): string[] {
  const t = p.type as PromotionType;
  const raw = JSON.parse(p.params_json) as unknown;
  const x = (n: number) => L(locale, `${n}倍流水`, `${n}倍流水`);
  switch (t) {
    case 'first_deposit':
    case 're_deposit': {
      const q = parseParams(t, raw);
      return [`${q.ratePct}%`, L(locale, `最高${formatAmount(q.maxBonusFen)}元`, `最高${formatAmount(q.maxBonusFen)}元`), x(q.multiple)];
    }
    case 'sign_in': {
      const q = parseParams(t, raw);
      return [
        L(locale, `连签${q.dailyFen.length}天`, `連簽${q.dailyFen.length}天`),
        L(locale, `最高${formatAmount(Math.max(...q.dailyFen))}元/天`, `最高${formatAmount(Math.max(...q.dailyFen))}元/天`),
      ];
    }
    case 'betting_gift': {
      const q = parseParams(t, raw);
      return [
        L(locale, `${q.tiers.length}档彩金`, `${q.tiers.length}檔彩金`),
        L(
          locale,
          `最高${formatAmount(q.tiers.reduce((s, v) => s + v.bonusFen, 0))}元/天`,
          `最高${formatAmount(q.tiers.reduce((s, v) => s + v.bonusFen, 0))}元/天`,
        ),
      ];
    }
    case 'draw_gift': {
      const q = parseParams(t, raw);
      return [
        L(
          locale,
          `最高${formatAmount(Math.max(...q.prizes.map((z) => z.amountFen)))}元`,
          `最高${formatAmount(Math.max(...q.prizes.map((z) => z.amountFen)))}元`,
        ),
        L(locale, '公平可验证', '公平可驗證'),
      ];
    }
    case 'race': {
      const q = parseParams(t, raw);
      return [
        L(locale, `冠军${formatAmount(q.prizesFen[0]!)}元`, `冠軍${formatAmount(q.prizesFen[0]!)}元`),
        L(locale, `前${q.prizesFen.length}名有奖`, `前${q.prizesFen.length}名有獎`),
      ];
    }
    case 'new_member': {
      const q = parseParams(t, raw);
      return [
        L(locale, `${q.tasks.length}项任务`, `${q.tasks.length}項任務`),
        L(
          locale,
          `共${formatAmount(q.tasks.reduce((s, v) => s + v.bonusFen, 0))}元`,
          `共${formatAmount(q.tasks.reduce((s, v) => s + v.bonusFen, 0))}元`,
        ),
      ];
    }
    case 'friend_invite': {
      const q = parseParams(t, raw);
      return [
        L(locale, `每位${formatAmount(q.bonusFen)}元`, `每位${formatAmount(q.bonusFen)}元`),
        L(locale, `上限${q.maxInvitees}人`, `上限${q.maxInvitees}人`),
      ];
    }
  }
}

export function summaryView(p: PromotionTable, locale: Locale, now: number, joined: boolean) {
  return {
    id: p.id,
    type: p.type as PromotionType,
    category: p.category as never,
    title: L(locale, p.title_cn, p.title_tw),
    summary: L(locale, p.summary_cn, p.summary_tw),
    banner: { theme: p.banner_theme, image: p.banner_image },
    rules: L(locale, p.rules_cn, p.rules_tw),
    highlights: highlights(p, locale),
    startAt: iso(p.starts_at),
    endAt: p.ends_at === null ? null : iso(p.ends_at),
    status: statusOf(p, now),
    route: routeOf(p),
    joined,
  };
}

export function rewardView(r: PromoRewardTable, p: PromotionTable | undefined, locale: Locale) {
  return {
    id: r.id,
    activityId: r.promotion_id,
    activityTitle: p ? L(locale, p.title_cn, p.title_tw) : r.promotion_id,
    type: (p?.type ?? 'first_deposit') as PromotionType,
    amount: yuan(r.amount),
    wagering: yuan(r.wagering),
    status: r.status,
    source: L(locale, r.source_cn, r.source_tw),
    createdAt: iso(r.created_at),
  };
}

/** 'ab****' style mask for another member's name on boards and invitee lists. */
export function maskName(name: string): string {
  const chars = [...name];
  return `${chars.slice(0, Math.min(2, Math.max(1, chars.length - 2))).join('')}****${chars.length > 4 ? chars[chars.length - 1] : ''}`;
}
