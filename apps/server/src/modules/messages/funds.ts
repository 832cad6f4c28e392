/**
 * Funds letters (spec §3 unread box `fd`): the member's personal letter when a deposit is credited, a
 * withdrawal is paid out, or a withdrawal is rejected. Written in the brand's language (letters keep one
 * text, like the seeded ones: 7000 zh-CN, 7001 zh-TW). Each has a fixed id per order and event, so a
 * retried event (duplicate payment callbacks are normal) sends it once.
 *
 * A withdrawal gets its letter when it ends — paid out or rejected — not at approval: an approved order
 * can still be rejected, and the member cares about the money leaving, which payout records.
 */
import type { Locale } from '@portal/contract';
import { formatAmount } from '@portal/rules';
import type { DepositOrderTable, WithdrawOrderTable } from '../../db/schema.ts';

export type FundsEvent =
  | { kind: 'deposit_credited'; order: DepositOrderTable }
  | { kind: 'withdraw_paid'; order: WithdrawOrderTable }
  | { kind: 'withdraw_rejected'; order: WithdrawOrderTable };

export interface SystemLetter {
  /** Fixed per event: the letter is sent once whatever the number of tries. */
  id: string;
  siteCode: number;
  memberId: string;
  title: string;
  content: string;
}

/** An operator's rejection reason as quoted in the letter: a free text, kept to a phone screen's worth. */
export const REASON_MAX = 200;

const yuanText = (fen: number) => `${formatAmount(fen)} 元`;
const reasonOf = (remark: string, fallback: string) =>
  [...(remark.trim().replace(/[。.!！]+$/, '') || fallback)].slice(0, REASON_MAX).join('');

type TextKey =
  | 'depositTitle'
  | 'deposit'
  | 'depositFee'
  | 'depositEnd'
  | 'paidTitle'
  | 'paid'
  | 'paidFee'
  | 'paidEnd'
  | 'rejectedTitle'
  | 'rejected'
  | 'noReason';

/** The letters' texts per language; {name} is filled in by `fill`. */
const TEXT: Record<Locale, Record<TextKey, string>> = {
  'zh-CN': {
    depositTitle: '存款到账通知',
    deposit: '您的存款已到账，金额 {amount}，订单号 {orderNo}。',
    depositFee: '扣除手续费 {fee}，实际到账 {net}。',
    depositEnd: '款项已存入中心钱包，如有疑问，请联系在线客服。',
    paidTitle: '取款成功通知',
    paid: '您的取款已出款，金额 {amount}，订单号 {orderNo}，收款账户 {target}。',
    paidFee: '手续费 {fee}，实际出款 {net}。',
    paidEnd: '到账时间以银行或钱包为准，如有疑问，请联系在线客服。',
    rejectedTitle: '取款未通过通知',
    rejected:
      '您的取款申请未通过审核，金额 {amount}，订单号 {orderNo}。原因：{reason}。冻结的 {amount}已退回中心钱包，如有疑问，请联系在线客服。',
    noReason: '审核未通过',
  },
  'zh-TW': {
    depositTitle: '存款到帳通知',
    deposit: '您的存款已到帳，金額 {amount}，訂單號 {orderNo}。',
    depositFee: '扣除手續費 {fee}，實際到帳 {net}。',
    depositEnd: '款項已存入中心錢包，如有疑問，請聯繫在線客服。',
    paidTitle: '取款成功通知',
    paid: '您的取款已出款，金額 {amount}，訂單號 {orderNo}，收款帳戶 {target}。',
    paidFee: '手續費 {fee}，實際出款 {net}。',
    paidEnd: '到帳時間以銀行或錢包為準，如有疑問，請聯繫在線客服。',
    rejectedTitle: '取款未通過通知',
    rejected:
      '您的取款申請未通過審核，金額 {amount}，訂單號 {orderNo}。原因：{reason}。凍結的 {amount}已退回中心錢包，如有疑問，請聯繫在線客服。',
    noReason: '審核未通過',
  },
};

const fill = (template: string, v: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_m, k: string) => v[k] ?? '');

/** The letter of a funds event, in `lang`. */
export function fundsLetter(e: FundsEvent, lang: Locale): SystemLetter {
  const t = TEXT[lang];
  const o = e.order;
  const amount = Number(o.amount);
  const fee = Number(o.fee);
  const v = { amount: yuanText(amount), orderNo: o.order_no, fee: yuanText(fee), net: yuanText(amount - fee) };
  const base = { siteCode: o.site_code, memberId: o.member_id };
  switch (e.kind) {
    case 'deposit_credited':
      return {
        ...base,
        id: `fd-deposit-${o.order_no}`,
        title: t.depositTitle,
        content: fill(t.deposit, v) + (fee > 0 ? fill(t.depositFee, v) : '') + t.depositEnd,
      };
    case 'withdraw_paid':
      return {
        ...base,
        id: `fd-withdraw-paid-${o.order_no}`,
        title: t.paidTitle,
        content: fill(t.paid, { ...v, target: e.order.target }) + (fee > 0 ? fill(t.paidFee, v) : '') + t.paidEnd,
      };
    case 'withdraw_rejected':
      return {
        ...base,
        id: `fd-withdraw-rejected-${o.order_no}`,
        title: t.rejectedTitle,
        content: fill(t.rejected, { ...v, reason: reasonOf(e.order.remark, t.noReason) }),
      };
  }
}
