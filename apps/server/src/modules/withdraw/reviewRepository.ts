import type { DbOrTx } from '../../db/connect.ts';
import type { WithdrawOrderTable, WithdrawStage } from '../../db/schema.ts';

type Row = WithdrawOrderTable;
type Patch = Partial<
  Pick<
    Row,
    | 'stage'
    | 'status'
    | 'risk_locked_by'
    | 'first_approver'
    | 'second_approver'
    | 'pay_locked_by'
    | 'payout_state'
    | 'payout_ref'
    | 'operator'
    | 'remark'
  >
>;

/** What a review step requires of the row it moves: its stage, and optionally who holds its lock and the payout state. */
export interface StepGuard {
  stage: WithdrawStage | WithdrawStage[];
  riskLockedBy?: string;
  payLockedBy?: string;
  /** Payout states the step may start from (null: not sent yet). */
  payout?: Array<Row['payout_state']>;
}

/**
 * The review's one write: a conditional update (the guard in its WHERE), so of two staff members acting on the same
 * order at once exactly one moves it; answers whether this call did.
 */
export async function stepOrder(db: DbOrTx, orderNo: string, guard: StepGuard, patch: Patch, now: number): Promise<boolean> {
  let q = db
    .updateTable('withdraw_orders')
    .set({ ...patch, updated_at: now })
    .where('order_no', '=', orderNo)
    .where('stage', 'in', Array.isArray(guard.stage) ? guard.stage : [guard.stage]);
  if (guard.riskLockedBy !== undefined) q = q.where('risk_locked_by', '=', guard.riskLockedBy);
  if (guard.payLockedBy !== undefined) q = q.where('pay_locked_by', '=', guard.payLockedBy);
  if (guard.payout) {
    const states = guard.payout.filter((s): s is NonNullable<typeof s> => s !== null);
    const withNull = guard.payout.includes(null);
    q = q.where((eb) =>
      eb.or([...(states.length ? [eb('payout_state', 'in', states)] : []), ...(withNull ? [eb('payout_state', 'is', null)] : [])]),
    );
  }
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
