import { fenToYuanString } from '@portal/rules';
import { recordsApi, walletApi as api } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { queryDealRecord } from './records.ts';
import { route, type Route } from '../../http/pipeline.ts';
import type { WalletService } from './service.ts';

const LEAN = { lean: true };

export function walletRoutes(wallet: WalletService, db: Db): Route[] {
  return [
    // Lean (Route.lean): wallet handlers need only the member's id, not the member row.
    route(
      api.getBalance,
      async (i, ctx) => {
        const b = await wallet.balances(ctx.member!.id);
        const owed = await wallet.owed(ctx.member!.id);
        return {
          centerWalletBalance: fenToYuanString(b.central),
          lockMoney: i.withLockMoney === 1 ? fenToYuanString(b.locked) : '0.00',
          currency: 'CNY',
          ...(owed > 0 ? { debtMoney: fenToYuanString(owed) } : {}),
        };
      },
      LEAN,
    ),
    route(api.utcTransfer, (i, ctx) => wallet.transfer(ctx, i, ctx.idempotencyKey!), LEAN),
    route(api.venueTransfer, (i, ctx) => wallet.transfer(ctx, i, ctx.idempotencyKey!), LEAN),
    route(api.getTransferRate, async () => ({ rate: '1', from: 'CNY', to: 'CNY' })),
    route(api.allBalance, (_i, ctx) => wallet.allBalance(ctx), LEAN),
    route(api.venueBalance, (i, ctx) => wallet.venueBalance(ctx, i.channelCode), LEAN),
    route(api.recycle, (_i, ctx) => wallet.recycle(ctx, ctx.idempotencyKey!), LEAN),
    route(recordsApi.queryDealRecord, (i, ctx) => queryDealRecord(db, ctx.member!.id, i)),
    route(api.setAutoTransferStatus, (i, ctx) => wallet.setAutoTransfer(ctx.member!.id, i.status === 1)),
  ];
}
