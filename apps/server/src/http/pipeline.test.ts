import { describe, expect, it } from 'vitest';
import { siteApi, walletApi } from '@portal/contract';
import { memberRoute } from './pipeline.ts';

describe('memberRoute', () => {
  it('pairs only with an endpoint that requires login: a MemberContext handler is never handed a guest', () => {
    expect(
      memberRoute(walletApi.getBalance, async () => ({ centerWalletBalance: '0.00', lockMoney: '0.00', currency: 'CNY' })).endpoint,
    ).toBe(walletApi.getBalance);
    expect(() => memberRoute(siteApi.preInfo, async () => ({}) as never)).toThrow(/does not require login/);
  });
});
