import type { DbOrTx } from '../../db/connect.ts';
import type { DeviceChallengeTable, VerificationCodeTable } from '../../db/schema.ts';

export const codeRepository = {
  async insert(db: DbOrTx, row: VerificationCodeTable): Promise<void> {
    await db.insertInto('verification_codes').values(row).execute();
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.deleteFrom('verification_codes').where('id', '=', id).execute();
  },
  latestTo(db: DbOrTx, siteCode: number, destination: string): Promise<VerificationCodeTable | undefined> {
    return db
      .selectFrom('verification_codes')
      .selectAll()
      .where('site_code', '=', siteCode)
      .where('destination', '=', destination)
      .where('channel', '!=', 'ticket')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
  async sentSince(db: DbOrTx, siteCode: number, destination: string, since: number): Promise<number> {
    const r = await db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_code', '=', siteCode)
      .where('destination', '=', destination)
      .where('created_at', '>=', since)
      .where('channel', '!=', 'ticket')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
  latestFor(db: DbOrTx, siteCode: number, purpose: string, destination: string): Promise<VerificationCodeTable | undefined> {
    return db
      .selectFrom('verification_codes')
      .selectAll()
      .where('site_code', '=', siteCode)
      .where('purpose', '=', purpose)
      .where('destination', '=', destination)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
  byId(db: DbOrTx, id: string): Promise<VerificationCodeTable | undefined> {
    return db.selectFrom('verification_codes').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** Counts a wrong guess; answers the new count. */
  async addTry(db: DbOrTx, id: string): Promise<void> {
    await db
      .updateTable('verification_codes')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', id)
      .execute();
  },
  async markVerified(db: DbOrTx, id: string, now: number): Promise<void> {
    await db.updateTable('verification_codes').set({ verified_at: now }).where('id', '=', id).where('verified_at', 'is', null).execute();
  },
  /** Single use: only one caller can consume an unconsumed code. */
  async consume(db: DbOrTx, id: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};

export const challengeRepository = {
  async insert(db: DbOrTx, row: DeviceChallengeTable): Promise<void> {
    await db.insertInto('device_challenges').values(row).execute();
  },
  open(db: DbOrTx, memberId: string, uuid: string, now: number): Promise<DeviceChallengeTable | undefined> {
    return db
      .selectFrom('device_challenges')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('uuid', '=', uuid)
      .where('passed_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
  async update(db: DbOrTx, id: string, patch: Partial<DeviceChallengeTable>): Promise<void> {
    await db.updateTable('device_challenges').set(patch).where('id', '=', id).execute();
  },
};
