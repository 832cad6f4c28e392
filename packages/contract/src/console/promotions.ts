/** Promotions, the VIP ladder and rebates in the operator console. */
import { z } from 'zod';
import { PROMOTION_CATEGORIES, PROMOTION_TYPES } from '../api/activity.ts';
import { REBATE_CATEGORIES } from '../api/vip.ts';
import { pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';
import { PROMOTION_PARAMS, promotionInput } from './promotionParams.ts';

export * from './promotionParams.ts';

const tag = 'Console promotions';
const fen = z.number().int().min(0).max(1e12);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const PROMOTION_STATES = ['upcoming', 'active', 'ended'] as const;

/** Chinese names of the promotion types, as the console shows them. */
export const PROMOTION_TYPE_NAMES: Readonly<Record<(typeof PROMOTION_TYPES)[number], string>> = {
  first_deposit: '首存红利',
  re_deposit: '再存红利',
  sign_in: '签到礼金',
  betting_gift: '投注彩金',
  draw_gift: '幸运转盘',
  race: '排行榜竞赛',
  new_member: '新人任务',
  friend_invite: '邀请好友',
};

export const promotionRow = z.object({
  id: z.string(),
  siteCode: z.number(),
  type: z.enum(PROMOTION_TYPES),
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.string(),
  startsAt: z.number(),
  endsAt: z.number().nullable(),
  state: z.enum(PROMOTION_STATES),
  settledAt: z.number().nullable(),
  /** Rewards paid so far and their sum (the promotion's cost), in fen. */
  paidCount: z.number(),
  paidFen: z.number(),
  flaggedCount: z.number(),
  params: z.unknown(),
});
export type PromotionRow = z.infer<typeof promotionRow>;

/** The create form: the promotion as the ops file takes it, its `params` checked against its type's schema. */
export const promotionCreate = promotionInput.superRefine((p, ctx) => {
  const r = PROMOTION_PARAMS[p.type].safeParse(p.params);
  if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: ['params', ...issue.path] } as never);
  if (p.endsAt !== null && p.endsAt !== undefined && Date.parse(p.endsAt) <= Date.parse(p.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'endsAt must be after startsAt' });
  if (p.type === 'race' && !p.endsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'a race needs endsAt' });
});

export const flaggedRow = z.object({
  id: z.string(),
  promotionId: z.string(),
  promotionTitle: z.string(),
  siteCode: z.number(),
  username: z.string(),
  amountFen: z.number(),
  reason: z.string(),
  createdAt: z.number(),
});

export const vipGradeRow = z.object({
  grade: z.number(),
  name: z.string(),
  depositMinFen: z.number(),
  turnoverMinFen: z.number(),
  upgradeBonusFen: z.number(),
  birthdayBonusFen: z.number(),
  weeklyBonusFen: z.number(),
  weeklyTurnoverMinFen: z.number(),
  bonusMultiple: z.number(),
  rebateMultiple: z.number(),
  /** Rebate rate per venue category in basis points (45 = 0.45 %). */
  rates: z.record(z.enum(REBATE_CATEGORIES), z.number()),
});
export type VipGradeRow = z.infer<typeof vipGradeRow>;

const ratePatch = z.strictObject(Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, z.number().int().min(0).max(500).optional()])));

const promoId = z.string().trim().min(1).max(48);
const rewardId = z.string().trim().min(1).max(64);

export const consolePromotionsApi = {
  list: consoleEndpoint({
    path: 'promo/list',
    permission: 'promo.read',
    tag,
    summary: "Promotions of the staff member's brands (or one), with state and cost (rewards paid).",
    request: z.strictObject({ ...pageFields, siteCode: siteCode.optional(), state: z.enum(PROMOTION_STATES).optional() }),
    response: pageOf(promotionRow),
  }),
  create: consoleEndpoint({
    path: 'promo/create',
    permission: 'promo.write',
    tag,
    summary: "Create a promotion: one of the engines' types with its parameters (6009: the id exists).",
    request: promotionCreate,
    response: promotionRow,
  }),
  end: consoleEndpoint({
    path: 'promo/end',
    permission: 'promo.write',
    tag,
    summary: 'End a promotion now: members can no longer join or claim (6008: ended already).',
    request: z.strictObject({ id: promoId }),
    response: promotionRow,
  }),
  settle: consoleEndpoint({
    path: 'promo/settle',
    permission: 'promo.write',
    tag,
    summary: "Pay an ended race's prizes, once (6008: not a race, not ended, or settled already).",
    request: z.strictObject({ id: promoId }),
    response: z.object({ rewards: z.number(), amountFen: z.number() }),
  }),
  flagged: consoleEndpoint({
    path: 'promo/flagged',
    permission: 'promo.read',
    tag,
    summary: 'Rewards held for review (shared device or network), members by username.',
    request: z.strictObject({ ...pageFields, siteCode: siteCode.optional() }),
    response: pageOf(flaggedRow),
  }),
  pay: consoleEndpoint({
    path: 'promo/pay',
    permission: 'promo.review',
    tag,
    summary: 'Pay a flagged reward after review (through the ledger, once).',
    request: z.strictObject({ id: rewardId }),
    response: z.object({ username: z.string(), amountFen: z.number(), status: z.string() }),
  }),
  refuse: consoleEndpoint({
    path: 'promo/refuse',
    permission: 'promo.review',
    tag,
    summary: 'Refuse a flagged reward with a reason (kept in the audit log); nothing is paid.',
    request: z.strictObject({ id: rewardId, reason: z.string().trim().min(2).max(200) }),
    response: z.object({ username: z.string(), amountFen: z.number(), status: z.string() }),
  }),
};

export const consoleVipApi = {
  ladder: consoleEndpoint({
    path: 'vip/ladder',
    permission: 'vip.read',
    tag,
    summary: "A brand's VIP ladder: thresholds, rewards, wagering multiples and rebate rates per category.",
    request: z.strictObject({ siteCode }),
    response: z.array(vipGradeRow),
  }),
  setGrade: consoleEndpoint({
    path: 'vip/setGrade',
    permission: 'vip.write',
    tag,
    summary:
      'Edit a grade (or add the next one): the ladder must stay monotonic, VIP0 needs nothing, rates 0–5 % (6008 with the problem otherwise).',
    request: z.strictObject({
      siteCode,
      grade: z.number().int().min(0).max(99),
      name: z.string().trim().min(1).max(20).optional(),
      depositMinFen: fen.optional(),
      turnoverMinFen: fen.optional(),
      upgradeBonusFen: fen.optional(),
      birthdayBonusFen: fen.optional(),
      weeklyBonusFen: fen.optional(),
      weeklyTurnoverMinFen: fen.optional(),
      bonusMultiple: z.number().int().min(0).max(100).optional(),
      rebateMultiple: z.number().int().min(0).max(100).optional(),
      rates: ratePatch.optional(),
    }),
    response: z.object({ before: vipGradeRow.nullable(), after: vipGradeRow }),
  }),
  rebate: consoleEndpoint({
    path: 'vip/rebate',
    permission: 'vip.write',
    tag,
    summary: "Pay one business day's rebates now (each member once per day; every brand, so deployment-wide staff only).",
    request: z.strictObject({ day }),
    response: z.object({ day: z.string(), settled: z.number(), paid: z.number(), amountFen: z.number(), skipped: z.number() }),
  }),
};
