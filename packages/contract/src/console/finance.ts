/**
 * Finance: the four-eyes withdrawal review, deposit orders, member statements from the ledger,
 * house accounts and the ledger check. Money in fen, times epoch ms, members by username.
 */
import { z } from 'zod';
import { pageFields, pageOf, siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

const tag = 'Console finance';

/** The review's stages: 待审核 → 风控审核中 → (待复审) → 已通过 → 出款处理中 → 已出款 | 已拒绝. */
export const WITHDRAW_STAGES = ['pending', 'risk_review', 'second_review', 'approved', 'paying', 'paid', 'rejected'] as const;
export type WithdrawStageName = (typeof WITHDRAW_STAGES)[number];
export const WITHDRAW_STAGE_NAMES: Readonly<Record<WithdrawStageName, string>> = {
  pending: '待审核',
  risk_review: '风控审核中',
  second_review: '待复审',
  approved: '已通过',
  paying: '出款处理中',
  paid: '已出款',
  rejected: '已拒绝',
};
/** What the review screen flags about the member behind a withdrawal (names as the console shows them). */
export const RISK_HINTS = [
  'turnover_short',
  'no_deposit',
  'above_deposits',
  'new_account',
  'shared_device',
  'shared_ip',
  'disabled',
] as const;
export type RiskHint = (typeof RISK_HINTS)[number];
export const RISK_HINT_NAMES: Readonly<Record<RiskHint, string>> = {
  turnover_short: '流水未达标',
  no_deposit: '无存款记录',
  above_deposits: '提款金额超过累计存款',
  new_account: '注册未满24小时',
  shared_device: '存在同设备账号',
  shared_ip: '存在同IP账号',
  disabled: '会员已停用',
};
export const DEPOSIT_STATES = ['pending', 'paid', 'failed', 'closed', 'expired'] as const;
export const DEPOSIT_STATE_NAMES: Readonly<Record<(typeof DEPOSIT_STATES)[number], string>> = {
  pending: '待支付',
  paid: '已到账',
  failed: '支付失败',
  closed: '已关闭',
  expired: '已过期',
};

const orderNo = z.string().trim().min(1).max(64);
const username = z.string().trim().min(1).max(32);
const reason = z.string().trim().min(1).max(200);
const time = z.number().int().min(0);
const range = { from: time.optional(), to: time.optional() };

export const withdrawItem = z.object({
  orderNo: z.string(),
  siteCode: z.number(),
  username: z.string(),
  amount: z.number(),
  fee: z.number(),
  method: z.string(),
  target: z.string(),
  stage: z.enum(WITHDRAW_STAGES),
  /** The member's own view of the order (pending / approved / paid / rejected). */
  status: z.string(),
  riskLockedBy: z.string().nullable(),
  firstApprover: z.string().nullable(),
  secondApprover: z.string().nullable(),
  payLockedBy: z.string().nullable(),
  /** null: not sent; 'unknown': sent without an answer (reconcile); 'failed': definitely not sent; 'paid'. */
  payoutState: z.string().nullable(),
  payoutRef: z.string().nullable(),
  /** Above the brand's threshold: two different approvers needed. */
  needsSecondApproval: z.boolean(),
  remark: z.string(),
  operator: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type WithdrawItem = z.infer<typeof withdrawItem>;

export const memberFinance = z.object({
  username: z.string(),
  siteCode: z.number(),
  realName: z.string().nullable(),
  status: z.string(),
  registeredAt: z.number(),
  /** Central wallet and funds held for pending withdrawals / bets. */
  balance: z.number(),
  locked: z.number(),
  turnoverRequired: z.number(),
  turnoverDone: z.number(),
  depositTotal: z.number(),
  withdrawTotal: z.number(),
  /** Risk hints: other accounts that logged in from one of this member's last devices / addresses. */
  sameDeviceAccounts: z.number(),
  sameIpAccounts: z.number(),
  hints: z.array(z.enum(RISK_HINTS)),
});

const withdrawStep = (path: string, permission: 'withdraw.risk' | 'withdraw.pay', summary: string) =>
  consoleEndpoint({ path, permission, tag, summary, request: z.strictObject({ orderNo }), response: withdrawItem });
const withdrawReject = (path: string, permission: 'withdraw.risk' | 'withdraw.pay', summary: string) =>
  consoleEndpoint({ path, permission, tag, summary, request: z.strictObject({ orderNo, reason }), response: withdrawItem });

export const depositItem = z.object({
  orderNo: z.string(),
  siteCode: z.number(),
  username: z.string(),
  channelId: z.string(),
  /** The channel's name as the cashier shows it. */
  channelName: z.string(),
  provider: z.string(),
  amount: z.number(),
  fee: z.number(),
  currency: z.string(),
  status: z.enum(DEPOSIT_STATES),
  createdAt: z.number(),
  expiresAt: z.number(),
  paidAt: z.number().nullable(),
  checkedAt: z.number().nullable(),
});

export const statementLine = z.object({
  postingId: z.number(),
  journalId: z.string(),
  kind: z.string(),
  refType: z.string(),
  refId: z.string(),
  /** The member account the line moved: central / venue / locked / bonus (and its venue or currency). */
  account: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  createdAt: z.number(),
});

export const ledgerAccount = z.object({
  accountId: z.string(),
  kind: z.string(),
  ref: z.string(),
  currency: z.string(),
  balance: z.number(),
});

export const consoleFinanceApi = {
  withdrawList: consoleEndpoint({
    path: 'finance/withdraw/list',
    permission: 'withdraw.read',
    tag,
    summary: 'The withdrawal review queue: by stage, brand, order number, username and date, oldest first while open.',
    request: z.strictObject({
      ...pageFields,
      siteCode: siteCode.optional(),
      stage: z.enum(WITHDRAW_STAGES).optional(),
      orderNo: orderNo.optional(),
      username: username.optional(),
      ...range,
    }),
    response: pageOf(withdrawItem).extend({ counts: z.record(z.string(), z.number()) }),
  }),
  withdrawDetail: consoleEndpoint({
    path: 'finance/withdraw/detail',
    permission: 'withdraw.read',
    tag,
    summary: 'One withdrawal with the member: balance, turnover progress, totals and risk hints; the brand threshold.',
    request: z.strictObject({ orderNo }),
    response: z.object({ order: withdrawItem, member: memberFinance, thresholdFen: z.number() }),
  }),
  withdrawLock: withdrawStep('finance/withdraw/lock', 'withdraw.risk', 'Risk: take a pending withdrawal for review (风控审核中).'),
  withdrawApprove: withdrawStep(
    'finance/withdraw/approve',
    'withdraw.risk',
    'Risk: approve the order one holds; above the threshold it waits for a second, different approver (待复审), who approves here too.',
  ),
  withdrawRiskReject: withdrawReject('finance/withdraw/riskReject', 'withdraw.risk', 'Risk: refuse with a reason; the held funds return.'),
  withdrawPayLock: withdrawStep(
    'finance/withdraw/payLock',
    'withdraw.pay',
    'Finance: take an approved withdrawal for payout (出款处理中); none of its approvers may.',
  ),
  withdrawPay: withdrawStep(
    'finance/withdraw/pay',
    'withdraw.pay',
    'Finance: send the payout. Paid → 已出款; no answer → stays 出款处理中 (payout unknown) until reconciled; failed → pay again or reject.',
  ),
  withdrawReconcile: withdrawStep(
    'finance/withdraw/reconcile',
    'withdraw.pay',
    'Finance: ask the payout provider again about a payout whose outcome is unknown.',
  ),
  withdrawPayReject: withdrawReject(
    'finance/withdraw/payReject',
    'withdraw.pay',
    'Finance: refuse an approved order (not sent, or definitely failed) with a reason; the held funds return.',
  ),

  depositList: consoleEndpoint({
    path: 'finance/deposit/list',
    permission: 'deposit.read',
    tag,
    summary: 'Deposit orders by order number, username, state, channel and date range, newest first.',
    request: z.strictObject({
      ...pageFields,
      siteCode: siteCode.optional(),
      orderNo: orderNo.optional(),
      username: username.optional(),
      status: z.enum(DEPOSIT_STATES).optional(),
      channelId: z.string().trim().min(1).max(32).optional(),
      ...range,
    }),
    response: pageOf(depositItem),
  }),
  depositDetail: consoleEndpoint({
    path: 'finance/deposit/detail',
    permission: 'deposit.read',
    tag,
    summary: 'One deposit order and every provider notification or query answer recorded for it.',
    request: z.strictObject({ orderNo }),
    response: z.object({
      order: depositItem,
      notifications: z.array(
        z.object({ event: z.string(), amount: z.number(), outcome: z.string(), via: z.string(), receivedAt: z.number() }),
      ),
    }),
  }),
  depositReconcile: consoleEndpoint({
    path: 'finance/deposit/reconcile',
    permission: 'deposit.reconcile',
    tag,
    summary: "Ask the order's payment provider now (the deposit reconciler's query) and credit a payment once; the reason is audited.",
    request: z.strictObject({ orderNo, reason }),
    response: z.object({ outcome: z.enum(['credited', 'duplicate', 'ignored', 'failed', 'unknown']), order: depositItem }),
  }),

  statement: consoleEndpoint({
    path: 'finance/ledger/statement',
    permission: 'ledger.read',
    tag,
    summary: "A member's statement from the ledger: every posting on their accounts with its running balance, newest first.",
    request: z.strictObject({ ...pageFields, siteCode: siteCode.optional(), username, ...range }),
    response: pageOf(statementLine).extend({
      member: z.object({ username: z.string(), siteCode: z.number() }),
      accounts: z.array(ledgerAccount),
    }),
  }),
  houseAccounts: consoleEndpoint({
    path: 'finance/ledger/house',
    permission: 'ledger.read',
    tag,
    summary: 'The house accounts and their balances (deployment-wide: staff of every brand only).',
    request: z.strictObject({}),
    response: z.object({ list: z.array(ledgerAccount), memberTotal: z.number() }),
  }),
  verify: consoleEndpoint({
    path: 'finance/ledger/verify',
    permission: 'ledger.read',
    tag,
    summary: 'Run ledger:verify now and show its problems (deployment-wide: staff of every brand only).',
    request: z.strictObject({}),
    response: z.object({ checkedAt: z.number(), ms: z.number(), problems: z.array(z.object({ check: z.string(), detail: z.string() })) }),
  }),
};
