/** The withdrawal review's reads for the console: the queue, one order with its member's money and risk hints. */
import type { z } from 'zod';
import type { RiskHint, WithdrawItem, memberFinance } from '@portal/contract/console';
import { StatusCode } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { WithdrawOrderTable, WithdrawStage } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { turnoverRepository } from '../../modules/turnover/repository.ts';
import type { WithdrawReview } from '../../modules/withdraw/review.ts';
import type { ConsoleContext } from '../pipeline.ts';

const OPEN: WithdrawStage[] = ['pending', 'risk_review', 'second_review', 'approved', 'paying'];
const DAY = 86_400_000;

export function withdrawItemOf(o: WithdrawOrderTable, username: string, thresholdFen: number): WithdrawItem {
  return {
    orderNo: o.order_no,
    siteCode: Number(o.site_code),
    username,
    amount: Number(o.amount),
    fee: Number(o.fee),
    method: o.method,
    target: o.target,
    stage: o.stage,
    status: o.status,
    riskLockedBy: o.risk_locked_by,
    firstApprover: o.first_approver,
    secondApprover: o.second_approver,
    payLockedBy: o.pay_locked_by,
    payoutState: o.payout_state,
    payoutRef: o.payout_ref,
    needsSecondApproval: Number(o.amount) > thresholdFen,
    remark: o.remark,
    operator: o.operator,
    createdAt: Number(o.created_at),
    updatedAt: Number(o.updated_at),
  };
}

/** What a review step's audit row records of the order before and after. */
export const auditView = (o: WithdrawOrderTable) => ({
  stage: o.stage,
  status: o.status,
  amount: Number(o.amount),
  riskLockedBy: o.risk_locked_by,
  firstApprover: o.first_approver,
  secondApprover: o.second_approver,
  payLockedBy: o.pay_locked_by,
  payoutState: o.payout_state,
  remark: o.remark,
});

export interface WithdrawFilter {
  page: number;
  pageSize: number;
  siteCode?: number | undefined;
  stage?: WithdrawStage | undefined;
  orderNo?: string | undefined;
  username?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export class WithdrawDesk {
  constructor(
    private readonly db: Db,
    readonly review: WithdrawReview,
  ) {}

  async usernameOf(memberId: string): Promise<string> {
    const m = await this.db.selectFrom('members').select('name').where('id', '=', memberId).executeTakeFirst();
    return m?.name ?? '';
  }

  /** The order, when the staff member's brands include its brand (else 6004, as if it did not exist). */
  async visible(ctx: ConsoleContext, orderNo: string): Promise<WithdrawOrderTable> {
    const o = (await this.review.order(orderNo).catch(() => undefined)) ?? fail(StatusCode.NOT_FOUND);
    ctx.assertSite(Number(o.site_code));
    return o;
  }

  async item(o: WithdrawOrderTable): Promise<WithdrawItem> {
    return withdrawItemOf(o, await this.usernameOf(o.member_id), this.review.threshold(Number(o.site_code)));
  }

  async list(ctx: ConsoleContext, f: WithdrawFilter) {
    const sites = f.siteCode !== undefined ? [f.siteCode] : ctx.sites;
    if (!sites.length) return { list: [], total: 0, counts: {} };
    let q = this.db.selectFrom('withdraw_orders as w').innerJoin('members as m', 'm.id', 'w.member_id').where('w.site_code', 'in', sites);
    if (f.orderNo) q = q.where('w.order_no', '=', f.orderNo);
    if (f.username) q = q.where('m.name_lower', '=', f.username.toLowerCase());
    if (f.from !== undefined) q = q.where('w.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('w.created_at', '<', f.to);
    const countRows = await q
      .select(['w.stage', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('w.stage')
      .execute();
    const counts = Object.fromEntries(countRows.map((r) => [r.stage, Number(r.n)]));
    if (f.stage) q = q.where('w.stage', '=', f.stage);
    const total = f.stage ? (counts[f.stage] ?? 0) : countRows.reduce((s, r) => s + Number(r.n), 0);
    const rows = await q
      .selectAll('w')
      .select('m.name as username')
      .orderBy('w.created_at', f.stage && OPEN.includes(f.stage) ? 'asc' : 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    return {
      total,
      counts,
      list: rows.map((r) => withdrawItemOf(r, r.username, this.review.threshold(Number(r.site_code)))),
    };
  }

  /** The member behind an order as the reviewer needs them: money, turnover, totals and risk hints. */
  async member(o: WithdrawOrderTable): Promise<z.input<typeof memberFinance>> {
    const db = this.db;
    const m = (await db.selectFrom('members').selectAll().where('id', '=', o.member_id).executeTakeFirst()) ?? fail(StatusCode.NOT_FOUND);
    const t = await turnoverRepository.get(db, m.id);
    const dep = await db
      .selectFrom('deposit_orders')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('s'))
      .where('member_id', '=', m.id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    const wd = await db
      .selectFrom('withdraw_orders')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('s'))
      .where('member_id', '=', m.id)
      .where('stage', '=', 'paid')
      .executeTakeFirstOrThrow();
    const logins = await db
      .selectFrom('login_history')
      .select(['ip', 'uuid'])
      .where('member_id', '=', m.id)
      .orderBy('at', 'desc')
      .limit(20)
      .execute();
    const shared = async (col: 'ip' | 'uuid', values: string[]) => {
      if (!values.length) return 0;
      const r = await db
        .selectFrom('login_history')
        .select((eb) => eb.fn.count<number>('member_id').distinct().as('n'))
        .where(col, 'in', values)
        .where('member_id', '!=', m.id)
        .where('site_code', '=', m.site_code)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    const uniq = (xs: string[]) => [...new Set(xs.filter((x) => x && x !== 'unknown'))].slice(0, 10);
    const sameIp = await shared('ip', uniq([m.register_ip, ...logins.map((l) => l.ip)]));
    const sameDevice = await shared('uuid', uniq(logins.map((l) => l.uuid)));
    const depositTotal = Number(dep.s);
    const hints: RiskHint[] = [];
    if (t.done < t.required) hints.push('turnover_short');
    if (depositTotal === 0) hints.push('no_deposit');
    else if (Number(o.amount) > depositTotal) hints.push('above_deposits');
    if (Date.now() - Number(m.created_at) < DAY) hints.push('new_account');
    if (sameDevice > 0) hints.push('shared_device');
    if (sameIp > 0) hints.push('shared_ip');
    if (m.status !== 'active') hints.push('disabled');
    return {
      username: m.name,
      siteCode: Number(m.site_code),
      realName: m.real_name,
      status: m.status,
      registeredAt: Number(m.created_at),
      balance: await balanceOf(db, memberAccount(m.id, 'central')),
      locked: await balanceOf(db, memberAccount(m.id, 'locked')),
      turnoverRequired: t.required,
      turnoverDone: t.done,
      depositTotal,
      withdrawTotal: Number(wd.s),
      sameDeviceAccounts: sameDevice,
      sameIpAccounts: sameIp,
      hints,
    };
  }
}
