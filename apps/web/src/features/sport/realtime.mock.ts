/** Test double of api/realtime.ts for the sport pages: never connected (the pages poll), no pushes. `vi.mock('../../api/realtime.ts', () => import('./realtime.mock.ts'))`. */
export const subscribeSportEvents = () => () => undefined;
export const realtimeStatus = () => 'closed';
export const onRealtimeStatus = () => () => undefined;
export const subscribeTables = () => () => undefined;
export const subscribeWallet = () => () => undefined;
