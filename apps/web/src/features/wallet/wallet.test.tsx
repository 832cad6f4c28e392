import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { HEADERS } from '@portal/contract';
import { useSession } from '../../stores/session.ts';
import { WalletPage } from './WalletPage.tsx';
import { MEMBER } from '../../test/authTestUtils.tsx';
import { ALL_BALANCE, BALANCE, mockApi, ok, renderAt, withWalletTestSession } from './testKit.tsx';

const seen = withWalletTestSession();

function open(routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ 'venue/allBalance': ok(ALL_BALANCE), getBalance: ok(BALANCE), ...routes });
  renderAt(<WalletPage />, '/mine/wallet');
  return calls;
}

describe('wallet page', () => {
  test('total, central, locked and venue balances in zh-CN format with trailing .00 dropped', async () => {
    open();
    await waitFor(() => expect(screen.getByTestId('wallet-total').textContent).toBe('¥ 1,323.45'));
    expect(screen.getByTestId('wallet-center').textContent).toBe('¥ 123.45');
    await waitFor(() => expect(screen.getByTestId('wallet-locked').textContent).toBe('¥ 200'));
    expect(screen.getByTestId('wallet-venues').textContent).toBe('¥ 1,200');
    expect(within(screen.getByTestId('venue-SBZR')).getByText('¥ 1,200')).toBeTruthy();
    expect(within(screen.getByTestId('venue-SBDZ')).getByText('维护中')).toBeTruthy();
  });

  test('hide-no-balance hides empty venues and is stored as 1 / 0', async () => {
    open();
    await screen.findByTestId('venue-SBQP');
    await userEvent.click(screen.getByText('隐藏无余额场馆'));
    expect(screen.queryByTestId('venue-SBQP')).toBeNull();
    expect(screen.getByTestId('venue-SBZR')).toBeTruthy();
    expect(localStorage.getItem('hideNoBalance')).toBe('1');
    await userEvent.click(screen.getByText('隐藏无余额场馆'));
    expect(await screen.findByTestId('venue-SBQP')).toBeTruthy();
    expect(localStorage.getItem('hideNoBalance')).toBe('0');
  });

  test('a stored hide flag applies on open', async () => {
    localStorage.setItem('hideNoBalance', '1');
    open();
    await screen.findByTestId('venue-SBZR');
    expect(screen.queryByTestId('venue-SBQP')).toBeNull();
  });

  test('recycle all: idempotent call, the amount recovered, every figure and the header balance refresh', async () => {
    let recycled = false;
    const calls = open({
      'venue/recycle': () => {
        recycled = true;
        return ok({ recovered: '1200.00', centerWalletBalance: '1323.45', failed: [] });
      },
      getBalance: () => ok({ ...BALANCE, centerWalletBalance: recycled ? '1323.45' : '123.45' }),
    });
    await screen.findByTestId('venue-SBZR');
    await userEvent.click(screen.getByRole('button', { name: /一键回收/ }));
    expect(await screen.findByText('已回收 ¥ 1,200 至中心钱包')).toBeTruthy();
    const call = calls.find((c) => c.path.endsWith('venue/recycle'))!;
    expect(call.headers[HEADERS.IDEMPOTENCY_KEY]).toBeTruthy();
    await waitFor(() => expect(useSession.getState().balanceFen).toBe(132_345));
    expect(calls.filter((c) => c.path.endsWith('venue/allBalance')).length).toBeGreaterThan(1);
  });

  test('recycle with venues that did not answer says which', async () => {
    open({ 'venue/recycle': ok({ recovered: '0.00', centerWalletBalance: '123.45', failed: ['SBZR'] }) });
    await screen.findByTestId('venue-SBZR');
    await userEvent.click(screen.getByRole('button', { name: /一键回收/ }));
    expect(await screen.findByText('已回收 ¥ 0，以下场馆暂未回收：SBZR')).toBeTruthy();
  });

  test('auto-transfer switch shows the stored state and sets it', async () => {
    const calls = open({ 'status/setAutoTransferStatus': ok(null) });
    const sw = await screen.findByRole('switch', { name: '自动转账' });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(sw);
    expect(await screen.findByText('自动转账已开启')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('setAutoTransferStatus'))!.body).toEqual({ status: 1 });
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('true'));
  });

  test('one venue refreshes on its own; its transfer link opens the transfer page for it', async () => {
    const calls = open({ 'venue/balance': ok({ ...ALL_BALANCE.list[0], balance: '1250.50' }) });
    await screen.findByTestId('venue-SBZR');
    await userEvent.click(screen.getByRole('button', { name: '刷新沙盒真人余额' }));
    expect(await within(screen.getByTestId('venue-SBZR')).findByText('¥ 1,250.50')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('venue/balance'))!.body).toEqual({ channelCode: 'SBZR' });
    await userEvent.click(within(screen.getByTestId('venue-SBZR')).getByRole('button', { name: /转账/ }));
    expect(seen.assigned).toContain('/mine/transfermoney?channel=SBZR');
  });
});

describe('header balance', () => {
  test('loading the member (start, every route change, the refresh button) loads the central balance too', async () => {
    mockApi({ 'member/info': ok(MEMBER), getBalance: ok({ ...BALANCE, centerWalletBalance: '88.80' }) });
    useSession.setState({ balanceFen: null });
    await useSession.getState().loadUser();
    await waitFor(() => expect(useSession.getState().balanceFen).toBe(8880));
  });
});
