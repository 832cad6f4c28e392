/** The desk: member feedback and replies (feedback:list/reply), the built-in customer-service conversations (support:list/reply). */
import { StatusCode } from '@portal/contract';
import { consoleDeskApi as api, type FeedbackRow, type SupportThreadRow } from '@portal/contract/console';
import { fail } from '../../lib/errors.ts';
import { AUTO_STAFF, renderAuto } from '../../modules/support/autoAnswers.ts';
import type { FeedbackTable } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { consoleRoute, type ConsoleContext, type ConsoleDeps, type ConsoleRoute } from '../pipeline.ts';
import { asOperator } from './operatorErrors.ts';
import { pageOfInput, sitesFor } from './publishing.ts';
import { contentReads as reads, deskReads } from './repository.ts';

const num = (v: number | null) => (v === null ? null : Number(v));

const feedbackRowOf = (r: FeedbackTable & { username: string }): FeedbackRow => ({
  id: r.id,
  ticketNo: r.ticket_no ?? r.id,
  siteCode: Number(r.site_code),
  username: r.username,
  type: r.type as FeedbackRow['type'],
  content: r.content,
  images: JSON.parse(r.images) as FeedbackRow['images'],
  status: r.status,
  reply: r.reply,
  repliedBy: r.replied_by,
  repliedAt: num(r.replied_at),
  replyRead: r.reply_read_at !== null,
  deleted: r.deleted_at !== null,
  createdAt: Number(r.created_at),
});

type ThreadRead = Awaited<ReturnType<typeof deskReads.threads>>['rows'][number];
const threadRowOf = (t: ThreadRead): SupportThreadRow => {
  const last = t.last ?? '';
  const colon = last.indexOf(':');
  const from = colon > 0 ? last.slice(0, colon) : null;
  const waiting = Number(t.waiting) === 1;
  return {
    id: t.id,
    ticketNo: t.ticket_no,
    siteCode: Number(t.site_code),
    username: t.username ?? null,
    waiting,
    // What "handled" clears: a conversation nobody waits on has nothing unanswered.
    unread: waiting ? Number(t.unread) : 0,
    last: colon > 0 ? last.slice(colon + 1) : last,
    lastFrom: from === 'player' || from === 'staff' ? from : null,
    updatedAt: Number(t.updated_at),
  };
};

export function deskRoutes(s: Services, d: ConsoleDeps): ConsoleRoute[] {
  const { db } = d;
  const oneFeedback = async (ctx: ConsoleContext, id: string) =>
    (await reads.feedback(db, { sites: ctx.sites, id }, { limit: 1, offset: 0 })).rows[0] ?? fail(StatusCode.NOT_FOUND);
  /** A conversation of the caller's brands (another brand's answers 6004, as if missing). */
  const thread = async (ctx: ConsoleContext, id: string) =>
    (await deskReads.threads(db, { sites: ctx.sites, id }, { limit: 1, offset: 0 })).rows[0] ?? fail(StatusCode.NOT_FOUND);
  return [
    consoleRoute(api.feedbackList, async (i, ctx) => {
      const r = await reads.feedback(
        db,
        { sites: sitesFor(ctx, i.siteCode), status: i.status, type: i.type, from: i.from, to: i.to, username: i.username },
        pageOfInput(i),
      );
      return { total: r.total, list: r.rows.map(feedbackRowOf) };
    }),
    consoleRoute(api.feedbackDetail, async (i, ctx) => feedbackRowOf(await oneFeedback(ctx, i.id))),
    consoleRoute(api.feedbackReply, async (i, ctx) => {
      const before = feedbackRowOf(await oneFeedback(ctx, i.id));
      await asOperator(() => s.feedback.reply(i.id, i.reply, ctx.staff.username));
      const after = feedbackRowOf(await oneFeedback(ctx, i.id));
      ctx.audit = { target: `feedback:${before.ticketNo}`, siteCode: before.siteCode, before, after };
      return after;
    }),
    consoleRoute(api.supportSummary, (i, ctx) => deskReads.summary(db, sitesFor(ctx, i.siteCode))),
    consoleRoute(api.supportList, async (i, ctx) => {
      const r = await deskReads.threads(
        db,
        { sites: sitesFor(ctx, i.siteCode), waitingOnly: i.waitingOnly, username: i.username },
        pageOfInput(i),
      );
      return { total: r.total, list: r.rows.map(threadRowOf) };
    }),
    consoleRoute(api.supportThread, async (i, ctx) => {
      const t = threadRowOf(await thread(ctx, i.id));
      const rows = await deskReads.messages(db, t.id, i.afterId ?? 0, 200);
      return {
        thread: t,
        messages: rows.map((m) => ({
          id: Number(m.id),
          from: m.author,
          staff: m.staff,
          // The desk's own answers are stored as text keys (modules/support/autoAnswers.ts): the console reads zh-CN.
          body: m.staff === AUTO_STAFF ? renderAuto(m.body, 'zh-CN') : m.body,
          at: Number(m.created_at),
        })),
      };
    }),
    consoleRoute(api.supportReply, async (i, ctx) => {
      const before = threadRowOf(await thread(ctx, i.id));
      await asOperator(() => s.support.reply(i.id, i.body, ctx.staff.username));
      const after = threadRowOf(await thread(ctx, i.id));
      ctx.audit = {
        target: `support:${before.ticketNo ?? before.id}`,
        siteCode: before.siteCode,
        before,
        after: { ...after, reply: i.body },
      };
      return after;
    }),
    consoleRoute(api.supportHandled, async (i, ctx) => {
      const before = threadRowOf(await thread(ctx, i.id));
      await s.support.markHandled(i.id);
      const after = threadRowOf(await thread(ctx, i.id));
      ctx.audit = { target: `support:${before.ticketNo ?? before.id}`, siteCode: before.siteCode, before, after };
      return after;
    }),
  ];
}
