import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { HEADERS } from '@portal/contract';
import { md5 } from '../../api/md5.ts';
import { TakeMoneyPage } from './WithdrawPage.tsx';
import { BALANCE, fail, mockApi, ok, renderAt, withWalletTestSession } from './testKit.tsx';

withWalletTestSession();

const CARD = {
  id: 'c1',
  bankCode: 'ICBC',
  bankName: '中国工商银行',
  holderName: '张三',
  cardNo: '**** **** **** 3344',
  createdAt: '2026-01-02T00:00:00Z',
};
const INFO = {
  centerWalletBalance: '1000.00',
  turnoverRequired: '300.00',
  turnoverDone: '300.00',
  turnoverRemaining: '0.00',
  todayCount: 1,
  dailyCount: 5,
  hasSecondPassword: true,
  cards: [CARD],
};
const CFG = [
  { method: 'bank', min: '100.00', max: '50000.00', dailyCount: 5, feeRate: '0' },
  { method: 'usdt', min: '100.00', max: '200000.00', dailyCount: 5, feeRate: '0' },
];
const ORDER = {
  orderNo: 'W1700000000abcd',
  method: 'bank',
  amount: '200.00',
  fee: '0.00',
  status: 'pending',
  target: '中国工商银行 **** 3344',
  createdAt: '2026-01-03T00:00:00Z',
  remark: '',
};
const amountBox = () => screen.getByRole('textbox', { name: '取款金额' }) as HTMLInputElement;
const submit = () => userEvent.click(screen.getByRole('button', { name: /立即取款/ }));

async function open(info: Partial<typeof INFO> = {}, routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    withdrawInfo: ok({ ...INFO, ...info }),
    'baseCfg/list': ok(CFG),
    usdtWithdrawInfo: ok({ rate: '7.20', addresses: [], min: '100.00', max: '200000.00' }),
    withdrawOrderInfo: ok({ total: 0, list: [] }),
    getBalance: ok(BALANCE),
    ...routes,
  });
  renderAt(<TakeMoneyPage />, '/mine/takemoney');
  await screen.findByTestId('withdraw-balance');
  return calls;
}

describe('withdraw preconditions', () => {
  test('balance, turnover and the count left today are shown', async () => {
    await open();
    expect(screen.getByTestId('withdraw-balance').textContent).toBe('¥ 1,000');
    expect(screen.getByTestId('turnover').textContent).toBe('已完成 300 / 需完成 300，剩余 0');
    expect(screen.getByTestId('withdraw-count').textContent).toBe('4 / 5 次');
  });

  test('turnover still required: what remains is shown and the form is closed', async () => {
    await open({ turnoverDone: '120.50', turnoverRemaining: '179.50' });
    expect(await screen.findByText('还需完成有效投注 179.50 元才能取款')).toBeTruthy();
    expect((screen.getByRole('button', { name: /立即取款/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('no second password, no card, daily count used: each says so', async () => {
    await open({ hasSecondPassword: false, cards: [], todayCount: 5 });
    expect(await screen.findByText('请先设置取款密码')).toBeTruthy();
    expect(await screen.findByText('您还没有绑定银行卡')).toBeTruthy();
    expect(await screen.findByText('今日取款次数已达上限')).toBeTruthy();
    await userEvent.click(screen.getByText('虚拟币 USDT'));
    expect(await screen.findByText('您还没有绑定 USDT 地址')).toBeTruthy();
  });
});

describe('withdraw form', () => {
  test('amount rules: required, min/max, not above the balance; second password required', async () => {
    await open();
    await submit();
    expect(await screen.findByText('请输入取款金额')).toBeTruthy();
    expect(await screen.findByText('请输入取款密码')).toBeTruthy();
    await userEvent.type(amountBox(), '99');
    expect(await screen.findByText('单笔取款金额为100-50,000元')).toBeTruthy();
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '1000.01');
    expect(await screen.findByText('取款金额不能超过可用余额')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /全部/ }));
    expect(amountBox().value).toBe('1000.00');
  });

  test('confirm shows the uppercase amount; wrong second password (6100) shows the server message', async () => {
    const calls = await open({}, { 'withdraw/new': fail(6100, '取款密码错误') });
    await userEvent.type(amountBox(), '200.5');
    await userEvent.type(screen.getByLabelText('取款密码'), 'Abc12345');
    await submit();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-upper').textContent).toBe('贰佰元伍角');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('取款密码错误')).toBeTruthy();
    const call = calls.find((c) => c.path.endsWith('withdraw/new'))!;
    expect(call.body).toEqual({ amount: '200.50', method: 'bank', targetId: 'c1', secondPassword: md5('Abc12345') });
    expect(call.headers[HEADERS.IDEMPOTENCY_KEY]).toBeTruthy();
  });

  test('success: the funds are held, the order is listed', async () => {
    let created = false;
    await open(
      {},
      {
        'withdraw/new': () => {
          created = true;
          return ok(ORDER);
        },
        withdrawOrderInfo: () => ok({ total: created ? 1 : 0, list: created ? [ORDER] : [] }),
      },
    );
    await userEvent.type(amountBox(), '200');
    await userEvent.type(screen.getByLabelText('取款密码'), 'Abc12345');
    await submit();
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('取款申请已提交')).toBeTruthy();
    expect(await screen.findByText(`¥ 200 已冻结，审核通过后将转入您的账户（订单号 ${ORDER.orderNo}）`)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('审核中')).toBeTruthy());
  });
});
