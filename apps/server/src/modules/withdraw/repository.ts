import type { DbOrTx } from '../../db/connect.ts';
import type { BankCardTable, UsdtAddressTable, WithdrawOrderTable } from '../../db/schema.ts';

export const cardRepository = {
  cards(db: DbOrTx, memberId: string): Promise<BankCardTable[]> {
    return db.selectFrom('bank_cards').selectAll().where('member_id', '=', memberId).orderBy('created_at').execute();
  },
  usdt(db: DbOrTx, memberId: string): Promise<UsdtAddressTable[]> {
    return db.selectFrom('usdt_addresses').selectAll().where('member_id', '=', memberId).orderBy('created_at').execute();
  },
  async addCard(db: DbOrTx, c: BankCardTable): Promise<void> {
    await db.insertInto('bank_cards').values(c).execute();
  },
  async addUsdt(db: DbOrTx, a: UsdtAddressTable): Promise<void> {
    await db.insertInto('usdt_addresses').values(a).execute();
  },
};

export const withdrawRepository = {
  async insert(db: DbOrTx, o: WithdrawOrderTable): Promise<void> {
    await db.insertInto('withdraw_orders').values(o).execute();
  },
  byNo(db: DbOrTx, orderNo: string): Promise<WithdrawOrderTable | undefined> {
    return db.selectFrom('withdraw_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  },
  async countSince(db: DbOrTx, memberId: string, since: number): Promise<number> {
    const r = await db
      .selectFrom('withdraw_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .where('created_at', '>=', since)
      .where('status', '!=', 'rejected')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
  async page(db: DbOrTx, memberId: string, pageNum: number, pageSize: number) {
    const list = await db
      .selectFrom('withdraw_orders')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const total = await db
      .selectFrom('withdraw_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return { total: Number(total.n), list };
  },
  pending(db: DbOrTx): Promise<WithdrawOrderTable[]> {
    return db.selectFrom('withdraw_orders').selectAll().where('status', 'in', ['pending', 'approved']).orderBy('created_at').execute();
  },
};
