import type { DbOrTx } from '../../db/connect.ts';
import type { VipGradeTable, VipRebateTable, VipRewardTable } from '../../db/schema.ts';
// Writes to member_vip forget remembered sessions like writes to members (the full session lookup carries the grade).
import { forgetting } from '../user/repository.ts';

const numeric = <T extends object>(row: T, keys: (keyof T)[]): T => {
  for (const k of keys) (row as Record<keyof T, unknown>)[k] = Number(row[k]);
  return row;
};
const GRADE_NUMBERS: (keyof VipGradeTable)[] = [
  'deposit_min',
  'turnover_min',
  'upgrade_bonus',
  'birthday_bonus',
  'weekly_bonus',
  'weekly_turnover_min',
  'updated_at',
];

export const ladderRepository = {
  async ladder(db: DbOrTx, siteCode: number): Promise<VipGradeTable[]> {
    const rows = await db.selectFrom('vip_grades').selectAll().where('site_code', '=', siteCode).orderBy('grade').execute();
    return rows.map((r) => numeric(r, GRADE_NUMBERS));
  },
  /** Seeding: adds missing grades, never overwrites the operator's edits. */
  async insertMissing(db: DbOrTx, rows: VipGradeTable[]): Promise<void> {
    for (const r of rows) {
      await db
        .insertInto('vip_grades')
        .values(r)
        .onConflict((oc) => oc.columns(['site_code', 'grade']).doNothing())
        .execute();
    }
  },
  async upsert(db: DbOrTx, r: VipGradeTable): Promise<void> {
    const { site_code: _s, grade: _g, ...rest } = r;
    await db
      .insertInto('vip_grades')
      .values(r)
      .onConflict((oc) => oc.columns(['site_code', 'grade']).doUpdateSet(rest))
      .execute();
  },
};

async function raiseGrade(db: DbOrTx, memberId: string, siteCode: number, to: number, now: number): Promise<boolean> {
  await db
    .insertInto('member_vip')
    .values({ member_id: memberId, site_code: siteCode, grade: 0, upgraded_at: null, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const r = await db
    .updateTable('member_vip')
    .set({ grade: to, upgraded_at: now, updated_at: now })
    .where('member_id', '=', memberId)
    .where('grade', '<', to)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const memberVipRepository = {
  async grade(db: DbOrTx, memberId: string): Promise<number> {
    const r = await db.selectFrom('member_vip').select('grade').where('member_id', '=', memberId).executeTakeFirst();
    return Number(r?.grade ?? 0);
  },
  /**
   * Raises the grade (never lowers it); true when this call raised it. The session check remembers the grade
   * with the member (user/sessionCache.ts): forgotten before and after the write, like a member row's.
   */
  raise(db: DbOrTx, memberId: string, siteCode: number, to: number, now: number): Promise<boolean> {
    return forgetting(db, () => raiseGrade(db, memberId, siteCode, to, now));
  },
  /** Sets the grade by hand (the console: up or down); answers the grade before. Forgets remembered sessions like raise(). */
  async set(db: DbOrTx, memberId: string, siteCode: number, to: number, now: number): Promise<number> {
    const before = await memberVipRepository.grade(db, memberId);
    await forgetting(db, () =>
      db
        .insertInto('member_vip')
        .values({ member_id: memberId, site_code: siteCode, grade: to, upgraded_at: now, updated_at: now })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ grade: to, upgraded_at: now, updated_at: now }))
        .execute(),
    );
    return before;
  },
  /** Cumulative credited deposits in fen (paid deposit orders). */
  async depositTotal(db: DbOrTx, memberId: string): Promise<number> {
    const r = await db
      .selectFrom('deposit_orders')
      .select((eb) => eb.fn.sum<string>('amount').as('total'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    return Number(r?.total ?? 0);
  },
  async siteOf(db: DbOrTx, memberIds: string[]): Promise<Map<string, number>> {
    if (memberIds.length === 0) return new Map();
    const rows = await db.selectFrom('members').select(['id', 'site_code']).where('id', 'in', memberIds).execute();
    return new Map(rows.map((r) => [r.id, r.site_code]));
  },
};

const REWARD_NUMBERS: (keyof VipRewardTable)[] = ['amount', 'created_at'];

export const rewardRepository = {
  async list(db: DbOrTx, memberId: string): Promise<VipRewardTable[]> {
    const rows = await db.selectFrom('vip_rewards').selectAll().where('member_id', '=', memberId).orderBy('created_at').execute();
    return rows.map((r) => numeric(r, REWARD_NUMBERS));
  },
  async find(db: DbOrTx, memberId: string, kind: VipRewardTable['kind'], period: string): Promise<VipRewardTable | undefined> {
    const r = await db
      .selectFrom('vip_rewards')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('period', '=', period)
      .executeTakeFirst();
    return r && numeric(r, REWARD_NUMBERS);
  },
  /** Inserts the reward unless this member already has one of this kind and period; true when inserted. */
  async insertOnce(db: DbOrTx, r: VipRewardTable): Promise<boolean> {
    const res = await db
      .insertInto('vip_rewards')
      .values(r)
      .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  },
  /** available → claimed, once (a concurrent second claim finds it claimed). */
  async markClaimed(db: DbOrTx, id: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('vip_rewards')
      .set({ status: 'claimed', claimed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'available')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async setJournal(db: DbOrTx, id: string, journalId: string): Promise<void> {
    await db.updateTable('vip_rewards').set({ journal_id: journalId }).where('id', '=', id).execute();
  },
};

export const rebateRepository = {
  /** Members already settled for a business day (paid, or nothing due). */
  async settledMembers(db: DbOrTx, day: string): Promise<Set<string>> {
    const rows = await db.selectFrom('vip_rebates').select('member_id').where('day', '=', day).execute();
    return new Set(rows.map((r) => r.member_id));
  },
  async insertOnce(db: DbOrTx, r: VipRebateTable): Promise<boolean> {
    const res = await db
      .insertInto('vip_rebates')
      .values(r)
      .onConflict((oc) => oc.columns(['member_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  },
  async setJournal(db: DbOrTx, memberId: string, day: string, journalId: string): Promise<void> {
    await db.updateTable('vip_rebates').set({ journal_id: journalId }).where('member_id', '=', memberId).where('day', '=', day).execute();
  },
  async page(db: DbOrTx, memberId: string, pageNum: number, pageSize: number) {
    const list = await db
      .selectFrom('vip_rebates')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('amount', '>', 0)
      .orderBy('day', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const total = await db
      .selectFrom('vip_rebates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .where('amount', '>', 0)
      .executeTakeFirstOrThrow();
    return { total: Number(total.n), list: list.map((r) => numeric(r, ['valid', 'amount', 'paid_at'])) };
  },
};
