import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { HEADERS } from '@portal/contract';
import { useSession } from '../../stores/session.ts';
import { PageTitleContext } from '../../ui/layout/PageTitle.tsx';
import { SaveMoneyPage } from './DepositPage.tsx';
import { HuiwangWaitPage, TransferWaitPage, VirtualWaitPage } from './WaitPage.tsx';
import { BALANCE, fail, mockApi, ok, renderAt, withWalletTestSession } from './testKit.tsx';

const seen = withWalletTestSession();

export const CHANNELS = [
  {
    id: 'ew1',
    name: '电子钱包',
    type: 'ewallet',
    min: '100.00',
    max: '50000.00',
    presets: ['100.00', '500.00', '1000.00'],
    feeRate: '1.5',
    networks: [],
  },
  { id: 'us1', name: 'USDT', type: 'usdt', min: '200.00', max: '100000.00', presets: [], feeRate: '0', networks: ['TRC20', 'ERC20'] },
];
export const ORDER = {
  orderNo: 'D17000000001abc',
  status: 'pending',
  amount: '500.00',
  fee: '7.50',
  channelId: 'ew1',
  payUrl: '/sandbox/pay/D17000000001abc',
  expireAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  paidAt: null,
  network: null,
  address: null,
  usdtAmount: null,
  signalCode: null,
  activityId: null,
};
const amountBox = () => screen.getByRole('textbox', { name: '存款金额' }) as HTMLInputElement;
const submit = () => userEvent.click(screen.getByRole('button', { name: /立即存款/ }));

async function openDeposit(routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ 'payment/types': ok(CHANNELS), ...routes });
  renderAt(<SaveMoneyPage />, '/mine/savemoney');
  await screen.findByRole('radio', { name: /电子钱包/ });
  return calls;
}

describe('deposit form', () => {
  test('required, 2 decimals, min and max messages; limits shown', async () => {
    await openDeposit();
    expect(await screen.findByText('单笔限额 100 - 50,000 元')).toBeTruthy();
    await submit();
    expect(await screen.findByText('请输入存款金额')).toBeTruthy();
    await userEvent.type(amountBox(), '99.99');
    expect(await screen.findByText('单笔存款金额为100-50,000元')).toBeTruthy();
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '50000.01');
    expect(await screen.findByText('单笔存款金额为100-50,000元')).toBeTruthy();
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '1.005');
    expect(amountBox().value).toBe('1.00');
  });

  test('a preset fills the amount; fee and the uppercase amount follow', async () => {
    await openDeposit();
    await userEvent.click(screen.getByRole('button', { name: '¥ 500' }));
    expect(amountBox().value).toBe('500');
    expect((await screen.findByTestId('amount-upper')).textContent).toContain('伍佰元整');
    expect(screen.getByTestId('deposit-fee').textContent).toBe('¥ 7.50 (1.5%)');
  });

  test('submit creates the order with an Idempotency-Key, opens the pay page and goes to its wait page', async () => {
    const calls = await openDeposit({ 'payment/pay': ok(ORDER) });
    await userEvent.type(amountBox(), '500');
    await submit();
    await waitFor(() => expect(seen.assigned).toEqual([`/mine/rechargeWait?orderNo=${ORDER.orderNo}`]));
    const pay = calls.find((c) => c.path.endsWith('payment/pay'))!;
    expect(pay.body).toEqual({ channelId: 'ew1', amount: '500.00' });
    expect(pay.headers[HEADERS.IDEMPOTENCY_KEY]).toBeTruthy();
    expect(seen.opened).toEqual([`${window.location.origin}/sandbox/pay/${ORDER.orderNo}`]);
  });

  test('virtual currency sends its network; a failed order shows the server message and a retry reuses the key', async () => {
    const calls = await openDeposit({ 'payment/pay': fail(6007, '请选择网络') });
    await userEvent.click(screen.getByRole('radio', { name: /USDT/ }));
    await userEvent.click(screen.getByText('ERC20'));
    await userEvent.type(amountBox(), '300');
    await submit();
    expect(await screen.findByText('请选择网络')).toBeTruthy();
    await submit();
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('payment/pay'))).toHaveLength(2));
    const [a, b] = calls.filter((c) => c.path.endsWith('payment/pay'));
    expect(a!.body).toEqual({ channelId: 'us1', amount: '300.00', network: 'ERC20' });
    expect(a!.headers[HEADERS.IDEMPOTENCY_KEY]).toBe(b!.headers[HEADERS.IDEMPOTENCY_KEY]);
  });
});

