import type { Kysely } from 'kysely';
import type { DbOrTx } from '../../db/connect.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database, MemberTable, SessionTable } from '../../db/schema.ts';
import { leanCacheOf } from './sessionCache.ts';

export type Member = MemberTable;

const sessionWithMember = prepared(
  (db: Kysely<Database>, tokenHash: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('members', 'members.id', 'sessions.member_id')
      // The VIP grade member/info answers, remembered with the row (vip/repository.ts raise() forgets it).
      .leftJoin('member_vip', 'member_vip.member_id', 'members.id')
      .select([
        'sessions.token_hash',
        'sessions.site_code as s_site_code',
        'sessions.uuid as s_uuid',
        'sessions.ip as s_ip',
        'sessions.created_at as s_created_at',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'sessions.revoked_at',
      ])
      .selectAll('members')
      .select('member_vip.grade as vip_grade')
      .where('sessions.token_hash', '=', tokenHash),
  [''],
);

/** The session check's columns only (SessionService.authenticate for lean routes). */
const sessionLean = prepared(
  (db: Kysely<Database>, tokenHash: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('members', 'members.id', 'sessions.member_id')
      .select([
        'sessions.member_id',
        'sessions.site_code',
        'sessions.created_at',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'sessions.revoked_at',
        'members.name',
        'members.status',
        'members.protection',
      ])
      .where('sessions.token_hash', '=', tokenHash),
  [''],
);

/** What a lean session lookup knows of the session and its member. */
export type LeanSession = {
  session: Pick<SessionTable, 'member_id' | 'site_code' | 'created_at' | 'last_seen_at' | 'expires_at' | 'revoked_at'>;
  member: Pick<Member, 'name' | 'status' | 'protection'>;
};

/** A session with its whole member row and VIP grade (SessionService.authenticate for routes that are not lean). */
export type FullSession = { session: SessionTable; member: Member; vipGrade: number };
/** What the SQLite session cache keeps per token: the lean lookup ('l:') and the whole row ('f:'). */
type Remembered = LeanSession | FullSession;

/** Runs a write to sessions, members or member_vip (vip/repository.ts); remembered sessions are forgotten before and after it (sessionCache.ts). */
export async function forgetting<T>(db: DbOrTx, write: () => Promise<T>): Promise<T> {
  const cache = leanCacheOf(db);
  cache?.invalidate();
  try {
    return await write();
  } finally {
    cache?.invalidate();
  }
}

/** Members, sessions, devices, networks and login history: the only SQL of the account module. */
export const memberRepository = {
  byName(db: DbOrTx, siteCode: number, name: string): Promise<Member | undefined> {
    return db
      .selectFrom('members')
      .selectAll()
      .where('site_code', '=', siteCode)
      .where('name_lower', '=', name.toLowerCase())
      .executeTakeFirst();
  },
  byId(db: DbOrTx, id: string): Promise<Member | undefined> {
    return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  },
  byPhone(db: DbOrTx, siteCode: number, phone: string): Promise<Member | undefined> {
    return db.selectFrom('members').selectAll().where('site_code', '=', siteCode).where('phone', '=', phone).executeTakeFirst();
  },
  byEmail(db: DbOrTx, siteCode: number, email: string): Promise<Member | undefined> {
    return db.selectFrom('members').selectAll().where('site_code', '=', siteCode).where('email', '=', email).executeTakeFirst();
  },
  async insert(db: DbOrTx, m: Member): Promise<void> {
    await db.insertInto('members').values(m).execute();
  },
  async update(db: DbOrTx, id: string, patch: Partial<Omit<Member, 'id' | 'site_code'>>): Promise<void> {
    await forgetting(db, () => db.updateTable('members').set(patch).where('id', '=', id).execute());
  },
  /** Player protection changed (modules/compliance): the version the session check reads moves on. */
  async bumpProtection(db: DbOrTx, id: string): Promise<void> {
    await forgetting(db, () =>
      db
        .updateTable('members')
        .set((eb) => ({ protection: eb('protection', '+', 1) }))
        .where('id', '=', id)
        .execute(),
    );
  },
  /** Sets a column only while it is still empty: two racing binds cannot both win. */
  async setOnce(db: DbOrTx, id: string, column: 'real_name' | 'second_password_hash', value: string): Promise<boolean> {
    const r = await forgetting(db, () =>
      db
        .updateTable('members')
        .set({ [column]: value })
        .where('id', '=', id)
        .where(column, 'is', null)
        .executeTakeFirst(),
    );
    return Number(r.numUpdatedRows) === 1;
  },
};

export const sessionRepository = {
  async insert(db: DbOrTx, s: SessionTable): Promise<void> {
    await db.insertInto('sessions').values(s).execute();
  },
  byHash(db: DbOrTx, tokenHash: string): Promise<SessionTable | undefined> {
    return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  },
  /**
   * The session and its member in one round trip (every authenticated call that is not lean does this) — on
   * SQLite remembered like the lean lookup (sessionCache.ts: every write to sessions or members forgets it).
   */
  async withMember(db: DbOrTx, tokenHash: string): Promise<FullSession | undefined> {
    const cache = leanCacheOf<Remembered>(db);
    const known = cache?.get(`f:${tokenHash}`) as FullSession | undefined;
    if (known) return known;
    const mark = cache?.mark();
    const r = (await sessionWithMember(db, tokenHash))[0];
    if (!r) return undefined;
    // Built field by field: an object-rest over ~30 keys was a visible share of member/info's CPU.
    const member: Member = {
      id: r.id,
      site_code: r.site_code,
      name: r.name,
      name_lower: r.name_lower,
      password_hash: r.password_hash,
      second_password_hash: r.second_password_hash,
      phone: r.phone,
      area_code: r.area_code,
      email: r.email,
      real_name: r.real_name,
      gender: r.gender,
      birthday: r.birthday,
      profile_confirmed: r.profile_confirmed,
      status: r.status,
      rcode: r.rcode,
      icode: r.icode,
      register_ip: r.register_ip,
      register_domain: r.register_domain,
      created_at: r.created_at,
      last_login_at: r.last_login_at,
      password_changed_at: r.password_changed_at,
      avatar: r.avatar ?? null,
      protection: r.protection,
    };
    const session: SessionTable = {
      token_hash: r.token_hash,
      member_id: r.id,
      site_code: r.s_site_code,
      uuid: r.s_uuid,
      ip: r.s_ip,
      created_at: r.s_created_at,
      last_seen_at: r.last_seen_at,
      expires_at: r.expires_at,
      revoked_at: r.revoked_at,
    };
    const full: FullSession = { session, member, vipGrade: Number(r.vip_grade ?? 0) };
    cache?.remember(`f:${tokenHash}`, full, mark!);
    return full;
  },
  /**
   * The session and the few member columns the request pipeline checks, in one round trip — on SQLite
   * remembered until a session or member row changes (sessionCache.ts). Unknown tokens are not remembered.
   */
  async lean(db: DbOrTx, tokenHash: string): Promise<LeanSession | undefined> {
    const cache = leanCacheOf<Remembered>(db);
    const known = cache?.get(`l:${tokenHash}`) as LeanSession | undefined;
    if (known) return known;
    const mark = cache?.mark();
    const r = (await sessionLean(db, tokenHash))[0];
    if (!r) return undefined;
    const lean: LeanSession = {
      session: {
        member_id: r.member_id,
        site_code: r.site_code,
        created_at: r.created_at,
        last_seen_at: r.last_seen_at,
        expires_at: r.expires_at,
        revoked_at: r.revoked_at,
      },
      member: { name: r.name, status: r.status, protection: r.protection },
    };
    cache?.remember(`l:${tokenHash}`, lean, mark!);
    return lean;
  },
  async touch(db: DbOrTx, tokenHash: string, now: number): Promise<void> {
    const cache = leanCacheOf<Remembered>(db);
    cache?.fence();
    // A live session's only (sessionSync.ts knows this exact statement as a touch, not a change to announce).
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
    for (const k of [`l:${tokenHash}`, `f:${tokenHash}`])
      cache?.update(k, (v) => ({ ...v, session: { ...v.session, last_seen_at: now } }) as Remembered);
  },
  async revoke(db: DbOrTx, tokenHash: string, now: number): Promise<void> {
    await forgetting(db, () =>
      db.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute(),
    );
  },
  /** After a password change every other session ends. */
  async revokeAllOf(db: DbOrTx, memberId: string, now: number, except?: string): Promise<void> {
    let q = db.updateTable('sessions').set({ revoked_at: now }).where('member_id', '=', memberId).where('revoked_at', 'is', null);
    if (except) q = q.where('token_hash', '!=', except);
    await forgetting(db, () => q.execute());
  },
  /** After sessions or members were written other than through this module (tests, maintenance scripts). */
  forget(db: DbOrTx): void {
    leanCacheOf(db)?.invalidate();
  },
};

export const deviceRepository = {
  async knowsDevice(db: DbOrTx, memberId: string, uuid: string): Promise<boolean> {
    return !!(await db
      .selectFrom('member_devices')
      .select('uuid')
      .where('member_id', '=', memberId)
      .where('uuid', '=', uuid)
      .executeTakeFirst());
  },
  async knowsNetwork(db: DbOrTx, memberId: string, prefix: string): Promise<boolean> {
    return !!(await db
      .selectFrom('member_ips')
      .select('ip_prefix')
      .where('member_id', '=', memberId)
      .where('ip_prefix', '=', prefix)
      .executeTakeFirst());
  },
  async remember(db: DbOrTx, memberId: string, uuid: string, prefix: string, now: number): Promise<void> {
    await db
      .insertInto('member_devices')
      .values({ member_id: memberId, uuid, first_seen_at: now, last_seen_at: now })
      .onConflict((oc) => oc.columns(['member_id', 'uuid']).doUpdateSet({ last_seen_at: now }))
      .execute();
    await db
      .insertInto('member_ips')
      .values({ member_id: memberId, ip_prefix: prefix, first_seen_at: now, last_seen_at: now })
      .onConflict((oc) => oc.columns(['member_id', 'ip_prefix']).doUpdateSet({ last_seen_at: now }))
      .execute();
  },
};

export const loginHistoryRepository = {
  async add(
    db: DbOrTx,
    row: { member_id: string; site_code: number; at: number; ip: string; uuid: string; client: string; result: string },
  ) {
    await db.insertInto('login_history').values(row).execute();
  },
  async page(db: DbOrTx, memberId: string, pageNum: number, pageSize: number) {
    const list = await db
      .selectFrom('login_history')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const total = await db
      .selectFrom('login_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return { total: Number(total.n), list };
  },
};
