/**
 * Player protection: deposit, loss and wager limits, the session time limit and reality checks,
 * time-out and self-exclusion, identity verification (KYC). Enforced on the server by one eligibility check
 * (apps/server/src/modules/compliance) before money moves; these endpoints are the player's own tools.
 * Amounts are money strings in yuan (like every amount of the wire); times are epoch milliseconds.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { md5Hex } from './common.ts';
import { moneyString } from './wallet.ts';

const tag = 'Protection';

export const PROTECTION_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export const PROTECTION_PERIODS = ['day', 'week', 'month'] as const;
/** Time-out lengths (a short break) and self-exclusion lengths (6 months to 5 years, or permanent). */
export const TIMEOUT_PERIODS = ['24h', '7d', '30d', '6w'] as const;
export const EXCLUSION_PERIODS = ['6m', '1y', '2y', '5y', 'permanent'] as const;
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

export const PROTECTION_RULES = {
  /** An increase or removal of a limit waits this long, then needs the player's confirmation. */
  COOLING_OFF_MS: 24 * 3600 * 1000,
  /** A session time limit, in minutes. */
  SESSION_MIN_MINUTES: 15,
  SESSION_MAX_MINUTES: 24 * 60,
  /** The largest limit a player can set (yuan). */
  LIMIT_MAX_YUAN: 100_000_000,
  /** Verified age. */
  ADULT_AGE: 18,
} as const;

const limitKind = z.enum(PROTECTION_LIMIT_KINDS);
const period = z.enum(PROTECTION_PERIODS);

export const protectionLimit = z.object({
  kind: limitKind,
  period,
  /** The limit in force ('' when none is: only a pending one). */
  amount: z.string(),
  /** What counts against it in the window that ends now (2 decimals). */
  used: z.string(),
  /** An increase or removal waiting for its cooling-off; null when none. */
  pending: z
    .object({
      /** The new limit, or null for a removal. */
      amount: z.string().nullable(),
      /** When the cooling-off ends: the player can confirm from then on. */
      effectiveAt: z.number(),
      confirmable: z.boolean(),
    })
    .nullable(),
});
export type ProtectionLimitWire = z.infer<typeof protectionLimit>;

export const protectionExclusion = z.object({
  kind: z.enum(['timeout', 'self_exclusion']),
  since: z.number(),
  /** null: permanent. */
  until: z.number().nullable(),
  allBrands: z.boolean(),
});

export const protectionState = z.object({
  limits: z.array(protectionLimit),
  session: z.object({
    /** The session time limit in force, minutes (null: none). */
    limitMinutes: z.number().nullable(),
    /** An increase or removal of it waiting for its cooling-off. */
    pending: z.object({ minutes: z.number().nullable(), effectiveAt: z.number(), confirmable: z.boolean() }).nullable(),
    realityCheckMinutes: z.number().nullable(),
    /** When this login session started. */
    startedAt: z.number(),
  }),
  exclusion: protectionExclusion.nullable(),
  kyc: z.object({
    status: z.enum(['none', 'pending', 'verified', 'rejected']),
    /** Why verification is asked for now ('' when it is not). */
    requiredReason: z.string(),
    rejectReason: z.string(),
  }),
});
export type ProtectionStateWire = z.infer<typeof protectionState>;

export const realityCheck = z.object({
  startedAt: z.number(),
  elapsedMs: z.number(),
  /** Stakes placed during this session (2 decimals). */
  stakes: z.string(),
  /** Wins minus stakes during this session (negative: a loss). */
  net: z.string(),
  /** When the next reality check is due (null: none set). */
  nextAt: z.number().nullable(),
  /** When the session time limit ends the session (null: none set). */
  endsAt: z.number().nullable(),
});

export const protectionEvent = z.object({
  at: z.number(),
  /** limit_set, limit_decreased, limit_increase_requested, limit_confirmed, limit_cancelled, session_limit_set, reality_check_set, timeout, self_exclusion. */
  action: z.string(),
  kind: z.string(),
  period: z.string(),
  /** Old and new values as shown to the player ('' for none). */
  before: z.string(),
  after: z.string(),
});

export const kycDocumentTypes = ['id_card', 'passport', 'other'] as const;

