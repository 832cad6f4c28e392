import { act, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { HEADERS } from '@portal/contract';
import { bus } from '../app/events.ts';
import { useSession } from '../stores/session.ts';
import { Wrap, type Recorded } from '../test/authTestUtils.tsx';
import { ALL_BALANCE, fail, mockApi, ok, transferResult, withWalletTestSession } from '../features/wallet/testKit.tsx';
import { DialogRoot } from './DialogRoot.tsx';

withWalletTestSession();

const VENUE = { channelCode: 'SBZR', name: '沙盒真人', category: 'ZR', balance: '1200.00', status: 'active' };
const MESSAGE = '您参与的场馆活动流水未达标，暂不能转出';

async function openDialog(
  routes: Parameters<typeof mockApi>[0] = {},
  payload: Partial<Parameters<typeof bus.emit<'show_venue_entry'>>[1]> = {},
) {
  const calls = mockApi({ 'venue/allBalance': ok(ALL_BALANCE), 'venue/balance': ok(VENUE), ...routes });
  render(
    <Wrap>
      <DialogRoot />
    </Wrap>,
  );
  act(() => bus.emit('show_venue_entry', { message: MESSAGE, channelCode: 'SBZR', ...payload }));
  const dialog = await screen.findByTestId('venue-entry');
  await waitFor(() => expect(within(dialog).getByTestId('venue-entry-central').textContent).toBe('¥ 123.45'));
  return { calls, dialog };
}

const amountBox = () => screen.getByRole('textbox', { name: '转入金额' }) as HTMLInputElement;
const transferButton = () => screen.getByRole('button', { name: /立即转入/ });
const transfers = (calls: Recorded[]) => calls.filter((c) => c.path.endsWith('transfer/utcTransfer'));

describe('venue-entry dialog (spec §2, §4, §8 venue-activity code)', () => {
  test('shows the server message, the central wallet and the venue balance', async () => {
    const { dialog } = await openDialog();
    expect(await screen.findByText('进入场馆')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGE);
    await waitFor(() => expect(within(dialog).getByTestId('venue-entry-venue').textContent).toBe('¥ 1,200'));
    expect(within(dialog).getByText('沙盒真人余额')).toBeTruthy();
  });

  test('amount rules: required 请输入转入金额, 2 decimals kept, 全部 fills the central balance; nothing sent when invalid', async () => {
    const { calls } = await openDialog();
    await userEvent.click(transferButton());
    expect(await screen.findByText('请输入转入金额')).toBeTruthy();
    await userEvent.type(amountBox(), '0');
    await userEvent.click(transferButton());
    expect(await screen.findByText('请输入正确的金额')).toBeTruthy();
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '12.345');
    expect(amountBox().value).toBe('12.34');
    await userEvent.click(screen.getByRole('button', { name: '全部' }));
    expect(amountBox().value).toBe('123.45');
    expect(transfers(calls)).toHaveLength(0);
  });

  test('transfer in: ty 1 with an Idempotency-Key, 转账成功, balances and the header balance refresh', async () => {
    let central = '123.45';
    const loadBalance = vi.spyOn(useSession.getState(), 'loadBalance').mockResolvedValue();
    const { calls } = await openDialog({
      'venue/allBalance': () => ok({ ...ALL_BALANCE, centerWalletBalance: central }),
      'transfer/utcTransfer': () => {
        central = '23.45';
        return ok(transferResult('23.45', '1300.00'));
      },
    });
    await userEvent.type(amountBox(), '100');
    await userEvent.click(transferButton());
    expect(await screen.findByText('转账成功')).toBeTruthy();
    const [sent] = transfers(calls);
    expect(sent!.body).toEqual({ channelCode: 'SBZR', amount: '100.00', ty: 1 });
    expect(sent!.headers[HEADERS.IDEMPOTENCY_KEY]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('venue-entry-central').textContent).toBe('¥ 23.45'));
    expect(amountBox().value).toBe('');
    expect(loadBalance).toHaveBeenCalled();
  });

  test('failure shows the server message; the retry of the same transfer reuses its key', async () => {
    const { calls } = await openDialog({ 'transfer/utcTransfer': fail(6012, '场馆活动流水未达标，暂不能转出') });
    await userEvent.type(amountBox(), '50.5');
    await userEvent.click(transferButton());
    expect(await screen.findByText('场馆活动流水未达标，暂不能转出')).toBeTruthy();
    await userEvent.click(transferButton());
    await waitFor(() => expect(transfers(calls)).toHaveLength(2));
    const [a, b] = transfers(calls);
    expect(a!.body.amount).toBe('50.50');
    expect(b!.headers[HEADERS.IDEMPOTENCY_KEY]).toBe(a!.headers[HEADERS.IDEMPOTENCY_KEY]);
    expect(screen.queryByText('转账成功')).toBeNull();
  });

  test('进入游戏 emits enter_venue with the channel, calls onEnter and closes', async () => {
    const entered = vi.fn();
    const onEnter = vi.fn();
    const off = bus.on('enter_venue', entered);
    await openDialog({}, { onEnter });
    await userEvent.click(screen.getByRole('button', { name: /进入游戏/ }));
    expect(entered).toHaveBeenCalledWith({ channelCode: 'SBZR' });
    expect(onEnter).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByTestId('venue-entry')).toBeNull());
    off();
  });

  test('without a channel: message and central balance only, no transfer form', async () => {
    const { dialog } = await openDialog({}, { channelCode: undefined });
    expect(within(dialog).queryByTestId('venue-entry-venue')).toBeNull();
    expect(screen.queryByRole('textbox', { name: '转入金额' })).toBeNull();
  });

  test('anonymous: the login-required prompt 请先登录账号，才能了解更多 instead of the dialog', async () => {
    useSession.setState({ token: null, user: null });
    mockApi({});
    render(
      <Wrap>
        <DialogRoot />
      </Wrap>,
    );
    act(() => bus.emit('show_venue_entry', { message: MESSAGE, channelCode: 'SBZR' }));
    expect(await screen.findByText('请先登录账号，才能了解更多')).toBeTruthy();
    expect(screen.queryByTestId('venue-entry')).toBeNull();
  });
});
