/**
 * Test double of api/realtime.ts for the lottery pages: subscribeTables records its listeners, pushTable delivers
 * a state to those that asked for its table. `vi.mock('../../../api/realtime.ts', () => import('./realtime.mock.ts'))`.
 */
import type { MemberWalletPush, TableStateWire } from '@portal/contract';

type Listener = { codes: readonly string[]; onState: (s: TableStateWire) => void };
const listeners = new Set<Listener>();

export function subscribeTables(gameCodes: readonly string[], onState: (s: TableStateWire) => void): () => void {
  const l = { codes: [...gameCodes], onState };
  listeners.add(l);
  return () => void listeners.delete(l);
}

/** Pushes a table's state to its subscribers; answers how many got it. */
export function pushTable(s: TableStateWire): number {
  let n = 0;
  for (const l of [...listeners])
    if (l.codes.includes(s.gameCode)) {
      l.onState(s);
      n++;
    }
  return n;
}

export const tableSubscribers = () => [...listeners].flatMap((l) => l.codes);
export const resetRealtimeMock = () => listeners.clear();

export const subscribeSportEvents = () => () => undefined;
export const subscribeMemberPushes = () => () => undefined;
export const realtimeStatus = () => 'closed';
export const onRealtimeStatus = () => () => undefined;
export const reopenRealtime = () => undefined;

const wallets = new Set<{ onWallet: (p: MemberWalletPush) => void; onResync?: (() => void) | undefined }>();

/** The member's wallet pushes (30002), recorded; `pushWallet` delivers one, `resyncWallet` says the socket came back. */
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
