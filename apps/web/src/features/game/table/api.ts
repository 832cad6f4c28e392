/**
 * The house table venue's calls (contract api/tables.ts): the resource methods of a table (tableInfo, tableBet,
 * tableCancel, tableHistory, tableBets) through the shared venue envelope (../venueCall.ts: the game's session
 * token, 6302 → re-enter), and the public lobby of a category (tableLobby: guests watch too).
 */
import { tablesApi, type ResourceAnswer, type ResourceFields, type TableLobbyEntryWire, type TableResourceMethod } from '@portal/contract';
import { call } from '../../../api/client.ts';
import { venueCall } from '../venueCall.ts';

export const TABLE_KEY = 'table';
/** The table venue's launch name (category ZR). */
export const ZR_VENUE = 'crzr';

/** One stake on one bet type (yuan string, 2 decimals). */
export type BetSpot = ResourceFields['tableBet']['bets'][number];

/** One table method with the envelope filled in (fields and answer typed by the contract). */
export function tableCall<M extends TableResourceMethod>(
  enName: string,
  gameCode: string,
  method: M,
  fields: ResourceFields[M],
): Promise<ResourceAnswer<M>> {
  return venueCall(enName, gameCode, method, fields);
}

/** The tables of a category with their current rounds (no login needed). */
export async function tableLobby(category: 'ZR' | 'CP' | 'QP'): Promise<TableLobbyEntryWire[]> {
  const r = await call(tablesApi.tableLobby, { category });
  return r.list;
}
