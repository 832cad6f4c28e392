/**
 * The desk of the console: member feedback and its replies, the built-in customer-service
 * conversations (members and visitors write on the portal's /support page, customer service answers here).
 */
import { z } from 'zod';
import { FEEDBACK_TYPES } from '../api/messages.ts';
import { SUPPORT_LIMITS } from '../api/support.ts';
import { pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

const tag = 'Console desk';

/** The reply's limit of the feedback service (FEEDBACK_LIMITS.REPLY_MAX). */
export const FEEDBACK_REPLY_MAX = 2000;
/** A staff answer's length (the desk's message limit). */
export const SUPPORT_REPLY_MAX = SUPPORT_LIMITS.BODY_MAX;
/** How often the console polls the desk (ms): no websocket needed. */
export const SUPPORT_POLL_MS = 5000;

const rowId = z.string().trim().min(1).max(64);

export const feedbackRow = z.object({
  id: z.string(),
  ticketNo: z.string(),
  siteCode: z.number(),
  username: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  content: z.string(),
  images: z.array(z.object({ id: z.string(), url: z.string() })),
  status: z.enum(['pending', 'replied']),
  reply: z.string().nullable(),
  repliedBy: z.string().nullable(),
  repliedAt: z.number().nullable(),
  /** The member has opened the reply. */
  replyRead: z.boolean(),
  /** The member deleted it from their list (the reply is kept). */
  deleted: z.boolean(),
  createdAt: z.number(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

export const supportThreadRow = z.object({
  id: z.string(),
  ticketNo: z.string().nullable(),
  siteCode: z.number(),
  /** The member's username; null for a visitor (not signed in). */
  username: z.string().nullable(),
  /** The player's last message has no answer yet. */
  waiting: z.boolean(),
  /** The player's messages since the last staff answer. */
  unread: z.number(),
  last: z.string(),
  lastFrom: z.enum(['player', 'staff']).nullable(),
  updatedAt: z.number(),
});
export type SupportThreadRow = z.infer<typeof supportThreadRow>;

export const supportMessageRow = z.object({
  id: z.number(),
  from: z.enum(['player', 'staff']),
  /** The staff member who answered. */
  staff: z.string().nullable(),
  body: z.string(),
  at: z.number(),
});

export const consoleDeskApi = {
  feedbackList: consoleEndpoint({
    path: 'feedback/list',
    permission: 'feedback.read',
    tag,
    summary: 'Member feedback, newest first, by state, type, time window (createdAt) and username.',
    request: z.strictObject({
      ...pageFields,
      siteCode: siteCode.optional(),
      status: z.enum(['pending', 'replied']).optional(),
      type: z.enum(FEEDBACK_TYPES).optional(),
      from: z.number().int().optional(),
      to: z.number().int().optional(),
      username: z.string().trim().min(1).max(32).optional(),
    }),
    response: pageOf(feedbackRow),
  }),
  feedbackDetail: consoleEndpoint({
    path: 'feedback/detail',
    permission: 'feedback.read',
    tag,
    summary: 'One feedback with its images and reply.',
    request: z.strictObject({ id: rowId }),
    response: feedbackRow,
  }),
  feedbackReply: consoleEndpoint({
    path: 'feedback/reply',
    permission: 'feedback.reply',
    tag,
    summary: 'Reply (or correct the reply): the member sees it as unread in their feedback list.',
    request: z.strictObject({ id: rowId, reply: z.string().trim().min(1).max(FEEDBACK_REPLY_MAX) }),
    response: feedbackRow,
  }),
  supportSummary: consoleEndpoint({
    path: 'support/summary',
    permission: 'support.read',
    tag,
    summary: "The menu badge: conversations waiting for an answer and the players' unanswered messages, in the staff member's brands.",
    request: z.strictObject({ siteCode: siteCode.optional() }),
    response: z.object({ waiting: z.number(), unread: z.number() }),
  }),
  supportList: consoleEndpoint({
    path: 'support/list',
    permission: 'support.read',
    tag,
    summary: 'Conversations: waiting ones first (oldest wait first), then the rest (latest first).',
    request: z.strictObject({
      ...pageFields,
      siteCode: siteCode.optional(),
      waitingOnly: z.boolean().default(false),
      username: z.string().trim().min(1).max(32).optional(),
    }),
    response: pageOf(supportThreadRow),
  }),
  supportThread: consoleEndpoint({
    path: 'support/thread',
    permission: 'support.read',
    tag,
    summary: 'One conversation: its latest messages (after afterId when given, for polling).',
    request: z.strictObject({ id: rowId, afterId: z.number().int().min(0).optional() }),
    response: z.object({ thread: supportThreadRow, messages: z.array(supportMessageRow) }),
  }),
  supportReply: consoleEndpoint({
    path: 'support/reply',
    permission: 'support.reply',
    tag,
    summary: 'Answer a conversation (the player sees it on /support); the conversation is no longer waiting.',
    request: z.strictObject({ id: rowId, body: z.string().trim().min(1).max(SUPPORT_REPLY_MAX) }),
    response: supportThreadRow,
  }),
  supportHandled: consoleEndpoint({
    path: 'support/handled',
    permission: 'support.reply',
    tag,
    summary: 'Mark a conversation handled without an answer (it leaves the waiting queue until the player writes again).',
    request: z.strictObject({ id: rowId }),
    response: supportThreadRow,
  }),
};
