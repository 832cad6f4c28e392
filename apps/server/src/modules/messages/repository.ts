import { sql, type ExpressionBuilder } from 'kysely';
import type { DbOrTx } from '../../db/connect.ts';
import type { AdTable, Database, LetterTable, NoticeTable } from '../../db/schema.ts';

export type LetterType = LetterTable['type'];
/** A letter box: a type, personal (0) or broadcast (1). */
export interface BoxFilter {
  type: LetterType;
  broadcast: 0 | 1;
}

/** Who receives a letter: resolved to member rows of one brand at send time. */
export type RecipientQuery =
  | { kind: 'all' }
  | { kind: 'members'; ids: string[] }
  | { kind: 'registered'; fromMs: number; toMs: number }
  /** A VIP grade range; a member without a VIP row is grade 0. */
  | { kind: 'vip'; min: number; max: number };

export interface MemberLetterRow {
  id: string;
  type: LetterType;
  broadcast: number;
  title: string;
  content: string;
  start_at: number;
  read_at: number | null;
}

const count = (r: { n: number | string | bigint } | undefined) => Number(r?.n ?? 0);

/** The member's visible copies: not deleted, the letter not withdrawn and already started. */
function visible(db: DbOrTx, memberId: string, now: number, box?: BoxFilter) {
  let q = db
    .selectFrom('letter_recipients as r')
    .innerJoin('letters as l', 'l.id', 'r.letter_id')
    .where('r.member_id', '=', memberId)
    .where('r.deleted_at', 'is', null)
    .where('l.revoked_at', 'is', null)
    .where('l.start_at', '<=', now);
  if (box) q = q.where('l.type', '=', box.type).where('l.broadcast', '=', box.broadcast);
  return q;
}

/** Letter types that are marketing whoever they are addressed to (system notices and money letters are not). */
const MARKETING_TYPES: ReadonlySet<LetterTable['type']> = new Set(['activity', 'match']);
export const isMarketing = (l: Pick<LetterTable, 'type' | 'broadcast'>): boolean => l.broadcast === 1 || MARKETING_TYPES.has(l.type);

/** The letter's copies: one per active member of its brand the query selects (fixed at send time); answers their number. */
async function addRecipients(db: DbOrTx, letter: LetterTable, to: RecipientQuery): Promise<number> {
  const letterId = sql<string>`cast(${letter.id} as text)`;
  let members = db.selectFrom('members').where('site_code', '=', letter.site_code).where('status', '=', 'active');
  if (to.kind === 'members') members = members.where('id', 'in', to.ids.length > 0 ? to.ids : ['']);
  if (to.kind === 'registered') members = members.where('created_at', '>=', to.fromMs).where('created_at', '<', to.toMs);
  if (to.kind === 'vip') {
    const grade = sql<number>`coalesce((select v.grade from member_vip v where v.member_id = members.id), 0)`;
    members = members.where(grade, '>=', to.min).where(grade, '<=', to.max);
  }
  // Player protection: marketing — every broadcast, and an activity or match letter even when sent by username
  // — never reaches a member in a time-out, a self-exclusion or an age block.
  if (isMarketing(letter)) {
    const at = letter.start_at;
    members = members.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('protection_exclusions as x')
            .select('x.id')
            .whereRef('x.member_id', '=', 'members.id')
            .where('x.starts_at', '<=', at)
            .where((w) => w.or([w('x.ends_at', 'is', null), w('x.ends_at', '>', at)])),
        ),
      ),
    );
  }
  await db
    .insertInto('letter_recipients')
    .columns(['letter_id', 'member_id'])
    .expression(members.select([letterId.as('letter_id'), 'id as member_id']))
    .execute();
  const r = await db
    .selectFrom('letter_recipients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('letter_id', '=', letter.id)
    .executeTakeFirst();
  await db
    .updateTable('letters')
    .set({ recipients: count(r) })
    .where('id', '=', letter.id)
    .execute();
  return count(r);
}

