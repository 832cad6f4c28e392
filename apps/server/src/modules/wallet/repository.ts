import type { UntypedDb } from '../../db/prepared.ts';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/connect.ts';
import { prepared, preparedWrite } from '../../db/prepared.ts';
import type { VenueTable, VenueTransferTable } from '../../db/schema.ts';

// The statements every transfer runs, compiled once (db/prepared.ts).
type K = UntypedDb;
const venueByCode = prepared((db: K, code: string) => db.selectFrom('venues').selectAll().where('channel_code', '=', code), ['']);
const transferById = prepared((db: K, id: string) => db.selectFrom('venue_transfers').selectAll().where('id', '=', id), ['']);
/**
 * The reads of pending transfers. 'pending' is written into the SQL, not bound: SQLite plans a partial
 * index only for a query whose WHERE implies the index's own (status = 'pending'), which a bound
 * parameter never does — these read through venue_transfers_one_pending_uq instead of scanning.
 */
const PENDING = sql.lit('pending');
export const pendingQueries = {
  ofMember: (db: K, memberId: string, channel: string) =>
    db
      .selectFrom('venue_transfers')
      .select('id')
      .where('member_id', '=', memberId)
      .where('channel_code', '=', channel)
      .where('status', '=', PENDING),
  before: (db: K, before: number, limit: number) =>
    db
      .selectFrom('venue_transfers')
      .selectAll()
      .where('status', '=', PENDING)
      .where('updated_at', '<=', before)
      .orderBy('updated_at')
      .limit(limit),
};
const pendingOf = prepared(pendingQueries.ofMember, ['', '']);
/**
 * How long one actor may drive a pending transfer (call the venue, or ask it and settle by the answer)
 * before another may take over: longer than any venue call may take — a venue adapter must answer or
 * time out well within it. The request that creates a transfer holds it from the insert.
 */
export const DRIVE_LEASE_MS = 15_000;
/** `do nothing` on the unique partial index venue_transfers_one_pending_uq: a second pending transfer is not inserted. */
const insertUnlessPending = preparedWrite(
  (
    db: K,
    id: string,
    memberId: string,
    siteCode: number,
    channel: string,
    direction: string,
    amount: number,
    currency: string,
    status: string,
    attempts: number,
    lastError: string | null,
    createdAt: number,
    updatedAt: number,
    drivingUntil: number | null,
  ) =>
    db
      .insertInto('venue_transfers')
      .values({
        id,
        member_id: memberId,
        site_code: siteCode,
        channel_code: channel,
        direction,
        amount,
        currency,
        status,
        attempts,
        last_error: lastError,
        created_at: createdAt,
        updated_at: updatedAt,
        driving_until: drivingUntil,
      })
      .onConflict((oc) => oc.doNothing()),
  ['', '', 0, '', '', 0, '', '', 0, null, 0, 0, null],
);
/** Takes the lease of a pending transfer nobody drives (driving_until null or past). */
const claimDrive = preparedWrite(
  (db: K, until: number, id: string, now: number) =>
    db
      .updateTable('venue_transfers')
      .set({ driving_until: until })
      .where('id', '=', id)
      .where('status', '=', PENDING)
      .where((eb) => eb.or([eb('driving_until', 'is', null), eb('driving_until', '<=', now)])),
  [0, '', 0],
);
const finishPending = preparedWrite(
  (db: K, status: string, now: number, error: string | null, id: string) =>
    db
      .updateTable('venue_transfers')
      .set({ status, updated_at: now, last_error: error })
      .where('id', '=', id)
      .where('status', '=', 'pending'),
  ['', 0, null, ''],
);

/**
 * How long this process answers venue lookups from memory (venueRepository.current). Venues change
 * rarely (an operator switching one to maintenance, a new venue); every transfer, bet and game launch
 * looks its venue up, and on SQLite a read outside a transaction costs as much as a short write step.
 * The trade-off: a change made in the database takes up to this long to be seen by each node, i.e. a
 * venue switched to maintenance may still accept transfers for about a second (the venue itself refuses
 * what it cannot take, and the reconciler settles it as for any refusal). Unknown codes are always read.
 */
export const VENUE_CACHE_MS = 1_000;
type VenueSnapshot = { until: number; byCode: Promise<Map<string, VenueTable>> };
const venueSnapshots = new WeakMap<object, VenueSnapshot>();

