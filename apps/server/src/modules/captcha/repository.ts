import type { DbOrTx } from '../../db/connect.ts';
import type { CaptchaTable } from '../../db/schema.ts';

export const captchaRepository = {
  async insert(db: DbOrTx, row: CaptchaTable): Promise<void> {
    await db.insertInto('captchas').values(row).execute();
  },
  async find(db: DbOrTx, id: string): Promise<CaptchaTable | undefined> {
    return db.selectFrom('captchas').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** Single use: only one caller can mark an unused row used (a conditional update, race-safe on both engines). */
  async markUsed(db: DbOrTx, id: string, now: number): Promise<boolean> {
    const r = await db.updateTable('captchas').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async purgeExpired(db: DbOrTx, before: number): Promise<number> {
    const r = await db.deleteFrom('captchas').where('expires_at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
