/**
 * The built-in customer-service desk: a brand without an external support address sends
 * its players here (onlinecustomservice and payment/getCustomerInfo answer SUPPORT_PATH). One conversation
 * per brand and owner: a member by session, a visitor by a random key their browser keeps (stored as its
 * SHA-256 only). Staff answer from the console's desk (console/content/desk.ts) or the ops CLI (support:list|support:reply).
 */
import { StatusCode, SUPPORT_LIMITS, text, type Locale, type SupportMessageWire } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { SupportMessageTable } from '../../db/schema.ts';
import { randomId, sha256Hex } from '../../lib/crypto.ts';
import { fail } from '../../lib/errors.ts';
import { hit, type Limiters } from '../../lib/rateLimit.ts';
import type { Caller } from '../user/caller.ts';
import { nextTicketNo } from '../tickets/ticketNo.ts';
import { acknowledgement, AUTO_STAFF, faqAnswer, renderAuto } from './autoAnswers.ts';

type Row = Pick<SupportMessageTable, 'author' | 'body' | 'created_at'> & { id: number; staff?: string | null };
/** A message as the player reads it: the desk's own answers (autoAnswers.ts) told apart and written in the reader's language. */
const view = (m: Row, locale: Locale = 'zh-CN'): SupportMessageWire => {
  const auto = m.author === 'staff' && m.staff === AUTO_STAFF;
  return { id: Number(m.id), from: auto ? 'desk' : m.author, body: auto ? renderAuto(m.body, locale) : m.body, at: Number(m.created_at) };
};

export class SupportService {
  constructor(
    private readonly db: Db,
    private readonly limiters: Limiters,
    private readonly now: () => number = Date.now,
  ) {}

  /** The caller's owner key: the member, else the visitor key (a visitor without one has nothing to read or write: 6001). */
  private owner(ctx: Caller, visitorKey: string | undefined): { owner: string; memberId: string | null } {
    if (ctx.member) return { owner: `m:${ctx.member.id}`, memberId: ctx.member.id };
    if (!visitorKey) fail(StatusCode.LOGIN_EXPIRED);
    return { owner: `v:${sha256Hex(visitorKey)}`, memberId: null };
  }

  private threadOf(siteCode: number, owner: string) {
    return this.db
      .selectFrom('support_threads')
      .selectAll()
      .where('site_code', '=', siteCode)
      .where('owner', '=', owner)
      .executeTakeFirst();
  }

  async thread(ctx: Caller, i: { visitorKey?: string | undefined; afterId?: number | undefined }) {
    const { owner } = this.owner(ctx, i.visitorKey);
    const t = await this.threadOf(ctx.site.siteCode, owner);
    const hours = text('CS_HOURS', ctx.locale);
    if (!t) return { messages: [], hours, ticketNo: null };
    const rows = await this.db
      .selectFrom('support_messages')
      .select(['id', 'author', 'staff', 'body', 'created_at'])
      .where('thread_id', '=', t.id)
      .where('id', '>', i.afterId ?? 0)
      .orderBy('id', 'desc')
      .limit(SUPPORT_LIMITS.MESSAGES_SHOWN)
      .execute();
    return { messages: rows.reverse().map((m) => view(m, ctx.locale)), hours, ticketNo: t.ticket_no };
  }

