import { protectionRepository } from '../compliance/repository.ts';
import { sql } from 'kysely';
import { businessDay } from '@portal/rules';
import type { DbOrTx } from '../../db/connect.ts';

/**
 * Turnover requirement: deposits (×1) and bonuses (× their multiple) add to `required`; valid bets add
 * to `done`. A withdrawal needs done ≥ required.
 */
export const turnoverRepository = {
  async get(db: DbOrTx, memberId: string): Promise<{ required: number; done: number }> {
    const r = await db.selectFrom('member_turnover').select(['required', 'done']).where('member_id', '=', memberId).executeTakeFirst();
    return { required: Number(r?.required ?? 0), done: Number(r?.done ?? 0) };
  },
  /** Adds to the member's required or done turnover: one upsert. */
  async add(db: DbOrTx, memberId: string, field: 'required' | 'done', fen: number): Promise<void> {
    await addTurnover(db, [{ member_id: memberId, required: field === 'required' ? fen : 0, done: field === 'done' ? fen : 0 }]);
  },
};

/** Adds to members' turnover in one upsert (rows summed per member first: one statement may touch a row once). */
async function addTurnover(db: DbOrTx, rows: readonly { member_id: string; required: number; done: number }[]): Promise<void> {
  const sums = new Map<string, { member_id: string; required: number; done: number }>();
  for (const r of rows) {
    const x = sums.get(r.member_id) ?? { member_id: r.member_id, required: 0, done: 0 };
    x.required += r.required;
    x.done += r.done;
    sums.set(r.member_id, x);
  }
  if (sums.size === 0) return;
  await db
    .insertInto('member_turnover')
    .values([...sums.values()])
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet((eb) => ({
        required: sql`${eb.ref('member_turnover.required')} + ${eb.ref('excluded.required')}`,
        done: sql`${eb.ref('member_turnover.done')} + ${eb.ref('excluded.done')}`,
      })),
    )
    .execute();
}

export interface SettledBet {
  memberId: string;
  siteCode: number;
  channelCode: string;
  /** Venue category code: TY, ZR, QP, DZ, CP, DJ, BY. */
  category: string;
  /** The venue's own id of the bet: reporting it twice counts it once. */
  betRef: string;
  stakeFen: number;
  /** Valid turnover of this bet (0 for a push or a cancellation, half the stake for a half result). */
  validFen: number;
  payoutFen: number;
  settledAtMs: number;
}

/**
 * Records one settled bet, in the caller's transaction (the settlement's own): adds it to the member's
 * day, and its valid turnover to the member's withdrawal turnover ("done"). Returns false when this bet
 * is already counted (nothing changes): a venue reporting the same settlement twice counts it once.
 *
 * A bet retracted by `retractSettledBet` (restored for resettlement) is counted again with its new
 * figures — on the business day of its first report, not the day of the resettlement. Reason: a day is
 * rebated once (operator guide: "bets reported for a day after it was paid are not rebated"), so a bet
 * moved to the resettlement day would be rebated a second time, and reports and the member's bet
 * record would show one bet on two days. The day's figures (VIP turnover, races, withdrawal turnover)
 * simply become the bet's current outcome.
 */
export async function recordSettledBet(tx: DbOrTx, b: SettledBet, deduped = false): Promise<boolean> {
  if (deduped) {
    await recordSettledBets(tx, [b]);
    return true;
  }
  const figures = { stake: b.stakeFen, valid: b.validFen, payout: b.payoutFen };
  const fresh = await tx
    .insertInto('bet_turnover_refs')
    .values({ channel_code: b.channelCode, bet_ref: b.betRef, member_id: b.memberId, at: b.settledAtMs, ...figures, live: 1 })
    .onConflict((oc) => oc.columns(['channel_code', 'bet_ref']).doNothing())
    .executeTakeFirst();
  let firstAtMs = b.settledAtMs;
  if (Number(fresh.numInsertedOrUpdatedRows ?? 0) === 0) {
    // Reported before: counted again only if a restore took it back (a conditional change: once).
    const again = await tx
      .updateTable('bet_turnover_refs')
      .set({ ...figures, live: 1 })
      .where('channel_code', '=', b.channelCode)
      .where('bet_ref', '=', b.betRef)
      .where('live', '=', 0)
      .returning('at')
      .executeTakeFirst();
    if (!again) return false;
    firstAtMs = Number(again.at);
  }
  await addToDay(tx, b, businessDay(firstAtMs));
  // The member's loss and wager windows (player protection), by the hour it settled in.
  await protectionRepository.addHourly(tx, b.memberId, b.settledAtMs, b.stakeFen, b.payoutFen);
  if (b.validFen > 0) await turnoverRepository.add(tx, b.memberId, 'done', b.validFen);
  return true;
}

