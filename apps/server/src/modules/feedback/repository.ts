import type { DbOrTx } from '../../db/connect.ts';
import type { FeedbackTable } from '../../db/schema.ts';

const count = (r: { n: number | string | bigint } | undefined) => Number(r?.n ?? 0);

/** Member feedback. Every member query is scoped by member id (and hides deleted rows). */
export const feedbackRepository = {
  async insert(db: DbOrTx, row: FeedbackTable): Promise<void> {
    await db.insertInto('feedback').values(row).execute();
  },
  async countSince(db: DbOrTx, memberId: string, since: number): Promise<number> {
    return count(
      await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .where('created_at', '>=', since)
        .executeTakeFirst(),
    );
  },
  async page(db: DbOrTx, memberId: string, pageNum: number, pageSize: number) {
    const base = db.selectFrom('feedback').where('member_id', '=', memberId).where('deleted_at', 'is', null);
    const list = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      // Two in one millisecond: the number (the brand's sequence of the day) orders them; ids are random.
      .orderBy('ticket_no', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return { total: count(await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()), list };
  },
  mine(db: DbOrTx, memberId: string, id: string): Promise<FeedbackTable | undefined> {
    return db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },
  async markReplyRead(db: DbOrTx, memberId: string, id: string, now: number): Promise<void> {
    await db
      .updateTable('feedback')
      .set({ reply_read_at: now })
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .where('status', '=', 'replied')
      .where('reply_read_at', 'is', null)
      .execute();
  },
  async unreadReplies(db: DbOrTx, memberId: string): Promise<number> {
    return count(
      await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .where('deleted_at', 'is', null)
        .where('status', '=', 'replied')
        .where('reply_read_at', 'is', null)
        .executeTakeFirst(),
    );
  },
  async softDelete(db: DbOrTx, memberId: string, id: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('feedback')
      .set({ deleted_at: now })
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /** Operator: a reply (or a corrected one) marks it replied and unread for the member again; answers the member (null: no such feedback). */
  async reply(db: DbOrTx, id: string, reply: string, operator: string, now: number): Promise<string | null> {
    const r = await db
      .updateTable('feedback')
      .set({ status: 'replied', reply, replied_by: operator, replied_at: now, reply_read_at: null })
      .where('id', '=', id)
      .returning('member_id')
      .executeTakeFirst();
    return r?.member_id ?? null;
  },
  queue(db: DbOrTx, f: { siteCode?: number | undefined; status?: FeedbackTable['status'] | undefined; limit: number }) {
    let q = db
      .selectFrom('feedback as f')
      .innerJoin('members as m', 'm.id', 'f.member_id')
      .select([
        'f.id',
        'f.ticket_no',
        'f.site_code',
        'm.name',
        'f.type',
        'f.content',
        'f.images',
        'f.status',
        'f.reply',
        'f.created_at',
        'f.deleted_at',
      ])
      .orderBy('f.created_at', 'asc')
      .limit(f.limit);
    if (f.siteCode !== undefined) q = q.where('f.site_code', '=', f.siteCode);
    if (f.status) q = q.where('f.status', '=', f.status);
    return q.execute();
  },
};
