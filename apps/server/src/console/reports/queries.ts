/**
 * Reading the report roll-ups (rollup.ts): a date range of a set of brands is a few rows per day — the cost of
 * a report does not grow with the number of bets. Betting figures filtered by venue read the venue rows, by
 * category the category's total row (its players counted once across the category's venues).
 */
import type { ReportDay, ReportVenue } from '@portal/contract/console';
import type { Db } from '../../db/connect.ts';

export interface ReportFilter {
  sites: number[];
  from: string;
  to: string;
  channelCode?: string | undefined;
  category?: string | undefined;
}

const n = (v: unknown): number => Number(v ?? 0);

export const emptyDay = (day: string): ReportDay => ({
  day,
  registrations: 0,
  depositCount: 0,
  depositAmount: 0,
  depositors: 0,
  firstDepositCount: 0,
  firstDepositAmount: 0,
  withdrawCount: 0,
  withdrawAmount: 0,
  activePlayers: 0,
  bets: 0,
  stake: 0,
  valid: 0,
  payout: 0,
  ggr: 0,
  promoCost: 0,
  vipBonusCost: 0,
  rebateCost: 0,
  netRevenue: 0,
});

type RollUpFigures = Record<
  | 'registrations'
  | 'deposit_count'
  | 'deposit_amount'
  | 'depositors'
  | 'first_deposit_count'
  | 'first_deposit_amount'
  | 'withdraw_count'
  | 'withdraw_amount'
  | 'active_players'
  | 'bets'
  | 'stake'
  | 'valid'
  | 'payout'
  | 'promo_cost'
  | 'vip_bonus_cost'
  | 'rebate_cost',
  unknown
>;

/** A report_daily row (or sums of its columns) as a report day, before GGR and net revenue. */
export function dayOfRow(day: string, r: RollUpFigures): ReportDay {
  return {
    ...emptyDay(day),
    registrations: n(r.registrations),
    depositCount: n(r.deposit_count),
    depositAmount: n(r.deposit_amount),
    depositors: n(r.depositors),
    firstDepositCount: n(r.first_deposit_count),
    firstDepositAmount: n(r.first_deposit_amount),
    withdrawCount: n(r.withdraw_count),
    withdrawAmount: n(r.withdraw_amount),
    activePlayers: n(r.active_players),
    bets: n(r.bets),
    stake: n(r.stake),
    valid: n(r.valid),
    payout: n(r.payout),
    promoCost: n(r.promo_cost),
    vipBonusCost: n(r.vip_bonus_cost),
    rebateCost: n(r.rebate_cost),
  };
}

/** GGR and net revenue from the rest of a day. */
function withDerived(d: ReportDay): ReportDay {
  const ggr = d.stake - d.payout;
  return { ...d, ggr, netRevenue: ggr - d.promoCost - d.vipBonusCost - d.rebateCost };
}

const BET_FIELDS = ['activePlayers', 'bets', 'stake', 'valid', 'payout'] as const;
const SUM_FIELDS = Object.keys(emptyDay('')).filter((k) => k !== 'day') as (keyof Omit<ReportDay, 'day'>)[];

/** Sums of a list of days, as one day called `label`. */
export function totalOf(rows: ReportDay[], label: string): ReportDay {
  const t = emptyDay(label);
  for (const r of rows) for (const k of SUM_FIELDS) t[k] += r[k];
  return withDerived(t);
}

/** One row per business day of the range (days without activity are zeros), brands summed. */
export async function dailyRows(db: Db, f: ReportFilter): Promise<{ rows: ReportDay[]; updatedAt: number | null }> {
  if (f.sites.length === 0) return { rows: [], updatedAt: null };
  const base = await db
    .selectFrom('report_daily')
    .select((eb) => [
      'day',
      eb.fn.sum<string>('registrations').as('registrations'),
      eb.fn.sum<string>('deposit_count').as('deposit_count'),
      eb.fn.sum<string>('deposit_amount').as('deposit_amount'),
      eb.fn.sum<string>('depositors').as('depositors'),
      eb.fn.sum<string>('first_deposit_count').as('first_deposit_count'),
      eb.fn.sum<string>('first_deposit_amount').as('first_deposit_amount'),
      eb.fn.sum<string>('withdraw_count').as('withdraw_count'),
      eb.fn.sum<string>('withdraw_amount').as('withdraw_amount'),
      eb.fn.sum<string>('active_players').as('active_players'),
      eb.fn.sum<string>('bets').as('bets'),
      eb.fn.sum<string>('stake').as('stake'),
      eb.fn.sum<string>('valid').as('valid'),
      eb.fn.sum<string>('payout').as('payout'),
      eb.fn.sum<string>('promo_cost').as('promo_cost'),
      eb.fn.sum<string>('vip_bonus_cost').as('vip_bonus_cost'),
      eb.fn.sum<string>('rebate_cost').as('rebate_cost'),
      eb.fn.max<string>('updated_at').as('updated_at'),
    ])
    .where('site_code', 'in', f.sites)
    .where('day', '>=', f.from)
    .where('day', '<=', f.to)
    .groupBy('day')
    .execute();
  const byDay = new Map<string, ReportDay>();
  let updatedAt: number | null = null;
  for (const r of base) {
    updatedAt = Math.max(updatedAt ?? 0, n(r.updated_at));
    byDay.set(r.day, dayOfRow(r.day, r));
  }
  if (f.channelCode || f.category) {
    const bets = await filteredBets(db, f);
    for (const d of byDay.values()) {
      const b = bets.get(d.day);
      for (const k of BET_FIELDS) d[k] = b?.[k] ?? 0;
    }
  }
  const rows = daysOf(f.from, f.to).map((day) => withDerived(byDay.get(day) ?? emptyDay(day)));
  return { rows, updatedAt };
}

