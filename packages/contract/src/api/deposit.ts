import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok } from './common.ts';
import { moneyString } from './wallet.ts';

const tag = 'Deposit';
const orderNo = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const depositChannel = z.object({
  id: z.string(),
  name: z.string(),
  /** bank: bank transfer; ewallet: e-wallet; usdt: virtual currency. Generic channels only. */
  type: z.enum(['bank', 'ewallet', 'usdt']),
  min: z.string(),
  max: z.string(),
  presets: z.array(z.string()),
  /** Fee charged on the amount, in percent ('0' when free). */
  feeRate: z.string(),
  networks: z.array(z.string()),
});

export const depositOrder = z.object({
  orderNo: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'closed', 'expired']),
  amount: z.string(),
  fee: z.string(),
  channelId: z.string(),
  /** Where to pay: the provider's page (sandbox: served by this server). */
  payUrl: z.string(),
  expireAt: z.string(),
  paidAt: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  usdtAmount: z.string().nullable(),
  signalCode: z.string().nullable(),
  /** The deposit promotion this order was opted into (null: none). */
  activityId: z.string().nullable(),
});

export const depositApi = {
  types: endpoint({
    path: '/fd/api/v1/payment/types',
    auth: 'member',
    tag,
    summary: 'Deposit channels with min/max, presets, fee and networks.',
    request: z.strictObject({}),
    response: z.array(depositChannel),
  }),
  pay: endpoint({
    path: '/fd/api/v1/payment/pay',
    auth: 'member',
    tag,
    idempotent: true,
    summary:
      'Create a deposit order and answer where to pay (needs an Idempotency-Key header). activityId: opt into one deposit promotion of querySiteDepositRewardConfigList with this order (joined if not yet); refused (6012 with the reason) when this order could not earn it — the member no longer qualifies or the amount is below its minimum. The credited order then pays that bonus only.',
    request: z.strictObject({
      channelId: z.string().max(32),
      amount: moneyString,
      network: z.enum(['TRC20', 'ERC20']).optional(),
      activityId: z.string().max(64).optional(),
    }),
    response: depositOrder,
  }),
  orderStatus: endpoint({
    path: '/fd/api/v1/payment/getDepositOrderStatus',
    auth: 'member',
    tag,
    summary: 'The order and its live status.',
    request: z.strictObject({ orderNo }),
    response: depositOrder,
  }),
  closeOrder: endpoint({
    path: '/fd/api/v1/payment/closeOrder',
    auth: 'member',
    tag,
    summary: 'The player abandons a pending order (money that still arrives is credited).',
    request: z.strictObject({ orderNo }),
    response: ok,
  }),
  createSignalCode: endpoint({
    path: '/fd/api/v1/payment/createSignalCode',
    auth: 'member',
    tag,
    summary: 'A short code for the transfer note of a bank-transfer order, matching the money to the order.',
    request: z.strictObject({ orderNo }),
    response: z.object({ signalCode: z.string() }),
  }),
  customerInfo: endpoint({
    path: '/fd/api/v1/payment/getCustomerInfo',
    auth: 'member',
    tag,
    summary: 'Deposit support contact.',
    request: z.strictObject({}),
    response: z.object({ url: z.string(), hours: z.string() }),
  }),
  vCurrencyList: endpoint({
    path: '/fd/api/v1/vCurrency/list',
    auth: 'member',
    tag,
    summary: 'Virtual currencies with networks, confirmations and the CNY rate.',
    request: z.strictObject({}),
    response: z.array(
      z.object({ currency: z.string(), rate: z.string(), networks: z.array(z.object({ network: z.string(), confirmations: z.number() })) }),
    ),
  }),
};
