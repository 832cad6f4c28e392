import { yuan } from '@portal/rules';
import { membersOwing } from '../../ledger/debt.ts';
import { UsageError, type OpsCommand } from '../../ops/command.ts';

/** Wallet desk: members who owe the house (ledger/debt.ts) — a restored payout they had already spent. */
export const walletCommands: OpsCommand[] = [
  {
    name: 'debt:list',
    args: '[limit]',
    summary: 'members in debt (largest first): no withdrawal or transfer out until a deposit or payout repays it',
    mutates: false,
    async run(ctx, args) {
      const limit = args[0] === undefined ? 500 : Number(args[0]);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('limit must be 1…10000');
      const rows = await membersOwing(ctx.handle.db, limit);
      ctx.print(
        rows.map((r) => ({
          memberId: r.memberId,
          name: r.name,
          siteCode: r.siteCode,
          currency: r.currency,
          owed: yuan(r.owedFen),
        })),
      );
      return { members: rows.length };
    },
  },
];
