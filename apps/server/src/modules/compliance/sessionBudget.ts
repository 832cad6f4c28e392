/**
 * Issue 27 finding 9. The session time limit is a daily budget: the minutes a member was logged in today (the
 * brands' business day, UTC+8), over every session — logging in again does not reset it; overlapping sessions
 * count once. A reality check that fell due pauses play until the player answers it (realityAnswer 'continue'
 * records the acknowledgement on the session).
 */
import { BUSINESS_UTC_OFFSET_MIN } from '@portal/rules';
import type { DbOrTx } from '../../db/connect.ts';

const DAY_MS = 86_400_000;
const OFFSET_MS = BUSINESS_UTC_OFFSET_MIN * 60_000;

/** Start of the business day (UTC+8) that `now` falls in. */
export const businessDayStart = (now: number): number => Math.floor((now + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;

/** Minutes logged in today, over every session of the member (intervals merged), the current one until now. */
export async function minutesToday(db: DbOrTx, memberId: string, now: number): Promise<number> {
  const from = businessDayStart(now);
  const rows = await db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'revoked_at', 'expires_at'])
    .where('member_id', '=', memberId)
    .where('created_at', '<', now)
    .where('last_seen_at', '>=', from)
    .execute();
  const spans = rows
    .map((r) => {
      // An open session counts until now; an ended one until it ended (revoked, or its last call when it expired).
      const open = r.revoked_at === null && Number(r.expires_at) > now;
      const end = open ? now : Math.min(Number(r.revoked_at ?? r.last_seen_at), Number(r.last_seen_at), now);
      return [Math.max(Number(r.created_at), from), Math.max(end, Math.max(Number(r.created_at), from))] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let cur: [number, number] | null = null;
  for (const [s, e] of spans) {
    if (cur && s <= cur[1]) cur[1] = Math.max(cur[1], e);
    else {
      if (cur) total += cur[1] - cur[0];
      cur = [s, e];
    }
  }
  if (cur) total += cur[1] - cur[0];
  return total / 60_000;
}

/** The reality check due now (its time), or null: checks fall every `everyMin` minutes of the session. */
export function realityDueAt(startedAt: number, everyMin: number, now: number): number | null {
  const every = everyMin * 60_000;
  const k = Math.floor((now - startedAt) / every);
  return k >= 1 ? startedAt + k * every : null;
}

/** When the session last acknowledged a reality check (0: never). */
export async function realityAckAt(db: DbOrTx, tokenHash: string): Promise<number> {
  const r = await db.selectFrom('sessions').select('reality_ack_at').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(r?.reality_ack_at ?? 0);
}

export async function acknowledgeReality(db: DbOrTx, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ reality_ack_at: now }).where('token_hash', '=', tokenHash).execute();
}
