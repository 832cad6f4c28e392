/**
 * Cancelling a table round or a lottery draw: games staff only, always with a
 * reason. While the round still takes bets one person may cancel it. Once betting has closed the outcome is drawn
 * (or fixed by its committed seed), so a cancellation could void a result the house dislikes: it then takes two
 * people — the first asks (table_round_cancels), a second games staff member approves, and only then is the round
 * cancelled and every bet refunded. The outcome of a drawn round stays published beside the refund (state.ts).
 * A request does not hold the round: if the round settles first, the request lapses.
 */
import { StatusCode, text, type StatusCodeValue } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../lib/errors.ts';
import { cancelRound } from './settle.ts';

export interface CancelAnswer {
  /** Bets refunded (0 while the cancellation waits for its second approver). */
  refunded: number;
  /** The request is stored and waits for a second games staff member. */
  pendingApproval: boolean;
  requestedBy: string | null;
}

function refuse(code: StatusCodeValue, key: 'ROUND_CANCEL_SECOND_SAME' | 'ROUND_CANCEL_FINAL'): never {
  const e = new AppError(code, { key });
  e.message = text(key, 'zh-CN');
  throw e;
}

/** `staff` asks to cancel (or approves another's request to cancel) the round; null when there is no such round. */
export async function cancelTableRound(
  db: Db,
  roundIdValue: string,
  staff: string,
  reason: string,
  now = Date.now(),
): Promise<CancelAnswer | null> {
  const round = await db.selectFrom('table_rounds').select(['status', 'closes_at']).where('id', '=', roundIdValue).executeTakeFirst();
  if (!round) return null;
  if (round.status === 'settled' || round.status === 'cancelled') refuse(StatusCode.DATA_EXISTS, 'ROUND_CANCEL_FINAL');
  if (round.status === 'betting' && now < Number(round.closes_at)) {
    const refunded = await cancelRound(db, roundIdValue, `staff:${staff}`, now, true);
    if (refunded !== null) return { refunded, pendingApproval: false, requestedBy: null };
  }
  const asked = await db.selectFrom('table_round_cancels').selectAll().where('round_id', '=', roundIdValue).executeTakeFirst();
  if (!asked) {
    const ins = await db
      .insertInto('table_round_cancels')
      .values({ round_id: roundIdValue, requested_by: staff, reason, requested_at: now, approved_by: null, approved_at: null })
      .onConflict((oc) => oc.column('round_id').doNothing())
      .executeTakeFirst();
    if (Number(ins.numInsertedOrUpdatedRows ?? 0) === 1) return { refunded: 0, pendingApproval: true, requestedBy: staff };
    return cancelTableRound(db, roundIdValue, staff, reason, now);
  }
  if (asked.requested_by === staff) refuse(StatusCode.ACCESS_DENIED, 'ROUND_CANCEL_SECOND_SAME');
  const approved = await db
    .updateTable('table_round_cancels')
    .set({ approved_by: staff, approved_at: now })
    .where('round_id', '=', roundIdValue)
    .where('approved_by', 'is', null)
    .executeTakeFirst();
  if (Number(approved.numUpdatedRows) !== 1) refuse(StatusCode.DATA_EXISTS, 'ROUND_CANCEL_FINAL');
  const refunded = await cancelRound(db, roundIdValue, `staff:${asked.requested_by}+${staff}`, now);
  if (refunded === null) refuse(StatusCode.DATA_EXISTS, 'ROUND_CANCEL_FINAL');
  return { refunded, pendingApproval: false, requestedBy: asked.requested_by };
}

/** The pending and approved cancellation requests of some rounds (the console's rounds list shows them). */
export async function cancelRequests(db: Db, roundIds: readonly string[]) {
  if (roundIds.length === 0) return new Map<string, { requestedBy: string; reason: string; approvedBy: string | null }>();
  const rows = await db.selectFrom('table_round_cancels').selectAll().where('round_id', 'in', roundIds).execute();
  return new Map(rows.map((r) => [r.round_id, { requestedBy: r.requested_by, reason: r.reason, approvedBy: r.approved_by }]));
}
