import { yuan } from '@portal/rules';
import { recordsApi, walletApi as api } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { queryDealRecord } from './records.ts';
import { memberRoute, type Route } from '../../http/pipeline.ts';
import type { WalletService } from './service.ts';

const LEAN = { lean: true };

export function walletRoutes(wallet: WalletService, db: Db): Route[] {
  return [
    // Lean (Route.lean): wallet handlers need only the member's id, not the member row.
    memberRoute(
      api.getBalance,
      async (i, ctx) => {
        const b = await wallet.balances(ctx.member.id);
        const owed = await wallet.owed(ctx.member.id);
        return {
          centerWalletBalance: yuan(b.central),
          lockMoney: i.withLockMoney === 1 ? yuan(b.locked) : '0.00',
          currency: 'CNY',
          ...(owed > 0 ? { debtMoney: yuan(owed) } : {}),
        };
      },
      LEAN,
    ),
    memberRoute(api.utcTransfer, (i, ctx) => wallet.transfer(ctx, i, ctx.requestKey), LEAN),
    memberRoute(api.venueTransfer, (i, ctx) => wallet.transfer(ctx, i, ctx.requestKey), LEAN),
    memberRoute(api.getTransferRate, async () => ({ rate: '1', from: 'CNY', to: 'CNY' })),
    memberRoute(api.allBalance, (i, ctx) => wallet.allBalance(ctx, i.category), LEAN),
    memberRoute(api.venueBalance, (i, ctx) => wallet.venueBalance(ctx, i.channelCode), LEAN),
    memberRoute(api.recycle, (_i, ctx) => wallet.recycle(ctx, ctx.requestKey), LEAN),
    memberRoute(recordsApi.queryDealRecord, (i, ctx) => queryDealRecord(db, ctx.member.id, i)),
    memberRoute(api.setAutoTransferStatus, (i, ctx) => wallet.setAutoTransfer(ctx.member.id, i.status === 1)),
  ];
}
