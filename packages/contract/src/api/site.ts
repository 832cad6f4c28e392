import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const tag = 'Site';

export const siteFlags = z.object({
  hideRealNumber: z.boolean(),
  hideNavIcon: z.boolean(),
  hideAgent: z.boolean(),
  showSponsor: z.boolean(),
  foreverSite: z.boolean(),
  defaultLanguage: z.enum(['zh-CN', 'zh-TW']),
  innerGame: z.boolean(),
  skipSport: z.boolean(),
  vipNoSave: z.boolean(),
  deposit: z.boolean(),
  birthdayDescription: z.boolean(),
  modeSwitch: z.boolean(),
  register: z.boolean(),
  helpCk: z.boolean(),
  openInNewWindow: z.boolean(),
  /** Regulated slot pace: a spin lasts ≥ 2.5 s (the server refuses an earlier one), no autoplay, no celebration for a win ≤ the stake. */
  regulatedPace: z.boolean().optional(),
  /** Requests per minute one address may make to this brand's API (default LIMITS.API_PER_IP_PER_MIN): raise it for carrier NAT. */
  apiPerIpPerMin: z.number().int().min(60).max(100_000).optional(),
  /**
   * Valid turnover (有效投注): the lowest odds (European decimal) at which a sports bet counts toward turnover,
   * VIP progress, rebates and promotion wagering; unset = 1.50 (0.50 HK). See docs/operator-guide.md.
   */
  validTurnoverMinOdds: z.number().optional(),
  /**
   * When the brand requires the player's identity: 'register' — real name and date of birth
   * at registration (under 18 refused there; a person excluded on every brand is refused), then a verified phone
   * before any deposit or play; 'deposit' — verified phone, real name and date of birth before the first deposit
   * or play; 'play' — before the first play (transfer into a venue, launch, bet). Unset: not required.
   */
  identityAt: z.enum(['register', 'deposit', 'play']).optional(),
});
export type SiteFlags = z.infer<typeof siteFlags>;

const regionCode = z.string().regex(/^[A-Z]{2}$/);
/**
 * A brand's compliance settings, kept with its flags but never sent to the browser (preInfo leaves
 * them out). Regions by the client IP's country (ISO 3166-1 alpha-2, upper case); amounts in fen; 0 or unset = off.
 * See docs/configuration.md.
 */
export const siteComplianceFlags = z.object({
  /** Countries refused at register, login and every eligibility check: 6031. */
  blockedRegions: z.array(regionCode).optional(),
  /** Countries told 6032 once per session at register and login; the player may go on. */
  warnedRegions: z.array(regionCode).optional(),
  /** Addresses or CIDR ranges (IPv4 and IPv6) refused like a blocked region: 6033. */
  blockedIps: z.array(z.string().max(64)).optional(),
  /** An address whose country is unknown (private, new, unlisted) is refused (6031) too; default false. */
  blockUnknownRegion: z.boolean().optional(),
  /** Cumulative credited deposits (fen) above which identity verification is required before the next deposit. */
  kycDepositThresholdFen: z.number().int().min(0).optional(),
  /** A single withdrawal (fen) above which identity verification is required. */
  kycWithdrawThresholdFen: z.number().int().min(0).optional(),
  /** A withdrawal (fen) above which the review needs a second, different risk approver (default 1,000,000: 10,000 yuan). */
  withdrawSecondApprovalFen: z.number().int().min(0).optional(),
  /**
   * Money a single staff member may grant alone (fen): a VIP raise's upgrade bonuses, a flagged promotion reward, a
   * manual adjustment; above it a second staff member approves (default 100,000: 1,000 yuan; 0: always two).
   */
  grantSecondApprovalFen: z.number().int().min(0).optional(),
});
export type SiteComplianceFlags = z.infer<typeof siteComplianceFlags>;
export const SITE_COMPLIANCE_FLAG_KEYS = Object.keys(siteComplianceFlags.shape) as ReadonlyArray<keyof SiteComplianceFlags>;

export const siteBaseConfig = z.object({
  siteCode: z.number(),
  /** The brand's name in the request's language. */
  title: z.string(),
  /** The brand's name in each language (the page shows the one of the language in force, switched without a refetch). */
  titles: z.object({ 'zh-CN': z.string(), 'zh-TW': z.string() }).optional(),
  h5DomainUrl: z.string(),
  theme: z.object({
    primaryColor: z.string(),
    logoText: z.string(),
    /** The brand's logo image (the operator's, else the generated /brand-art/<site>/logo.svg). */
    logoUrl: z.string().optional(),
    mode: z.enum(['light', 'dark']),
  }),
  flags: siteFlags,
  /** Public per-site key for the timestamp token and the safe-switch codec. */
  clientKey: z.string(),
  safeSwitch: z.boolean(),
  loginCaptcha: z.enum(['always', 'risk']),
  /** Spec §6 / §8 6501: login and register paused by the operator. */
  registerOpen: z.boolean(),
  customerServiceUrl: z.string(),
});

export const countryArea = z.object({ areaName: z.string(), areaCode: z.string(), regex: z.string() });

/** The member's data singleDataDecryption reveals (member/info masks them when the brand's hideRealNumber is on). */
export const DECRYPTABLE_KEYS = ['phone', 'email', 'realName'] as const;

export const siteApi = {
  preInfo: endpoint({
    path: '/site/api/v1/configuration/preInfo',
    auth: 'optional',
    noTsToken: true,
    tag,
    summary: "The ip the server sees and the brand's base config (title, h5DomainUrl, theme, flags).",
    request: z.strictObject({}),
    response: z.object({ ip: z.string(), siteBaseConfig }),
  }),
  queryCountryArea: endpoint({
    path: '/site/api/v1/site/countryArea/queryCountryArea',
    auth: 'none',
    tag,
    summary: 'Country calling areas with their phone regex; +86 first (default).',
    request: z.strictObject({ area: z.string().max(64).optional() }),
    response: z.array(countryArea),
  }),
  singleDataDecryption: endpoint({
    path: '/site/api/v1/site/common/singleDataDecryption',
    auth: 'member',
    tag,
    summary:
      "One of the member's own data in full (phone, email, realName), which member/info masks when the brand hides real numbers: d the value (null when not bound), v the masked form member/info shows. The web keeps {d, v} as DD_{key} and asks again only when member/info's masked value differs from v.",
    request: z.strictObject({ key: z.enum(DECRYPTABLE_KEYS) }),
    response: z.object({ key: z.enum(DECRYPTABLE_KEYS), d: z.string().nullable(), v: z.string().nullable() }),
  }),
  onlineCustomService: endpoint({
    path: '/site/api/v1/configuration/onlinecustomservice',
    auth: 'optional',
    tag,
    summary: "The brand's online customer-service address (opened in a new tab after the safety notice).",
    request: z.strictObject({}),
    response: z.object({ url: z.string() }),
  }),
};
