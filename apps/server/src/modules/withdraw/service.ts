import { BANK_NAMES, StatusCode, withdrawApi, type Locale } from '@portal/contract';
import { PAYOUT_MESSAGES, formatAmount, isBankCardNo, isUsdtAddress, normalizeCardNo, parseAmount, yuan } from '@portal/rules';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { BankCardTable, UsdtAddressTable, WithdrawOrderTable } from '../../db/schema.ts';
import type { MemberCaller } from '../user/caller.ts';
import { fail, invalid } from '../../lib/errors.ts';
import { randomId } from '../../lib/crypto.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { refuseWhileOwing } from '../../ledger/debt.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf, hold } from '../../ledger/ledger.ts';
import type { ProfileService } from '../user/profileService.ts';
import { USDT_RATE } from '../wallet/fx.ts';
import { cardRepository, withdrawRepository as repo } from './repository.ts';
import { turnoverRepository } from '../turnover/repository.ts';

/** Withdrawal limits per method (an operator setting; the console will edit it). */
export const WITHDRAW_CONFIG = {
  bank: { minFen: 10_000, maxFen: 5_000_000, dailyCount: 5, feeBp: 0 },
  usdt: { minFen: 10_000, maxFen: 20_000_000, dailyCount: 5, feeBp: 0 },
} as const;

/** Banks a card can be added for: code and name in `locale` (the catalogue's BANK_NAMES; a card's view names its bank the same way). */
export const banks = (locale: Locale = 'zh-CN') =>
  Object.entries(BANK_NAMES).map(([bankCode, names]) => ({ bankCode, bankName: names[locale] }));
const bankName = (code: string, locale: Locale = 'zh-CN'): string | undefined =>
  Object.entries(BANK_NAMES).find(([c]) => c === code)?.[1][locale];

