import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const tag = 'VIP';

/** Venue categories a rebate (洗码) rate is set for (spec §2 category codes). */
export const REBATE_CATEGORIES = ['TY', 'ZR', 'QP', 'DZ', 'CP', 'DJ', 'BY'] as const;
export type RebateCategory = (typeof REBATE_CATEGORIES)[number];

/** Money on the wire: yuan with exactly 2 decimals ('1000.00'). Rates: basis points (1 = 0.01 %). */
const money = z.string();
const rate = z.object({ category: z.enum(REBATE_CATEGORIES), rateBp: z.number() });

export const vipGradeConfig = z.object({
  grade: z.number(),
  name: z.string(),
  /** Cumulative credited deposits and cumulative valid turnover needed for this grade (both). */
  depositMin: money,
  turnoverMin: money,
  /** Paid once when the grade is first reached (claimed on the welfare page). */
  upgradeBonus: money,
  /** Once a year in the birthday month; needs a confirmed birthday. */
  birthdayBonus: money,
  /** Claimable during a week when the previous week's valid turnover reached weeklyTurnoverMin. */
  weeklyBonus: money,
  weeklyTurnoverMin: money,
  /** Wagering multiple a bonus adds to the withdrawal turnover requirement (×). */
  bonusMultiple: z.number(),
  rebateMultiple: z.number(),
  rebates: z.array(rate),
});

const welfareKind = z.enum(['upgrade', 'birthday', 'weekly']);
export const welfareItem = z.object({
  /** `<kind>:<period>`: upgrade:3 (the grade), birthday:2026 (the year), weekly:2026-11-16 (the week's Monday). */
  id: z.string(),
  kind: welfareKind,
  grade: z.number(),
  period: z.string(),
  amount: money,
  multiple: z.number(),
  status: z.enum(['available', 'claimed', 'unqualified']),
  /** Why an item is not claimable: NO_BIRTHDAY, NOT_BIRTHDAY_MONTH, GRADE, TURNOVER. */
  reason: z.string().nullable(),
  claimedAt: z.string().nullable(),
});

export const vipApi = {
  gradeConfigList: endpoint({
    path: '/site/api/v1/user/memberGradeConfigList',
    auth: 'optional',
    tag,
    summary: "The brand's VIP ladder: thresholds, bonuses and rebate rates per grade.",
    request: z.strictObject({}),
    response: z.array(vipGradeConfig),
  }),
  gradeInfoByGrade: endpoint({
    path: '/site/api/v1/user/memberGradeInfoByGrade',
    auth: 'member',
    tag,
    summary:
      "The member's grade, cumulative deposits and turnover, the next grade and the progress to it; benefits of the asked grade (default: own).",
    request: z.strictObject({ grade: z.number().int().min(0).max(99).optional() }),
    response: z.object({
      grade: z.number(),
      name: z.string(),
      depositTotal: money,
      turnoverTotal: money,
      next: z
        .object({ grade: z.number(), name: z.string(), depositMin: money, turnoverMin: money, depositNeeded: money, turnoverNeeded: money })
        .nullable(),
      /** 0–100: the lesser of the deposit and turnover progress between the current and the next grade. */
      progress: z.number(),
      depositProgress: z.number(),
      turnoverProgress: z.number(),
      benefits: vipGradeConfig.nullable(),
    }),
  }),
  fanshuiHighLow: endpoint({
    path: '/site/api/v1/user/getGameFanshuiHighLow',
    auth: 'member',
    tag,
    summary: "Rebate (洗码) rate per venue category: the member's own and the ladder's lowest and highest.",
    request: z.strictObject({}),
    response: z.array(z.object({ category: z.enum(REBATE_CATEGORIES), rateBp: z.number(), lowBp: z.number(), highBp: z.number() })),
  }),
  vipWeekInfo: endpoint({
    path: '/act/api/v1/vipWeek/VipWeekInfo',
    auth: 'member',
    tag,
    summary: "Weekly VIP reward: last week's valid turnover, the reward for the member's grade and whether it can be claimed this week.",
    request: z.strictObject({}),
    response: z.object({
      grade: z.number(),
      weekStart: z.string(),
      weekEnd: z.string(),
      lastWeekTurnover: money,
      thisWeekTurnover: money,
      turnoverMin: money,
      reward: money,
      claimUntil: z.string(),
      item: welfareItem,
    }),
  }),
  welfareList: endpoint({
    path: '/act/api/v1/vipWelfare/list',
    auth: 'member',
    tag,
    summary: "What the member can claim: upgrade bonuses not yet claimed, this year's birthday bonus, last week's reward.",
    request: z.strictObject({}),
    response: z.object({ grade: z.number(), items: z.array(welfareItem) }),
  }),
  welfareReceive: endpoint({
    path: '/act/api/v1/vipWelfare/receive',
    auth: 'member',
    tag,
    idempotent: true,
    summary: 'Claim one welfare item: credited once to the central wallet; its wagering multiple is added to the withdrawal turnover.',
    request: z.strictObject({ id: z.string().max(40) }),
    response: welfareItem,
  }),
  rebateRecords: endpoint({
    path: '/act/api/v1/vipWelfare/rebateRecords',
    auth: 'member',
    tag,
    summary: "The member's daily rebate payouts, newest first, with the turnover and rate per venue category.",
    request: z.strictObject({
      pageNum: z.number().int().min(1).max(10_000).optional(),
      pageSize: z.number().int().min(1).max(100).optional(),
    }),
    response: z.object({
      total: z.number(),
      list: z.array(
        z.object({
          day: z.string(),
          grade: z.number(),
          validTurnover: money,
          amount: money,
          paidAt: z.string(),
          details: z.array(z.object({ category: z.enum(REBATE_CATEGORIES), validTurnover: money, rateBp: z.number(), amount: money })),
        }),
      ),
    }),
  }),
};
