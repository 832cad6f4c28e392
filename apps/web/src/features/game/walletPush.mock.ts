/**
 * Test double of api/realtime.ts's member wallet pushes (30002), shared by the game pages' realtime mocks: subscribeWallet
 * records its listeners, `pushWallet` delivers one as the socket would, `resyncWallet` says the socket came back.
 */
import type { MemberWalletPush } from '@portal/contract';

const wallets = new Set<{ onWallet: (p: MemberWalletPush) => void; onResync?: (() => void) | undefined }>();

export function subscribeWallet(onWallet: (p: MemberWalletPush) => void, onResync?: () => void): () => void {
  const l = { onWallet, onResync };
  wallets.add(l);
  return () => void wallets.delete(l);
}

export function pushWallet(p: MemberWalletPush): void {
  for (const l of wallets) l.onWallet(p);
}

export function resyncWallet(): void {
  for (const l of wallets) l.onResync?.();
}