/**
 * Records settled bets whose own rows already count each once (a casino round's id, inserted by the caller in the
 * same transaction): no reference rows. Days, protection hours and withdrawal turnover each take one statement for
 * the whole set (a shared round's batch), rows summed per key first.
 */
export async function recordSettledBets(tx: DbOrTx, bets: readonly SettledBet[]): Promise<void> {
  if (bets.length === 0) return;
  const days = new Map<
    string,
    {
      member_id: string;
      day: string;
      channel_code: string;
      site_code: number;
      category: string;
      bets: number;
      stake: number;
      valid: number;
      payout: number;
    }
  >();
  for (const b of bets) {
    const day = businessDay(b.settledAtMs);
    const k = `${b.memberId}|${day}|${b.channelCode}`;
    const x = days.get(k) ?? {
      member_id: b.memberId,
      day,
      channel_code: b.channelCode,
      site_code: b.siteCode,
      category: b.category,
      bets: 0,
      stake: 0,
      valid: 0,
      payout: 0,
    };
    x.bets += 1;
    x.stake += b.stakeFen;
    x.valid += b.validFen;
    x.payout += b.payoutFen;
    days.set(k, x);
  }
  await tx
    .insertInto('bet_turnover_daily')
    .values([...days.values()])
    .onConflict((oc) =>
      oc.columns(['member_id', 'day', 'channel_code']).doUpdateSet((eb) => ({
        bets: sql`${eb.ref('bet_turnover_daily.bets')} + ${eb.ref('excluded.bets')}`,
        stake: sql`${eb.ref('bet_turnover_daily.stake')} + ${eb.ref('excluded.stake')}`,
        valid: sql`${eb.ref('bet_turnover_daily.valid')} + ${eb.ref('excluded.valid')}`,
        payout: sql`${eb.ref('bet_turnover_daily.payout')} + ${eb.ref('excluded.payout')}`,
      })),
    )
    .execute();
  await protectionRepository.addHourlyMany(
    tx,
    bets.map((b) => ({ memberId: b.memberId, atMs: b.settledAtMs, stakeFen: b.stakeFen, payoutFen: b.payoutFen })),
  );
  const valid = bets.filter((b) => b.validFen > 0).map((b) => ({ member_id: b.memberId, required: 0, done: b.validFen }));
  await addTurnover(tx, valid);
}

/**
 * Takes a counted bet back out of its day and out of the withdrawal turnover, in the caller's
 * transaction (a restore's): the bet is unsettled again, so it counts nothing until its next report.
 * Returns false when there is nothing to take back (never reported, already retracted, or reported
 * before migration 0014 with unknown figures — those keep their first settlement).
 */