  async send(ctx: Caller, i: { visitorKey?: string | undefined; body: string }): Promise<SupportMessageWire> {
    const { owner, memberId } = this.owner(ctx, i.visitorKey);
    if (await hit(this.limiters.supportSends, `${ctx.site.siteCode}|${owner}`)) fail(StatusCode.FREQUENT_SUBMISSION);
    const now = this.now();
    const siteCode = ctx.site.siteCode;
    const { threadId, ticketNo, wasWaiting } = await this.db.transaction().execute(async (tx) => {
      const found = await tx
        .selectFrom('support_threads')
        .select(['id', 'waiting'])
        .where('site_code', '=', siteCode)
        .where('owner', '=', owner)
        .executeTakeFirst();
      // A new conversation gets its readable number (a lost race only skips a number: the upsert keeps the first row's).
      const ticketNo = found ? null : await nextTicketNo(tx, siteCode, 'S', now);
      await tx
        .insertInto('support_threads')
        .values({
          id: randomId(),
          site_code: siteCode,
          owner,
          member_id: memberId,
          waiting: 1,
          created_at: now,
          updated_at: now,
          ticket_no: ticketNo,
        })
        .onConflict((oc) => oc.columns(['site_code', 'owner']).doUpdateSet({ waiting: 1, updated_at: now }))
        .execute();
      const t = await tx
        .selectFrom('support_threads')
        .select(['id', 'ticket_no'])
        .where('site_code', '=', siteCode)
        .where('owner', '=', owner)
        .executeTakeFirstOrThrow();
      return { threadId: t.id, ticketNo: t.ticket_no, wasWaiting: Number(found?.waiting ?? 0) === 1 };
    });
    const row = await this.db
      .insertInto('support_messages')
      .values({ thread_id: threadId, author: 'player', staff: null, body: i.body, created_at: now })
      .returning(['id', 'author', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    await this.answerWhileWaiting(ctx, threadId, ticketNo, wasWaiting, i.body, now);
    return view(row);
  }

  /**
   * The desk answers at once: a question that starts a wait is acknowledged with its ticket, its
   * place in the queue and the staff's hours; a common question gets the help centre's answer (once per conversation).
   */
  private async answerWhileWaiting(ctx: Caller, threadId: string, ticketNo: string | null, wasWaiting: boolean, body: string, now: number) {
    const answers: string[] = [];
    if (!wasWaiting && ticketNo) {
      const ahead = await this.db
        .selectFrom('support_threads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_code', '=', ctx.site.siteCode)
        .where('waiting', '=', 1)
        .where('id', '<>', threadId)
        .executeTakeFirstOrThrow();
      answers.push(acknowledgement(ticketNo, Number(ahead.n) + 1));
    }
    const faq = faqAnswer(body);
    if (faq) {
      const since = await this.db
        .selectFrom('support_messages')
        .select('body')
        .where('thread_id', '=', threadId)
        .where('author', '=', 'staff')
        .where('staff', '=', AUTO_STAFF)
        .where('body', '=', faq)
        .executeTakeFirst();
      if (!since) answers.push(faq);
    }
    for (const [k, a] of answers.entries())
      await this.db
        .insertInto('support_messages')
        .values({ thread_id: threadId, author: 'staff', staff: AUTO_STAFF, body: a, created_at: now + k + 1 })
        .execute();
  }

  // The desk (the console and the ops CLI).

  /** Conversations of a brand (or all), waiting ones first, oldest first; with their last message. */
  async queue(o: { siteCode?: number | undefined; waitingOnly?: boolean } = {}) {
    let q = this.db
      .selectFrom('support_threads as t')
      .leftJoin('members as m', 'm.id', 't.member_id')
      .select(['t.id', 't.ticket_no', 't.site_code', 't.owner', 't.waiting', 't.updated_at', 'm.name'])
      .orderBy('t.waiting', 'desc')
      .orderBy('t.updated_at', 'asc')
      .limit(200);
    if (o.siteCode !== undefined) q = q.where('t.site_code', '=', o.siteCode);
    if (o.waitingOnly) q = q.where('t.waiting', '=', 1);
    const threads = await q.execute();
    const out = [];
    for (const t of threads) {
      // The last word of a person: the desk's own answers (autoAnswers.ts) do not hide the player's question.
      const last = await this.db
        .selectFrom('support_messages')
        .select(['author', 'body'])
        .where('thread_id', '=', t.id)
        .where((eb) => eb.or([eb('staff', 'is', null), eb('staff', '<>', AUTO_STAFF)]))
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      out.push({ ...t, last: last ? `${last.author}: ${last.body}` : '' });
    }
    return out;
  }

  /** Handled without an answer: the conversation leaves the waiting queue until the player writes again; false when it does not exist. */
  async markHandled(threadId: string): Promise<boolean> {
    const r = await this.db.updateTable('support_threads').set({ waiting: 0 }).where('id', '=', threadId).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A staff answer; false when the conversation does not exist. */
  async reply(threadId: string, body: string, staff: string): Promise<boolean> {
    const trimmed = body.trim();
    if (!trimmed || trimmed.length > SUPPORT_LIMITS.BODY_MAX) throw new RangeError(`reply: 1–${SUPPORT_LIMITS.BODY_MAX} characters`);
    const now = this.now();
    return this.db.transaction().execute(async (tx) => {
      const r = await tx.updateTable('support_threads').set({ waiting: 0, updated_at: now }).where('id', '=', threadId).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await tx
        .insertInto('support_messages')
        .values({ thread_id: threadId, author: 'staff', staff, body: trimmed, created_at: now })
        .execute();
      return true;
    });
  }
}