export const protectionApi = {
  state: endpoint({
    path: '/site/api/v1/protection/state',
    auth: 'member',
    tag,
    summary:
      "The member's limits (with what counts against each now), session limit, reality-check interval, exclusion and verification state.",
    request: z.strictObject({}),
    response: protectionState,
  }),
  setLimit: endpoint({
    path: '/site/api/v1/protection/setLimit',
    auth: 'member',
    tag,
    summary:
      'Set, lower, raise or remove (amount null) a deposit, loss or wager limit. A new or lower limit applies at once; a higher one or a removal after a 24-hour cooling-off and confirmLimit.',
    request: z.strictObject({ kind: limitKind, period, amount: moneyString.nullable() }),
    response: protectionState,
  }),
  setSessionLimit: endpoint({
    path: '/site/api/v1/protection/setSessionLimit',
    auth: 'member',
    tag,
    summary:
      'Set, lower, raise or remove (null) the session time limit in minutes; raising or removing waits 24 hours, then confirmLimit with kind session.',
    request: z.strictObject({
      minutes: z.number().int().min(PROTECTION_RULES.SESSION_MIN_MINUTES).max(PROTECTION_RULES.SESSION_MAX_MINUTES).nullable(),
    }),
    response: protectionState,
  }),
  confirmLimit: endpoint({
    path: '/site/api/v1/protection/confirmLimit',
    auth: 'member',
    tag,
    summary: "Confirm a raised or removed limit after its cooling-off (the player's second decision); before it ends: 6605.",
    request: z.strictObject({ kind: z.enum([...PROTECTION_LIMIT_KINDS, 'session']), period: period.optional() }),
    response: protectionState,
  }),
  cancelPending: endpoint({
    path: '/site/api/v1/protection/cancelPending',
    auth: 'member',
    tag,
    summary: 'Withdraw a pending raise or removal: the limit in force stays.',
    request: z.strictObject({ kind: z.enum([...PROTECTION_LIMIT_KINDS, 'session']), period: period.optional() }),
    response: protectionState,
  }),
  setRealityCheck: endpoint({
    path: '/site/api/v1/protection/setRealityCheck',
    auth: 'member',
    tag,
    summary: 'Set (or turn off with null) the reality-check interval in minutes.',
    request: z.strictObject({
      minutes: z
        .number()
        .int()
        .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m))
        .nullable(),
    }),
    response: protectionState,
  }),
  realityCheck: endpoint({
    path: '/site/api/v1/protection/realityCheck',
    auth: 'member',
    tag,
    summary: "This session's time, stakes and net result, and when the next reality check and the session limit fall.",
    request: z.strictObject({}),
    response: realityCheck,
  }),
  realityAnswer: endpoint({
    path: '/site/api/v1/protection/realityAnswer',
    auth: 'member',
    tag,
    summary: "The player's answer to a reality check: continue (recorded) or leave (recorded, and the session ends).",
    request: z.strictObject({ answer: z.enum(['continue', 'leave']) }),
    response: realityCheck,
  }),
  exclude: endpoint({
    path: '/site/api/v1/protection/exclude',
    auth: 'member',
    tag,
    summary:
      'Take a time-out or self-exclude (optionally from every brand of this operator), confirmed by the login password: effective at once, not liftable early, every session ends; withdrawals stay possible.',
    request: z.strictObject({
      kind: z.enum(['timeout', 'self_exclusion']),
      period: z.enum([...TIMEOUT_PERIODS, ...EXCLUSION_PERIODS]),
      allBrands: z.boolean(),
      password: md5Hex,
    }),
    response: protectionExclusion,
  }),
  history: endpoint({
    path: '/site/api/v1/protection/history',
    auth: 'member',
    tag,
    summary: "The member's own history of limit, session, reality-check and exclusion changes, newest first.",
    request: z.strictObject({ page: z.number().int().min(1).max(1000).default(1), size: z.number().int().min(1).max(50).default(20) }),
    response: z.object({ total: z.number(), list: z.array(protectionEvent) }),
  }),
  kycSubmit: endpoint({
    path: '/site/api/v1/protection/kycSubmit',
    auth: 'member',
    tag,
    summary:
      'Submit identity verification: real name, birth date (18+), document type and number, and two uploaded images (document, selfie) from the upload endpoint; reviewed by compliance staff.',
    request: z.strictObject({
      realName: z.string().trim().min(2).max(40),
      birthday: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      documentType: z.enum(kycDocumentTypes),
      documentNumber: z.string().trim().min(4).max(40),
      documentImage: z.string().min(1).max(500),
      selfieImage: z.string().min(1).max(500),
    }),
    response: protectionState,
  }),
};
