/**
 * The console's reads of content and the desk: paged, filtered lists across the staff
 * member's brands. Every change goes through the module services (messages, feedback, support, site).
 */
import { AUTO_STAFF } from '../../modules/support/autoAnswers.ts';
import { sql, type ExpressionBuilder } from 'kysely';
import type { PublishState } from '@portal/contract/console';
import type { Db } from '../../db/connect.ts';
import type { AdTable, Database, FeedbackTable, LetterTable, NoticeTable } from '../../db/schema.ts';

const n = (v: unknown) => Number(v ?? 0);
const count = (r: { n: number | string | bigint } | undefined) => n(r?.n);

export interface Page {
  limit: number;
  offset: number;
}

/** A published row's state at `now` (the same window the portal shows: [start, end), not withdrawn). */
export function stateOf(r: { start_at: number; end_at: number | null; withdrawn_at: number | null }, now: number): PublishState {
  if (r.withdrawn_at !== null) return 'withdrawn';
  if (n(r.start_at) > now) return 'scheduled';
  if (r.end_at !== null && n(r.end_at) <= now) return 'ended';
  return 'live';
}

type PubEb = ExpressionBuilder<Database, 'notices'>;
function stateFilter(eb: PubEb, state: PublishState, now: number) {
  const down = eb('withdrawn_at', 'is not', null);
  const up = eb('withdrawn_at', 'is', null);
  switch (state) {
    case 'withdrawn':
      return down;
    case 'scheduled':
      return eb.and([up, eb('start_at', '>', now)]);
    case 'ended':
      return eb.and([up, eb('start_at', '<=', now), eb('end_at', 'is not', null), eb('end_at', '<=', now)]);
    case 'live':
      return eb.and([up, eb('start_at', '<=', now), eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)])]);
  }
}

/** Notices and advertising items share their publishing columns: one paged list for both. */
async function publishedPage<T extends 'notices' | 'ads'>(
  db: Db,
  table: T,
  f: {
    sites: number[];
    state?: PublishState | undefined;
    now: number;
    where?: Partial<Record<'category' | 'marquee' | 'position', string | number>>;
  },
  p: Page,
): Promise<{ rows: Array<T extends 'notices' ? NoticeTable : AdTable>; total: number }> {
  if (f.sites.length === 0) return { rows: [], total: 0 };
  const t = table as 'notices';
  let q = db.selectFrom(t).where('site_code', 'in', f.sites);
  if (f.state) q = q.where((eb) => stateFilter(eb, f.state!, f.now));
  for (const [k, v] of Object.entries(f.where ?? {})) q = q.where(sql.ref(k), '=', v);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(p.limit).offset(p.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows as never, total: count(total) };
}

