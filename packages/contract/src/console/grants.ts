/**
 * Money granted by staff: a VIP grade raised by hand (the upgrade bonuses it releases), a
 * flagged promotion reward paid, a manual balance adjustment. Above the brand's `grantSecondApprovalFen` such an
 * action is only requested: a second, different staff member holding the same permission approves (then it is
 * applied) or rejects it. At or below it the action applies at once. Every request, approval and rejection is
 * in the audit log; `grants/list` keeps them all.
 */
import { z } from 'zod';
import { pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

const tag = 'Console money grants';

export const GRANT_KINDS = ['vip', 'promo', 'adjust'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];
export const GRANT_KIND_NAMES: Readonly<Record<GrantKind, string>> = { vip: 'VIP调级奖金', promo: '活动奖励发放', adjust: '人工调账' };
export const GRANT_STATUSES = ['pending', 'applied', 'rejected'] as const;
export const GRANT_STATUS_NAMES: Readonly<Record<(typeof GRANT_STATUSES)[number], string>> = {
  pending: '待复核',
  applied: '已执行',
  rejected: '已驳回',
};

export const grantRow = z.object({
  id: z.string(),
  siteCode: z.number(),
  username: z.string(),
  kind: z.enum(GRANT_KINDS),
  /** The money the action creates (fen; an adjustment's debit as a negative amount). */
  amount: z.number(),
  /** What is applied: { grade } | { rewardId } | {} */
  params: z.record(z.string(), z.unknown()),
  reason: z.string(),
  status: z.enum(GRANT_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.number(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
});
export type GrantRow = z.infer<typeof grantRow>;

const memberKey = { siteCode, username: z.string().trim().min(1).max(32) };
/** Yuan with at most 2 decimals, signed: a credit or (negative) a debit; never 0; at most 10,000,000 yuan. */
const signedYuan = z
  .string()
  .trim()
  .regex(/^-?\d{1,8}(\.\d{1,2})?$/)
  .refine((v) => Number(v) !== 0);

export const consoleGrantsApi = {
  adjust: consoleEndpoint({
    path: 'members/adjust',
    permission: 'member.write',
    tag,
    summary:
      "A manual adjustment of a member's central wallet (credit or debit) with a reason. Above the brand's second-approval amount it waits for a second staff member (status pending).",
    request: z.strictObject({ ...memberKey, amount: signedYuan, reason: z.string().trim().min(4).max(200) }),
    response: grantRow,
  }),
  list: consoleEndpoint({
    path: 'grants/list',
    permission: 'member.read',
    tag,
    summary: 'Money grants of the brands, newest first; by status.',
    request: z.strictObject({ ...pageFields, siteCode: siteCode.optional(), status: z.enum(GRANT_STATUSES).optional() }),
    response: pageOf(grantRow),
  }),
  approve: consoleEndpoint({
    path: 'grants/approve',
    permission: 'member.write',
    tag,
    summary: 'Approve a pending grant and apply it: a different staff member from the requester, holding the permission of its kind.',
    request: z.strictObject({ id: z.string().min(1).max(40) }),
    response: grantRow,
  }),
  reject: consoleEndpoint({
    path: 'grants/reject',
    permission: 'member.write',
    tag,
    summary: 'Reject a pending grant (nothing is applied).',
    request: z.strictObject({ id: z.string().min(1).max(40), reason: z.string().trim().min(2).max(200) }),
    response: grantRow,
  }),
};
