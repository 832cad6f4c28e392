/** Compliance in the operator console: identity verification, player protection, members in debt. */
import { z } from 'zod';
import { pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

const tag = 'Console compliance';

export const KYC_STATES = ['pending', 'verified', 'rejected'] as const;
const kycId = z.string().trim().min(1).max(64);
const username = z.string().trim().min(1).max(32);

export const kycRow = z.object({
  id: z.string(),
  siteCode: z.number(),
  username: z.string(),
  realName: z.string(),
  birthday: z.string(),
  documentType: z.string(),
  documentLast4: z.string(),
  status: z.enum(KYC_STATES),
  underage: z.boolean(),
  reviewer: z.string().nullable(),
  reason: z.string(),
  createdAt: z.number(),
});
export type KycRow = z.infer<typeof kycRow>;

export const kycDetail = kycRow.extend({
  reviewedAt: z.number().nullable(),
  /** What the member's profile says (staff compare it with the document). */
  profileRealName: z.string().nullable(),
  profileBirthday: z.string().nullable(),
});

export const protectionEventRow = z.object({
  id: z.number(),
  at: z.number(),
  username: z.string(),
  action: z.string(),
  kind: z.string(),
  period: z.string(),
  before: z.string(),
  after: z.string(),
  detail: z.string(),
});

export const protectionState = z.object({
  username: z.string(),
  limits: z.array(
    z.object({
      kind: z.string(),
      period: z.string(),
      amount: z.number().nullable(),
      pending: z.object({ amount: z.number().nullable(), remove: z.boolean(), at: z.number() }).nullable(),
    }),
  ),
  exclusions: z.array(
    z.object({ kind: z.string(), startsAt: z.number(), endsAt: z.number().nullable(), allBrands: z.boolean(), copied: z.boolean() }),
  ),
});

export const consoleComplianceApi = {
  kycList: consoleEndpoint({
    path: 'kyc/list',
    /** Reading the queue is a compliance read (the auditor sees it too); deciding needs kyc.review. */
    permission: 'protection.read',
    tag,
    summary: 'Identity verification submissions, oldest first (the review queue: status pending).',
    request: z.strictObject({ ...pageFields, siteCode: siteCode.optional(), status: z.enum(KYC_STATES).optional() }),
    response: pageOf(kycRow),
  }),
  kycShow: consoleEndpoint({
    path: 'kyc/show',
    permission: 'protection.read',
    tag,
    summary: "One submission with the member's profile (6004 for another brand's).",
    request: z.strictObject({ id: kycId }),
    response: kycDetail,
  }),
  kycImage: consoleEndpoint({
    path: 'kyc/image',
    /** A private document is opened: kyc.review, and every viewing is in the audit log (a mutating endpoint). */
    permission: 'kyc.review',
    tag,
    summary: "A submission's document or selfie image as a data URL (private: no URL serves it; each viewing is audited).",
    request: z.strictObject({ id: kycId, which: z.enum(['document', 'selfie']) }),
    response: z.object({ mime: z.string(), dataUrl: z.string() }),
  }),
  kycApprove: consoleEndpoint({
    path: 'kyc/approve',
    permission: 'kyc.review',
    tag,
    summary: "Verify a pending submission (the member's real name and birthday are set where empty; 6008: not pending).",
    request: z.strictObject({ id: kycId }),
    response: kycDetail,
  }),
  kycReject: consoleEndpoint({
    path: 'kyc/reject',
    permission: 'kyc.review',
    tag,
    summary: 'Reject a pending submission with a reason the player is shown (they may submit again).',
    request: z.strictObject({ id: kycId, reason: z.string().trim().min(2).max(200) }),
    response: kycDetail,
  }),
  protectionEvents: consoleEndpoint({
    path: 'protection/events',
    permission: 'protection.read',
    tag,
    summary: "A brand's (or one member's) player-protection log, newest first: limit changes, exclusions, reality checks, refusals.",
    request: z.strictObject({ ...pageFields, siteCode, username: username.optional() }),
    response: pageOf(protectionEventRow),
  }),
  protectionShow: consoleEndpoint({
    path: 'protection/show',
    permission: 'protection.read',
    tag,
    summary: "A member's limits in force and pending, and exclusions (read-only: only the player lifts or raises them).",
    request: z.strictObject({ siteCode, username }),
    response: protectionState,
  }),
  debts: consoleEndpoint({
    path: 'ledger/debts',
    permission: 'ledger.read',
    tag,
    summary: 'Members who owe the house (a restored payout already spent), largest first: no withdrawal until repaid.',
    request: z.strictObject({ ...pageFields, siteCode: siteCode.optional() }),
    response: pageOf(z.object({ username: z.string(), siteCode: z.number(), currency: z.string(), owedFen: z.number() })),
  }),
};
