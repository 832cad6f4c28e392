/**
 * The house slot venue's resource calls (contract api/slots.ts): every call carries the venue envelope with the
 * token of the game's session (features/game/sessions.ts — stored by the lobby's launch, or launched here when
 * the page was opened without one). A 6302 answer marks the page's session broken: the page shows the
 * non-closable '数据异常，请重新进入游戏' dialog and re-enters (forget the session, launch again).
 */
import type { ResourceAnswer, ResourceFields, SlotResourceMethod } from '@portal/contract';
import { langx, reenterVenue, resetVenueCallsForTests, useVenueBroken, venueCall, venueToken } from '../venueCall.ts';

export const SLOT_KEY = 'slot';

/** The page's venue session answered 6302 (re-enter): shared by every house venue page (venueCall.ts). */
export const useSlotBroken = useVenueBroken;
export const slotToken = venueToken;
export const reenterSlot = reenterVenue;
export { langx };

/** One slot method with the envelope filled in (fields and answer typed by the contract); 6302 marks the session broken. */
export function slotCall<M extends SlotResourceMethod>(
  enName: string,
  gameCode: string,
  method: M,
  fields: ResourceFields[M],
): Promise<ResourceAnswer<M>> {
  return venueCall(enName, gameCode, method, fields);
}

export function resetSlotApiForTests(): void {
  resetVenueCallsForTests();
}
