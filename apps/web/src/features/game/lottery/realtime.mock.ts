/**
 * Test double of api/realtime.ts for the lottery pages: subscribeTables records its listeners, pushTable delivers
 * a state to those that asked for its table. `vi.mock('../../../api/realtime.ts', () => import('./realtime.mock.ts'))`.
 */
import type { TableStateWire } from '@portal/contract';

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

export { pushWallet, resyncWallet, subscribeWallet } from '../walletPush.mock.ts';
