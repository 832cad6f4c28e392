import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { md5Hex } from './common.ts';
import { moneyString } from './wallet.ts';

const tag = 'Withdraw';

export const bankCard = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  holderName: z.string(),
  /** Masked: only the last 4 digits are shown. */
  cardNo: z.string(),
  createdAt: z.string(),
});

export const usdtAddress = z.object({ id: z.string(), network: z.string(), address: z.string(), createdAt: z.string() });

export const withdrawOrder = z.object({
  orderNo: z.string(),
  method: z.enum(['bank', 'usdt']),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(['pending', 'approved', 'paid', 'rejected']),
  target: z.string(),
  createdAt: z.string(),
  remark: z.string(),
});

export const withdrawApi = {
  banks: endpoint({
    path: '/fd/api/v1/bankCard/withdraw/add/list',
    method: 'GET',
    auth: 'member',
    tag,
    summary: 'Banks a card can be added for.',
    request: z.strictObject({}),
    response: z.array(z.object({ bankCode: z.string(), bankName: z.string() })),
  }),
  memberCards: endpoint({
    path: '/fd/api/v1/bankCard/queryMemberBanksInfoList',
    method: 'GET',
    auth: 'member',
    tag,
    summary: "The member's bank cards and USDT addresses.",
    request: z.strictObject({}),
    response: z.object({ cards: z.array(bankCard), usdt: z.array(usdtAddress) }),
  }),
  addCard: endpoint({
    path: '/fd/api/v1/bankCard/add',
    auth: 'member',
    tag,
    summary: 'Add a bank card (needs a bound phone and real name; the holder must be the real name).',
    request: z.strictObject({
      bankCode: z.string().max(16),
      cardNo: z.string().max(32),
      holderName: z.string().max(64),
      branch: z.string().max(64).optional(),
    }),
    response: bankCard,
  }),
  addUsdt: endpoint({
    path: '/fd/api/v1/bankCard/addUsdt',
    auth: 'member',
    tag,
    summary: 'Add a USDT withdrawal address (TRC20 or ERC20).',
    request: z.strictObject({ network: z.enum(['TRC20', 'ERC20']), address: z.string().max(64) }),
    response: usdtAddress,
  }),
  baseCfg: endpoint({
    path: '/fd/api/v1/withdraw/baseCfg/list',
    auth: 'member',
    tag,
    summary: 'Withdrawal limits per method: min, max, daily count, fee.',
    request: z.strictObject({}),
    response: z.array(
      z.object({ method: z.enum(['bank', 'usdt']), min: z.string(), max: z.string(), dailyCount: z.number(), feeRate: z.string() }),
    ),
  }),
  info: endpoint({
    path: '/fd/api/v1/withdraw/withdrawInfo',
    auth: 'member',
    tag,
    summary: 'What the member can withdraw now: balance, turnover still required, withdrawals left today, second password set.',
    request: z.strictObject({}),
    response: z.object({
      centerWalletBalance: z.string(),
      turnoverRequired: z.string(),
      turnoverDone: z.string(),
      turnoverRemaining: z.string(),
      todayCount: z.number(),
      dailyCount: z.number(),
      hasSecondPassword: z.boolean(),
      cards: z.array(bankCard),
    }),
  }),
  usdtInfo: endpoint({
    path: '/fd/api/v1/withdraw/usdtWithdrawInfo',
    auth: 'member',
    tag,
    summary: 'USDT withdrawal: rate, addresses, limits.',
    request: z.strictObject({}),
    response: z.object({ rate: z.string(), addresses: z.array(usdtAddress), min: z.string(), max: z.string() }),
  }),
  orderInfo: endpoint({
    path: '/fd/api/v1/withdraw/withdrawOrderInfo',
    auth: 'member',
    tag,
    summary: "The member's withdrawal orders, newest first.",
    request: z.strictObject({
      pageNum: z.number().int().min(1).max(10_000).optional(),
      pageSize: z.number().int().min(1).max(100).optional(),
    }),
    response: z.object({ total: z.number(), list: z.array(withdrawOrder) }),
  }),
  create: endpoint({
    path: '/fd/api/v1/withdraw/new',
    auth: 'member',
    tag,
    idempotent: true,
    summary:
      'Request a withdrawal: second password (6100), a card or USDT address, limits, daily count and turnover; funds are locked while pending.',
    request: z.strictObject({
      amount: moneyString,
      method: z.enum(['bank', 'usdt']),
      targetId: z.string().max(64),
      secondPassword: md5Hex,
    }),
    response: withdrawOrder,
  }),
};