export const venueRepository = {
  all(db: DbOrTx): Promise<VenueTable[]> {
    return db.selectFrom('venues').selectAll().orderBy('sort').orderBy('channel_code').execute();
  },
  /** A fresh read (reconciler, tests); request paths use `current`. */
  async byCode(db: DbOrTx, code: string): Promise<VenueTable | undefined> {
    return (await venueByCode(db, code))[0] as VenueTable | undefined;
  },
  /**
   * The venue as this process last read it, at most VENUE_CACHE_MS ago (one `select * from venues` per
   * node and interval, shared by concurrent callers). Rows are frozen: shared between requests.
   */
  async current(db: Db, code: string, now = Date.now()): Promise<VenueTable | undefined> {
    let snap = venueSnapshots.get(db);
    if (!snap || now >= snap.until) {
      const byCode = venueRepository.all(db).then((rows) => new Map(rows.map((v) => [v.channel_code, Object.freeze(v)])));
      snap = { until: now + VENUE_CACHE_MS, byCode };
      venueSnapshots.set(db, snap);
      // A failed read is not kept: the next caller reads again.
      byCode.catch(() => {
        if (venueSnapshots.get(db) === snap) venueSnapshots.delete(db);
      });
    }
    return (await snap.byCode).get(code) ?? venueRepository.byCode(db, code);
  },
  /** Forget this process's snapshot (after a change made through this process, and in tests). */
  forget(db: Db): void {
    venueSnapshots.delete(db);
  },
  async upsert(db: DbOrTx, v: VenueTable): Promise<void> {
    await db
      .insertInto('venues')
      .values(v)
      .onConflict((oc) => oc.column('channel_code').doUpdateSet({ name: v.name, category: v.category, sort: v.sort }))
      .execute();
    if (!db.isTransaction) venueRepository.forget(db as Db);
  },
};

export const transferRepository = {
  /**
   * Records a transfer unless the member already has one pending on that venue (then false): the
   * database's unique partial index decides, so two racing requests cannot both insert one (a second
   * PostgreSQL writer waits for the first to commit, then finds the conflict).
   */
  async insertUnlessPending(db: DbOrTx, t: VenueTransferTable): Promise<boolean> {
    return (
      (await insertUnlessPending(
        db,
        t.id,
        t.member_id,
        t.site_code,
        t.channel_code,
        t.direction,
        t.amount,
        t.currency,
        t.status,
        t.attempts,
        t.last_error,
        t.created_at,
        t.updated_at,
        t.driving_until ?? null,
      )) === 1
    );
  },
  /**
   * The lease of a pending transfer (driving_until, migration 0018): true when this caller now drives it
   * until `now + DRIVE_LEASE_MS`; false when it is settled or someone else is driving it.
   */
  async claimDrive(db: DbOrTx, id: string, now: number): Promise<boolean> {
    return (await claimDrive(db, now + DRIVE_LEASE_MS, id, now)) === 1;
  },
  async byId(db: DbOrTx, id: string): Promise<VenueTransferTable | undefined> {
    return (await transferById(db, id))[0] as VenueTransferTable | undefined;
  },
  async hasPending(db: DbOrTx, memberId: string, channel: string): Promise<boolean> {
    return (await pendingOf(db, memberId, channel)).length > 0;
  },
  /** Moves a pending transfer to its final status; false when another worker got there first. */
  async finish(db: DbOrTx, id: string, status: 'completed' | 'reversed' | 'failed', now: number, error?: string): Promise<boolean> {
    return (await finishPending(db, status, now, error ?? null, id)) === 1;
  },
  /** An attempt ended without a final answer: noted, and the lease given back (the reconciler takes it from here). */
  async noteAttempt(db: DbOrTx, id: string, error: string, now: number): Promise<void> {
    await db
      .updateTable('venue_transfers')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500), updated_at: now, driving_until: null }))
      .where('id', '=', id)
      .execute();
  },
  /** The reconciler's work, oldest first: read through the pending rows' unique partial index (migration 0016). */
  pendingBefore(db: DbOrTx, before: number, limit = 100): Promise<VenueTransferTable[]> {
    return pendingQueries.before(db, before, limit).execute() as Promise<VenueTransferTable[]>;
  },
};

export const prefsRepository = {
  async autoTransfer(db: DbOrTx, memberId: string): Promise<boolean> {
    const r = await db.selectFrom('member_prefs').select('auto_transfer').where('member_id', '=', memberId).executeTakeFirst();
    return r?.auto_transfer === 1;
  },
  async setAutoTransfer(db: DbOrTx, memberId: string, on: boolean, now: number): Promise<void> {
    await db
      .insertInto('member_prefs')
      .values({ member_id: memberId, auto_transfer: on ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ auto_transfer: on ? 1 : 0, updated_at: now }))
      .execute();
  },
};
