/**
 * The house table venue's calls (contract api/tables.ts): the resource methods of a table (tableInfo, tableBet,
 * tableCancel, tableHistory, tableBets) through the shared venue envelope (../venueCall.ts: the game's session
 * token, 6302 → re-enter), and the public lobby of a category (tableLobby: guests watch too).
 */
import {
  tablesApi,
  type TableBetAnswerWire,
  type TableBetWire,
  type TableHistoryEntryWire,
  type TableInfoWire,
  type TableLobbyEntryWire,
} from '@portal/contract';
import { call } from '../../../api/client.ts';
import { venueCall } from '../venueCall.ts';

export const TABLE_KEY = 'table';
/** The table venue's launch name (category ZR). */
export const ZR_VENUE = 'crzr';

export interface BetSpot {
  type: string;
  amount: string;
}

export interface TableMethods {
  tableInfo: { req: { gameCode: string }; res: TableInfoWire };
  tableBet: { req: { gameCode: string; seq: number; bets: BetSpot[]; idempotencyKey: string }; res: TableBetAnswerWire };
  tableCancel: { req: { gameCode: string; seq: number; idempotencyKey: string }; res: TableBetAnswerWire };
  tableHistory: { req: { gameCode: string; pageNum?: number; pageSize?: number }; res: { total: number; list: TableHistoryEntryWire[] } };
  tableBets: { req: { gameCode?: string; pageNum?: number; pageSize?: number }; res: { total: number; list: TableBetWire[] } };
}

/** One table method with the envelope filled in. */
export function tableCall<M extends keyof TableMethods>(
  enName: string,
  gameCode: string,
  method: M,
  fields: TableMethods[M]['req'],
): Promise<TableMethods[M]['res']> {
  return venueCall<TableMethods, M>(enName, gameCode, method, fields);
}

/** The tables of a category with their current rounds (no login needed). */
export async function tableLobby(category: 'ZR' | 'CP'): Promise<TableLobbyEntryWire[]> {
  const r = await call(tablesApi.tableLobby, { category });
  return r.list as TableLobbyEntryWire[];
}
