/**
 * The house lottery venue's resource calls (contract api/tables.ts): every call carries the venue envelope with
 * the token of the draw's session (features/game/sessions.ts — stored by the lobby's launch, or launched here when
 * the page was opened without one), exactly as the slot page does (slot/api.ts: slotToken, the 6302 dialog).
 * The public lobby (tableLobby, no session) feeds the category page's draw cards.
 */
import { tablesApi } from '@portal/contract';
import type { TableLobbyEntryWire } from '@portal/contract';
import { call } from '../../../api/client.ts';
import { tableCall, type BetSpot } from '../table/api.ts';

export const LOTTERY_KEY = 'lottery';
/** The house lottery venue's launch name. */
export const LOTTERY_VENUE = 'crcp';
/** The draws of the house lottery (gameCode → the game's kind). */
export const LOTTERY_GAMES = { K3: 'k3', D5: 'digit5', RC10: 'race10' } as const;
export type LotteryCode = keyof typeof LOTTERY_GAMES;
export type LotteryKind = (typeof LOTTERY_GAMES)[LotteryCode];
export const isLotteryCode = (c: string): c is LotteryCode => Object.hasOwn(LOTTERY_GAMES, c);

/** One stake on one bet type (yuan string, 2 decimals). */
export type SpotWire = BetSpot;

/**
 * One table method with the envelope filled in; 6302 marks the session broken (the page's re-enter dialog). The draws
 * are tables of the lottery venue: the same methods (table/api.ts), chases included.
 */
export const lotteryCall = tableCall;

/** The public list of draws (category CP): name, current round, last draws. Guests may call it. */
export async function lotteryLobby(): Promise<TableLobbyEntryWire[]> {
  const r = await call(tablesApi.tableLobby, { category: 'CP' });
  return r.list;
}
