/**
 * What a player reads on a line of 交易记录 besides its kind: WHERE the money went or came from —
 * the venue and the game by name — and a reference he can quote: the order number, the transfer's number, the
 * round number as the game showed it. Never a journal's internal reference (`SANDBOX:B-…`, a hold id, a member id).
 * Names are the zh-CN ones; zh-TW answers are converted as a whole (http/zhTW.ts).
 */
import type { Db } from '../../db/connect.ts';

export interface RecordRef {
  kind: string;
  ref_type: string;
  ref_id: string;
}

export interface RecordPlace {
  /** The venue and the game by name ('' when the line has no place: a deposit, a withdrawal, a bonus). */
  where: string;
  /** The reference as the player knows it ('' when there is none to quote). */
  refNo: string;
}

/** `SANDBOX:R-1` → `R-1`: an aggregator's own id without our prefix. */
const afterColon = (s: string) => s.slice(s.indexOf(':') + 1);
/** A reference as the player was shown it: an order or bet number (never a colon-joined internal one). */
const plain = (s: string) => (/^[A-Za-z0-9_-]{1,64}$/.test(s) ? s : '');
/** The journals whose reference is a number the player was given: deposit and withdrawal orders, sport tickets. */
const QUOTABLE = new Set(['deposit_order', 'withdraw', 'sport_bet']);

/** The place and reference of each line, by its journal's reference (a few lookups per page, whatever its size). */
export async function recordPlaces(db: Db, rows: readonly RecordRef[]): Promise<RecordPlace[]> {
  const seamless = rows.filter((r) => r.ref_type === 'seamless').map((r) => r.ref_id);
  const transfers = rows.filter((r) => r.ref_type === 'venue_transfer').map((r) => r.ref_id);
  const txs = seamless.length
    ? await db
        .selectFrom('seamless_transactions as t')
        .leftJoin('seamless_rounds as r', (j) => j.onRef('r.aggregator_id', '=', 't.aggregator_id').onRef('r.round_id', '=', 't.round_id'))
        .select(['t.aggregator_id', 't.transaction_id', 't.round_id', 'r.game_code'])
        .where(
          't.transaction_id',
          'in',
          seamless.map((id) => afterColon(id)),
        )
        .execute()
    : [];
  const txOf = new Map(txs.map((t) => [`${t.aggregator_id}:${t.transaction_id}`, t]));
  const moves = transfers.length
    ? await db.selectFrom('venue_transfers').select(['id', 'channel_code']).where('id', 'in', transfers).execute()
    : [];
  const channelOfTransfer = new Map(moves.map((m) => [m.id, m.channel_code]));
  const gameCodes = [...new Set(txs.map((t) => t.game_code).filter((c): c is string => !!c))];
  const games = gameCodes.length
    ? await db.selectFrom('casino_games').select(['code', 'name_cn', 'channel_code']).where('code', 'in', gameCodes).execute()
    : [];
  const gameOf = new Map(games.map((g) => [g.code, g]));
  const venues = await db.selectFrom('venues').select(['channel_code', 'name']).execute();
  const venueName = new Map(venues.map((v) => [v.channel_code, v.name]));

  return rows.map((r) => {
    if (r.ref_type === 'seamless') {
      const t = txOf.get(r.ref_id);
      const g = t?.game_code ? gameOf.get(t.game_code) : undefined;
      const where = g ? `${venueName.get(g.channel_code) ?? ''} ${g.name_cn}`.trim() : '';
      return { where, refNo: t ? t.round_id : '' };
    }
    if (r.ref_type === 'venue_transfer') {
      const channel = channelOfTransfer.get(r.ref_id);
      // A transfer's id is ours alone (random): the line names the venue instead.
      return { where: channel ? (venueName.get(channel) ?? '') : '', refNo: '' };
    }
    if (r.ref_type === 'sport_bet') return { where: venueName.get('CRTY') ?? '', refNo: plain(r.ref_id) };
    return { where: '', refNo: QUOTABLE.has(r.ref_type) ? plain(r.ref_id) : '' };
  });
}
