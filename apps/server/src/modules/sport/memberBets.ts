/**
 * user/queryMemberBetList: the member's latest bets of every section in one list, newest first — the sportsbook's
 * bets (records.ts) and the casino categories' rounds (casino/records.ts), one line each.
 */
import { GAME_CATEGORIES, type Locale } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { casinoRecordList } from '../casino/records.ts';
import { betRecordList } from './records.ts';

const DEFAULT_SIZE = 10;

export async function queryMemberBetList(
  db: Db,
  memberId: string,
  f: { beginTime?: number | undefined; endTime?: number | undefined; pageSize?: number | undefined },
  locale: Locale,
) {
  const pageSize = f.pageSize ?? DEFAULT_SIZE;
  const window = { beginTime: f.beginTime, endTime: f.endTime ?? Date.now(), pageSize };
  const [sport, ...casino] = await Promise.all([
    betRecordList(db, memberId, window),
    ...GAME_CATEGORIES.filter((c) => c !== 'TY').map((category) => casinoRecordList(db, memberId, { ...window, category }, locale)),
  ]);
  const lines = [
    ...sport.list.map((b) => ({ ...line(b), title: b.legs.map((l) => `${l.team_h} - ${l.team_c}`).join(' / ') })),
    ...casino.flatMap((c) => c.list.map((r) => ({ ...line(r), title: r.round?.gameName ?? r.gameType }))),
  ];
  lines.sort((a, b) => (a.betTime < b.betTime ? 1 : a.betTime > b.betTime ? -1 : a.ticketId.localeCompare(b.ticketId)));
  return { list: lines.slice(0, pageSize) };
}

function line(b: {
  ticket_id: string;
  category: string;
  channelCode: string;
  betAmount: string;
  winLoss: string;
  status: string;
  betTime: string;
}) {
  return {
    ticketId: b.ticket_id,
    category: b.category,
    channelCode: b.channelCode,
    betAmount: b.betAmount,
    winLoss: b.winLoss,
    status: b.status,
    betTime: b.betTime,
  };
}
