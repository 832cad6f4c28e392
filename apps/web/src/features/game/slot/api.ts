/**
 * The house slot venue's resource calls (contract api/slots.ts): every call carries the venue envelope with the
 * token of the game's session (features/game/sessions.ts — stored by the lobby's launch, or launched here when
 * the page was opened without one). A 6302 answer marks the page's session broken: the page shows the
 * non-closable '数据异常，请重新进入游戏' dialog and re-enters (forget the session, launch again).
 */
import { type PublicSeedsWire, type SlotInfoWire, type SlotRoundWire, type SlotSpinWire } from '@portal/contract';
import { langx, reenterVenue, resetVenueCallsForTests, useVenueBroken, venueCall, venueToken } from '../venueCall.ts';

export const SLOT_KEY = 'slot';

/** The page's venue session answered 6302 (re-enter): shared by every house venue page (venueCall.ts). */
export const useSlotBroken = useVenueBroken;
export const slotToken = venueToken;
export const reenterSlot = reenterVenue;
export { langx };

export interface SlotMethods {
  slotInfo: { req: { gameCode: string }; res: SlotInfoWire };
  spin: { req: { gameCode: string; bet: string; idempotencyKey: string }; res: SlotSpinWire };
  rounds: { req: { gameCode?: string; pageNum?: number; pageSize?: number }; res: { total: number; list: SlotRoundWire[] } };
  round: { req: { roundId: string }; res: SlotRoundWire };
  ack: { req: { roundId: string }; res: unknown };
  seeds: { req: Record<string, never>; res: PublicSeedsWire };
  clientSeed: { req: { clientSeed: string }; res: unknown };
  rotateSeed: { req: Record<string, never>; res: PublicSeedsWire };
}

/** One slot method with the envelope filled in; 6302 marks the session broken and forgets it. */
export function slotCall<M extends keyof SlotMethods>(
  enName: string,
  gameCode: string,
  method: M,
  fields: SlotMethods[M]['req'],
): Promise<SlotMethods[M]['res']> {
  return venueCall<SlotMethods, M>(enName, gameCode, method, fields);
}

export function resetSlotApiForTests(): void {
  resetVenueCallsForTests();
}
