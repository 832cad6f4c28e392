/**
 * Members and risk: search the members of the staff member's brands, look at one member
 * (profile, balances, transactions, bets, rounds, logins, related accounts, notes, risk flags) and act on them
 * (disable / enable, revoke sessions, reset the second password, VIP grade by hand, notes, risk flags).
 * A member is named by brand and username everywhere (`{ siteCode, username }`); internal ids are never shown.
 */
import { z } from 'zod';
import { pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

const tag = 'Console members';

/** What the search keyword is matched against. */
export const MEMBER_SEARCH_KEYS = ['username', 'phone', 'email', 'id', 'ip', 'device'] as const;
export type MemberSearchKey = (typeof MEMBER_SEARCH_KEYS)[number];

/** Chinese names of the search keys, as the console shows them. */
export const MEMBER_SEARCH_KEY_NAMES: Readonly<Record<MemberSearchKey, string>> = {
  username: '用户名',
  phone: '手机号',
  email: '邮箱',
  id: '会员编号',
  ip: 'IP 地址',
  device: '设备号',
};

export const MEMBER_STATUSES = ['active', 'disabled'] as const;

/** Kinds of manual risk flag. */
export const RISK_FLAG_KINDS = ['promo_abuse', 'multi_account', 'fraud', 'chargeback', 'watch'] as const;
export const RISK_FLAG_NAMES: Readonly<Record<(typeof RISK_FLAG_KINDS)[number] | 'promo_flagged', string>> = {
  promo_abuse: '套利嫌疑',
  multi_account: '多账户',
  fraud: '欺诈',
  chargeback: '拒付',
  watch: '重点关注',
  promo_flagged: '活动奖励被拦截',
};

/** The member a call is about: their brand and username. */
const memberKey = { siteCode, username: z.string().trim().min(1).max(32) };

export const memberRow = z.object({
  siteCode: z.number(),
  username: z.string(),
  status: z.enum(MEMBER_STATUSES),
  vipGrade: z.number(),
  /** Masked as the portal masks them. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  realName: z.string().nullable(),
  registerIp: z.string(),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
});
export type MemberRow = z.infer<typeof memberRow>;

export const memberProfile = memberRow.extend({
  areaCode: z.string().nullable(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
  registerDomain: z.string().nullable(),
  /** Invitation code used at registration. */
  inviteCode: z.string().nullable(),
  vipName: z.string(),
  hasSecondPassword: z.boolean(),
  liveSessions: z.number(),
  passwordChangedAt: z.number(),
});

export const memberBalance = z.object({
  /** central | venue | locked | bonus */
  kind: z.string(),
  /** The venue's channel code for a venue wallet, else ''. */
  ref: z.string(),
  currency: z.string(),
  balance: z.number(),
});

export const memberTransaction = z.object({
  id: z.string(),
  at: z.number(),
  kind: z.string(),
  account: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  ref: z.string(),
  memo: z.string(),
  reversal: z.boolean(),
});

export const memberBet = z.object({
  id: z.string(),
  at: z.number(),
  kind: z.string(),
  stake: z.number(),
  odds: z.number(),
  status: z.string(),
  result: z.string().nullable(),
  payout: z.number(),
  valid: z.number(),
  settledAt: z.number().nullable(),
});

export const memberRound = z.object({
  id: z.string(),
  at: z.number(),
  channelCode: z.string(),
  category: z.string(),
  gameCode: z.string(),
  bet: z.number(),
  win: z.number(),
  status: z.string(),
});

export const memberLogin = z.object({ at: z.number(), ip: z.string(), device: z.string(), client: z.string(), result: z.string() });

export const relatedAccount = z.object({
  username: z.string(),
  status: z.enum(MEMBER_STATUSES),
  /** What they share: device | ip (same /24 network, or the same login or registration address) | card */
  via: z.enum(['device', 'ip', 'card']),
  /** The shared device id, network or masked card number. */
  value: z.string(),
});

/** PvP card tables (issue 31): a member's collusion signals against one table-mate. */
export const PVP_SIGNALS = ['often_together', 'chip_dumping', 'shared_device', 'shared_ip'] as const;
export const pvpSignal = z.object({
  username: z.string(),
  hands: z.number(),
  /** Hands on opposite sides, and how many of them the member lost to this table-mate. */
  opposite: z.number(),
  lostTo: z.number(),
  /** Money from the member to the table-mate across those hands (fen; negative: the other way). */
  flow: z.number(),
  /** The chance of losing at least `lostTo` of `opposite` fair hands. */
  chance: z.number(),
  signals: z.array(z.enum(PVP_SIGNALS)),
});

export const memberNote = z.object({ id: z.number(), author: z.string(), body: z.string(), at: z.number() });

export const riskFlag = z.object({
  id: z.string(),
  /** A manual flag's kind, or 'promo_flagged' for a reward the promotions engine held back. */
  kind: z.string(),
  reason: z.string(),
  /** 'manual' (set by staff) or 'promotions' (detected by the promotions engine, read-only here). */
  source: z.enum(['manual', 'promotions']),
  by: z.string().nullable(),
  at: z.number(),
  cleared: z.boolean(),
  clearedBy: z.string().nullable(),
  clearedAt: z.number().nullable(),
});

export const memberRisk = z.object({
  flags: z.array(riskFlag),
  /** Player protection and identity verification, read-only. */
  protection: z.object({
    limits: z.array(z.object({ kind: z.string(), period: z.string().nullable(), amount: z.number().nullable() })),
    exclusion: z.object({ kind: z.string(), since: z.number(), until: z.number().nullable(), allBrands: z.boolean() }).nullable(),
    kyc: z.string(),
    kycRejectReason: z.string(),
  }),
});

const memberPage = { ...memberKey, ...pageFields };
const ok = z.null();

export const consoleMembersApi = {
  search: consoleEndpoint({
    path: 'members/search',
    permission: 'member.read',
    tag,
    summary: "Members of the staff member's brands, newest first; `keyword` is matched by `by` (exact, a username by prefix).",
    request: z.strictObject({
      ...pageFields,
      siteCode: siteCode.optional(),
      by: z.enum(MEMBER_SEARCH_KEYS).default('username'),
      keyword: z.string().trim().max(128).optional(),
      status: z.enum(MEMBER_STATUSES).optional(),
    }),
    response: pageOf(memberRow),
  }),
  profile: consoleEndpoint({
    path: 'members/profile',
    permission: 'member.read',
    tag,
    summary: "A member's profile: masked phone and e-mail, real name, registration, VIP grade, status, live sessions.",
    request: z.strictObject(memberKey),
    response: memberProfile,
  }),
  balances: consoleEndpoint({
    path: 'members/balances',
    permission: 'member.read',
    tag,
    summary: "A member's ledger accounts: central wallet, one per venue, locked funds, bonus; and what they owe the house.",
    request: z.strictObject(memberKey),
    response: z.object({ accounts: z.array(memberBalance), owed: z.number() }),
  }),
  transactions: consoleEndpoint({
    path: 'members/transactions',
    permission: 'member.read',
    tag,
    summary: "The postings of a member's ledger accounts with their journals, newest first.",
    request: z.strictObject(memberPage),
    response: pageOf(memberTransaction),
  }),
  bets: consoleEndpoint({
    path: 'members/bets',
    permission: 'member.read',
    tag,
    summary: "A member's sportsbook bets, newest first.",
    request: z.strictObject(memberPage),
    response: pageOf(memberBet),
  }),
  rounds: consoleEndpoint({
    path: 'members/rounds',
    permission: 'member.read',
    tag,
    summary: "A member's casino rounds, newest first.",
    request: z.strictObject(memberPage),
    response: pageOf(memberRound),
  }),
  logins: consoleEndpoint({
    path: 'members/logins',
    permission: 'member.read',
    tag,
    summary: "A member's login history with address and device, newest first.",
    request: z.strictObject(memberPage),
    response: pageOf(memberLogin),
  }),
  related: consoleEndpoint({
    path: 'members/related',
    permission: 'risk.read',
    tag,
    summary: 'Other members of the same brand sharing a device, a network or address, or a bank card with this one.',
    request: z.strictObject(memberKey),
    response: z.array(relatedAccount),
  }),
  // PvP card tables (issue 31)
  pvpSignals: consoleEndpoint({
    path: 'members/pvpSignals',
    permission: 'risk.read',
    tag,
    summary:
      "A member's PvP card-table collusion signals: table-mates seated with them often, chip dumping beyond chance, a shared device or address.",
    request: z.strictObject(memberKey),
    response: z.array(pvpSignal),
  }),
  notes: consoleEndpoint({
    path: 'members/notes',
    permission: 'member.read',
    tag,
    summary: 'Staff notes about a member, newest first, with author and time.',
    request: z.strictObject(memberPage),
    response: pageOf(memberNote),
  }),
  addNote: consoleEndpoint({
    path: 'members/addNote',
    permission: 'member.notes',
    tag,
    summary: 'Add a note about a member.',
    request: z.strictObject({ ...memberKey, body: z.string().trim().min(1).max(1000) }),
    response: memberNote,
  }),
  risk: consoleEndpoint({
    path: 'members/risk',
    permission: 'risk.read',
    tag,
    summary: "A member's risk flags (manual ones and rewards the promotions engine held back) and their protection / KYC state.",
    request: z.strictObject(memberKey),
    response: memberRisk,
  }),
  setFlag: consoleEndpoint({
    path: 'members/setFlag',
    permission: 'risk.write',
    tag,
    summary: 'Set a manual risk flag on a member.',
    request: z.strictObject({ ...memberKey, kind: z.enum(RISK_FLAG_KINDS), reason: z.string().trim().min(1).max(500) }),
    response: riskFlag,
  }),
  clearFlag: consoleEndpoint({
    path: 'members/clearFlag',
    permission: 'risk.write',
    tag,
    summary: 'Clear a manual risk flag (it stays listed as cleared).',
    request: z.strictObject({ ...memberKey, id: z.string().regex(/^m\d{1,18}$/) }),
    response: riskFlag,
  }),
  disable: consoleEndpoint({
    path: 'members/disable',
    permission: 'member.write',
    tag,
    summary: 'Disable a member: their sessions end at once and they cannot sign in.',
    request: z.strictObject({ ...memberKey, reason: z.string().trim().max(500).optional() }),
    response: ok,
  }),
  enable: consoleEndpoint({
    path: 'members/enable',
    permission: 'member.write',
    tag,
    summary: 'Enable a disabled member again.',
    request: z.strictObject(memberKey),
    response: ok,
  }),
  revokeSessions: consoleEndpoint({
    path: 'members/revokeSessions',
    permission: 'member.write',
    tag,
    summary: 'End every session of a member (they sign in again).',
    request: z.strictObject(memberKey),
    response: z.object({ revoked: z.number() }),
  }),
  resetSecondPassword: consoleEndpoint({
    path: 'members/resetSecondPassword',
    permission: 'member.write',
    tag,
    summary: 'Clear the withdrawal (second) password: the member sets a new one before the next withdrawal.',
    request: z.strictObject(memberKey),
    response: ok,
  }),
  setVip: consoleEndpoint({
    path: 'members/setVip',
    permission: 'member.vip',
    tag,
    summary: "Set a member's VIP grade by hand (a grade of the brand's ladder).",
    request: z.strictObject({ ...memberKey, grade: z.number().int().min(0).max(99) }),
    /** pendingGrant: the raise releases more upgrade bonus than the brand's second-approval amount: it waits (grants/approve). */
    response: z.object({ grade: z.number(), name: z.string(), pendingGrant: z.string().optional() }),
  }),
};
