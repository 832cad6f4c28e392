import { describe, expect, it } from 'vitest';
import type { DepositOrderTable, WithdrawOrderTable } from '../../db/schema.ts';
import { REASON_MAX, fundsLetter } from './funds.ts';

const deposit = { order_no: 'D1', member_id: 'm1', site_code: 7001, amount: 123_456, fee: 1_234 } as DepositOrderTable;
const withdrawal = {
  order_no: 'W1',
  member_id: 'm1',
  site_code: 7000,
  amount: 50_000,
  fee: 0,
  target: 'TRC20 Tabc',
  remark: '',
} as WithdrawOrderTable;

describe('funds letter texts', () => {
  it('a deposit with a fee says what arrived; zh-TW brands read traditional characters; the id is fixed per order and event', () => {
    expect(fundsLetter({ kind: 'deposit_credited', order: deposit }, 'zh-TW')).toEqual({
      id: 'fd-deposit-D1',
      siteCode: 7001,
      memberId: 'm1',
      title: '存款到帳通知',
      content:
        '您的存款已到帳，金額 1,234.56 元，訂單號 D1。扣除手續費 12.34 元，實際到帳 1,222.22 元。款項已存入中心錢包，如有疑問，請聯繫在線客服。',
    });
    expect(fundsLetter({ kind: 'deposit_credited', order: deposit }, 'zh-CN').content).toBe(
      '您的存款已到账，金额 1,234.56 元，订单号 D1。扣除手续费 12.34 元，实际到账 1,222.22 元。款项已存入中心钱包，如有疑问，请联系在线客服。',
    );
    expect(fundsLetter({ kind: 'withdraw_paid', order: withdrawal }, 'zh-CN').id).toBe('fd-withdraw-paid-W1');
    expect(fundsLetter({ kind: 'withdraw_rejected', order: withdrawal }, 'zh-CN').id).toBe('fd-withdraw-rejected-W1');
  });

  it('a rejection without a reason says 审核未通过; a long one is cut to REASON_MAX characters', () => {
    expect(fundsLetter({ kind: 'withdraw_rejected', order: withdrawal }, 'zh-CN').content).toContain('原因：审核未通过。');
    expect(fundsLetter({ kind: 'withdraw_rejected', order: withdrawal }, 'zh-TW').content).toContain('原因：審核未通過。');
    const long = fundsLetter({ kind: 'withdraw_rejected', order: { ...withdrawal, remark: '长'.repeat(500) } }, 'zh-CN').content;
    expect(long).toContain(`原因：${'长'.repeat(REASON_MAX)}。`);
    expect(long).not.toContain('长'.repeat(REASON_MAX + 1));
  });
});