describe('wait pages', () => {
  test('pending order with its live status; once paid: credited, and the header balance refreshes', async () => {
    let status = 'pending';
    mockApi({
      getDepositOrderStatus: () => ok({ ...ORDER, status, paidAt: status === 'paid' ? new Date().toISOString() : null }),
      getBalance: ok({ ...BALANCE, centerWalletBalance: '623.45' }),
    });
    renderAt(<HuiwangWaitPage />, `/mine/huiwangWait?orderNo=${ORDER.orderNo}`);
    expect((await screen.findByTestId('order-status')).textContent).toBe('待支付');
    expect(await screen.findByText('电子钱包支付确认中', { selector: 'h3' })).toBeTruthy();
    expect(screen.getByTestId('order-amount').textContent).toBe('¥ 500');
    await userEvent.click(screen.getByRole('button', { name: /前往支付/ }));
    expect(seen.opened).toEqual([`${window.location.origin}/sandbox/pay/${ORDER.orderNo}`]);
    status = 'paid';
    await userEvent.click(screen.getByRole('button', { name: /刷新状态/ }));
    expect(await screen.findByText('存款已到账')).toBeTruthy();
    expect(await screen.findByText('¥ 500 已存入中心钱包')).toBeTruthy();
    await waitFor(() => expect(useSession.getState().balanceFen).toBe(62_345));
  });

  test.each([
    ['pending', null],
    ['paid', '存款已到账'],
    ['failed', '支付失败'],
    ['closed', '订单已取消'],
    ['expired', '订单已过期'],
  ] as const)('the page title follows the order (%s): the route title 转账确认中 only while pending', async (status, title) => {
    mockApi({ getDepositOrderStatus: ok({ ...ORDER, status }) });
    const titles: (string | null)[] = [];
    renderAt(
      <PageTitleContext.Provider value={(t) => titles.push(t)}>
        <TransferWaitPage />
      </PageTitleContext.Provider>,
      `/mine/transferWait?orderNo=${ORDER.orderNo}`,
    );
    await screen.findByTestId('order-status');
    await waitFor(() => expect(titles.at(-1) ?? null).toBe(title));
  });

  test('bank transfer: the signal code for the transfer note', async () => {
    const calls = mockApi({ getDepositOrderStatus: ok(ORDER), createSignalCode: ok({ signalCode: 'A1B2C3' }) });
    renderAt(<TransferWaitPage />, `/mine/transferWait?orderNo=${ORDER.orderNo}`);
    await userEvent.click(await screen.findByRole('button', { name: /获取识别码/ }));
    expect((await screen.findByTestId('signal-code')).textContent).toContain('A1B2C3');
    expect(calls.find((c) => c.path.endsWith('createSignalCode'))!.body).toEqual({ orderNo: ORDER.orderNo });
  });

  test('virtual currency: network, address and the USDT amount', async () => {
    mockApi({ getDepositOrderStatus: ok({ ...ORDER, network: 'TRC20', address: `T${'A'.repeat(33)}`, usdtAmount: '69.444444' }) });
    renderAt(<VirtualWaitPage />, `/mine/virtualWait?orderNo=${ORDER.orderNo}`);
    expect(await screen.findByText(`T${'A'.repeat(33)}`)).toBeTruthy();
    expect(await screen.findByText('69.444444')).toBeTruthy();
  });

  test('closing asks first, then closes; an ended order offers a new deposit', async () => {
    let status = 'pending';
    const calls = mockApi({
      getDepositOrderStatus: () => ok({ ...ORDER, status }),
      closeOrder: () => {
        status = 'closed';
        return ok(null);
      },
    });
    renderAt(<HuiwangWaitPage />, `/mine/huiwangWait?orderNo=${ORDER.orderNo}`);
    await userEvent.click(await screen.findByRole('button', { name: /取消订单/ }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('订单已取消', { selector: '.ant-result-title' })).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('closeOrder'))!.body).toEqual({ orderNo: ORDER.orderNo });
  });

  test('without an order number: an honest empty state', async () => {
    mockApi({});
    renderAt(<HuiwangWaitPage />, '/mine/huiwangWait');
    expect(await screen.findByText('暂无待确认的订单')).toBeTruthy();
  });
});
