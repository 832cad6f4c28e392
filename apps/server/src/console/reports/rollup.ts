/**
 * The daily report roll-ups: one row per brand and business day (report_daily) and one per
 * brand, day and venue plus a total per category (report_daily_venue). A day's rows are always recomputed
 * whole from that day's source rows — paid deposits and withdrawals, registrations, settled bets as
 * bet_turnover_daily already sums them per member, paid promotion rewards, claimed VIP welfare, paid rebates —
 * so rolling a day up twice gives the same rows (idempotent) and two nodes doing it at once write the same
 * figures. Every source is read through an index on (brand, time) or (brand, day): one day, never a table.
 *
 * What counts on which day (UTC+8 business day, packages/rules businessDay):
 *  - deposits: paid orders by `paid_at`; a first deposit is a member's earliest paid order ever;
 *  - withdrawals: orders paid out, by the time they were paid (`updated_at` of a 'paid' order: final);
 *  - bets: settled bets on the day of their first settlement (bet_turnover_daily's rule; a resettlement
 *    changes that first day, which the turnover module marks dirty in report_dirty_days);
 *  - active players: members with a settled bet that day; GGR = stake − payout;
 *  - costs: promotion rewards paid (auto-paid at creation, or paid on review at `decided_at`), VIP welfare
 *    claimed (`claimed_at`), rebates paid (`paid_at`).
 */
import { sql } from 'kysely';
import { BUSINESS_UTC_OFFSET_MIN, businessDay } from '@portal/rules';
import type { Db, DbOrTx } from '../../db/connect.ts';

export const DAY_MS = 86_400_000;
/** A rebuild covers at most this many days per command (a year and a day). */
export const REBUILD_MAX_DAYS = 366;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (s: string): boolean => DAY_RE.test(s) && businessDay(dayStart(s)) === s;

/** Epoch ms at which business day `day` begins. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - BUSINESS_UTC_OFFSET_MIN * 60_000;
}

/** Every business day from `from` to `to`, inclusive, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = dayStart(from); t <= dayStart(to); t += DAY_MS) out.push(businessDay(t));
  return out;
}

const n = (v: unknown): number => Number(v ?? 0);
const venueKey = (category: string, channelCode: string) => `${category}\u0001${channelCode}`;

export interface VenueFigures {
  category: string;
  channelCode: string;
  players: number;
  bets: number;
  stake: number;
  valid: number;
  payout: number;
}

/**
 * The settled bets of one brand and day: per venue, per category ('' venue) and in all — one read of the day's
 * per-member rows (bet_turnover_daily, through its (brand, day) index), summed here: three GROUP BY queries over
 * the same rows cost three times the read.
 */
async function betsOf(db: DbOrTx, site: number, day: string) {
  const rows = await db
    .selectFrom('bet_turnover_daily')
    .select(['member_id', 'category', 'channel_code', 'bets', 'stake', 'valid', 'payout'])
    .where('site_code', '=', site)
    .where('day', '=', day)
    .execute();
  type Sum = Omit<VenueFigures, 'players'> & { members: Set<string> };
  const groups = new Map<string, Sum>();
  const add = (category: string, channelCode: string, r: (typeof rows)[number]) => {
    const k = venueKey(category, channelCode);
    const g = groups.get(k) ?? { category, channelCode, members: new Set<string>(), bets: 0, stake: 0, valid: 0, payout: 0 };
    g.members.add(r.member_id);
    g.bets += n(r.bets);
    g.stake += n(r.stake);
    g.valid += n(r.valid);
    g.payout += n(r.payout);
    groups.set(k, g);
  };
  for (const r of rows) {
    add(r.category, r.channel_code, r);
    add(r.category, '', r);
    add('', '', r);
  }
  const figures = ({ members, ...g }: Sum): VenueFigures => ({ ...g, players: members.size });
  const all = groups.get(venueKey('', ''));
  groups.delete(venueKey('', ''));
  return {
    rows: [...groups.values()].map(figures),
    all: all ? figures(all) : { category: '', channelCode: '', players: 0, bets: 0, stake: 0, valid: 0, payout: 0 },
  };
}

