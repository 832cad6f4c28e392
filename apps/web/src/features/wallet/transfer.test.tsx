import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { HEADERS } from '@portal/contract';
import { useSession } from '../../stores/session.ts';
import { TransferMoneyPage } from './TransferPage.tsx';
import { ALL_BALANCE, BALANCE, fail, mockApi, ok, renderAt, transferResult, withWalletTestSession } from './testKit.tsx';

withWalletTestSession();

const amountBox = () => screen.getByRole('textbox', { name: '转账金额' }) as HTMLInputElement;
const submit = () => userEvent.click(screen.getByRole('button', { name: /立即转账/ }));

async function open(routes: Parameters<typeof mockApi>[0] = {}, path = '/mine/transfermoney') {
  const calls = mockApi({ 'venue/allBalance': ok(ALL_BALANCE), getBalance: ok(BALANCE), ...routes });
  renderAt(<TransferMoneyPage />, path);
  await screen.findByRole('radio', { name: /沙盒真人/ });
  return calls;
}

describe('transfer amount rules (spec §5)', () => {
  test('empty → 请输入转入金额; nothing is sent', async () => {
    const calls = await open();
    await submit();
    expect(await screen.findByText('请输入转入金额')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('utcTransfer'))).toBe(false);
  });

  test('at most 2 decimals and 12 characters are kept while typing', async () => {
    await open();
    await userEvent.type(amountBox(), '12.345');
    expect(amountBox().value).toBe('12.34');
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '12345678901234');
    expect(amountBox().value.length).toBe(12);
  });

  test("'all' fills the whole central balance; the uppercase amount follows", async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: /全部/ }));
    expect(amountBox().value).toBe('123.45');
    expect((await screen.findByTestId('amount-upper')).textContent).toContain('壹佰贰拾叁元肆角伍分');
  });

  test('more than the central balance → 中心钱包余额不足; out of a venue the venue balance is the limit', async () => {
    await open();
    await userEvent.type(amountBox(), '123.46');
    await submit();
    expect(await screen.findByText('中心钱包余额不足')).toBeTruthy();
    await userEvent.click(screen.getByText('转出到中心钱包'));
    await userEvent.click(screen.getByRole('button', { name: /全部/ }));
    expect(amountBox().value).toBe('1200.00');
  });
});

describe('transfer call', () => {
  test('success: 转账成功, the body (2 decimals, ty 1), an Idempotency-Key, then the header balance refreshes', async () => {
    const calls = await open({
      utcTransfer: ok(transferResult('23.45', '1300.00')),
      getBalance: ok({ ...BALANCE, centerWalletBalance: '23.45' }),
    });
    await userEvent.type(amountBox(), '100');
    expect(screen.getByTestId('amount-upper').textContent).toContain('壹佰元整');
    await submit();
    expect(await screen.findByText('转账成功')).toBeTruthy();
    const call = calls.find((c) => c.path.endsWith('utcTransfer'))!;
    expect(call.body).toEqual({ channelCode: 'SBZR', amount: '100.00', ty: 1 });
    expect(call.headers[HEADERS.IDEMPOTENCY_KEY]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(useSession.getState().balanceFen).toBe(2345));
  });

  test('failure shows the server message; a retry of the same transfer reuses its key, another amount gets a new one', async () => {
    const calls = await open({ utcTransfer: fail(6007, '场馆余额不足，请刷新后重试') });
    await userEvent.click(screen.getByRole('radio', { name: /沙盒棋牌/ }));
    await userEvent.click(screen.getByText('转出到中心钱包'));
    await userEvent.type(amountBox(), '0.5');
    await submit();
    expect(await screen.findByText('场馆余额不足')).toBeTruthy(); // client check: the venue holds 0
    await userEvent.click(screen.getByRole('radio', { name: /沙盒真人/ }));
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '5');
    await submit();
    expect(await screen.findByText('场馆余额不足，请刷新后重试')).toBeTruthy();
    await submit();
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('utcTransfer'))).toHaveLength(2));
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '6');
    await submit();
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('utcTransfer'))).toHaveLength(3));
    const [a, b, c] = calls.filter((x) => x.path.endsWith('utcTransfer'));
    expect(a!.body).toEqual({ channelCode: 'SBZR', amount: '5.00', ty: 2 });
    expect(a!.headers[HEADERS.IDEMPOTENCY_KEY]).toBe(b!.headers[HEADERS.IDEMPOTENCY_KEY]);
    expect(c!.headers[HEADERS.IDEMPOTENCY_KEY]).not.toBe(a!.headers[HEADERS.IDEMPOTENCY_KEY]);
  });

  test('?channel= preselects the venue; a venue under maintenance cannot be picked', async () => {
    await open({}, '/mine/transfermoney?channel=SBQP');
    expect(screen.getByRole('radio', { name: /沙盒棋牌/ }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('radio', { name: /沙盒电子/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