type Order = z.input<typeof withdrawApi.create.response>;
/** What a withdrawal's idempotency key stores: the order's answer as created (a replay answers it). */
const storedOrder = withdrawApi.create.response;
const iso = (ms: number) => new Date(Number(ms)).toISOString();
const maskCard = (no: string) => `**** **** **** ${no.slice(-4)}`;
const startOfDay = (now: number) => {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

/** A bound card as the member sees it: its bank named in the request's language (a zh-TW page read 招商银行 before). */
export function cardView(c: BankCardTable, locale: Locale = 'zh-CN') {
  return {
    id: c.id,
    bankCode: c.bank_code,
    bankName: bankName(c.bank_code, locale) ?? c.bank_code,
    holderName: c.holder_name,
    cardNo: maskCard(c.card_no),
    createdAt: iso(c.created_at),
  };
}
const usdtView = (a: UsdtAddressTable) => ({ id: a.id, network: a.network, address: a.address, createdAt: iso(a.created_at) });
const orderView = (o: WithdrawOrderTable): Order => ({
  orderNo: o.order_no,
  method: o.method,
  amount: yuan(o.amount),
  fee: yuan(o.fee),
  status: o.status,
  target: o.target,
  createdAt: iso(o.created_at),
  remark: o.remark,
});

/**
 * Withdrawals: checks in order (amount limits, no debt owed, second password, payout target, daily count, turnover),
 * then the amount is held (locked) with the order in one transaction; the four-eyes review (review.ts) approves and
 * pays it out (the hold is posted to clearing) or rejects it (the hold is voided: the money returns).
 */
export class WithdrawService {
  constructor(
    private readonly db: Db,
    private readonly profile: ProfileService,
    /** Identity verification (modules/compliance/kyc.ts): a withdrawal above the brand's threshold needs it. */
    private readonly kyc?: { requireForWithdrawal(ctx: MemberCaller, amountFen: number): Promise<void> },
  ) {}

  async cards(memberId: string, locale: Locale = 'zh-CN') {
    return {
      cards: (await cardRepository.cards(this.db, memberId)).map((c) => cardView(c, locale)),
      usdt: (await cardRepository.usdt(this.db, memberId)).map(usdtView),
    };
  }

  async addCard(ctx: MemberCaller, input: { bankCode: string; cardNo: string; holderName: string; branch?: string | undefined }) {
    const m = await ctx.member.row();
    if (!m.phone) fail(StatusCode.UNBOUND_PHONE);
    if (!m.real_name) fail(StatusCode.BIND_REAL_NAME);
    if (!bankName(input.bankCode)) invalid(PAYOUT_MESSAGES.BANK_REQUIRED);
    const cardNo = normalizeCardNo(input.cardNo);
    if (!isBankCardNo(cardNo)) invalid(PAYOUT_MESSAGES.CARD_NO_INVALID);
    if (input.holderName.trim() !== m.real_name) fail(StatusCode.INVALID_PARAMETER, { key: 'CARD_HOLDER_MISMATCH' });
    const row: BankCardTable = {
      id: randomId(),
      member_id: m.id,
      bank_code: input.bankCode,
      card_no: cardNo,
      holder_name: m.real_name,
      branch: input.branch ?? null,
      created_at: Date.now(),
    };
    try {
      await cardRepository.addCard(this.db, row);
    } catch {
      fail(StatusCode.DATA_EXISTS, { key: 'BANK_CARD_EXISTS' });
    }
    return cardView(row, ctx.locale);
  }

  async addUsdt(ctx: MemberCaller, input: { network: 'TRC20' | 'ERC20'; address: string }) {
    if (!isUsdtAddress(input.network, input.address)) invalid(PAYOUT_MESSAGES.ADDRESS_INVALID);
    const row: UsdtAddressTable = {
      id: randomId(),
      member_id: ctx.member.id,
      network: input.network,
      address: input.address,
      created_at: Date.now(),
    };
    try {
      await cardRepository.addUsdt(this.db, row);
    } catch {
      fail(StatusCode.DATA_EXISTS, { key: 'USDT_ADDRESS_EXISTS' });
    }
    return usdtView(row);
  }

  config() {
    return (['bank', 'usdt'] as const).map((method) => {
      const c = WITHDRAW_CONFIG[method];
      return { method, min: yuan(c.minFen), max: yuan(c.maxFen), dailyCount: c.dailyCount, feeRate: (c.feeBp / 100).toString() };
    });
  }

  async info(ctx: MemberCaller) {
    const memberId = ctx.member.id;
    const t = await turnoverRepository.get(this.db, memberId);
    return {
      centerWalletBalance: yuan(await balanceOf(this.db, memberAccount(memberId, 'central'))),
      turnoverRequired: yuan(t.required),
      turnoverDone: yuan(t.done),
      turnoverRemaining: yuan(Math.max(0, t.required - t.done)),
      todayCount: await repo.countSince(this.db, memberId, startOfDay(Date.now())),
      dailyCount: WITHDRAW_CONFIG.bank.dailyCount,
      hasSecondPassword: !!(await ctx.member.row()).second_password_hash,
      cards: (await cardRepository.cards(this.db, memberId)).map((c) => cardView(c, ctx.locale)),
    };
  }

  async usdtInfo(ctx: MemberCaller) {
    const c = WITHDRAW_CONFIG.usdt;
    return {
      rate: USDT_RATE,
      addresses: (await cardRepository.usdt(this.db, ctx.member.id)).map(usdtView),
      min: yuan(c.minFen),
      max: yuan(c.maxFen),
    };
  }

  async orders(ctx: MemberCaller, pageNum = 1, pageSize = 20) {
    const r = await repo.page(this.db, ctx.member.id, pageNum, pageSize);
    return { total: r.total, list: r.list.map(orderView) };
  }

  async create(ctx: MemberCaller, input: { amount: string; method: 'bank' | 'usdt'; targetId: string; secondPassword: string }) {
    const m = await ctx.member.row();
    const c = WITHDRAW_CONFIG[input.method];
    const amount = parseAmount(input.amount);
    if (amount === null || amount < c.minFen || amount > c.maxFen)
      fail(StatusCode.INVALID_PARAMETER, {
        key: 'WITHDRAW_AMOUNT_RANGE',
        vars: { min: formatAmount(c.minFen), max: formatAmount(c.maxFen) },
      });
    await this.kyc?.requireForWithdrawal(ctx, amount);
    await refuseWhileOwing(this.db, m.id);
    if (!m.second_password_hash) fail(StatusCode.PASSWORD_CHECK_FAILURE, { key: 'SECOND_PASSWORD_NOT_SET' });
    await this.profile.checkOld(m.id, m.second_password_hash, input.secondPassword, 'SECOND_PASSWORD_WRONG');
    const target =
      input.method === 'bank'
        ? (await cardRepository.cards(this.db, m.id)).find((x) => x.id === input.targetId)
        : (await cardRepository.usdt(this.db, m.id)).find((x) => x.id === input.targetId);
    if (!target) fail(StatusCode.INVALID_PARAMETER, { key: input.method === 'bank' ? 'BANK_CARD_REQUIRED' : 'USDT_ADDRESS_REQUIRED' });
    const label = 'card_no' in target ? `${cardView(target).bankName} ${maskCard(target.card_no)}` : `${target.network} ${target.address}`;
    const placed = await moneyStep(
      this.db,
      async (tx, requestKey) => {
        const now = Date.now();
        if ((await repo.countSince(tx, m.id, startOfDay(now))) >= c.dailyCount)
          fail(StatusCode.INVALID_PARAMETER, { key: 'WITHDRAW_DAILY_LIMIT' });
        const t = await turnoverRepository.get(tx, m.id);
        if (t.done < t.required)
          fail(StatusCode.INVALID_PARAMETER, { key: 'WITHDRAW_TURNOVER', vars: { amount: formatAmount(t.required - t.done) } });
        const orderNo = `W${now}${randomId()
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 8)}`;
        const holdId = await hold(tx, { memberId: m.id, amount, currency: 'CNY', refType: 'withdraw', refId: orderNo, requestKey }, now);
        const row: WithdrawOrderTable = {
          order_no: orderNo,
          member_id: m.id,
          site_code: ctx.site.siteCode,
          method: input.method,
          target_id: input.targetId,
          target: label,
          amount,
          fee: Math.floor((amount * c.feeBp) / 10_000),
          status: 'pending',
          hold_id: holdId,
          remark: '',
          operator: null,
          created_at: now,
          updated_at: now,
          stage: 'pending',
          risk_locked_by: null,
          first_approver: null,
          second_approver: null,
          pay_locked_by: null,
          payout_state: null,
          payout_ref: null,
        };
        await repo.insert(tx, row);
        return orderView(row);
      },
      { scope: `withdraw:${m.id}`, key: ctx.requestKey, request: input, store: { after: (v) => v }, decode: storedOrder.parse },
    );
    return placed.fresh ? placed.value : placed.stored;
  }

  /** Orders still under review (the ops CLI's list; the console's queue is console/finance). */
  pending() {
    return repo.pending(this.db);
  }
}