/** Money of one brand and day outside the bets. */
async function cashOf(db: DbOrTx, site: number, start: number, end: number) {
  const paidDeposits = () =>
    db
      .selectFrom('deposit_orders as d')
      .where('d.site_code', '=', site)
      .where('d.paid_at', '>=', start)
      .where('d.paid_at', '<', end)
      .where('d.status', '=', 'paid');
  const [reg, dep, first, wd, promoAuto, promoDecided, vip, rebate] = await Promise.all([
    db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('site_code', '=', site)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .executeTakeFirstOrThrow(),
    paidDeposits()
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.sum<string>('d.amount').as('amount'),
        eb.fn.count<string>('d.member_id').distinct().as('members'),
      ])
      .executeTakeFirstOrThrow(),
    paidDeposits()
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('deposit_orders as e')
              .select(sql`1`.as('one'))
              .whereRef('e.member_id', '=', 'd.member_id')
              .where('e.status', '=', 'paid')
              .where((eb) =>
                eb.or([
                  eb('e.paid_at', '<', eb.ref('d.paid_at')),
                  eb.and([eb('e.paid_at', '=', eb.ref('d.paid_at')), eb('e.order_no', '<', eb.ref('d.order_no'))]),
                ]),
              ),
          ),
        ),
      )
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('d.amount').as('amount')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdraw_orders')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('amount').as('amount')])
      .where('site_code', '=', site)
      .where('status', '=', 'paid')
      .where('updated_at', '>=', start)
      .where('updated_at', '<', end)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('promo_rewards')
      .select((eb) => eb.fn.sum<string>('amount').as('amount'))
      .where('site_code', '=', site)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .where('status', '=', 'paid')
      .where('decided_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('promo_rewards')
      .select((eb) => eb.fn.sum<string>('amount').as('amount'))
      .where('site_code', '=', site)
      .where('decided_at', '>=', start)
      .where('decided_at', '<', end)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('vip_rewards')
      .select((eb) => eb.fn.sum<string>('amount').as('amount'))
      .where('site_code', '=', site)
      .where('claimed_at', '>=', start)
      .where('claimed_at', '<', end)
      .where('status', '=', 'claimed')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('vip_rebates')
      .select((eb) => eb.fn.sum<string>('amount').as('amount'))
      .where('site_code', '=', site)
      .where('paid_at', '>=', start)
      .where('paid_at', '<', end)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    registrations: n(reg.n),
    deposit_count: n(dep.n),
    deposit_amount: n(dep.amount),
    depositors: n(dep.members),
    first_deposit_count: n(first.n),
    first_deposit_amount: n(first.amount),
    withdraw_count: n(wd.n),
    withdraw_amount: n(wd.amount),
    promo_cost: n(promoAuto.amount) + n(promoDecided.amount),
    vip_bonus_cost: n(vip.amount),
    rebate_cost: n(rebate.amount),
  };
}

/** Recomputes one brand's day: its report_daily row and its venue rows (stale venue rows removed). */
export async function rollUpSiteDay(db: Db, site: number, day: string, now = Date.now()): Promise<void> {
  const start = dayStart(day);
  const [cash, bets] = await Promise.all([cashOf(db, site, start, start + DAY_MS), betsOf(db, site, day)]);
  const row = {
    ...cash,
    active_players: bets.all.players,
    bets: bets.all.bets,
    stake: bets.all.stake,
    valid: bets.all.valid,
    payout: bets.all.payout,
    updated_at: now,
  };
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('report_daily')
      .values({ site_code: site, day, ...row })
      .onConflict((oc) => oc.columns(['site_code', 'day']).doUpdateSet(row))
      .execute();
    for (const v of bets.rows) {
      const figures = { players: v.players, bets: v.bets, stake: v.stake, valid: v.valid, payout: v.payout, updated_at: now };
      await tx
        .insertInto('report_daily_venue')
        .values({ site_code: site, day, category: v.category, channel_code: v.channelCode, ...figures })
        .onConflict((oc) => oc.columns(['site_code', 'day', 'category', 'channel_code']).doUpdateSet(figures))
        .execute();
    }
    const keep = new Set(bets.rows.map((v) => venueKey(v.category, v.channelCode)));
    const present = await tx
      .selectFrom('report_daily_venue')
      .select(['category', 'channel_code'])
      .where('site_code', '=', site)
      .where('day', '=', day)
      .execute();
    for (const p of present.filter((r) => !keep.has(venueKey(r.category, r.channel_code))))
      await tx
        .deleteFrom('report_daily_venue')
        .where('site_code', '=', site)
        .where('day', '=', day)
        .where('category', '=', p.category)
        .where('channel_code', '=', p.channel_code)
        .execute();
  });
}

/** Every brand's roll-up of one day. */
export async function rollUpDay(db: Db, day: string, now = Date.now()): Promise<void> {
  const sites = await db.selectFrom('sites').select('site_code').orderBy('site_code').execute();
  for (const s of sites) await rollUpSiteDay(db, Number(s.site_code), day, now);
}

/** `report:rebuild <from> <to>`: every day of the range, each recomputed whole. */
export async function rebuildReports(db: Db, from: string, to: string, now = Date.now()): Promise<{ days: number }> {
  const days = daysBetween(from, to);
  for (const d of days) await rollUpDay(db, d, now);
  return { days: days.length };
}

/**
 * The periodic roll-up: today and yesterday (late settlements and payouts land there), and any older day a
 * resettlement marked dirty. A mark is cleared only if it is not newer than this run's start (a mark made
 * while the day was being rolled up is kept for the next run).
 */
export async function reportJob(db: Db, now = Date.now()): Promise<{ days: string[] }> {
  const today = businessDay(now);
  const yesterday = businessDay(now - DAY_MS);
  const dirty = await db.selectFrom('report_dirty_days').select(['day', 'marked_at']).where('marked_at', '<=', now).execute();
  const days = [...new Set([...dirty.map((d) => d.day), yesterday, today])].sort();
  for (const d of days) await rollUpDay(db, d, now);
  for (const d of dirty) await db.deleteFrom('report_dirty_days').where('day', '=', d.day).where('marked_at', '<=', now).execute();
  return { days };
}
