/**
 * Parameters of each promotion type (promotions.params_json), checked with zod when an operator creates
 * a promotion (console form, ops promo:create) and when the engine reads one. Amounts are integer fen; `multiple`
 * is the wagering multiple a reward adds to the withdrawal turnover (bonus × multiple, or (deposit + bonus) × multiple).
 */
import { z } from 'zod';
import { PROMOTION_CATEGORIES, PROMOTION_TYPES, type promotionType } from '../api/activity.ts';
export const PROMOTION_THEMES = ['gold', 'jade', 'crimson', 'violet', 'azure', 'ember'] as const;

const fen = z.number().int().min(0).max(1e12);
const posFen = z.number().int().min(1).max(1e12);
const multiple = z.number().int().min(0).max(100);

const depositBonus = z.strictObject({
  /** Bonus in percent of the deposit (100 = 100%). */
  ratePct: z.number().int().min(1).max(1000),
  maxBonusFen: posFen,
  minDepositFen: posFen,
  multiple,
  /** What the multiple applies to: the bonus alone or deposit + bonus (the usual 本金+红利). */
  wageringBase: z.enum(['bonus', 'deposit_bonus']).default('deposit_bonus'),
});

export const PROMOTION_PARAMS = {
  first_deposit: depositBonus,
  re_deposit: depositBonus,
  sign_in: z.strictObject({
    /** Gift per day of the streak (day 1, day 2, …); the streak restarts after the last entry. */
    dailyFen: z.array(posFen).min(1).max(31),
    /** Deposits credited on the day needed before checking in (0: none). */
    minDepositFen: fen,
    multiple,
  }),
  betting_gift: z.strictObject({
    /** Tiers of the business day's valid turnover; each reached tier is claimed once a day. */
    tiers: z
      .array(z.strictObject({ turnoverFen: posFen, bonusFen: posFen }))
      .min(1)
      .max(10),
    /** Venue categories that count (TY, ZR, …); empty: all. */
    categories: z.array(z.string().max(4)).max(8).default([]),
    multiple,
  }),
  draw_gift: z.strictObject({
    prizes: z
      .array(
        z.strictObject({
          labelCn: z.string().min(1).max(20),
          labelTw: z.string().min(1).max(20),
          amountFen: fen,
          weight: z.number().int().min(1).max(1_000_000),
        }),
      )
      .min(2)
      .max(12),
    /** One spin per this much deposited on the business day (0: deposits earn none). */
    depositPerSpinFen: fen,
    /** One spin per this much valid turnover on the business day (0: turnover earns none). */
    turnoverPerSpinFen: fen,
    maxSpinsPerDay: z.number().int().min(1).max(100),
    multiple,
  }),
  race: z.strictObject({
    /** Prize per rank (1st, 2nd, …), paid once when the race is settled after its end. */
    prizesFen: z.array(posFen).min(1).max(50),
    categories: z.array(z.string().max(4)).max(8).default([]),
    /** Minimum valid turnover to be ranked. */
    minTurnoverFen: fen.default(0),
    multiple,
  }),
  new_member: z.strictObject({
    /** Only members registered within this many days may take part. */
    registeredWithinDays: z.number().int().min(1).max(365),
    tasks: z
      .array(
        z.strictObject({
          key: z.enum(['bind_phone', 'bind_real_name', 'first_deposit', 'turnover']),
          targetFen: fen.default(0),
          bonusFen: posFen,
        }),
      )
      .min(1)
      .max(8),
    multiple,
  }),
  friend_invite: z.strictObject({
    /** The invitee's credited deposit that earns the inviter the bonus. */
    minDepositFen: posFen,
    bonusFen: posFen,
    maxInvitees: z.number().int().min(1).max(1000),
    multiple,
  }),
} as const satisfies Record<z.infer<typeof promotionType>, z.ZodType>;

/** A promotion as an operator writes it (ops promo:create <file.json>). */
export const promotionInput = z.strictObject({
  id: z
    .string()
    .min(3)
    .max(48)
    .regex(/^[A-Za-z0-9_-]+$/),
  siteCode: z.number().int(),
  type: z.enum(PROMOTION_TYPES),
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.strictObject({ 'zh-CN': z.string().min(1).max(40), 'zh-TW': z.string().min(1).max(40) }),
  summary: z.strictObject({ 'zh-CN': z.string().max(120), 'zh-TW': z.string().max(120) }),
  rules: z.strictObject({ 'zh-CN': z.string().min(1).max(4000), 'zh-TW': z.string().min(1).max(4000) }),
  banner: z.strictObject({
    theme: z.enum(PROMOTION_THEMES),
    image: z.string().max(300).nullable().default(null),
  }),
  params: z.record(z.string(), z.unknown()),
  startsAt: z.string().datetime({ offset: true }),
  endsAt: z.string().datetime({ offset: true }).nullable().default(null),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type PromotionInput = z.input<typeof promotionInput>;
