/** Fishing's SQL: seeds, shots, minutes, seats. Every query of modules/fishing lives here. */
import { randomBytes } from 'node:crypto';
import { seedCommitment } from '@portal/games';
import type { DbOrTx, Tx } from '../../db/connect.ts';
import type { FishingMinuteTable, FishingSeedTable, FishingShotTable } from '../../db/schema.ts';
import { SEED_EPOCH_MS, leaseKey } from './config.ts';

export const fishingRepository = {
  /** The seed ruling the room at `now`, made (starting now) when there is none. */
  async currentSeed(db: DbOrTx, roomId: string, now: number): Promise<FishingSeedTable> {
    const row = await db
      .selectFrom('fishing_seeds')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .orderBy('starts_at', 'desc')
      .executeTakeFirst();
    if (row) return row;
    const seed = randomBytes(32).toString('hex');
    const fresh: FishingSeedTable = {
      id: `${roomId}.${now}`,
      room_id: roomId,
      seed,
      seed_hash: seedCommitment(seed),
      starts_at: now,
      ends_at: now + SEED_EPOCH_MS,
    };
    await db.insertInto('fishing_seeds').values(fresh).execute();
    return fresh;
  },

  seeds(db: DbOrTx, roomId: string, limit = 20) {
    return db.selectFrom('fishing_seeds').selectAll().where('room_id', '=', roomId).orderBy('starts_at', 'desc').limit(limit).execute();
  },

  seedById(db: DbOrTx, id: string) {
    return db.selectFrom('fishing_seeds').selectAll().where('id', '=', id).executeTakeFirst();
  },

  kills(db: DbOrTx, seedId: string) {
    return db
      .selectFrom('fishing_shots')
      .select(['killed_fish', 'freeze', 'judged_at'])
      .where('seed_id', '=', seedId)
      .where('killed', '=', 1)
      .orderBy('judged_at')
      .execute();
  },

  shotByKey(db: DbOrTx, memberId: string, key: string) {
    return db.selectFrom('fishing_shots').selectAll().where('member_id', '=', memberId).where('shot_key', '=', key).executeTakeFirst();
  },

  /** Inserts the batch's shots; answers the keys inserted (a key already stored — a replay — is skipped). */
  /** Inserts the rows not stored yet (unique per member and key): answers `member|key` of those inserted. */
  async insertShots(tx: Tx, rows: readonly FishingShotTable[]): Promise<Set<string>> {
    const done = new Set<string>();
    for (let i = 0; i < rows.length; i += 400) {
      const part = await tx
        .insertInto('fishing_shots')
        .values(rows.slice(i, i + 400))
        .onConflict((oc) => oc.columns(['member_id', 'shot_key']).doNothing())
        .returning(['member_id', 'shot_key'])
        .execute();
      for (const r of part) done.add(`${r.member_id}|${r.shot_key}`);
    }
    return done;
  },

  memberShots(db: DbOrTx, memberId: string, seedId: string | undefined, limit: number) {
    let q = db.selectFrom('fishing_shots').selectAll().where('member_id', '=', memberId);
    if (seedId) q = q.where('seed_id', '=', seedId);
    return q.orderBy('judged_at', 'desc').limit(limit).execute();
  },

  /** Adds a batch to the member's minute (one upsert). */
  /** Adds shots to their members' minutes (a row each, summed into a stored one). */
  async addMinutes(tx: Tx, rows: readonly FishingMinuteTable[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 400)
      await tx
        .insertInto('fishing_minutes')
        .values(rows.slice(i, i + 400))
        .onConflict((oc) =>
          oc.columns(['member_id', 'minute']).doUpdateSet((eb) => ({
            shots: eb(eb.ref('fishing_minutes.shots'), '+', eb.ref('excluded.shots')),
            kills: eb(eb.ref('fishing_minutes.kills'), '+', eb.ref('excluded.kills')),
            stake: eb(eb.ref('fishing_minutes.stake'), '+', eb.ref('excluded.stake')),
            win: eb(eb.ref('fishing_minutes.win'), '+', eb.ref('excluded.win')),
            last_at: eb.ref('excluded.last_at'),
            room_id: eb.ref('excluded.room_id'),
          })),
        )
        .execute();
  },

  /** Minutes that ended before `before` and are not yet a casino round. */
  closedMinutes(db: DbOrTx, before: number, limit: number) {
    return db
      .selectFrom('fishing_minutes')
      .selectAll()
      .where('recorded', '=', 0)
      .where('minute', '<', before)
      .orderBy('minute')
      .limit(limit)
      .execute();
  },

  async markRecorded(tx: Tx, keys: readonly { member_id: string; minute: number }[]): Promise<void> {
    for (const k of keys)
      await tx
        .updateTable('fishing_minutes')
        .set({ recorded: 1 })
        .where('member_id', '=', k.member_id)
        .where('minute', '=', k.minute)
        .where('recorded', '=', 0)
        .execute();
  },

  /** The room's lease is still this node's (checked inside each batch: a node that lost it commits nothing). */
  async holdsLease(tx: Tx, roomId: string, owner: string, now: number): Promise<boolean> {
    const row = await tx
      .selectFrom('table_leases')
      .select('owner')
      .where('table_code', '=', leaseKey(roomId))
      .where('owner', '=', owner)
      .where('expires_at', '>=', now)
      .executeTakeFirst();
    return !!row;
  },

  /** Renews this node's leases of these rooms in ONE statement (its own, owned by it): answers the rooms renewed. */
  async renewLeases(db: DbOrTx, roomIds: readonly string[], owner: string, now: number, ttlMs: number): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < roomIds.length; i += 400) {
      const rows = await db
        .updateTable('table_leases')
        .set({ expires_at: now + ttlMs })
        .where(
          'table_code',
          'in',
          roomIds.slice(i, i + 400).map((r) => leaseKey(r)),
        )
        .where('owner', '=', owner)
        .returning('table_code')
        .execute();
      for (const r of rows) out.add(r.table_code.slice(leaseKey('').length));
    }
    return out;
  },

  /** Which of these rooms this node holds (the lease owned and not expired): one query for a batch of rooms. */
  async heldLeases(tx: Tx, roomIds: readonly string[], owner: string, now: number): Promise<Set<string>> {
    if (roomIds.length === 0) return new Set();
    const rows = await tx
      .selectFrom('table_leases')
      .select('table_code')
      .where(
        'table_code',
        'in',
        roomIds.map((r) => leaseKey(r)),
      )
      .where('owner', '=', owner)
      .where('expires_at', '>=', now)
      .execute();
    return new Set(rows.map((r) => r.table_code.slice(leaseKey('').length)));
  },

  liveSeats(db: DbOrTx, since: number, hall?: string, roomId?: string) {
    let q = db.selectFrom('fishing_seats').selectAll().where('seen_at', '>=', since);
    if (hall) q = q.where('hall', '=', hall);
    if (roomId) q = q.where('room_id', '=', roomId);
    return q.orderBy('room_id').orderBy('seat').execute();
  },

  seatOf(db: DbOrTx, memberId: string) {
    return db.selectFrom('fishing_seats').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  },

  /** Takes a seat (false when someone took it first); stale seats of the room and the member's other seat go first. */
  async takeSeat(
    db: DbOrTx,
    s: { room_id: string; seat: number; hall: string; member_id: string; name: string; level: number },
    now: number,
    staleBefore: number,
  ): Promise<boolean> {
    await db.deleteFrom('fishing_seats').where('member_id', '=', s.member_id).execute();
    await db.deleteFrom('fishing_seats').where('room_id', '=', s.room_id).where('seen_at', '<', staleBefore).execute();
    const r = await db
      .insertInto('fishing_seats')
      .values({ ...s, seen_at: now })
      .onConflict((oc) => oc.columns(['room_id', 'seat']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  seen(db: DbOrTx, memberId: string, now: number, level?: number) {
    return db
      .updateTable('fishing_seats')
      .set(level === undefined ? { seen_at: now } : { seen_at: now, level })
      .where('member_id', '=', memberId)
      .execute();
  },

  leave(db: DbOrTx, memberId: string, roomId: string) {
    return db.deleteFrom('fishing_seats').where('member_id', '=', memberId).where('room_id', '=', roomId).execute();
  },
};
