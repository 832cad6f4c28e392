/** Where a deposit order is paid and followed. */
import type { RouteName } from '../../routes/paths.ts';
import { openExternal } from '../../routes/nav.ts';

export type ChannelType = 'bank' | 'ewallet' | 'usdt';

/** The wait page of a channel type: bank transfer, e-wallet (recharge), virtual currency. */
export function waitRouteOf(type: ChannelType): RouteName {
  return type === 'bank' ? 'transferWait' : type === 'usdt' ? 'virtualWait' : 'rechargeWait';
}

/** The provider's pay page in a new tab (a relative payUrl is on this origin). */
export function openPayPage(payUrl: string): void {
  if (!payUrl) return;
  openExternal(new URL(payUrl, window.location.origin).href);
}