export const letterRepository = {
  async insert(db: DbOrTx, letter: LetterTable, to: RecipientQuery): Promise<number> {
    await db.insertInto('letters').values(letter).execute();
    return addRecipients(db, letter, to);
  },
  /** A letter with a fixed id (a system letter keyed by its event): false, and nothing written, when that id was sent before. */
  async insertOnce(db: DbOrTx, letter: LetterTable, to: RecipientQuery): Promise<boolean> {
    const r = await db
      .insertInto('letters')
      .values(letter)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await addRecipients(db, letter, to);
    return true;
  },
  /** Recipients of a letter in id order, `limit` after `afterId` (keyset pages for the realtime push). */
  async recipientIds(db: DbOrTx, letterId: string, afterId: string, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('letter_recipients')
      .select('member_id')
      .where('letter_id', '=', letterId)
      .where('member_id', '>', afterId)
      .orderBy('member_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.member_id);
  },
  async page(db: DbOrTx, memberId: string, now: number, box: BoxFilter | undefined, pageNum: number, pageSize: number) {
    const list = await visible(db, memberId, now, box)
      .select(['l.id', 'l.type', 'l.broadcast', 'l.title', 'l.content', 'l.start_at', 'r.read_at'])
      .orderBy('l.start_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const total = await visible(db, memberId, now, box)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return { total: count(total), list: list as MemberLetterRow[] };
  },
  async one(db: DbOrTx, memberId: string, letterId: string, now: number): Promise<MemberLetterRow | undefined> {
    return visible(db, memberId, now)
      .where('l.id', '=', letterId)
      .select(['l.id', 'l.type', 'l.broadcast', 'l.title', 'l.content', 'l.start_at', 'r.read_at'])
      .executeTakeFirst() as Promise<MemberLetterRow | undefined>;
  },
  /** Unread per (type, broadcast) of the member's visible letters. */
  async unread(db: DbOrTx, memberId: string, now: number) {
    const rows = await visible(db, memberId, now)
      .where('r.read_at', 'is', null)
      .select(['l.type', 'l.broadcast', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['l.type', 'l.broadcast'])
      .execute();
    return rows.map((r) => ({ type: r.type, broadcast: Number(r.broadcast), n: Number(r.n) }));
  },
  /** Marks read the member's unread copies among `letterIds` (all visible ones when absent). */
  async markRead(db: DbOrTx, memberId: string, now: number, box: BoxFilter | undefined, letterId?: string): Promise<number> {
    let ids = db.selectFrom('letters as l').select('l.id').where('l.revoked_at', 'is', null).where('l.start_at', '<=', now);
    if (box) ids = ids.where('l.type', '=', box.type).where('l.broadcast', '=', box.broadcast);
    if (letterId !== undefined) ids = ids.where('l.id', '=', letterId);
    const r = await db
      .updateTable('letter_recipients')
      .set({ read_at: now })
      .where('member_id', '=', memberId)
      .where('read_at', 'is', null)
      .where('deleted_at', 'is', null)
      .where('letter_id', 'in', ids)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
  async softDelete(db: DbOrTx, memberId: string, letterIds: string[], now: number): Promise<number> {
    const r = await db
      .updateTable('letter_recipients')
      .set({ deleted_at: now })
      .where('member_id', '=', memberId)
      .where('letter_id', 'in', letterIds)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
  async revoke(db: DbOrTx, letterId: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('letters')
      .set({ revoked_at: now })
      .where('id', '=', letterId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async recent(db: DbOrTx, siteCode: number | undefined, limit: number): Promise<LetterTable[]> {
    let q = db.selectFrom('letters').selectAll().orderBy('created_at', 'desc').limit(limit);
    if (siteCode !== undefined) q = q.where('site_code', '=', siteCode);
    return q.execute();
  },
  async readCount(db: DbOrTx, letterId: string): Promise<number> {
    return count(
      await db
        .selectFrom('letter_recipients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('letter_id', '=', letterId)
        .where('read_at', 'is not', null)
        .executeTakeFirst(),
    );
  },
  /** Members of a brand named by user name (any case) or id. */
  findMembers(db: DbOrTx, siteCode: number, names: string[]): Promise<Array<{ id: string; name_lower: string }>> {
    return db
      .selectFrom('members')
      .select(['id', 'name_lower'])
      .where('site_code', '=', siteCode)
      .where((eb) =>
        eb.or([
          eb(
            'name_lower',
            'in',
            names.map((x) => x.toLowerCase()),
          ),
          eb('id', 'in', names),
        ]),
      )
      .execute();
  },
  async exists(db: DbOrTx, id: string): Promise<boolean> {
    return (await db.selectFrom('letters').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },
};

/**
 * What notices and advertising items share: an operator publishes them (a seeded row keeps its id),
 * withdraws them, and lists the recent ones. The columns used here exist in both tables.
 */
function published<T extends 'notices' | 'ads'>(table: T) {
  const t = table as 'notices';
  type Row = T extends 'notices' ? NoticeTable : AdTable;
  return {
    async insert(db: DbOrTx, row: Row): Promise<void> {
      await db
        .insertInto(t)
        .values(row as NoticeTable)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async withdraw(db: DbOrTx, id: string, now: number): Promise<boolean> {
      const r = await db
        .updateTable(t)
        .set({ withdrawn_at: now })
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async recent(db: DbOrTx, siteCode: number | undefined, limit: number): Promise<Row[]> {
      let q = db.selectFrom(t).selectAll().orderBy('created_at', 'desc').limit(limit);
      if (siteCode !== undefined) q = q.where('site_code', '=', siteCode);
      return (await q.execute()) as Row[];
    },
  };
}

/** Shown now: started, not ended, not withdrawn. */
const showing = (now: number) => (eb: ExpressionBuilder<Database, 'notices'> | ExpressionBuilder<Database, 'ads'>) => {
  const e = eb as ExpressionBuilder<Database, 'notices'>;
  return e.and([e('withdrawn_at', 'is', null), e('start_at', '<=', now), e.or([e('end_at', 'is', null), e('end_at', '>', now)])]);
};

export const noticeRepository = {
  ...published('notices'),
  async page(
    db: DbOrTx,
    siteCode: number,
    now: number,
    f: { category?: NoticeTable['category'] | undefined; marquee?: boolean | undefined },
    pageNum: number,
    pageSize: number,
  ) {
    let q = db.selectFrom('notices').where('site_code', '=', siteCode).where(showing(now));
    if (f.category) q = q.where('category', '=', f.category);
    if (f.marquee !== undefined) q = q.where('marquee', '=', f.marquee ? 1 : 0);
    const list = await q
      .selectAll()
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return { total: count(total), list };
  },
};

export const adRepository = {
  ...published('ads'),
  async live(db: DbOrTx, siteCode: number, position: AdTable['position'] | undefined, now: number): Promise<AdTable[]> {
    let q = db.selectFrom('ads').selectAll().where('site_code', '=', siteCode).where(showing(now));
    if (position) q = q.where('position', '=', position);
    return q.orderBy('position').orderBy('sort').orderBy('id').limit(100).execute();
  },
};
