/**
 * The console's member search and the reads of a member's detail. Every lookup by a key goes
 * through an index that covers it (migration 0038): the search on 100,000 members reads index entries, then the
 * page of member rows by primary key.
 */
import type { DbOrTx } from '../../db/connect.ts';
import type { Selectable } from 'kysely';
import type { Database, MemberTable } from '../../db/schema.ts';
import type { MemberSearchKey } from '@portal/contract/console';

/** At most this many members match an address or a device (a shared NAT can be behind thousands). */
export const MATCH_MAX = 2000;
/** At most this many related accounts per kind of link. */
export const RELATED_MAX = 100;

export type MemberWithVip = MemberTable & { grade: number | null };

export interface SearchFilter {
  sites: number[];
  by: MemberSearchKey;
  keyword?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  limit: number;
  offset: number;
}

const num = (v: unknown): number => Number(v ?? 0);

/** The members of the brands that match the filter (`ids`: found by address or device first). */
function membersOf(db: DbOrTx, f: Omit<SearchFilter, 'limit' | 'offset'>, ids: string[] | null) {
  const k = f.keyword ?? '';
  let q = db.selectFrom('members').where('members.site_code', 'in', f.sites);
  if (f.status) q = q.where('members.status', '=', f.status);
  if (ids) q = q.where('members.id', 'in', ids);
  else if (k && f.by === 'username') {
    const lower = k.toLowerCase();
    q = q.where('members.name_lower', '>=', lower).where('members.name_lower', '<', `${lower}\uffff`);
  } else if (k && f.by === 'phone') q = q.where('members.phone', '=', k.replace(/[\s-]/g, ''));
  else if (k && f.by === 'email') q = q.where('members.email', 'in', [...new Set([k, k.toLowerCase()])]);
  else if (k && f.by === 'id') q = q.where('members.id', '=', k);
  return q;
}

type MembersQuery = ReturnType<typeof membersOf>;

/** The search's statements, as builders (the query-plan test reads them). */
export const searchQueries = {
  /** Members who signed in on a device (index-only: member_devices_uuid_idx). */
  byDevice: (db: DbOrTx, key: string) => db.selectFrom('member_devices').select('member_id').where('uuid', '=', key).limit(MATCH_MAX),
  /** Members who signed in from an address (index-only: login_history_ip_idx). */
  byLoginIp: (db: DbOrTx, sites: number[], key: string) =>
    db.selectFrom('login_history').select('member_id').distinct().where('ip', '=', key).where('site_code', 'in', sites).limit(MATCH_MAX),
  /** Members who registered from an address (index-only: members_site_regip_idx). */
  byRegisterIp: (db: DbOrTx, sites: number[], key: string) =>
    db.selectFrom('members').select('id as member_id').where('site_code', 'in', sites).where('register_ip', '=', key).limit(MATCH_MAX),
  members: membersOf,
  page: (q: MembersQuery, limit: number, offset: number) =>
    q
      .leftJoin('member_vip', 'member_vip.member_id', 'members.id')
      .selectAll('members')
      .select('member_vip.grade')
      .orderBy('members.created_at', 'desc')
      .orderBy('members.id', 'desc')
      .limit(limit)
      .offset(offset),
  count: (q: MembersQuery) => q.select((eb) => eb.fn.countAll<number>().as('n')),
};

/** Member ids that used or registered from an address, or signed in on a device. */
async function idsOf(db: DbOrTx, sites: number[], by: 'ip' | 'device', key: string): Promise<string[]> {
  if (by === 'device') return (await searchQueries.byDevice(db, key).execute()).map((r) => r.member_id);
  const [logins, registered] = await Promise.all([
    searchQueries.byLoginIp(db, sites, key).execute(),
    searchQueries.byRegisterIp(db, sites, key).execute(),
  ]);
  return [...new Set([...logins, ...registered].map((r) => r.member_id))].slice(0, MATCH_MAX);
}

