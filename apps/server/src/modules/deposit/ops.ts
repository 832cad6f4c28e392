import { UsageError, type OpsCommand } from '../../ops/command.ts';

/** Deposit desk: ask the payment providers about unpaid orders now (the server does it every 30 s). */
export const depositCommands: OpsCommand[] = [
  {
    name: 'deposit:reconcile',
    args: '[graceSeconds]',
    summary: 'ask the providers about unpaid orders; credit payments whose notification never came',
    mutates: true,
    target: () => 'deposit_orders',
    async run(ctx, args) {
      const graceS = args[0] === undefined ? 60 : Number(args[0]);
      if (!Number.isInteger(graceS) || graceS < 0 || graceS > 86_400) throw new UsageError('graceSeconds must be 0…86400');
      const r = await (await ctx.services()).reconcileDeposits({ graceMs: graceS * 1000 });
      ctx.print(r);
      return r;
    },
  },
];
