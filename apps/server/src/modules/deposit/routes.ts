import type { FastifyInstance } from 'fastify';
import { StatusCode, defaultMessage, depositApi as api, text } from '@portal/contract';
import { memberRoute, type Route } from '../../http/pipeline.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentNotification, PaymentProvider } from '../../providers/payment.ts';
import { USDT_RATE } from '../wallet/fx.ts';
import type { DepositService } from './service.ts';
import { serviceUrl } from '../site/repository.ts';

export function depositRoutes(deposits: DepositService): Route[] {
  return [
    memberRoute(api.types, () => deposits.channels()),
    memberRoute(api.pay, (i, ctx) => deposits.pay(ctx, i)),
    memberRoute(api.orderStatus, (i, ctx) => deposits.status(ctx, i.orderNo)),
    memberRoute(api.closeOrder, (i, ctx) => deposits.close(ctx, i.orderNo)),
    memberRoute(api.createSignalCode, (i, ctx) => deposits.signalCode(ctx, i.orderNo)),
    // The member's own brand's service channel (its configured address, else the built-in desk).
    memberRoute(api.customerInfo, async (_i, ctx) => ({ url: serviceUrl(ctx.site), hours: text('CS_HOURS', ctx.locale) })),
    memberRoute(api.vCurrencyList, async () => [
      {
        currency: 'USDT',
        rate: USDT_RATE,
        networks: [
          { network: 'TRC20', confirmations: 20 },
          { network: 'ERC20', confirmations: 12 },
        ],
      },
    ]),
  ];
}

const isNotification = (b: unknown): b is PaymentNotification => {
  const n = b as Record<string, unknown>;
  return (
    !!n &&
    typeof n.orderNo === 'string' &&
    (n.event === 'paid' || n.event === 'failed') &&
    Number.isSafeInteger(n.amount) &&
    typeof n.providerRef === 'string' &&
    typeof n.sentAt === 'number' &&
    Object.keys(n).length === 5
  );
};

/** Provider → us: POST /fd/callback/:provider with the provider's signature header. */
export function registerPaymentCallbacks(app: FastifyInstance, deposits: DepositService, providers: Map<string, PaymentProvider>): void {
  app.post('/fd/callback/:provider', async (req) => {
    const provider = providers.get((req.params as { provider: string }).provider);
    if (!provider) throw new AppError(StatusCode.NOT_FOUND, { httpStatus: 404 });
    const sig = req.headers['x-signature'];
    if (!isNotification(req.body) || !provider.verify(req.body, typeof sig === 'string' ? sig : undefined)) {
      throw new AppError(StatusCode.ILLEGAL_PARAMETER);
    }
    const outcome = await deposits.notified(provider.name, req.body);
    return { status_code: StatusCode.SUCCESS, data: { outcome }, message: defaultMessage(StatusCode.SUCCESS) };
  });
}
