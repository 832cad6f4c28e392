/** Fishing's calls (contract api/fishing.ts): halls and seeds public, the rest the seated member's. */
import { fishingApi, type FishHallWire, type FishJoinAnswerWire, type FishRoomStateWire, type FishShotAnswerWire } from '@portal/contract';
import { call } from '../../api/client.ts';

export const FISH_VENUE = 'crby';

export const fishHalls = (): Promise<FishHallWire[]> => call(fishingApi.fishHalls, {}).then((r) => r.list);
export const fishJoin = (hall: string): Promise<FishJoinAnswerWire> => call(fishingApi.fishJoin, { hall });
export const fishState = (roomId: string, since: number, fishFrom?: number): Promise<FishRoomStateWire> =>
  call(fishingApi.fishState, { roomId, since, ...(fishFrom === undefined ? {} : { fishFrom }) });
/** One shot; `key` is its idempotency key (a resend after a lost answer reuses it). */
export const fishShoot = (roomId: string, fishId: string, level: number, angle: number, key: string): Promise<FishShotAnswerWire> =>
  call(fishingApi.fishShoot, { roomId, fishId, level, angle }, { idempotencyKey: key });
export const fishLeave = (roomId: string) => call(fishingApi.fishLeave, { roomId });
