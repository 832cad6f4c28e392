/** Live rooms' calls (contract api/live.ts): the list, a room's match detail, history pages, the block list, gifts. */
import { useQuery } from '@tanstack/react-query';
import { liveApi, type ChatHistoryPage, type LiveGiftWire, type LiveRoomWire } from '@portal/contract';
import { call, currentLang } from '../../api/client.ts';

export const hotLive = (): Promise<LiveRoomWire[]> => call(liveApi.hotLive, {}, { retry: true }).then((r) => r.list);
export const matchDetail = (roomId: string) => call(liveApi.matchDetail, { roomId }, { retry: true });
export const olderHistory = (roomId: string, cursor: number): Promise<ChatHistoryPage> =>
  call(liveApi.history, { roomId, cursor }, { retry: true });
export const blockMember = (memberId: string, on: boolean) => call(liveApi.block, { memberId, on });
export const giftList = (): Promise<LiveGiftWire[]> => call(liveApi.gifts, {}, { retry: true }).then((r) => r.list);
/** One gift send; `key` is its idempotency key (a resend after a lost answer reuses it). */
export const sendGift = (roomId: string, giftCode: string, count: number, key: string) =>
  call(liveApi.sendGift, { roomId, giftCode, count }, { idempotencyKey: key });

/** Open rooms of the brand, busiest first; refreshed every 30 s (online counts). */
export const useHotLive = () => useQuery({ queryKey: ['live', 'hot'], queryFn: hotLive, refetchInterval: 30_000 });
export const useGifts = () => useQuery({ queryKey: ['live', 'gifts', currentLang()], queryFn: giftList, staleTime: 60_000 });
export const useMatchDetail = (roomId: string) =>
  useQuery({ queryKey: ['live', 'detail', roomId], queryFn: () => matchDetail(roomId), refetchInterval: 15_000 });
