/**
 * Finance: the four-eyes withdrawal review (modules/withdraw/review.ts holds its rules; the
 * console and the ops CLI both go through it), deposit orders, member statements, house accounts, the ledger check.
 * Every review step is audited with the order before and after; a row of a brand the staff member cannot see is 6004.
 */
import { consoleFinanceApi as api, type WithdrawItem } from '@portal/contract/console';
import type { WithdrawOrderTable } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { DepositDesk } from './finance/deposits.ts';
import { LedgerDesk } from './finance/ledger.ts';
import { WithdrawDesk, auditView } from './finance/withdrawals.ts';
import { consoleRoute, type ConsoleContext, type ConsoleDeps, type ConsoleRoute } from './pipeline.ts';

type Step = (orderNo: string, staff: string, reason: string) => Promise<WithdrawOrderTable>;

export function financeRoutes(s: Services, d: ConsoleDeps): ConsoleRoute[] {
  const desk = new WithdrawDesk(d.db, s.withdrawReview);
  const deposits = new DepositDesk(d.db, s.deposits, s.payments);
  const ledger = new LedgerDesk(d.db);
  const review = s.withdrawReview;

  /** One review step: the order must be visible; the audit row carries it before and after (also on a refusal). */
  const step =
    (run: Step) =>
    async (input: { orderNo: string; reason?: string }, ctx: ConsoleContext): Promise<WithdrawItem> => {
      const before = await desk.visible(ctx, input.orderNo);
      ctx.audit = { target: before.order_no, siteCode: Number(before.site_code), before: auditView(before) };
      const after = await run(before.order_no, ctx.staff.username, input.reason ?? '');
      ctx.audit.after = auditView(after);
      return desk.item(after);
    };

  return [
    consoleRoute(api.withdrawList, (input, ctx) => desk.list(ctx, input)),
    consoleRoute(api.withdrawDetail, async (input, ctx) => {
      const o = await desk.visible(ctx, input.orderNo);
      return { order: await desk.item(o), member: await desk.member(o), thresholdFen: review.threshold(Number(o.site_code)) };
    }),
    consoleRoute(
      api.withdrawLock,
      step((no, staff) => review.riskLock(no, staff)),
    ),
    consoleRoute(
      api.withdrawApprove,
      step((no, staff) => review.approve(no, staff)),
    ),
    consoleRoute(
      api.withdrawRiskReject,
      step((no, staff, reason) => review.reject(no, staff, reason, 'risk')),
    ),
    consoleRoute(
      api.withdrawPayLock,
      step((no, staff) => review.payLock(no, staff)),
    ),
    consoleRoute(
      api.withdrawPay,
      step((no, staff) => review.pay(no, staff)),
    ),
    consoleRoute(
      api.withdrawReconcile,
      step((no, staff) => review.reconcile(no, staff)),
    ),
    consoleRoute(
      api.withdrawPayReject,
      step((no, staff, reason) => review.reject(no, staff, reason, 'pay')),
    ),

    consoleRoute(api.depositList, (input, ctx) => deposits.list(ctx, input)),
    consoleRoute(api.depositDetail, (input, ctx) => deposits.detail(ctx, input.orderNo)),
    consoleRoute(api.depositReconcile, async (input, ctx) => {
      ctx.audit = { target: input.orderNo };
      const r = await deposits.reconcile(ctx, input.orderNo);
      ctx.audit = {
        target: input.orderNo,
        siteCode: r.before.siteCode,
        before: r.before,
        after: { ...r.after, outcome: r.outcome, reason: input.reason },
      };
      return { outcome: r.outcome, order: r.after };
    }),

    consoleRoute(api.statement, (input, ctx) => ledger.statement(ctx, input)),
    consoleRoute(api.houseAccounts, (_input, ctx) => ledger.house(ctx)),
    consoleRoute(api.verify, (_input, ctx) => ledger.verify(ctx)),
  ];
}
