/**
 * Money granted by staff, four eyes above the brand's amount. A VIP grade raised by hand (the
 * upgrade bonuses it releases), a flagged promotion reward paid and a manual adjustment are each a `staff_grants`
 * row: at or below `grantSecondApprovalFen` it is applied at once (decided by the requester); above it it waits
 * until a different staff member holding the same permission approves — then it is applied — or rejects it.
 * Deciding is one conditional update (pending → applied): two approvers at once apply it once.
 */
import { randomBytes } from 'node:crypto';
import { StatusCode } from '@portal/contract';
import type { GrantKind, GrantRow } from '@portal/contract/console';
import type { Db, DbOrTx } from '../../db/connect.ts';
import type { StaffGrantTable } from '../../db/schema.ts';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/ledger.ts';
import { fail } from '../../lib/errors.ts';
import { refuse } from '../operations/common.ts';

/** Above this (fen) a grant needs a second staff member when the brand sets no `grantSecondApprovalFen`: 1,000 yuan. */
export const DEFAULT_GRANT_SECOND_APPROVAL_FEN = 100_000;

export interface GrantRequest {
  siteCode: number;
  memberId: string;
  kind: GrantKind;
  amount: number;
  params: Record<string, unknown>;
  reason: string;
}

/** How each kind is applied once decided (the VIP and promotion services; an adjustment is a ledger journal here). */
export interface GrantAppliers {
  vip(memberId: string, siteCode: number, grade: number): Promise<unknown>;
  promo(rewardId: string, decidedBy: string): Promise<unknown>;
}

export function grantWire(r: StaffGrantTable, username: string): GrantRow {
  return {
    id: r.id,
    siteCode: Number(r.site_code),
    username,
    kind: r.kind,
    amount: Number(r.amount),
    params: JSON.parse(r.params) as Record<string, unknown>,
    reason: r.reason,
    status: r.status,
    requestedBy: r.requested_by,
    requestedAt: Number(r.requested_at),
    decidedBy: r.decided_by,
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
  };
}

/** An adjustment: one journal between the member's central wallet and the house's bonus expense, once per grant. */
async function postAdjustment(tx: DbOrTx, g: StaffGrantTable, now: number): Promise<void> {
  const amount = Number(g.amount);
  await post(
    tx,
    {
      kind: 'adjustment',
      currency: 'CNY',
      refType: 'staff_grant',
      refId: g.id,
      memberId: g.member_id,
      memo: g.reason.slice(0, 200),
      idemKey: `grant:${g.id}`,
      lines: [
        { account: houseAccount('bonus_expense'), amount: -amount },
        { account: memberAccount(g.member_id, 'central'), amount },
      ],
    },
    now,
  );
}

export class Grants {
  constructor(
    private readonly db: Db,
    private readonly thresholdOf: (siteCode: number) => number | undefined,
    private readonly appliers: GrantAppliers,
    private readonly clock: () => number = Date.now,
  ) {}

  threshold(siteCode: number): number {
    return this.thresholdOf(siteCode) ?? DEFAULT_GRANT_SECOND_APPROVAL_FEN;
  }

  byId(id: string) {
    return this.db.selectFrom('staff_grants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Records the request; applies it at once when its amount is within the brand's single-person amount. */
  async request(staff: string, q: GrantRequest): Promise<StaffGrantTable> {
    const now = this.clock();
    const id = `G${now.toString(36)}${randomBytes(5).toString('hex')}`;
    await this.db
      .insertInto('staff_grants')
      .values({
        id,
        site_code: q.siteCode,
        member_id: q.memberId,
        kind: q.kind,
        amount: q.amount,
        params: JSON.stringify(q.params),
        reason: q.reason,
        status: 'pending',
        requested_by: staff,
        requested_at: now,
        decided_by: null,
        decided_at: null,
      })
      .execute();
    if (Math.abs(q.amount) <= this.threshold(q.siteCode)) {
      try {
        await this.decide(id, staff, 'applied', true);
      } catch (e) {
        // Applied alone and failed (a debit above the balance …): closed, not left waiting for a second person.
        await this.db
          .updateTable('staff_grants')
          .set({ status: 'rejected', decided_by: staff, decided_at: now })
          .where('id', '=', id)
          .execute();
        throw e;
      }
    }
    return (await this.byId(id))!;
  }

  /**
   * A second staff member approves (applied) or rejects a pending grant. The requester never decides their own
   * request above the amount; a grant already decided is refused.
   */
  async decide(id: string, staff: string, to: 'applied' | 'rejected', alone = false): Promise<StaffGrantTable> {
    const g = (await this.byId(id)) ?? fail(StatusCode.NOT_FOUND);
    if (!alone && g.requested_by === staff) refuse('复核须由另一位工作人员完成', StatusCode.ACCESS_DENIED);
    const now = this.clock();
    const take = (tx: DbOrTx) =>
      tx
        .updateTable('staff_grants')
        .set({ status: to, decided_by: staff, decided_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
    if (to === 'rejected' || g.kind === 'adjust') {
      await this.db.transaction().execute(async (tx) => {
        if (Number((await take(tx)).numUpdatedRows) !== 1) refuse('该申请已处理');
        if (to === 'applied') await postAdjustment(tx, g, now);
      });
      return (await this.byId(id))!;
    }
    if (Number((await take(this.db)).numUpdatedRows) !== 1) refuse('该申请已处理');
    const params = JSON.parse(g.params) as { grade?: number; rewardId?: string };
    try {
      if (g.kind === 'vip') await this.appliers.vip(g.member_id, Number(g.site_code), Number(params.grade));
      else await this.appliers.promo(String(params.rewardId), staff);
    } catch (e) {
      // Not applied: the grant waits again (both appliers are idempotent, so a retry never grants twice).
      await this.db
        .updateTable('staff_grants')
        .set({ status: 'pending', decided_by: null, decided_at: null })
        .where('id', '=', id)
        .execute();
      throw e;
    }
    return (await this.byId(id))!;
  }

  async list(sites: number[], status: StaffGrantTable['status'] | undefined, limit: number, offset: number) {
    if (sites.length === 0) return { rows: [], total: 0 };
    let q = this.db.selectFrom('staff_grants').where('site_code', 'in', sites);
    if (status) q = q.where('status', '=', status);
    const [rows, n] = await Promise.all([
      q.selectAll().orderBy('requested_at', 'desc').limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(n?.n ?? 0) };
  }
}

/** The upgrade bonuses (fen) a raise from `from` to `to` would release: grades passed whose bonus the member never had. */
export async function upgradeBonusOf(
  db: DbOrTx,
  memberId: string,
  ladder: ReadonlyArray<{ grade: number; upgrade_bonus: number }>,
  from: number,
  to: number,
): Promise<number> {
  const had = new Set(
    (await db.selectFrom('vip_rewards').select('period').where('member_id', '=', memberId).where('kind', '=', 'upgrade').execute()).map(
      (r) => r.period,
    ),
  );
  return ladder
    .filter((g) => g.grade > from && g.grade <= to && !had.has(String(g.grade)))
    .reduce((t, g) => t + Number(g.upgrade_bonus), 0);
}
