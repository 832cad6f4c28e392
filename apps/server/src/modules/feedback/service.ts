import { StatusCode, type FeedbackItem, type feedbackType } from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { FeedbackTable } from '../../db/schema.ts';
import type { MemberCaller } from '../user/caller.ts';
import { fail } from '../../lib/errors.ts';
import { randomId } from '../../lib/crypto.ts';
import { OperatorError } from '../messages/service.ts';
import { feedbackRepository as repo } from './repository.ts';
import { nextTicketNo } from '../tickets/ticketNo.ts';

/** Feedback rules: text length in characters (an emoji is one), images per feedback, sends per business day. */
export const FEEDBACK_LIMITS = { CONTENT_MIN: 10, CONTENT_MAX: 500, IMAGES_MAX: 3, PER_DAY: 5, REPLY_MAX: 2000 } as const;
/** Business day of the brands: UTC+8 (as the turnover feed). */
const DAY_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const startOfBusinessDay = (now: number) => Math.floor((now + DAY_OFFSET_MS) / DAY_MS) * DAY_MS - DAY_OFFSET_MS;
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const chars = (s: string) => [...s].length;

/** The image store (upload/uploadImage): the member's own uploads of a purpose, 6004 for anything else. */
export interface ImageStore {
  attachable(memberId: string, ids: string[], purpose: 'feedback'): Promise<Array<{ id: string; url: string }>>;
}

function view(r: FeedbackTable): FeedbackItem {
  const images = JSON.parse(r.images) as Array<{ id: string; url: string }>;
  return {
    id: r.id,
    ticketNo: r.ticket_no ?? r.id,
    type: r.type as FeedbackItem['type'],
    content: r.content,
    images,
    status: r.status,
    reply: r.reply,
    replyUnread: r.status === 'replied' && r.reply_read_at === null,
    createdAt: iso(r.created_at)!,
    repliedAt: iso(r.replied_at),
  };
}

/** Member feedback (form and list) and the operator's replies. */
export class FeedbackService {
  constructor(
    private readonly db: Db,
    private readonly images: ImageStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Run after an operator's reply is saved, with the member it is for (the realtime push of the unread badge); a failure is skipped. */
  readonly replied: Array<(memberId: string) => unknown> = [];

  async add(
    ctx: MemberCaller,
    input: { type: z.infer<typeof feedbackType>; content: string; images?: string[] | undefined },
  ): Promise<FeedbackItem> {
    const member = ctx.member;
    const content = input.content.trim();
    if (chars(content) < FEEDBACK_LIMITS.CONTENT_MIN || chars(content) > FEEDBACK_LIMITS.CONTENT_MAX) {
      fail(StatusCode.INVALID_PARAMETER, { key: 'FEEDBACK_CONTENT_LENGTH' });
    }
    const now = this.now();
    if ((await repo.countSince(this.db, member.id, startOfBusinessDay(now))) >= FEEDBACK_LIMITS.PER_DAY) {
      fail(StatusCode.FREQUENT_SUBMISSION, { key: 'FEEDBACK_DAILY_LIMIT' });
    }
    const ids = input.images ?? [];
    const images = ids.length > 0 ? (await this.images.attachable(member.id, ids, 'feedback')).map(({ id, url }) => ({ id, url })) : [];
    const row: FeedbackTable = {
      id: randomId(),
      site_code: member.siteCode,
      member_id: member.id,
      type: input.type,
      content,
      images: JSON.stringify(images),
      status: 'pending',
      reply: null,
      replied_by: null,
      replied_at: null,
      reply_read_at: null,
      deleted_at: null,
      created_at: now,
      ticket_no: null,
    };
    await this.db.transaction().execute(async (tx) => {
      row.ticket_no = await nextTicketNo(tx, member.siteCode, 'F', now);
      await repo.insert(tx, row);
    });
    return view(row);
  }

  unreadReplies(memberId: string): Promise<number> {
    return repo.unreadReplies(this.db, memberId);
  }

  async list(memberId: string, pageNum = 1, pageSize = 10) {
    const r = await repo.page(this.db, memberId, pageNum, pageSize);
    return { total: r.total, list: r.list.map(view) };
  }

  /** Opening a replied feedback marks the reply read. */
  async info(memberId: string, id: string): Promise<FeedbackItem> {
    const row = await repo.mine(this.db, memberId, id);
    if (!row) fail(StatusCode.NOT_FOUND, { key: 'FEEDBACK_NOT_FOUND' });
    if (row.status === 'replied' && row.reply_read_at === null) {
      const now = this.now();
      await repo.markReplyRead(this.db, memberId, id, now);
      row.reply_read_at = now;
    }
    return view(row);
  }

  async remove(memberId: string, id: string): Promise<void> {
    if (!(await repo.softDelete(this.db, memberId, id, this.now()))) fail(StatusCode.NOT_FOUND, { key: 'FEEDBACK_NOT_FOUND' });
  }

  // ---- operator ----------------------------------------------------------------------------------

  async reply(id: string, text: string, operator: string): Promise<void> {
    const reply = text.trim();
    if (!reply || chars(reply) > FEEDBACK_LIMITS.REPLY_MAX)
      throw new OperatorError(`reply must be 1-${FEEDBACK_LIMITS.REPLY_MAX} characters`);
    const memberId = await repo.reply(this.db, id, reply, operator, this.now());
    if (memberId === null) throw new OperatorError(`no feedback ${id}`);
    for (const f of this.replied)
      await Promise.resolve()
        .then(() => f(memberId))
        .catch(() => undefined);
  }

  queue(f: { siteCode?: number | undefined; status?: FeedbackTable['status'] | undefined; limit?: number }) {
    return repo.queue(this.db, { ...f, limit: Math.min(f.limit ?? 50, 500) });
  }
}
