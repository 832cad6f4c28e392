/** The sport page's balance stays true: after 转入 in the venue-entry dialog, and after a bet. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { MemberWalletPush } from '@portal/contract';
import { DialogRoot } from '../../shell/DialogRoot.tsx';
import { useSession } from '../../stores/session.ts';
import { BALANCE_REFRESH_MS } from './hooks.ts';
import { LocalSportPage } from './LocalSportPage.tsx';
import { LAUNCH, game, resourceRoute, setupSportPageTests } from './testKit.tsx';
import { ALL_BALANCE, mockApi, ok, renderAt, transferResult } from '../wallet/testKit.tsx';

const wallet = vi.hoisted(() => ({ listeners: new Set<(p: MemberWalletPush) => void>() }));
vi.mock('../../api/realtime.ts', () => ({
  subscribeSportEvents: () => () => undefined,
  realtimeStatus: () => 'closed',
  onRealtimeStatus: () => () => undefined,
  subscribeWallet: (onWallet: (p: MemberWalletPush) => void) => {
    wallet.listeners.add(onWallet);
    return () => wallet.listeners.delete(onWallet);
  },
}));

setupSportPageTests();

const VENUE = { channelCode: 'CRTY', name: '皇冠体育', category: 'TY', balance: '0.00', status: 'active' };

describe('the sportsbook balance', () => {
  test('after 转入 through the venue-entry dialog the page and the slip show the new balance (no reload)', async () => {
    vi.spyOn(useSession.getState(), 'loadBalance').mockResolvedValue();
    let sport = '0.00';
    mockApi({
      launch: ok(LAUNCH),
      resource: resourceRoute([game(1)], { balance: () => ({ channelCode: 'CRTY', balance: sport }) }),
      'venue/allBalance': ok(ALL_BALANCE),
      'venue/balance': () => ok({ ...VENUE, balance: sport }),
      'transfer/utcTransfer': () => {
        sport = '100.00';
        return ok(transferResult('23.45', '100.00'));
      },
    });
    renderAt(
      <>
        <LocalSportPage />
        <DialogRoot />
      </>,
      '/game/sport/crty',
      '/game/sport/:enName',
    );
    await screen.findByTestId('game-g1');
    await waitFor(() => expect(screen.getByTestId('sport-balance').textContent).toBe('¥ 0.00'));
    await userEvent.click(screen.getByTestId('odd-g1-1X2:H')); // a selection on the slip, as in the issue
    await userEvent.click(screen.getByTestId('sport-balance').parentElement!.nextElementSibling as HTMLElement);
    const dialog = await screen.findByTestId('venue-entry');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '转入金额' }), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: /立即转入/ }));
    expect(await screen.findByText('转账成功')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('sport-balance').textContent).toBe('¥ 100.00'));
  });

  test('a settlement pushed on the member channel shows its new balance at once, with no request; an older version is ignored', async () => {
    let asked = 0;
    mockApi({
      launch: ok(LAUNCH),
      resource: resourceRoute([game(1)], {
        balance: () => {
          asked++;
          return { channelCode: 'CRTY', balance: '500.00' };
        },
      }),
    });
    renderAt(<LocalSportPage />, '/game/sport/crty', '/game/sport/:enName');
    await screen.findByTestId('game-g1');
    await waitFor(() => expect(screen.getByTestId('sport-balance').textContent).toBe('¥ 500.00'));
    await waitFor(() => expect(wallet.listeners.size).toBeGreaterThan(0));
    const before = asked;
    const push = (version: number, balance: string) => {
      for (const l of wallet.listeners) l({ channelCode: 'CRTY', balance, version, result: null });
    };
    push(7, '690.00');
    await waitFor(() => expect(screen.getByTestId('sport-balance').textContent).toBe('¥ 690.00'));
    push(6, '1.00'); // delivered late: older than what the page has
    push(7, '2.00'); // the same version again
    push(5, '3.00');
    await waitFor(() => expect(screen.getByTestId('sport-balance').textContent).toBe('¥ 690.00'));
    push(9, '10.00');
    await waitFor(() => expect(screen.getByTestId('sport-balance').textContent).toBe('¥ 10.00'));
    expect(asked).toBe(before);
  });

  test('a settlement made by the server shows up without a reload: the balance is asked again every BALANCE_REFRESH_MS', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let sport = '500.00';
      mockApi({
        launch: ok(LAUNCH),
        resource: resourceRoute([game(1)], { balance: () => ({ channelCode: 'CRTY', balance: sport }) }),
      });
      renderAt(<LocalSportPage />, '/game/sport/crty', '/game/sport/:enName');
      await screen.findByTestId('game-g1');
      await waitFor(() => expect(screen.getByTestId('sport-balance').textContent).toBe('¥ 500.00'));
      sport = '690.00'; // a winning bet settled on the server
      await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_MS + 100);
      await waitFor(() => expect(screen.getByTestId('sport-balance').textContent).toBe('¥ 690.00'));
    } finally {
      vi.useRealTimers();
    }
  });
});
