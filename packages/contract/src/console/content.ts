/**
 * Content of the console: notices and the marquee, banners and the other advertising
 * positions, letters (站内信), the zh-TW forms of operator text. The desk (feedback, customer service) is in
 * contentDesk.ts, brand settings in contentSite.ts. Times are epoch ms; members are named by username.
 */
import { z } from 'zod';
import { AD_POSITIONS, NOTICE_CATEGORIES } from '../api/messages.ts';
import { pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

export * from './contentDesk.ts';
export * from './contentSite.ts';

const tag = 'Console content';

/** What the services accept (modules/messages MESSAGE_LIMITS): a notice or letter is read on a phone. */
export const CONTENT_LIMITS = { TITLE_MAX: 60, CONTENT_MAX: 2000, URL_MAX: 500, MEMBERS_MAX: 1000 } as const;

/** A published item's state now: waiting for its start, showing, past its end, taken down. */
export const PUBLISH_STATES = ['scheduled', 'live', 'ended', 'withdrawn'] as const;
export const publishState = z.enum(PUBLISH_STATES);
export type PublishState = z.infer<typeof publishState>;

export const LETTER_TYPES = ['notice', 'activity', 'bulletin', 'match', 'fd'] as const;
/** A letter to one member is one of these (the member's personal boxes); the others go to segments. */
export const PERSONAL_LETTER_TYPES = ['notice', 'activity', 'fd'] as const;

const rowId = z.string().trim().min(1).max(64);
const title = z.string().trim().min(1).max(CONTENT_LIMITS.TITLE_MAX);
const body = z.string().trim().min(1).max(CONTENT_LIMITS.CONTENT_MAX);
const time = z.number().int().min(0);
/** http(s):// or a path of the brand's site (e.g. /brand-art/7000/logo.svg, /uploads/<sha256>). */
const url = z
  .string()
  .trim()
  .max(CONTENT_LIMITS.URL_MAX)
  .regex(/^(https?:\/\/|\/)\S*$/);
const username = z.string().trim().min(1).max(32);

/** What notices and advertising items share: their window, state and author. */
const publishedFields = {
  startAt: z.number(),
  endAt: z.number().nullable(),
  withdrawnAt: z.number().nullable(),
  state: publishState,
  createdBy: z.string(),
  createdAt: z.number(),
};

export const noticeRow = z.object({
  id: z.string(),
  siteCode: z.number(),
  category: z.enum(NOTICE_CATEGORIES),
  title: z.string(),
  content: z.string(),
  marquee: z.boolean(),
  ...publishedFields,
});
export type NoticeRow = z.infer<typeof noticeRow>;

export const adRow = z.object({
  id: z.string(),
  siteCode: z.number(),
  position: z.enum(AD_POSITIONS),
  title: z.string(),
  /** As stored: may carry `{locale}` (drawn text in each language). */
  imageUrl: z.string(),
  linkUrl: z.string(),
  content: z.string(),
  sort: z.number(),
  ...publishedFields,
});
export type AdRow = z.infer<typeof adRow>;

/** Who a letter goes to: every member of the brand, named members, a VIP grade range or a registration window. */
export const letterAudience = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('members'), usernames: z.array(username).min(1).max(CONTENT_LIMITS.MEMBERS_MAX) }),
  z.strictObject({ kind: z.literal('vip'), min: z.number().int().min(0).max(999), max: z.number().int().min(0).max(999) }),
  z.strictObject({ kind: z.literal('registered'), from: time, to: time }),
]);
export type LetterAudience = z.infer<typeof letterAudience>;

export const letterRow = z.object({
  id: z.string(),
  siteCode: z.number(),
  type: z.enum(LETTER_TYPES),
  /** false: a personal letter to one member. */
  broadcast: z.boolean(),
  title: z.string(),
  content: z.string(),
  audience: letterAudience,
  recipients: z.number(),
  read: z.number(),
  startAt: z.number(),
  createdBy: z.string(),
  createdAt: z.number(),
  revokedAt: z.number().nullable(),
});
export type LetterRow = z.infer<typeof letterRow>;

/** The zh-TW form of a zh-CN text: the operator's own, the converted one, or (not shown yet) a conversion preview. */
export const zhTwForm = z.object({ zhCN: z.string(), zhTW: z.string(), source: z.enum(['operator', 'opencc', 'preview']) });
export type ZhTwForm = z.infer<typeof zhTwForm>;

/** Optional zh-TW forms of a published title and text (else the zh-CN text is converted). */
const zhTwFields = {
  titleZhTW: z.string().trim().min(1).max(CONTENT_LIMITS.TITLE_MAX).optional(),
  contentZhTW: z.string().trim().min(1).max(CONTENT_LIMITS.CONTENT_MAX).optional(),
};

const listBase = { ...pageFields, siteCode: siteCode.optional(), state: publishState.optional() };

