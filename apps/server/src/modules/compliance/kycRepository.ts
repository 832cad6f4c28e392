import type { DbOrTx } from '../../db/connect.ts';
import type { KycStatus, KycSubmissionTable } from '../../db/schema.ts';

/** The only SQL of identity verification (migration 0030). */
export const kycRepository = {
  async insert(db: DbOrTx, row: KycSubmissionTable): Promise<void> {
    await db.insertInto('kyc_submissions').values(row).execute();
  },
  /** The member's latest submission: it decides their verification state. */
  latest(db: DbOrTx, memberId: string): Promise<KycSubmissionTable | undefined> {
    return db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
  byId(db: DbOrTx, id: string): Promise<KycSubmissionTable | undefined> {
    return db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** Submissions for the review queue, oldest first, with the member's username. */
  list(db: DbOrTx, f: { siteCode?: number | undefined; status?: KycStatus | undefined; limit: number }) {
    let q = db
      .selectFrom('kyc_submissions as k')
      .innerJoin('members as m', 'm.id', 'k.member_id')
      .select([
        'k.id',
        'k.site_code',
        'm.name',
        'k.real_name',
        'k.birthday',
        'k.document_type',
        'k.document_last4',
        'k.status',
        'k.underage',
        'k.reviewer',
        'k.reason',
        'k.created_at',
      ])
      .orderBy('k.created_at', 'asc')
      .limit(f.limit);
    if (f.siteCode !== undefined) q = q.where('k.site_code', '=', f.siteCode);
    if (f.status) q = q.where('k.status', '=', f.status);
    return q.execute();
  },
  /** pending → verified / rejected; false when the submission is not pending (decided already, or unknown). */
  async decide(db: DbOrTx, id: string, to: 'verified' | 'rejected', reviewer: string, reason: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('kyc_submissions')
      .set({ status: to, reviewer, reason, reviewed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /**
   * Deposits that count toward the KYC threshold, in fen: credited ones and every order still payable
   * (two open orders just under the threshold were both created and paid while verification waited).
   */
  async countedDepositsFen(db: DbOrTx, memberId: string, now: number): Promise<number> {
    const r = await db
      .selectFrom('deposit_orders')
      .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
      .where('member_id', '=', memberId)
      .where((eb) => eb.or([eb('status', '=', 'paid'), eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)])]))
      .executeTakeFirst();
    return Number(r?.total ?? 0);
  },
};