/** One page of a member's rows of `table`, newest first, and their count. */
async function newestFirst<T extends 'sport_bets' | 'casino_rounds' | 'member_notes'>(
  db: DbOrTx,
  table: T,
  memberId: string,
  limit: number,
  offset: number,
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  // One statement shape for the three tables (each has member_id, created_at and id, indexed by member and time).
  const base = db.selectFrom(table as 'member_notes').where('member_id', '=', memberId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { rows: rows as unknown as Selectable<Database[T]>[], total: num(count.n) };
}

/** Other members of the member's brand with a row of `table` holding the same `column` value (device, network, card). */
function sharedWith(
  db: DbOrTx,
  m: Pick<MemberTable, 'id' | 'site_code'>,
  table: 'member_devices' | 'member_ips' | 'bank_cards',
  column: 'uuid' | 'ip_prefix' | 'card_no',
) {
  // Typed as member_devices: the three tables have member_id and the linking column (index: <column>, member_id).
  return db
    .selectFrom(`${table} as mine` as 'member_devices as mine')
    .innerJoin(`${table} as other` as 'member_devices as other', `other.${column}` as 'other.uuid', `mine.${column}` as 'mine.uuid')
    .innerJoin('members', 'members.id', 'other.member_id')
    .select(['members.name', 'members.status', `mine.${column} as value` as 'mine.uuid as value'])
    .where('mine.member_id', '=', m.id)
    .where('other.member_id', '!=', m.id)
    .where('members.site_code', '=', m.site_code)
    .limit(RELATED_MAX)
    .execute();
}

export const consoleMemberRepository = {
  async search(db: DbOrTx, f: SearchFilter): Promise<{ rows: MemberWithVip[]; total: number }> {
    if (f.sites.length === 0) return { rows: [], total: 0 };
    let ids: string[] | null = null;
    if (f.keyword && (f.by === 'ip' || f.by === 'device')) {
      ids = await idsOf(db, f.sites, f.by, f.keyword);
      if (ids.length === 0) return { rows: [], total: 0 };
    }
    const q = searchQueries.members(db, f, ids);
    const [count, rows] = await Promise.all([
      searchQueries.count(q).executeTakeFirstOrThrow(),
      searchQueries.page(q, f.limit, f.offset).execute(),
    ]);
    return { rows, total: num(count.n) };
  },

  byUsername(db: DbOrTx, siteCode: number, username: string): Promise<MemberWithVip | undefined> {
    return db
      .selectFrom('members')
      .leftJoin('member_vip', 'member_vip.member_id', 'members.id')
      .selectAll('members')
      .select('member_vip.grade')
      .where('members.site_code', '=', siteCode)
      .where('members.name_lower', '=', username.toLowerCase())
      .executeTakeFirst();
  },

  async usernames(db: DbOrTx, ids: string[]): Promise<Map<string, { name: string; site_code: number; status: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('members').select(['id', 'name', 'site_code', 'status']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r]));
  },

  async liveSessions(db: DbOrTx, memberId: string, now: number): Promise<number> {
    const r = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return num(r.n);
  },

  accounts(db: DbOrTx, memberId: string) {
    return db
      .selectFrom('ledger_accounts')
      .select(['id', 'kind', 'ref', 'currency', 'balance'])
      .where('owner_type', '=', 'member')
      .where('owner_id', '=', memberId)
      .orderBy('kind')
      .orderBy('ref')
      .execute();
  },

  /** The postings of the member's accounts with their journals, newest first. */
  async postings(db: DbOrTx, accountIds: string[], limit: number, offset: number) {
    if (accountIds.length === 0) return { rows: [], total: 0 };
    const base = db
      .selectFrom('ledger_postings')
      .innerJoin('ledger_journals', 'ledger_journals.id', 'ledger_postings.journal_id')
      .where('ledger_postings.account_id', 'in', accountIds);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select([
          'ledger_postings.id',
          'ledger_postings.account_id',
          'ledger_postings.amount',
          'ledger_postings.balance_after',
          'ledger_postings.created_at',
          'ledger_journals.kind',
          'ledger_journals.ref_id',
          'ledger_journals.memo',
          'ledger_journals.reverses',
        ])
        .orderBy('ledger_postings.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { rows, total: num(count.n) };
  },

  bets: (db: DbOrTx, memberId: string, limit: number, offset: number) => newestFirst(db, 'sport_bets', memberId, limit, offset),

  rounds: (db: DbOrTx, memberId: string, limit: number, offset: number) => newestFirst(db, 'casino_rounds', memberId, limit, offset),

  /** Other members of the same brand sharing a device, a /24 network, the registration address or a bank card. */
  async related(db: DbOrTx, m: Pick<MemberTable, 'id' | 'site_code' | 'register_ip'>) {
    const [devices, nets, registered, cards] = await Promise.all([
      sharedWith(db, m, 'member_devices', 'uuid'),
      sharedWith(db, m, 'member_ips', 'ip_prefix'),
      db
        .selectFrom('members')
        .select(['name', 'status', 'register_ip as value'])
        .where('site_code', '=', m.site_code)
        .where('register_ip', '=', m.register_ip)
        .where('id', '!=', m.id)
        .limit(RELATED_MAX)
        .execute(),
      sharedWith(db, m, 'bank_cards', 'card_no'),
    ]);
    return { devices, nets: [...nets, ...registered], cards };
  },

  notes: (db: DbOrTx, memberId: string, limit: number, offset: number) => newestFirst(db, 'member_notes', memberId, limit, offset),

  async addNote(db: DbOrTx, row: { site_code: number; member_id: string; author: string; body: string; created_at: number }) {
    const r = await db.insertInto('member_notes').values(row).returning('id').executeTakeFirstOrThrow();
    return { ...row, id: num(r.id) };
  },

  flags(db: DbOrTx, memberId: string) {
    return db.selectFrom('member_risk_flags').selectAll().where('member_id', '=', memberId).orderBy('created_at', 'desc').execute();
  },

  flag(db: DbOrTx, memberId: string, id: number) {
    return db.selectFrom('member_risk_flags').selectAll().where('member_id', '=', memberId).where('id', '=', id).executeTakeFirst();
  },

  async addFlag(
    db: DbOrTx,
    row: { site_code: number; member_id: string; kind: string; reason: string; created_by: string; created_at: number },
  ) {
    const r = await db
      .insertInto('member_risk_flags')
      .values({ ...row, cleared_by: null, cleared_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return num(r.id);
  },

  /** Clears a flag once: true when this call cleared it. */
  async clearFlag(db: DbOrTx, id: number, by: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('member_risk_flags')
      .set({ cleared_by: by, cleared_at: now })
      .where('id', '=', id)
      .where('cleared_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Rewards the promotions engine held back or that staff decided after it flagged them. */
  promoFlags(db: DbOrTx, memberId: string) {
    return db
      .selectFrom('promo_rewards')
      .innerJoin('promotions', 'promotions.id', 'promo_rewards.promotion_id')
      .select([
        'promo_rewards.id',
        'promo_rewards.status',
        'promo_rewards.flag_reason',
        'promo_rewards.amount',
        'promo_rewards.decided_by',
        'promo_rewards.decided_at',
        'promo_rewards.created_at',
        'promotions.title_cn as title',
      ])
      .where('promo_rewards.member_id', '=', memberId)
      .where('promo_rewards.flag_reason', 'is not', null)
      .orderBy('promo_rewards.created_at', 'desc')
      .limit(RELATED_MAX)
      .execute();
  },
};
