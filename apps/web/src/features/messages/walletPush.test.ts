/** The header's central wallet follows the server's wallet pushes (30002, channel ''): newer versions only, no request. */
import { expect, test, vi } from 'vitest';
import type { MemberWalletPush } from '@portal/contract';
import { useSession } from '../../stores/session.ts';
import { watchCentralWallet } from './unread.ts';

const wallets = vi.hoisted(() => new Set<{ onWallet: (p: MemberWalletPush) => void; onResync?: (() => void) | undefined }>());
vi.mock('../../api/realtime.ts', () => ({
  subscribeWallet: (onWallet: (p: MemberWalletPush) => void, onResync?: () => void) => {
    const l = { onWallet, onResync };
    wallets.add(l);
    return () => void wallets.delete(l);
  },
}));

test('a pushed central-wallet change (a seamless game) sets the header balance; older versions and venue wallets do not', async () => {
  useSession.setState({ balanceFen: 110_000 });
  const load = vi.spyOn(useSession.getState(), 'loadBalance').mockResolvedValue();
  const stop = watchCentralWallet();
  await vi.waitFor(() => expect(wallets.size).toBe(1));
  const push = (version: number, balance: string, channelCode = '') => {
    for (const l of wallets) l.onWallet({ channelCode, balance, version, result: null });
  };
  push(5, '1098.00');
  expect(useSession.getState().balanceFen).toBe(109_800);
  push(4, '1100.00'); // late: older than what the header has
  push(9, '5.00', 'CRDZ'); // a venue wallet, not the header's
  expect(useSession.getState().balanceFen).toBe(109_800);
  push(6, '1090.50');
  expect(useSession.getState().balanceFen).toBe(109_050);
  // A reconnect: pushes may have been missed, the balance is read again.
  for (const l of wallets) l.onResync?.();
  expect(load).toHaveBeenCalledTimes(1);
  stop();
  expect(wallets.size).toBe(0);
});
