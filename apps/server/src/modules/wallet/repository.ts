import type { DbOrTx } from '../../db/connect.ts';
import type { VenueTable, VenueTransferTable } from '../../db/schema.ts';

export const venueRepository = {
  all(db: DbOrTx): Promise<VenueTable[]> {
    return db.selectFrom('venues').selectAll().orderBy('sort').orderBy('channel_code').execute();
  },
  byCode(db: DbOrTx, code: string): Promise<VenueTable | undefined> {
    return db.selectFrom('venues').selectAll().where('channel_code', '=', code).executeTakeFirst();
  },
  async upsert(db: DbOrTx, v: VenueTable): Promise<void> {
    await db.insertInto('venues').values(v).onConflict((oc) => oc.column('channel_code').doUpdateSet({ name: v.name, category: v.category, sort: v.sort })).execute();
  },
};

export const transferRepository = {
  async insert(db: DbOrTx, t: VenueTransferTable): Promise<void> {
    await db.insertInto('venue_transfers').values(t).execute();
  },
  byId(db: DbOrTx, id: string): Promise<VenueTransferTable | undefined> {
    return db.selectFrom('venue_transfers').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** Moves a pending transfer to its final status; false when another worker got there first. */
  async finish(db: DbOrTx, id: string, status: 'completed' | 'reversed' | 'failed', now: number, error?: string): Promise<boolean> {
    const r = await db.updateTable('venue_transfers').set({ status, updated_at: now, last_error: error ?? null })
      .where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async noteAttempt(db: DbOrTx, id: string, error: string, now: number): Promise<void> {
    await db.updateTable('venue_transfers').set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500), updated_at: now }))
      .where('id', '=', id).execute();
  },
  pendingBefore(db: DbOrTx, before: number, limit = 100): Promise<VenueTransferTable[]> {
    return db.selectFrom('venue_transfers').selectAll().where('status', '=', 'pending').where('updated_at', '<=', before)
      .orderBy('updated_at').limit(limit).execute();
  },
};

export const prefsRepository = {
  async autoTransfer(db: DbOrTx, memberId: string): Promise<boolean> {
    const r = await db.selectFrom('member_prefs').select('auto_transfer').where('member_id', '=', memberId).executeTakeFirst();
    return r?.auto_transfer === 1;
  },
  async setAutoTransfer(db: DbOrTx, memberId: string, on: boolean, now: number): Promise<void> {
    await db.insertInto('member_prefs').values({ member_id: memberId, auto_transfer: on ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ auto_transfer: on ? 1 : 0, updated_at: now })).execute();
  },
};