export async function retractSettledBet(tx: DbOrTx, channelCode: string, betRef: string): Promise<boolean> {
  const r = await tx
    .updateTable('bet_turnover_refs')
    .set({ live: 0 })
    .where('channel_code', '=', channelCode)
    .where('bet_ref', '=', betRef)
    .where('live', '=', 1)
    .where('stake', 'is not', null)
    .returning(['member_id', 'at', 'stake', 'valid', 'payout'])
    .executeTakeFirst();
  if (!r) return false;
  const day = businessDay(Number(r.at));
  await tx
    .updateTable('bet_turnover_daily')
    .set((eb) => ({
      bets: sql`${eb.ref('bets')} - 1`,
      stake: sql`${eb.ref('stake')} - ${Number(r.stake)}`,
      valid: sql`${eb.ref('valid')} - ${Number(r.valid)}`,
      payout: sql`${eb.ref('payout')} - ${Number(r.payout)}`,
    }))
    .where('member_id', '=', r.member_id)
    .where('day', '=', day)
    .where('channel_code', '=', channelCode)
    .execute();
  // A day left with no bet of the venue is no row at all (reports and the rebate run list rows).
  await tx
    .deleteFrom('bet_turnover_daily')
    .where('member_id', '=', r.member_id)
    .where('day', '=', day)
    .where('channel_code', '=', channelCode)
    .where('bets', '<=', 0)
    .execute();
  await protectionRepository.addHourly(tx, r.member_id, Number(r.at), -Number(r.stake), -Number(r.payout));
  if (Number(r.valid) > 0) await turnoverRepository.add(tx, r.member_id, 'done', -Number(r.valid));
  // The console's daily report of that day is rolled up again by its next job run (console/reports/rollup.ts).
  const now = Date.now();
  await tx
    .insertInto('report_dirty_days')
    .values({ day, marked_at: now })
    .onConflict((oc) => oc.column('day').doUpdateSet({ marked_at: now }))
    .execute();
  return true;
}

/** One more bet of the member's day and venue (the row is created by the day's first). */
async function addToDay(tx: DbOrTx, b: SettledBet, day: string): Promise<void> {
  await tx
    .insertInto('bet_turnover_daily')
    .values({
      member_id: b.memberId,
      day,
      channel_code: b.channelCode,
      site_code: b.siteCode,
      category: b.category,
      bets: 1,
      stake: b.stakeFen,
      valid: b.validFen,
      payout: b.payoutFen,
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'day', 'channel_code']).doUpdateSet((eb) => ({
        bets: sql`${eb.ref('bet_turnover_daily.bets')} + 1`,
        stake: sql`${eb.ref('bet_turnover_daily.stake')} + ${b.stakeFen}`,
        valid: sql`${eb.ref('bet_turnover_daily.valid')} + ${b.validFen}`,
        payout: sql`${eb.ref('bet_turnover_daily.payout')} + ${b.payoutFen}`,
      })),
    )
    .execute();
}

export interface TurnoverRow {
  memberId: string;
  category: string;
  channelCode: string;
  bets: number;
  stakeFen: number;
  validFen: number;
  payoutFen: number;
}

/** A member's (or every member's of a site) settled bets between two business days, inclusive, per venue. */
export async function turnoverBetween(
  db: DbOrTx,
  q: { siteCode?: number; memberId?: string; fromDay: string; toDay: string },
): Promise<TurnoverRow[]> {
  let query = db
    .selectFrom('bet_turnover_daily')
    .select((eb) => [
      'member_id',
      'category',
      'channel_code',
      eb.fn.sum<string>('bets').as('bets'),
      eb.fn.sum<string>('stake').as('stake'),
      eb.fn.sum<string>('valid').as('valid'),
      eb.fn.sum<string>('payout').as('payout'),
    ])
    .where('day', '>=', q.fromDay)
    .where('day', '<=', q.toDay)
    .groupBy(['member_id', 'category', 'channel_code'])
    .orderBy('member_id')
    .orderBy('channel_code');
  if (q.siteCode !== undefined) query = query.where('site_code', '=', q.siteCode);
  if (q.memberId !== undefined) query = query.where('member_id', '=', q.memberId);
  const rows = await query.execute();
  return rows.map((r) => ({
    memberId: r.member_id,
    category: r.category,
    channelCode: r.channel_code,
    bets: Number(r.bets),
    stakeFen: Number(r.stake),
    validFen: Number(r.valid),
    payoutFen: Number(r.payout),
  }));
}
