import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const tag = 'Activity';

/** Promotion ids are operator-chosen slugs ('fd-7000'), never bare numbers. */
export const activityId = z
  .string()
  .min(3)
  .max(48)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Promotion types (spec §2 /activity/* pages). */
export const PROMOTION_TYPES = [
  'first_deposit',
  're_deposit',
  'new_member',
  'sign_in',
  'betting_gift',
  'draw_gift',
  'race',
  'friend_invite',
] as const;
/** Categories of the discount centre tabs (all = every category). */
export const PROMOTION_CATEGORIES = ['general', 'sport', 'casino', 'egame', 'newbie', 'vip'] as const;
/** The page each type opens (spec §2 route paths; friend invitation has no id). */
export const PROMOTION_PAGES = {
  first_deposit: '/activity/firstDeposit/',
  re_deposit: '/activity/againDeposit/',
  new_member: '/activity/newTask/',
  sign_in: '/activity/signGift/',
  betting_gift: '/activity/bettingGift/',
  draw_gift: '/activity/drawGift/',
  race: '/activity/racePage/',
  friend_invite: '/activity/friendInvitation',
} as const;

export const promotionType = z.enum(PROMOTION_TYPES);
export const promotionCategory = z.enum(PROMOTION_CATEGORIES);

export const promotionBanner = z.object({
  /** A theme of the house banner art (gold, jade, crimson, violet, azure, ember). */
  theme: z.string(),
  /** An operator image URL, when the promotion has one. */
  image: z.string().nullable(),
});

export const promotionSummary = z.object({
  id: z.string(),
  type: promotionType,
  category: promotionCategory,
  title: z.string(),
  summary: z.string(),
  banner: promotionBanner,
  rules: z.string(),
  /** Short figures for the card ('100%', '最高888元', '10倍流水'). */
  highlights: z.array(z.string()),
  startAt: z.string(),
  endAt: z.string().nullable(),
  status: z.enum(['upcoming', 'active', 'ended']),
  /** The page of this promotion (spec §2 route). */
  route: z.string(),
  /** The member has joined (false when anonymous). */
  joined: z.boolean(),
});

export const rewardStatus = z.enum(['paid', 'flagged', 'refused']);
export const rewardRecord = z.object({
  id: z.string(),
  activityId: z.string(),
  activityTitle: z.string(),
  type: promotionType,
  amount: z.string(),
  /** Turnover this reward added to the withdrawal requirement. */
  wagering: z.string(),
  /** paid: credited; flagged: held for review (abuse check); refused: refused by the operator. */
  status: rewardStatus,
  /** What earned it, in words ('首存 1000.00 元', '第 3 天签到', '第 2 档', '第 5 次抽奖'). */
  source: z.string(),
  createdAt: z.string(),
});

const signDay = z.object({ day: z.string(), signed: z.boolean(), amount: z.string().nullable() });
const tier = z.object({ turnover: z.string(), bonus: z.string(), reached: z.boolean(), claimed: z.boolean() });
const spin = z.object({
  spinNo: z.number(),
  prizeIndex: z.number(),
  label: z.string(),
  amount: z.string(),
  /** Audit: commit = sha256(seed) was shown before the spin; hmac = HMAC-SHA256(seed, "member:spinNo"). */
  commit: z.string(),
  seed: z.string(),
  hmac: z.string(),
  createdAt: z.string(),
});
const boardRow = z.object({ rank: z.number(), name: z.string(), turnover: z.string(), prize: z.string(), me: z.boolean() });

export const promotionDetail = z.object({
  activity: promotionSummary,
  joined: z.boolean(),
  joinedAt: z.string().nullable(),
  eligible: z.boolean(),
  /** Why not eligible ('' when eligible). */
  reason: z.string(),
  rewards: z.array(rewardRecord),
  deposit: z
    .object({ rate: z.string(), maxBonus: z.string(), minDeposit: z.string(), multiple: z.number(), paidToday: z.boolean() })
    .optional(),
  sign: z
    .object({
      today: z.string(),
      signedToday: z.boolean(),
      streak: z.number(),
      nextAmount: z.string(),
      minDeposit: z.string(),
      month: z.array(signDay),
    })
    .optional(),
  betting: z.object({ day: z.string(), turnover: z.string(), tiers: z.array(tier) }).optional(),
  draw: z
    .object({
      spinsEarned: z.number(),
      spinsLeft: z.number(),
      nextCommit: z.string().nullable(),
      prizes: z.array(z.object({ label: z.string(), amount: z.string(), chance: z.string() })),
      spins: z.array(spin),
      depositPerSpin: z.string(),
      turnoverPerSpin: z.string(),
    })
    .optional(),
  race: z
    .object({
      from: z.string(),
      to: z.string(),
      settled: z.boolean(),
      myRank: z.number().nullable(),
      myTurnover: z.string(),
      board: z.array(boardRow),
      prizes: z.array(z.string()),
    })
    .optional(),
  tasks: z.array(z.object({ key: z.string(), title: z.string(), bonus: z.string(), done: z.boolean(), claimed: z.boolean() })).optional(),
  invite: z
    .object({
      code: z.string(),
      link: z.string(),
      bonus: z.string(),
      minDeposit: z.string(),
      rewardTotal: z.string(),
      invitees: z.array(
        z.object({ name: z.string(), registeredAt: z.string(), qualified: z.boolean(), rewardStatus: rewardStatus.nullable() }),
      ),
    })
    .optional(),
});

export const joinResult = z.object({
  activityId: z.string(),
  joined: z.boolean(),
  /** Rewards this call produced (paid, or flagged for review). */
  rewards: z.array(rewardRecord),
  spin: spin.nullable(),
  message: z.string(),
});

const page = { pageNum: z.number().int().min(1).max(10_000).optional(), pageSize: z.number().int().min(1).max(100).optional() };

export const activityApi = {
  config: endpoint({
    path: '/act/api/v1/promotion/config',
    auth: 'optional',
    tag,
    summary: 'The promotions of the brand by category, with banners, rules and highlights; joined flags for a member.',
    request: z.strictObject({ category: z.union([promotionCategory, z.literal('all')]).optional(), id: activityId.optional() }),
    response: z.object({ categories: z.array(z.object({ key: z.string(), count: z.number() })), list: z.array(promotionSummary) }),
  }),
  verification: endpoint({
    path: '/act/api/v1/promotion/verification',
    auth: 'member',
    tag,
    summary: 'Can the member join this promotion now (and why not)?',
    request: z.strictObject({ activityId }),
    response: z.object({ eligible: z.boolean(), joined: z.boolean(), message: z.string() }),
  }),
  joinActivity: endpoint({
    path: '/act/api/v1/promotion/joinActivity',
    auth: 'member',
    tag,
    summary:
      'Join or act on a promotion: apply (deposit bonuses), check in (sign-in), claim reached tiers or a task (option), spin the wheel. Each reward is paid once per member, rule and period.',
    request: z.strictObject({
      activityId,
      option: z
        .string()
        .max(32)
        .regex(/^[A-Za-z0-9_-]*$/)
        .optional(),
    }),
    response: joinResult,
  }),
  confirmInfo: endpoint({
    path: '/act/api/v1/promotion/confirmInfo',
    auth: 'member',
    tag,
    summary:
      "The member's state in one promotion: joined, rewards, and the type's own view (calendar, tiers, wheel, board, tasks, invitees).",
    request: z.strictObject({ activityId }),
    response: promotionDetail,
  }),
  exchangeRecord: endpoint({
    path: '/act/api/v1/activityTopGift/exchangeRecord',
    auth: 'member',
    tag,
    summary: "The member's gift records (every promotion reward), newest first.",
    request: z.strictObject({ ...page, activityId: activityId.optional() }),
    response: z.object({ total: z.number(), totalAmount: z.string(), list: z.array(rewardRecord) }),
  }),
  myDiscountAd: endpoint({
    path: '/site/api/v1/advertising/getMyDiscountAd',
    auth: 'optional',
    tag,
    summary: 'Banner ads of the running promotions for the discount centre carousel.',
    request: z.strictObject({}),
    response: z.array(
      z.object({
        id: z.string(),
        activityId: z.string(),
        title: z.string(),
        summary: z.string(),
        banner: promotionBanner,
        route: z.string(),
      }),
    ),
  }),
  depositRewardConfig: endpoint({
    path: '/site/api/v1/user/querySiteDepositRewardConfigList',
    auth: 'member',
    tag,
    summary:
      "Deposit bonuses of the brand (first deposit, re-deposit) with rate, cap, minimum, wagering, whether the member joined, and whether the member's next deposit can earn it (available; else reason). The deposit page opts in with payment/pay's activityId.",
    request: z.strictObject({}),
    response: z.array(
      z.object({
        activityId: z.string(),
        type: promotionType,
        title: z.string(),
        rate: z.string(),
        maxBonus: z.string(),
        minDeposit: z.string(),
        multiple: z.number(),
        joined: z.boolean(),
        available: z.boolean(),
        /** Why the next deposit cannot earn it ('' when available). */
        reason: z.string(),
      }),
    ),
  }),
};