function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

type BetFigures = Pick<ReportDay, (typeof BET_FIELDS)[number]>;

/** Betting figures per day of one venue (its venue rows) or of one category (its total rows). */
async function filteredBets(db: Db, f: ReportFilter): Promise<Map<string, BetFigures>> {
  let q = db
    .selectFrom('report_daily_venue')
    .select((eb) => [
      'day',
      eb.fn.sum<string>('players').as('players'),
      eb.fn.sum<string>('bets').as('bets'),
      eb.fn.sum<string>('stake').as('stake'),
      eb.fn.sum<string>('valid').as('valid'),
      eb.fn.sum<string>('payout').as('payout'),
    ])
    .where('site_code', 'in', f.sites)
    .where('day', '>=', f.from)
    .where('day', '<=', f.to)
    .where('channel_code', '=', f.channelCode ?? '');
  if (f.category) q = q.where('category', '=', f.category);
  const rows = await q.groupBy('day').execute();
  return new Map(
    rows.map((r) => [r.day, { activePlayers: n(r.players), bets: n(r.bets), stake: n(r.stake), valid: n(r.valid), payout: n(r.payout) }]),
  );
}

/** The venues of the range by GGR, highest first (venue rows only; names from the venue list). */
export async function venueTotals(db: Db, f: ReportFilter, limit?: number): Promise<ReportVenue[]> {
  if (f.sites.length === 0) return [];
  let q = db
    .selectFrom('report_daily_venue as r')
    .leftJoin('venues as v', 'v.channel_code', 'r.channel_code')
    .select((eb) => [
      'r.channel_code',
      'r.category',
      eb.fn.max('v.name').as('name'),
      eb.fn.sum<string>('r.bets').as('bets'),
      eb.fn.sum<string>('r.stake').as('stake'),
      eb.fn.sum<string>('r.valid').as('valid'),
      eb.fn.sum<string>('r.payout').as('payout'),
    ])
    .where('r.site_code', 'in', f.sites)
    .where('r.day', '>=', f.from)
    .where('r.day', '<=', f.to)
    .where('r.channel_code', '!=', '');
  if (f.channelCode) q = q.where('r.channel_code', '=', f.channelCode);
  if (f.category) q = q.where('r.category', '=', f.category);
  const rows = await q.groupBy(['r.channel_code', 'r.category']).execute();
  const out = rows
    .map((r) => ({
      channelCode: r.channel_code,
      name: (r.name as string | null) ?? r.channel_code,
      category: r.category,
      bets: n(r.bets),
      stake: n(r.stake),
      valid: n(r.valid),
      payout: n(r.payout),
      ggr: n(r.stake) - n(r.payout),
    }))
    .sort((a, b) => b.ggr - a.ggr || a.channelCode.localeCompare(b.channelCode));
  return limit === undefined ? out : out.slice(0, limit);
}

/** Work waiting for staff in the brands: read-only counts, each on an index of its queue. */
export async function pendingCounts(db: Db, sites: number[]) {
  if (sites.length === 0)
    return { withdrawReview: 0, withdrawPayout: 0, depositPending: 0, promoFlagged: 0, feedbackPending: 0, supportWaiting: 0 };
  const count = async (q: Promise<{ n: string | number } | undefined>) => n((await q)?.n);
  const [withdrawReview, withdrawPayout, depositPending, promoFlagged, feedbackPending, supportWaiting] = await Promise.all([
    count(
      db
        .selectFrom('withdraw_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('site_code', 'in', sites)
        .where('status', '=', 'pending')
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('withdraw_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('site_code', 'in', sites)
        .where('status', '=', 'approved')
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('deposit_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'pending')
        .where('site_code', 'in', sites)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('promo_rewards')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'flagged')
        .where('site_code', 'in', sites)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('site_code', 'in', sites)
        .where('status', '=', 'pending')
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('support_threads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('site_code', 'in', sites)
        .where('waiting', '=', 1)
        .executeTakeFirst(),
    ),
  ]);
  return { withdrawReview, withdrawPayout, depositPending, promoFlagged, feedbackPending, supportWaiting };
}
