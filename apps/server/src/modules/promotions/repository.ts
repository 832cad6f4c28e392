import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.ts';
import type {
  PromoDepositEventTable,
  PromoDrawSpinTable,
  PromoParticipationTable,
  PromoRewardTable,
  PromotionTable,
} from '../../db/schema.ts';

const count = (n: { n: number | string | bigint } | undefined) => Number(n?.n ?? 0);

/** The only SQL of the promotion engine. */
export const promoRepository = {
  // --- promotions
  async upsert(db: DbOrTx, p: PromotionTable): Promise<void> {
    const { id, created_at, ...rest } = p;
    await db
      .insertInto('promotions')
      .values(p)
      .onConflict((oc) => oc.column('id').doUpdateSet(rest))
      .execute();
  },
  async insert(db: DbOrTx, p: PromotionTable): Promise<boolean> {
    const r = await db
      .insertInto('promotions')
      .values(p)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },
  byId(db: DbOrTx, id: string): Promise<PromotionTable | undefined> {
    return db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  },
  list(db: DbOrTx, siteCode?: number): Promise<PromotionTable[]> {
    let q = db.selectFrom('promotions').selectAll().orderBy('sort').orderBy('created_at');
    if (siteCode !== undefined) q = q.where('site_code', '=', siteCode);
    return q.execute();
  },
  ofType(db: DbOrTx, siteCode: number, types: string[]): Promise<PromotionTable[]> {
    return db
      .selectFrom('promotions')
      .selectAll()
      .where('site_code', '=', siteCode)
      .where('type', 'in', types)
      .where('status', '=', 'active')
      .orderBy('sort')
      .execute();
  },
  async end(db: DbOrTx, id: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('promotions')
      .set({ status: 'ended', ends_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /** A race is settled once: only one caller moves settled_at from null. */
  async markSettled(db: DbOrTx, id: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('promotions')
      .set({ settled_at: now, updated_at: now })
      .where('id', '=', id)
      .where('settled_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  // --- participation
  participation(db: DbOrTx, promotionId: string, memberId: string): Promise<PromoParticipationTable | undefined> {
    return db
      .selectFrom('promo_participations')
      .selectAll()
      .where('promotion_id', '=', promotionId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  },
  async joinedIds(db: DbOrTx, memberId: string): Promise<Set<string>> {
    const rows = await db.selectFrom('promo_participations').select('promotion_id').where('member_id', '=', memberId).execute();
    return new Set(rows.map((r) => r.promotion_id));
  },
  /** Joins once: false when the member had joined already. */
  async join(db: DbOrTx, p: PromoParticipationTable): Promise<boolean> {
    const r = await db
      .insertInto('promo_participations')
      .values(p)
      .onConflict((oc) => oc.columns(['promotion_id', 'member_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },
  joinedMembers(db: DbOrTx, promotionId: string, memberId: string) {
    return db
      .selectFrom('promo_participations')
      .select(['promotion_id', 'joined_at'])
      .where('promotion_id', '=', promotionId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  },
  /** The wheel: the next spin number is claimed by a conditional update (two spins cannot share one). */
  async claimSpin(db: DbOrTx, promotionId: string, memberId: string, used: number, seed: string, commit: string): Promise<boolean> {
    const r = await db
      .updateTable('promo_participations')
      .set({ spins_used: used + 1, next_seed: seed, next_commit: commit })
      .where('promotion_id', '=', promotionId)
      .where('member_id', '=', memberId)
      .where('spins_used', '=', used)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async insertSpin(db: DbOrTx, s: PromoDrawSpinTable): Promise<void> {
    await db.insertInto('promo_draw_spins').values(s).execute();
  },
  spins(db: DbOrTx, promotionId: string, memberId: string, limit = 20): Promise<PromoDrawSpinTable[]> {
    return db
      .selectFrom('promo_draw_spins')
      .selectAll()
      .where('promotion_id', '=', promotionId)
      .where('member_id', '=', memberId)
      .orderBy('spin_no', 'desc')
      .limit(limit)
      .execute();
  },
  async spinsSince(db: DbOrTx, promotionId: string, memberId: string, since: number): Promise<number> {
    return count(
      await db
        .selectFrom('promo_draw_spins')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('promotion_id', '=', promotionId)
        .where('member_id', '=', memberId)
        .where('created_at', '>=', since)
        .executeTakeFirst(),
    );
  },

  // --- rewards
  /** Inserts a reward row; false when this member, rule and period already has one (the unique key). */
  async insertReward(db: DbOrTx, r: PromoRewardTable): Promise<boolean> {
    const res = await db
      .insertInto('promo_rewards')
      .values(r)
      .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  },
  async setRewardJournal(db: DbOrTx, id: string, journalId: string): Promise<void> {
    await db.updateTable('promo_rewards').set({ journal_id: journalId }).where('id', '=', id).execute();
  },
  reward(db: DbOrTx, id: string): Promise<PromoRewardTable | undefined> {
    return db.selectFrom('promo_rewards').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** An operator's decision on a flagged reward: conditional, so a reward is decided once. */
  async decide(db: DbOrTx, id: string, to: 'paid' | 'refused', by: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('promo_rewards')
      .set({ status: to, decided_by: by, decided_at: now })
      .where('id', '=', id)
      .where('status', '=', 'flagged')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  rewardsOf(db: DbOrTx, memberId: string, promotionId: string): Promise<PromoRewardTable[]> {
    return db
      .selectFrom('promo_rewards')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('promotion_id', '=', promotionId)
      .orderBy('created_at', 'desc')
      .execute();
  },
  async rewardPage(db: DbOrTx, memberId: string, pageNum: number, pageSize: number, promotionId?: string) {
    let base = db.selectFrom('promo_rewards').where('member_id', '=', memberId);
    if (promotionId) base = base.where('promotion_id', '=', promotionId);
    const list = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const totals = await base
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<string>(sql`case when status = 'paid' then amount else 0 end`).as('paid'),
      ])
      .executeTakeFirst();
    return { list, total: count(totals), paidFen: Number(totals?.paid ?? 0) };
  },
  flagged(db: DbOrTx): Promise<PromoRewardTable[]> {
    return db.selectFrom('promo_rewards').selectAll().where('status', '=', 'flagged').orderBy('created_at').execute();
  },
  /** Other members sharing a device or /24 network with this one who already have a paid or flagged reward of this rule. */
  async sharedWithRewarded(db: DbOrTx, memberId: string, promotionId: string): Promise<{ member_id: string; via: string }[]> {
    const devices = db
      .selectFrom('member_devices as mine')
      .innerJoin('member_devices as other', 'other.uuid', 'mine.uuid')
      .select(['other.member_id', sql<string>`'device'`.as('via')])
      .where('mine.member_id', '=', memberId)
      .where('other.member_id', '!=', memberId);
    const nets = db
      .selectFrom('member_ips as mine')
      .innerJoin('member_ips as other', 'other.ip_prefix', 'mine.ip_prefix')
      .select(['other.member_id', sql<string>`'ip'`.as('via')])
      .where('mine.member_id', '=', memberId)
      .where('other.member_id', '!=', memberId);
    return db
      .selectFrom(devices.unionAll(nets).as('near'))
      .innerJoin('promo_rewards', 'promo_rewards.member_id', 'near.member_id')
      .select(['near.member_id', 'near.via'])
      .distinct()
      .where('promo_rewards.promotion_id', '=', promotionId)
      .where('promo_rewards.status', 'in', ['paid', 'flagged'])
      .limit(5)
      .execute();
  },
  /** How two members are linked: a shared device or /24 network (null when they are not). */
  async sharedBetween(db: DbOrTx, a: string, b: string): Promise<'device' | 'ip' | null> {
    const dev = await db
      .selectFrom('member_devices as x')
      .innerJoin('member_devices as y', 'y.uuid', 'x.uuid')
      .select('x.uuid')
      .where('x.member_id', '=', a)
      .where('y.member_id', '=', b)
      .executeTakeFirst();
    if (dev) return 'device';
    const net = await db
      .selectFrom('member_ips as x')
      .innerJoin('member_ips as y', 'y.ip_prefix', 'x.ip_prefix')
      .select('x.ip_prefix')
      .where('x.member_id', '=', a)
      .where('y.member_id', '=', b)
      .executeTakeFirst();
    return net ? 'ip' : null;
  },
  async rewardCount(db: DbOrTx, promotionId: string, memberId: string): Promise<number> {
    return count(
      await db
        .selectFrom('promo_rewards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('promotion_id', '=', promotionId)
        .where('member_id', '=', memberId)
        .where('status', '!=', 'refused')
        .executeTakeFirst(),
    );
  },
  rewardsByRef(db: DbOrTx, promotionId: string, refs: string[]): Promise<PromoRewardTable[]> {
    if (refs.length === 0) return Promise.resolve([]);
    return db.selectFrom('promo_rewards').selectAll().where('promotion_id', '=', promotionId).where('ref', 'in', refs).execute();
  },

  // --- deposits (outbox written in the deposit's own transaction)
  /** The promotion a deposit order was opted into with (null: none). */
  async orderPromotion(db: DbOrTx, orderNo: string): Promise<string | null> {
    const r = await db.selectFrom('deposit_orders').select('promotion_id').where('order_no', '=', orderNo).executeTakeFirst();
    return r?.promotion_id ?? null;
  },
  async paidDepositCount(db: DbOrTx, memberId: string): Promise<number> {
    return count(
      await db
        .selectFrom('deposit_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'paid')
        .executeTakeFirst(),
    );
  },
  async depositedBetween(db: DbOrTx, memberId: string, from: number, to: number): Promise<number> {
    const r = await db
      .selectFrom('deposit_orders')
      .select((eb) => eb.fn.sum<string>('amount').as('n'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'paid')
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },
  async insertDepositEvent(db: DbOrTx, e: PromoDepositEventTable): Promise<void> {
    await db
      .insertInto('promo_deposit_events')
      .values(e)
      .onConflict((oc) => oc.column('order_no').doNothing())
      .execute();
  },
  /** Claims an event for processing: only one worker moves it out of pending. */
  async claimDepositEvent(db: DbOrTx, orderNo: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('promo_deposit_events')
      .set({ processed_at: now })
      .where('order_no', '=', orderNo)
      .where('processed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  // --- invitations
  inviteCode(db: DbOrTx, memberId: string) {
    return db.selectFrom('promo_invite_codes').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  },
  inviterByCode(db: DbOrTx, siteCode: number, code: string) {
    return db.selectFrom('promo_invite_codes').selectAll().where('site_code', '=', siteCode).where('code', '=', code).executeTakeFirst();
  },
  async insertInviteCode(db: DbOrTx, memberId: string, siteCode: number, code: string, now: number): Promise<boolean> {
    const r = await db
      .insertInto('promo_invite_codes')
      .values({ member_id: memberId, site_code: siteCode, code, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },
  invitees(db: DbOrTx, siteCode: number, code: string, limit = 200) {
    return db
      .selectFrom('members')
      .select(['id', 'name', 'created_at'])
      .where('site_code', '=', siteCode)
      .where('icode', '=', code)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  },
  member(db: DbOrTx, id: string) {
    return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  },
  membersByIds(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('members').select(['id', 'name']).where('id', 'in', ids).execute();
  },
};
