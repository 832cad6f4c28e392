import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const tag = 'Messages';

/**
 * Letter boxes (spec §3 unread counts). A letter sent to one member is personal: notice (系统通知),
 * activity (活动消息) or fd (资金消息). A letter sent to a segment (all members of the brand, a VIP
 * grade range, a registration window, a member list) is a broadcast: the br-prefixed boxes.
 */
export const LETTER_BOXES = ['notice', 'activity', 'fd', 'brNotice', 'brActivity', 'brBulletin', 'brMatch', 'brFd'] as const;
export type LetterBox = (typeof LETTER_BOXES)[number];
export const letterBox = z.enum(LETTER_BOXES);

/** Notice (公告) categories shown in the marquee and the notice list. */
export const NOTICE_CATEGORIES = ['notice', 'activity', 'bulletin', 'match', 'fd'] as const;
export const noticeCategory = z.enum(NOTICE_CATEGORIES);

/** Advertising positions: home banners, the header navigation strip, the sponsor page. */
export const AD_POSITIONS = ['banner', 'nav', 'sponsor'] as const;
export const adPosition = z.enum(AD_POSITIONS);

const id = z.string().min(1).max(64);
const pageNum = z.number().int().min(1).max(10_000).optional();
const pageSize = z.number().int().min(1).max(50).optional();

export const letter = z.object({
  id: z.string(),
  type: letterBox,
  title: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Letter = z.infer<typeof letter>;

export const unreadCounts = z.object({
  notice: z.number(),
  activity: z.number(),
  fd: z.number(),
  brNotice: z.number(),
  brActivity: z.number(),
  brBulletin: z.number(),
  brMatch: z.number(),
  brFd: z.number(),
  /** Sum of every box. */
  total: z.number(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

export const notice = z.object({
  id: z.string(),
  category: noticeCategory,
  title: z.string(),
  content: z.string(),
  marquee: z.boolean(),
  startAt: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const adItem = z.object({
  id: z.string(),
  position: adPosition,
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  content: z.string(),
  sort: z.number(),
});
export type AdItem = z.infer<typeof adItem>;

export const messagesApi = {
  unreadForType: endpoint({
    path: '/site/api/v1/site/letter/getUnreadForType',
    auth: 'member',
    tag,
    summary: 'Unread letters per box (notice, activity, fd and the br-prefixed broadcast boxes) and their total.',
    request: z.strictObject({ userSystem: z.string().max(32).optional() }),
    response: unreadCounts,
  }),
  letterList: endpoint({
    path: '/site/api/v1/site/letter/list',
    auth: 'member',
    tag,
    summary: "The member's letters, newest first; one box or all; deleted letters are not listed.",
    request: z.strictObject({ type: letterBox.optional(), pageNum, pageSize }),
    response: z.object({ total: z.number(), list: z.array(letter) }),
  }),
  letterRead: endpoint({
    path: '/site/api/v1/site/letter/read',
    auth: 'member',
    tag,
    summary: "Mark one of the member's letters read; answers the letter (6004 when not theirs).",
    request: z.strictObject({ id }),
    response: letter,
  }),
  letterDelete: endpoint({
    path: '/site/api/v1/site/letter/delete',
    auth: 'member',
    tag,
    summary: "Delete letters from the member's box (their copy only).",
    request: z.strictObject({ ids: z.array(id).min(1).max(100) }),
    response: z.object({ deleted: z.number() }),
  }),
  letterReadAll: endpoint({
    path: '/site/api/v1/site/letter/onekeyRead',
    auth: 'member',
    tag,
    summary: 'Mark every letter of the member read (one box or all).',
    request: z.strictObject({ type: letterBox.optional() }),
    response: z.object({ updated: z.number() }),
  }),
  noticeList: endpoint({
    path: '/site/api/v1/advertising/queryNoticeListByPage',
    auth: 'optional',
    tag,
    summary: "The brand's published notices (公告) inside their start/end window, newest first; marquee only on request.",
    request: z.strictObject({ category: noticeCategory.optional(), marquee: z.boolean().optional(), pageNum, pageSize }),
    response: z.object({ total: z.number(), list: z.array(notice) }),
  }),
  navigationList: endpoint({
    path: '/site/api/v1/advertising/navigationList',
    auth: 'optional',
    tag,
    summary: "The brand's advertising items of a position (banner, nav) inside their window; the web caches it per payload.",
    request: z.strictObject({ position: adPosition.optional() }),
    response: z.array(adItem),
  }),
  sponsorContent: endpoint({
    path: '/site/api/v1/advertising/sponsorContent',
    auth: 'optional',
    tag,
    summary: "The brand's sponsorship items (sponsor page).",
    request: z.strictObject({}),
    response: z.array(adItem),
  }),
};

export const FEEDBACK_TYPES = ['deposit', 'withdraw', 'game', 'activity', 'account', 'other'] as const;
export const feedbackType = z.enum(FEEDBACK_TYPES);
export const feedbackImage = z.object({ id: z.string(), url: z.string() });

export const feedbackItem = z.object({
  id: z.string(),
  /** The number the member sees and quotes (F + business day + sequence, e.g. F20261126-0042). */
  ticketNo: z.string(),
  type: feedbackType,
  content: z.string(),
  images: z.array(feedbackImage),
  status: z.enum(['pending', 'replied']),
  reply: z.string().nullable(),
  replyUnread: z.boolean(),
  createdAt: z.string(),
  repliedAt: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

const fTag = 'Feedback';
export const feedbackApi = {
  add: endpoint({
    path: '/site/api/v1/user/feedback/addFeedBack',
    auth: 'member',
    tag: fTag,
    summary: 'Send feedback: type, text (10-500 characters) and up to 3 images uploaded by the member (upload/uploadImage ids).',
    request: z.strictObject({ type: feedbackType, content: z.string().max(2000), images: z.array(id).max(3).optional() }),
    response: feedbackItem,
  }),
  unreadNum: endpoint({
    path: '/site/api/v1/user/feedback/unreadNum',
    auth: 'member',
    tag: fTag,
    summary: 'Operator replies the member has not opened yet.',
    request: z.strictObject({}),
    response: z.object({ count: z.number() }),
  }),
  list: endpoint({
    path: '/site/api/v1/user/feedback/getFeedBackList',
    auth: 'member',
    tag: fTag,
    summary: "The member's feedback, newest first.",
    request: z.strictObject({ pageNum, pageSize }),
    response: z.object({ total: z.number(), list: z.array(feedbackItem) }),
  }),
  info: endpoint({
    path: '/site/api/v1/user/feedback/getFeedbackInfo',
    auth: 'member',
    tag: fTag,
    summary: "One feedback with the operator's reply; opening it marks the reply read (6004 when not theirs).",
    request: z.strictObject({ id }),
    response: feedbackItem,
  }),
  del: endpoint({
    path: '/site/api/v1/user/feedback/delFeedback',
    auth: 'member',
    tag: fTag,
    summary: "Delete one of the member's feedback (from their list).",
    request: z.strictObject({ id }),
    response: z.null(),
  }),
};
