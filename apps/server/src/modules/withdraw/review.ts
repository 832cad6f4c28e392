import { StatusCode, text, type StatusCodeValue, type TextKey } from '@portal/contract';
import { WITHDRAW_STAGE_NAMES } from '@portal/contract/console';
import type { Db } from '../../db/connect.ts';
import type { WithdrawOrderTable } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { houseAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { postHold, voidHold } from '../../ledger/ledger.ts';
import { enqueueEffects, type EffectDispatcher } from '../../ledger/outbox.ts';
import type { PayoutProvider, PayoutRecord } from '../../providers/payout.ts';
import type { SiteRow } from '../site/repository.ts';
import { withdrawRepository as repo } from './repository.ts';
import { stepOrder, type StepGuard } from './reviewRepository.ts';

type Row = WithdrawOrderTable;

/** Above this (fen) a withdrawal needs a second approver when the brand sets no `withdrawSecondApprovalFen`. */
export const DEFAULT_SECOND_APPROVAL_FEN = 1_000_000;

/** The review's stages as the console names them. */
export const STAGE_NAMES = WITHDRAW_STAGE_NAMES;

/** A refusal whose Error message is the zh-CN text too (the ops CLI prints it). */
function refuse(code: StatusCodeValue, key: TextKey, vars?: Record<string, string>): never {
  const e = new AppError(code, { key, ...(vars ? { vars } : {}) });
  e.message = text(key, 'zh-CN', vars);
  throw e;
}
const STALE = 'WD_STALE';

/** Who refuses a withdrawal: risk (before approval), finance (after), or the ops CLI (either). */
export type RejectSide = 'risk' | 'pay' | 'any';

/**
 * The four-eyes withdrawal review:
 *   待审核 pending → 风控审核中 risk_review (risk lock by A) → [待复审 second_review: above the brand's threshold a
 *   second approver B ≠ A] → 已通过 approved → 出款处理中 paying (payout lock by C, who approved nothing) → 已出款 paid,
 *   or 已拒绝 rejected with a reason (the hold is voided once: the money returns).
 * A lock held by another staff member is refused (6003). A payout sent without a final answer stays 出款处理中 with
 * payout_state 'unknown' — never refunded by itself — until `reconcile` asks the provider again. Every move is one
 * conditional update (reviewRepository.stepOrder): of two concurrent steps on an order exactly one wins.
 * Staff members are named by their console username; the ops CLI acts as its operator name.
 */
export class WithdrawReview {
  constructor(
    private readonly db: Db,
    private readonly site: (code: number) => SiteRow | undefined,
    /** null: no payout provider configured — the payer pays by hand (bank) and confirms it here. */
    readonly payouts: PayoutProvider | null,
    private readonly effects?: EffectDispatcher,
  ) {}

  threshold(siteCode: number): number {
    return this.site(siteCode)?.flags.withdrawSecondApprovalFen ?? DEFAULT_SECOND_APPROVAL_FEN;
  }

  async order(orderNo: string): Promise<Row> {
    const o = await repo.byNo(this.db, orderNo);
    return o ?? refuse(StatusCode.NOT_FOUND, 'WD_NOT_FOUND', { orderNo });
  }

  /** A step's conditional update lost (or its guard did not hold): say why, from the row as it is now. */
  private async lost(orderNo: string, staff: string, lock?: 'risk' | 'pay'): Promise<never> {
    const o = await this.order(orderNo);
    const holder = lock === 'risk' ? o.risk_locked_by : lock === 'pay' ? o.pay_locked_by : null;
    if (holder && holder !== staff && o.stage === (lock === 'risk' ? 'risk_review' : 'paying'))
      refuse(StatusCode.ACCESS_DENIED, 'WD_LOCKED_BY', { name: holder });
    return refuse(StatusCode.INVALID_PARAMETER, STALE);
  }

  private async step(orderNo: string, staff: string, guard: StepGuard, patch: Parameters<typeof stepOrder>[3], lock?: 'risk' | 'pay') {
    if (!(await stepOrder(this.db, orderNo, guard, { ...patch, operator: staff }, Date.now()))) await this.lost(orderNo, staff, lock);
    return this.order(orderNo);
  }

  /** Risk takes the order for review (the lock is theirs until they approve or reject). */
  async riskLock(orderNo: string, staff: string): Promise<Row> {
    const o = await this.order(orderNo);
    if (o.stage === 'risk_review' && o.risk_locked_by === staff) return o;
    if (o.stage !== 'pending') await this.lost(orderNo, staff, 'risk');
    return this.step(orderNo, staff, { stage: 'pending' }, { stage: 'risk_review', risk_locked_by: staff }, 'risk');
  }

  /**
   * The lock holder approves (above the brand's threshold the order then waits for a second approver); at 待复审 a
   * second risk staff member — not the first approver — approves.
   */
  async approve(orderNo: string, staff: string): Promise<Row> {
    const o = await this.order(orderNo);
    if (o.stage === 'risk_review') {
      if (o.risk_locked_by !== staff) await this.lost(orderNo, staff, 'risk');
      const second = Number(o.amount) > this.threshold(o.site_code);
      return this.step(
        orderNo,
        staff,
        { stage: 'risk_review', riskLockedBy: staff },
        second ? { stage: 'second_review', first_approver: staff } : { stage: 'approved', status: 'approved', first_approver: staff },
        'risk',
      );
    }
    if (o.stage === 'second_review') {
      if (o.first_approver === staff || o.risk_locked_by === staff) refuse(StatusCode.ACCESS_DENIED, 'WD_SECOND_SAME');
      return this.step(orderNo, staff, { stage: 'second_review' }, { stage: 'approved', status: 'approved', second_approver: staff });
    }
    if (o.stage === 'pending') refuse(StatusCode.INVALID_PARAMETER, 'WD_LOCK_FIRST');
    return refuse(StatusCode.INVALID_PARAMETER, STALE);
  }

  /** Finance takes an approved order for payout; no one who reviewed it may pay it. */
  async payLock(orderNo: string, staff: string): Promise<Row> {
    const o = await this.order(orderNo);
    if (o.stage === 'paying' && o.pay_locked_by === staff) return o;
    if (o.stage !== 'approved') await this.lost(orderNo, staff, 'pay');
    if ([o.risk_locked_by, o.first_approver, o.second_approver].includes(staff)) refuse(StatusCode.ACCESS_DENIED, 'WD_REVIEWER_PAYS');
    return this.step(orderNo, staff, { stage: 'approved' }, { stage: 'paying', pay_locked_by: staff, payout_state: null }, 'pay');
  }

  /**
   * The payout lock holder sends the payout. Paid: the hold is posted to the payout clearing account. Failed: the
   * order stays 出款处理中 (pay again, or reject). No answer: stays 出款处理中, payout_state 'unknown', until reconciled.
   */
  async pay(orderNo: string, staff: string): Promise<Row> {
    const o = await this.order(orderNo);
    if (o.stage !== 'paying') await this.lost(orderNo, staff, 'pay');
    if (o.pay_locked_by !== staff) await this.lost(orderNo, staff, 'pay');
    if (o.payout_state === 'unknown') refuse(StatusCode.INVALID_PARAMETER, 'WD_PAYOUT_UNKNOWN');
    // Claim the send: of a payout and a reject (or two payouts) at once, one moves the order.
    await this.step(orderNo, staff, { stage: 'paying', payLockedBy: staff, payout: [null, 'failed'] }, { payout_state: 'unknown' }, 'pay');
    let record: PayoutRecord;
    try {
      record = this.payouts
        ? await this.payouts.send({ orderNo, amount: Number(o.amount) - Number(o.fee), target: o.target })
        : { outcome: 'paid', providerRef: 'manual' };
    } catch {
      return this.order(orderNo); // unknown: the money may have left; only a reconcile settles it
    }
    return this.settle(orderNo, staff, record);
  }

  /** Ask the payout provider again about a payout whose outcome is unknown; settle it by the answer. */
  async reconcile(orderNo: string, staff: string): Promise<Row> {
    const o = await this.order(orderNo);
    if (o.stage !== 'paying' || o.payout_state !== 'unknown') refuse(StatusCode.INVALID_PARAMETER, 'WD_NO_RECONCILE');
    if (!this.payouts) return refuse(StatusCode.INVALID_PARAMETER, 'WD_NO_PAYOUT_PROVIDER');
    let record: PayoutRecord | null;
    try {
      record = await this.payouts.query(orderNo);
    } catch {
      return refuse(StatusCode.BAD_GATEWAY, 'WD_PAYOUT_QUERY_DOWN');
    }
    // The provider never received it: not sent. The payer may send it again (idempotent per order) or reject.
    return this.settle(orderNo, staff, record ?? { outcome: 'failed', providerRef: '' });
  }

  private async settle(orderNo: string, staff: string, r: PayoutRecord): Promise<Row> {
    const guard: StepGuard = { stage: 'paying', payout: ['unknown'] };
    if (r.outcome === 'failed') {
      await stepOrder(this.db, orderNo, guard, { payout_state: 'failed', payout_ref: r.providerRef || null }, Date.now());
      return this.order(orderNo);
    }
    const paid = await moneyStep(this.db, async (tx) => {
      const now = Date.now();
      const patch = { stage: 'paid', status: 'paid', payout_state: 'paid', payout_ref: r.providerRef, operator: staff } as const;
      if (!(await stepOrder(tx, orderNo, guard, patch, now))) return false;
      const o = (await repo.byNo(tx, orderNo))!;
      await postHold(tx, o.hold_id, houseAccount('clearing', 'payout'), 'withdraw.paid', now);
      await enqueueEffects(tx, [{ kind: 'funds.letter', event: 'withdraw_paid', orderNo }], now);
      return true;
    });
    if (paid) await this.decided(orderNo);
    return this.order(orderNo);
  }

  /**
   * Refuse with a reason; the held funds return to the member once. Risk refuses an order it holds (or one not yet
   * taken, or one waiting for a second approval); finance one it holds whose payout was not sent or definitely failed.
   */
  async reject(orderNo: string, staff: string, reason: string, side: RejectSide): Promise<Row> {
    const why = reason.trim();
    if (!why) refuse(StatusCode.INVALID_PARAMETER, 'WD_REASON_REQUIRED');
    const o = await this.order(orderNo);
    const risk = side !== 'pay';
    const pay = side !== 'risk';
    let guard: StepGuard;
    let lock: 'risk' | 'pay' | undefined;
    if (risk && (o.stage === 'pending' || o.stage === 'second_review')) guard = { stage: o.stage };
    else if (risk && o.stage === 'risk_review') [guard, lock] = [{ stage: o.stage, riskLockedBy: staff }, 'risk'];
    else if (pay && o.stage === 'approved') guard = { stage: o.stage };
    else if (pay && o.stage === 'paying') {
      if (o.payout_state === 'unknown') refuse(StatusCode.INVALID_PARAMETER, 'WD_UNKNOWN_NO_REJECT');
      [guard, lock] = [{ stage: o.stage, payLockedBy: staff, payout: [null, 'failed'] }, 'pay'];
    } else return this.lost(orderNo, staff);
    const done = await moneyStep(this.db, async (tx) => {
      const now = Date.now();
      const patch = { stage: 'rejected', status: 'rejected', remark: why, operator: staff } as const;
      if (!(await stepOrder(tx, orderNo, guard, patch, now))) return false;
      await voidHold(tx, o.hold_id, 'withdraw.rejected', now);
      await enqueueEffects(tx, [{ kind: 'funds.letter', event: 'withdraw_rejected', orderNo }], now);
      return true;
    });
    if (!done) await this.lost(orderNo, staff, lock);
    await this.decided(orderNo);
    return this.order(orderNo);
  }

  /** The ops CLI's one-step approve: take the order if free, then approve (or give the second approval). */
  async approveAs(orderNo: string, operator: string): Promise<Row> {
    if ((await this.order(orderNo)).stage === 'pending') await this.riskLock(orderNo, operator);
    return this.approve(orderNo, operator);
  }

  /** The ops CLI's one-step payout: take the approved order if free, then send it. */
  async payAs(orderNo: string, operator: string): Promise<Row> {
    if ((await this.order(orderNo)).stage === 'approved') await this.payLock(orderNo, operator);
    return this.pay(orderNo, operator);
  }

  /** The decision's effects, right after its commit. */
  private async decided(orderNo: string): Promise<void> {
    await this.effects?.dispatch(orderNo).catch(() => 0);
  }
}
