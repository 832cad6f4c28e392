import { need, type OpsCommand } from '../../ops/command.ts';

const fen = (v: number | string) => (Number(v) / 100).toFixed(2);

/** The withdrawal desk until the console exists: list, approve, pay out, reject (returns the held funds). */
export const withdrawCommands: OpsCommand[] = [
  {
    name: 'withdraw:list',
    summary: 'pending and approved withdrawals',
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
        })),
      );
    },
  },
  {
    name: 'withdraw:approve',
    args: '<orderNo>',
    summary: 'approve a pending withdrawal',
    mutates: true,
    async run(ctx, args) {
      await (await ctx.services()).withdrawals.approve(need(args, 0, 'order number'), ctx.operator);
    },
  },
  {
    name: 'withdraw:payout',
    args: '<orderNo>',
    summary: 'mark an approved withdrawal paid (posts the held funds)',
    mutates: true,
    async run(ctx, args) {
      await (await ctx.services()).withdrawals.payout(need(args, 0, 'order number'), ctx.operator);
    },
  },
  {
    name: 'withdraw:reject',
    args: '<orderNo> <reason…>',
    summary: 'reject a withdrawal; the held funds return to the member',
    mutates: true,
    async run(ctx, args) {
      await (await ctx.services()).withdrawals.reject(need(args, 0, 'order number'), ctx.operator, args.slice(1).join(' ') || '审核未通过');
    },
  },
];
