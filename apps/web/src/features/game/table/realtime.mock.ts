/**
 * Test double of api/realtime.ts for the table pages: subscribeTables records its listeners and `pushTable` hands
 * them a state as the socket would — without the client's own version filter, so the page's handling of an older
 * push is what a test sees. `vi.mock('../../../api/realtime.ts', () => import('./realtime.mock.ts'))`.
 */
import type { TableStateWire } from '@portal/contract';
import type { PvpListener } from '../../../api/realtime.ts';

const listeners = new Set<{ codes: readonly string[]; onState: (s: TableStateWire) => void }>();
export const subscribed: string[][] = [];

export function subscribeTables(gameCodes: readonly string[], onState: (s: TableStateWire) => void): () => void {
  const l = { codes: [...gameCodes], onState };
  listeners.add(l);
  subscribed.push([...gameCodes]);
  return () => void listeners.delete(l);
}

export function pushTable(s: TableStateWire): void {
  for (const l of listeners) if (l.codes.includes(s.gameCode)) l.onState(s);
}

export function resetTablePushes(): void {
  listeners.clear();
  subscribed.length = 0;
}

export const subscribeSportEvents = () => () => undefined;
export const realtimeStatus = () => 'closed';
export const onRealtimeStatus = () => () => undefined;
export const subscribeMemberPushes = () => () => undefined;
export const reopenRealtime = () => undefined;

export { pushWallet, resyncWallet, subscribeWallet } from '../walletPush.mock.ts';

// ---- PvP card tables (issue 31): listeners recorded, `pushPvp` hands them a message as the socket would ----
export const pvpListeners = new Set<PvpListener>();
export const pvpSent: unknown[] = [];
export function subscribePvp(l: PvpListener): () => void {
  pvpListeners.add(l);
  return () => void pvpListeners.delete(l);
}
export function sendPvp(m: unknown): void {
  pvpSent.push(m);
}
