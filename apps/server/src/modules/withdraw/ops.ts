import { need, type OpsCommand } from '../../ops/command.ts';
import { STAGE_NAMES } from './review.ts';

const fen = (v: number | string) => (Number(v) / 100).toFixed(2);

/**
 * The withdrawal desk from the command line, through the same four-eyes review as the console (review.ts): the
 * operator name is the staff member — whoever approved an order cannot pay it, above the brand's threshold a second
 * operator approves, a payout without an answer waits for withdraw:reconcile.
 */
export const withdrawCommands: OpsCommand[] = [
  {
    name: 'withdraw:list',
    summary: 'withdrawals still under review',
    mutates: false,
    async run(ctx) {
      const rows = await (await ctx.services()).withdrawals.pending();
      ctx.print(
        rows.map((o) => ({
          order: o.order_no,
          member: o.member_id,
          amount: fen(o.amount),
          method: o.method,
          target: o.target,
          status: o.status,
          stage: `${o.stage} ${STAGE_NAMES[o.stage]}`,
          payout: o.payout_state ?? '',
        })),
      );
    },
  },
  {
    name: 'withdraw:approve',
    args: '<orderNo>',
    summary: 'risk review: lock and approve a pending withdrawal, or give the second approval above the threshold',
    mutates: true,
    async run(ctx, args) {
      const o = await (await ctx.services()).withdrawReview.approveAs(need(args, 0, 'order number'), ctx.operator);
      ctx.print({ order: o.order_no, stage: `${o.stage} ${STAGE_NAMES[o.stage]}` });
    },
  },
  {
    name: 'withdraw:payout',
    args: '<orderNo>',
    summary: 'finance: lock an approved withdrawal and pay it out (not by its approvers)',
    mutates: true,
    async run(ctx, args) {
      const o = await (await ctx.services()).withdrawReview.payAs(need(args, 0, 'order number'), ctx.operator);
      ctx.print({ order: o.order_no, stage: `${o.stage} ${STAGE_NAMES[o.stage]}`, payout: o.payout_state ?? '' });
    },
  },
  {
    name: 'withdraw:reconcile',
    args: '<orderNo>',
    summary: 'ask the payout provider about a payout whose outcome is unknown',
    mutates: true,
    async run(ctx, args) {
      const o = await (await ctx.services()).withdrawReview.reconcile(need(args, 0, 'order number'), ctx.operator);
      ctx.print({ order: o.order_no, stage: `${o.stage} ${STAGE_NAMES[o.stage]}`, payout: o.payout_state ?? '' });
    },
  },
  {
    name: 'withdraw:reject',
    args: '<orderNo> <reason…>',
    summary: 'reject a withdrawal; the held funds return to the member',
    mutates: true,
    async run(ctx, args) {
      const reason = args.slice(1).join(' ') || '审核未通过';
      await (await ctx.services()).withdrawReview.reject(need(args, 0, 'order number'), ctx.operator, reason, 'any');
    },
  },
];
