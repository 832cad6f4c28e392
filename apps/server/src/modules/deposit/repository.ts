import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.ts';
import type { DepositChannelTable, DepositOrderTable } from '../../db/schema.ts';

export const depositRepository = {
  channels(db: DbOrTx): Promise<DepositChannelTable[]> {
    return db.selectFrom('deposit_channels').selectAll().where('status', '=', 'active').orderBy('sort').execute();
  },
  channel(db: DbOrTx, id: string): Promise<DepositChannelTable | undefined> {
    return db.selectFrom('deposit_channels').selectAll().where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
  },
  async upsertChannel(db: DbOrTx, c: DepositChannelTable): Promise<void> {
    const { id, ...rest } = c;
    await db
      .insertInto('deposit_channels')
      .values(c)
      .onConflict((oc) => oc.column('id').doUpdateSet(rest))
      .execute();
  },
  async insertOrder(db: DbOrTx, o: DepositOrderTable): Promise<void> {
    await db.insertInto('deposit_orders').values(o).execute();
  },
  order(db: DbOrTx, orderNo: string): Promise<DepositOrderTable | undefined> {
    return db.selectFrom('deposit_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  },
  /** Credits happen once: only one caller can move an order into 'paid'. */
  async markPaid(db: DbOrTx, orderNo: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('deposit_orders')
      .set({ status: 'paid', paid_at: now })
      .where('order_no', '=', orderNo)
      .where('status', '!=', 'paid')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async setStatus(db: DbOrTx, orderNo: string, from: DepositOrderTable['status'][], to: DepositOrderTable['status']): Promise<boolean> {
    const r = await db
      .updateTable('deposit_orders')
      .set({ status: to })
      .where('order_no', '=', orderNo)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async setSignalCode(db: DbOrTx, orderNo: string, code: string): Promise<void> {
    await db.updateTable('deposit_orders').set({ signal_code: code }).where('order_no', '=', orderNo).execute();
  },
  async expire(db: DbOrTx, now: number): Promise<number> {
    const r = await db
      .updateTable('deposit_orders')
      .set({ status: 'expired' })
      .where('status', '=', 'pending')
      .where('expires_at', '<', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
  async notification(
    db: DbOrTx,
    n: {
      provider: string;
      order_no: string;
      event: string;
      amount: number;
      outcome: string;
      received_at: number;
      via?: 'notify' | 'query';
    },
  ) {
    await db.insertInto('payment_notifications').values(n).execute();
  },
  /**
   * Orders not paid (pending, or closed / expired — money may still arrive) created in [from, to], the
   * least recently checked first, at most `limit`: what the deposit reconciler asks the providers about.
   */
  unsettled(db: DbOrTx, from: number, to: number, limit: number): Promise<DepositOrderTable[]> {
    return db
      .selectFrom('deposit_orders')
      .selectAll()
      .where('status', 'in', ['pending', 'closed', 'expired'])
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .orderBy(sql`coalesce(checked_at, 0)`)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  },
  async checked(db: DbOrTx, orderNo: string, now: number): Promise<void> {
    await db.updateTable('deposit_orders').set({ checked_at: now }).where('order_no', '=', orderNo).execute();
  },
};
