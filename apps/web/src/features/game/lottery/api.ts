/**
 * The house lottery venue's resource calls (contract api/tables.ts): every call carries the venue envelope with
 * the token of the draw's session (features/game/sessions.ts — stored by the lobby's launch, or launched here when
 * the page was opened without one), exactly as the slot page does (slot/api.ts: slotToken, the 6302 dialog).
 * The public lobby (tableLobby, no session) feeds the category page's draw cards.
 */
import { StatusCode, sportApi, tablesApi } from '@portal/contract';
import type {
  ChaseWire,
  TableBetAnswerWire,
  TableBetWire,
  TableHistoryEntryWire,
  TableInfoWire,
  TableLobbyEntryWire,
} from '@portal/contract';
import { call } from '../../../api/client.ts';
import { ApiError } from '../../../api/errors.ts';
import { forgetSession } from '../sessions.ts';
import { langx, slotToken, useSlotBroken } from '../slot/api.ts';

export const LOTTERY_KEY = 'lottery';
/** The house lottery venue's launch name. */
export const LOTTERY_VENUE = 'crcp';
/** The draws of the house lottery (gameCode → the game's kind). */
export const LOTTERY_GAMES = { K3: 'k3', D5: 'digit5', RC10: 'race10' } as const;
export type LotteryCode = keyof typeof LOTTERY_GAMES;
export type LotteryKind = (typeof LOTTERY_GAMES)[LotteryCode];
export const isLotteryCode = (c: string): c is LotteryCode => Object.hasOwn(LOTTERY_GAMES, c);

/** One stake on one bet type (yuan string, 2 decimals). */
export interface SpotWire {
  type: string;
  amount: string;
}

export interface LotteryMethods {
  tableInfo: { req: { gameCode: string }; res: TableInfoWire };
  tableBet: { req: { gameCode: string; seq: number; bets: SpotWire[]; idempotencyKey: string }; res: TableBetAnswerWire };
  tableCancel: { req: { gameCode: string; seq: number; idempotencyKey: string }; res: TableBetAnswerWire };
  tableHistory: { req: { gameCode: string; pageNum?: number; pageSize?: number }; res: { total: number; list: TableHistoryEntryWire[] } };
  tableBets: { req: { gameCode?: string; pageNum?: number; pageSize?: number }; res: { total: number; list: TableBetWire[] } };
  lotteryChase: {
    req: { gameCode: string; seq: number; bets: SpotWire[]; draws: number; stopOnWin: boolean; idempotencyKey: string };
    res: ChaseWire & { balance: string };
  };
  chaseCancel: { req: { chaseId: string }; res: ChaseWire };
  chases: { req: { gameCode?: string }; res: { list: ChaseWire[] } };
}

type ResourceBody = Parameters<typeof call<typeof sportApi.resource>>[1];

/** One table method with the envelope filled in; 6302 marks the session broken (the page's re-enter dialog). */
export async function lotteryCall<M extends keyof LotteryMethods>(
  enName: string,
  gameCode: string,
  method: M,
  fields: LotteryMethods[M]['req'],
): Promise<LotteryMethods[M]['res']> {
  const token = await slotToken(enName, gameCode);
  const Request = { timestamp: Date.now(), token, langx: langx(), remoteip: '', ...fields };
  try {
    return (await call(sportApi.resource, { method, enName, Request } as unknown as ResourceBody)) as LotteryMethods[M]['res'];
  } catch (e) {
    if (e instanceof ApiError && e.status_code === StatusCode.UID_VERIFICATION) {
      forgetSession(enName, gameCode);
      useSlotBroken.setState({ broken: true });
    }
    throw e;
  }
}

/** The public list of draws (category CP): name, current round, last draws. Guests may call it. */
export async function lotteryLobby(): Promise<TableLobbyEntryWire[]> {
  const r = await call(tablesApi.tableLobby, { category: 'CP' });
  return r.list as TableLobbyEntryWire[];
}