export const consoleContentApi = {
  noticeList: consoleEndpoint({
    path: 'content/notice/list',
    permission: 'content.read',
    tag,
    summary: 'Notices of the brands (newest first) with their state; marquee ones scroll in the header.',
    request: z.strictObject({ ...listBase, category: z.enum(NOTICE_CATEGORIES).optional(), marquee: z.boolean().optional() }),
    response: pageOf(noticeRow),
  }),
  noticePublish: consoleEndpoint({
    path: 'content/notice/publish',
    permission: 'content.write',
    tag,
    summary: 'Publish a notice (now or from startAt, until endAt); marquee also scrolls it in the header.',
    request: z.strictObject({
      siteCode,
      category: z.enum(NOTICE_CATEGORIES),
      title,
      content: body,
      marquee: z.boolean().default(false),
      startAt: time.optional(),
      endAt: time.nullable().optional(),
      ...zhTwFields,
    }),
    response: z.object({ id: z.string() }),
  }),
  noticeWithdraw: consoleEndpoint({
    path: 'content/notice/withdraw',
    permission: 'content.write',
    tag,
    summary: 'Take a notice down (6004 when it is not one of your brands; 6007 when it is already down).',
    request: z.strictObject({ id: rowId }),
    response: z.null(),
  }),
  adList: consoleEndpoint({
    path: 'content/ad/list',
    permission: 'content.read',
    tag,
    summary: 'Banners, navigation and sponsor items of the brands with their state.',
    request: z.strictObject({ ...listBase, position: z.enum(AD_POSITIONS).optional() }),
    response: pageOf(adRow),
  }),
  adArt: consoleEndpoint({
    path: 'content/ad/art',
    permission: 'content.read',
    tag,
    summary: "The brand's own generated art (banners drawn in each language, the logo): addresses an item may use.",
    request: z.strictObject({ siteCode }),
    response: z.array(z.object({ label: z.string(), url: z.string(), previewUrl: z.string() })),
  }),
  adUpload: consoleEndpoint({
    path: 'content/ad/upload',
    permission: 'content.write',
    tag,
    summary: 'Upload a banner image (PNG, JPEG, GIF or WebP as base64 or a data URL): answers its public address.',
    request: z.strictObject({ siteCode, image: z.string().min(1).max(8_000_000) }),
    response: z.object({ url: z.string(), width: z.number(), height: z.number(), bytes: z.number() }),
  }),
  adPublish: consoleEndpoint({
    path: 'content/ad/publish',
    permission: 'content.write',
    tag,
    summary: 'Publish a banner (or navigation / sponsor item): image, optional link, order, window.',
    request: z.strictObject({
      siteCode,
      position: z.enum(AD_POSITIONS),
      title,
      imageUrl: url,
      linkUrl: z.union([url, z.literal('')]).default(''),
      content: z.string().trim().max(CONTENT_LIMITS.CONTENT_MAX).default(''),
      sort: z.number().int().min(-999).max(9999).default(0),
      startAt: time.optional(),
      endAt: time.nullable().optional(),
    }),
    response: z.object({ id: z.string() }),
  }),
  adWithdraw: consoleEndpoint({
    path: 'content/ad/withdraw',
    permission: 'content.write',
    tag,
    summary: 'Take an advertising item down.',
    request: z.strictObject({ id: rowId }),
    response: z.null(),
  }),
  letterList: consoleEndpoint({
    path: 'content/letter/list',
    permission: 'content.read',
    tag,
    summary: 'Letters sent (newest first) with their audience, recipients and how many read them.',
    request: z.strictObject({ ...pageFields, siteCode: siteCode.optional() }),
    response: pageOf(letterRow),
  }),
  letterSend: consoleEndpoint({
    path: 'content/letter/send',
    permission: 'content.write',
    tag,
    summary: 'Send a letter to the members of a brand, named members (by username), a VIP grade range or a registration window.',
    request: z.strictObject({
      siteCode,
      audience: letterAudience,
      type: z.enum(LETTER_TYPES),
      title,
      content: body,
      startAt: time.optional(),
    }),
    response: z.object({ id: z.string(), recipients: z.number() }),
  }),
  letterRevoke: consoleEndpoint({
    path: 'content/letter/revoke',
    permission: 'content.write',
    tag,
    summary: "Withdraw a letter from every recipient's box.",
    request: z.strictObject({ id: rowId }),
    response: z.null(),
  }),
  zhTwShow: consoleEndpoint({
    path: 'content/zhtw/show',
    permission: 'content.read',
    tag,
    summary: 'The zh-TW form zh-TW pages show for a zh-CN text: the operator’s own or the conversion.',
    request: z.strictObject({ zhCN: z.string().trim().min(1).max(CONTENT_LIMITS.CONTENT_MAX) }),
    response: zhTwForm,
  }),
  zhTwSet: consoleEndpoint({
    path: 'content/zhtw/set',
    permission: 'content.write',
    tag,
    summary: 'Set the zh-TW form of a zh-CN text instead of its conversion (every node within 30 s).',
    request: z.strictObject({
      zhCN: z.string().trim().min(1).max(CONTENT_LIMITS.CONTENT_MAX),
      zhTW: z.string().trim().min(1).max(CONTENT_LIMITS.CONTENT_MAX),
    }),
    response: zhTwForm,
  }),
};
