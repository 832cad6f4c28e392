/** The deposit page's bonuses: listed, chosen, sent with the order; unavailable ones say why. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { i18n } from '../../app/i18n.ts';
import { SaveMoneyPage } from './DepositPage.tsx';
import { bonusFen } from './DepositBonus.tsx';
import { mockApi, ok, renderAt, withWalletTestSession } from './testKit.tsx';

const seen = withWalletTestSession();

const CHANNEL = { id: 'bank', name: '银行转账', type: 'bank', min: '100.00', max: '50000.00', presets: [], feeRate: '0', networks: [] };
const FIRST = {
  activityId: 'first-deposit-7000',
  type: 'first_deposit',
  title: '新会员首存加赠100%',
  rate: '100%',
  maxBonus: '888.00',
  minDeposit: '100.00',
  multiple: 10,
  joined: false,
  available: true,
  reason: '',
};
const AGAIN = {
  ...FIRST,
  activityId: 're-deposit-7000',
  type: 're_deposit',
  title: '每日再存送15%',
  rate: '15%',
  maxBonus: '1888.00',
  multiple: 5,
  available: false,
  reason: '再存优惠适用于首次存款之后的存款',
};
const ORDER = {
  orderNo: 'D1700000000bonus',
  status: 'pending',
  amount: '1000.00',
  channelId: 'bank',
  payUrl: '/sandbox/pay/D1700000000bonus',
};
const amountBox = () => screen.getByRole('textbox', { name: '存款金额' });

async function open(list: unknown[]) {
  const calls = mockApi({ 'payment/types': ok([CHANNEL]), querySiteDepositRewardConfigList: ok(list), 'payment/pay': ok(ORDER) });
  renderAt(<SaveMoneyPage />, '/mine/savemoney');
  await screen.findByTestId('deposit-bonus');
  return calls;
}
const payBody = (calls: Array<{ path: string; body: unknown }>) => calls.find((c) => c.path.endsWith('payment/pay'))?.body;

describe('deposit bonuses', () => {
  test('a new member sees the first-deposit bonus, opts in, sees the expected bonus, and the order carries it', async () => {
    const calls = await open([FIRST, AGAIN]);
    const none = screen.getByRole('radio', { name: '不参与优惠' });
    expect(none.getAttribute('aria-checked')).toBe('true');
    const first = screen.getByRole('radio', { name: /新会员首存加赠100%/ });
    expect(first.textContent).toContain('赠送 100%，最高 ¥ 888，单笔满 ¥ 100，10 倍流水');
    // Not available yet: disabled, with the server's reason.
    const again = screen.getByRole('radio', { name: /每日再存送15%/ });
    expect((again as HTMLButtonElement).disabled).toBe(true);
    expect(again.textContent).toContain('再存优惠适用于首次存款之后的存款');
    await userEvent.click(first);
    await userEvent.type(amountBox(), '500');
    expect((await screen.findByTestId('deposit-bonus-note')).textContent).toBe(
      '本次存款到账后预计赠送 ¥ 500（需完成 10 倍流水后方可取款）',
    );
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '2000');
    await waitFor(() => expect(screen.getByTestId('deposit-bonus-note').textContent).toContain('预计赠送 ¥ 888'));
    await userEvent.click(screen.getByRole('button', { name: /立即存款/ }));
    await waitFor(() => expect(seen.assigned).toEqual([`/mine/transferWait?orderNo=${ORDER.orderNo}`]));
    expect(payBody(calls)).toEqual({ channelId: 'bank', amount: '2000.00', activityId: 'first-deposit-7000' });
  });

  test('no bonus chosen: the order carries none', async () => {
    const calls = await open([FIRST]);
    await userEvent.type(amountBox(), '300');
    await userEvent.click(screen.getByRole('button', { name: /立即存款/ }));
    await waitFor(() => expect(payBody(calls)).toEqual({ channelId: 'bank', amount: '300.00' }));
  });

  test('a joined bonus is chosen already and "no bonus" is not offered (the deposit pays it anyway)', async () => {
    const calls = await open([{ ...FIRST, joined: true }]);
    expect(screen.queryByRole('radio', { name: '不参与优惠' })).toBeNull();
    expect(screen.getByRole('radio', { name: /新会员首存加赠100%/ }).textContent).toContain('已报名');
    await userEvent.type(amountBox(), '300');
    await userEvent.click(screen.getByRole('button', { name: /立即存款/ }));
    await waitFor(() => expect(payBody(calls)).toEqual({ channelId: 'bank', amount: '300.00', activityId: 'first-deposit-7000' }));
  });

  test('zh-TW texts', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      await open([FIRST]);
      expect(screen.getByRole('radio', { name: '不參與優惠' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: /首存/ }).textContent).toContain('贈送 100%，最高 ¥ 888，單筆滿 ¥ 100，10 倍流水');
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  test('a failed bonus list: no bonus section, the deposit still works', async () => {
    const calls = mockApi({ 'payment/types': ok([CHANNEL]), 'payment/pay': ok(ORDER) });
    renderAt(<SaveMoneyPage />, '/mine/savemoney');
    await userEvent.type(await screen.findByRole('textbox', { name: '存款金额' }), '300');
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('querySiteDepositRewardConfigList'))).toBe(true));
    expect(screen.queryByTestId('deposit-bonus')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /立即存款/ }));
    await waitFor(() => expect(payBody(calls)).toEqual({ channelId: 'bank', amount: '300.00' }));
  });

  test('the expected bonus: rate × amount floored, capped; nothing below the minimum', () => {
    expect(bonusFen(FIRST as never, 50_000)).toBe(50_000);
    expect(bonusFen(FIRST as never, 200_000)).toBe(88_800);
    expect(bonusFen(FIRST as never, 9_999)).toBe(0);
    expect(bonusFen({ ...AGAIN, rate: '12.5%' } as never, 10_001)).toBe(1_250);
  });
});