export const contentReads = {
  notices: (
    db: Db,
    f: { sites: number[]; state?: PublishState | undefined; now: number; category?: string | undefined; marquee?: boolean | undefined },
    p: Page,
  ) =>
    publishedPage(
      db,
      'notices',
      {
        ...f,
        where: { ...(f.category ? { category: f.category } : {}), ...(f.marquee !== undefined ? { marquee: f.marquee ? 1 : 0 } : {}) },
      },
      p,
    ),
  ads: (db: Db, f: { sites: number[]; state?: PublishState | undefined; now: number; position?: string | undefined }, p: Page) =>
    publishedPage(db, 'ads', { ...f, where: f.position ? { position: f.position } : {} }, p),
  notice: (db: Db, id: string) => db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst(),
  ad: (db: Db, id: string) => db.selectFrom('ads').selectAll().where('id', '=', id).executeTakeFirst(),
  letter: (db: Db, id: string) => db.selectFrom('letters').selectAll().where('id', '=', id).executeTakeFirst(),

  async letters(db: Db, sites: number[], p: Page): Promise<{ rows: LetterTable[]; total: number }> {
    if (sites.length === 0) return { rows: [], total: 0 };
    const q = db.selectFrom('letters').where('site_code', 'in', sites).where('created_by', '!=', 'system');
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(p.limit).offset(p.offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: count(total) };
  },

  /** Usernames of the brand's members among `names` (any case), as stored. */
  async usernames(db: Db, siteCode: number, names: string[]): Promise<Map<string, string>> {
    const rows = await db
      .selectFrom('members')
      .select(['name', 'name_lower'])
      .where('site_code', '=', siteCode)
      .where(
        'name_lower',
        'in',
        names.map((x) => x.toLowerCase()),
      )
      .execute();
    return new Map(rows.map((r) => [r.name_lower, r.name]));
  },

  async feedback(
    db: Db,
    f: {
      sites: number[];
      id?: string;
      status?: FeedbackTable['status'] | undefined;
      type?: string | undefined;
      from?: number | undefined;
      to?: number | undefined;
      username?: string | undefined;
    },
    p: Page,
  ) {
    if (f.sites.length === 0) return { rows: [], total: 0 };
    let q = db.selectFrom('feedback as f').innerJoin('members as m', 'm.id', 'f.member_id').where('f.site_code', 'in', f.sites);
    if (f.id !== undefined) q = q.where('f.id', '=', f.id);
    if (f.status) q = q.where('f.status', '=', f.status);
    if (f.type) q = q.where('f.type', '=', f.type);
    if (f.from !== undefined) q = q.where('f.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('f.created_at', '<', f.to);
    if (f.username) q = q.where('m.name_lower', '=', f.username.toLowerCase());
    const [rows, total] = await Promise.all([
      q
        .selectAll('f')
        .select('m.name as username')
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .limit(p.limit)
        .offset(p.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: count(total) };
  },
};

/**
 * The player's messages after the conversation's last staff answer (what the desk has not answered yet). The desk's
 * automatic answers (modules/support/autoAnswers.ts AUTO_STAFF) are no answer of a person: they do not reset it.
 */
const unreadOf = sql<number>`(select count(*) from support_messages pm where pm.thread_id = t.id and pm.author = 'player'
  and pm.id > coalesce((select max(sm.id) from support_messages sm where sm.thread_id = t.id and sm.author = 'staff'
  and sm.staff <> ${AUTO_STAFF}), 0))`;

export const deskReads = {
  async threads(db: Db, f: { sites: number[]; id?: string; waitingOnly?: boolean; username?: string | undefined }, p: Page) {
    if (f.sites.length === 0) return { rows: [], total: 0 };
    let q = db.selectFrom('support_threads as t').leftJoin('members as m', 'm.id', 't.member_id').where('t.site_code', 'in', f.sites);
    if (f.id !== undefined) q = q.where('t.id', '=', f.id);
    if (f.waitingOnly) q = q.where('t.waiting', '=', 1);
    if (f.username) q = q.where('m.name_lower', '=', f.username.toLowerCase());
    const [rows, total] = await Promise.all([
      q
        .select(['t.id', 't.ticket_no', 't.site_code', 't.waiting', 't.updated_at', 'm.name as username', unreadOf.as('unread')])
        .select((eb) =>
          eb
            .selectFrom('support_messages as lm')
            .select(sql<string>`lm.author || ':' || lm.body`.as('x'))
            .whereRef('lm.thread_id', '=', 't.id')
            .where((w) => w.or([w('lm.staff', 'is', null), w('lm.staff', '<>', AUTO_STAFF)]))
            .orderBy('lm.id', 'desc')
            .limit(1)
            .as('last'),
        )
        // Waiting ones first, the longest wait first; then the most recently active.
        .orderBy('t.waiting', 'desc')
        .orderBy(sql`case when t.waiting = 1 then t.updated_at else -t.updated_at end`)
        .orderBy('t.id')
        .limit(p.limit)
        .offset(p.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: count(total) };
  },

  async summary(db: Db, sites: number[]): Promise<{ waiting: number; unread: number }> {
    if (sites.length === 0) return { waiting: 0, unread: 0 };
    const r = await db
      .selectFrom('support_threads as t')
      .where('t.site_code', 'in', sites)
      .where('t.waiting', '=', 1)
      .select((eb) => [eb.fn.countAll<number>().as('waiting'), sql<number>`coalesce(sum(${unreadOf}), 0)`.as('unread')])
      .executeTakeFirst();
    return { waiting: n(r?.waiting), unread: n(r?.unread) };
  },

  async messages(db: Db, threadId: string, afterId: number, limit: number) {
    const rows = await db
      .selectFrom('support_messages')
      .select(['id', 'author', 'staff', 'body', 'created_at'])
      .where('thread_id', '=', threadId)
      .where('id', '>', afterId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  },
};
