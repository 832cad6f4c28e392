/** Reports and the dashboard of the operator console: read from daily roll-ups, never from every bet. */
import { z } from 'zod';
import { GAME_CATEGORIES } from '../api/casino.ts';
import { siteCode } from './common.ts';
import { consoleEndpoint } from './endpoint.ts';

const tag = 'Console reports';

/** A report covers at most this many business days. */
export const REPORT_MAX_DAYS = 366;
/** Days of the dashboard's trend, and of its top venues. */
export const DASHBOARD_TREND_DAYS = 30;
export const DASHBOARD_TOP_VENUE_DAYS = 7;
export const DASHBOARD_TOP_VENUES = 8;

/** Chinese names of the venue categories, as the console shows them. */
export const CATEGORY_NAMES: Readonly<Record<(typeof GAME_CATEGORIES)[number], string>> = {
  TY: '体育',
  ZR: '真人',
  QP: '棋牌',
  DZ: '电子',
  BY: '捕鱼',
  CP: '彩票',
  DJ: '电竞',
};

/** A business day (UTC+8), 'YYYY-MM-DD'. */
export const businessDayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One business day of a brand (or of every brand the staff member sees), money in fen. */
export const reportDay = z.object({
  day: z.string(),
  registrations: z.number(),
  depositCount: z.number(),
  depositAmount: z.number(),
  depositors: z.number(),
  firstDepositCount: z.number(),
  firstDepositAmount: z.number(),
  withdrawCount: z.number(),
  withdrawAmount: z.number(),
  /** Members with a settled bet (of the filtered venue / category when filtered). */
  activePlayers: z.number(),
  bets: z.number(),
  stake: z.number(),
  valid: z.number(),
  payout: z.number(),
  /** Gross gaming revenue: stake − payout of the settled bets. */
  ggr: z.number(),
  promoCost: z.number(),
  vipBonusCost: z.number(),
  rebateCost: z.number(),
  /** GGR − promotion, VIP bonus and rebate cost. */
  netRevenue: z.number(),
});
export type ReportDay = z.infer<typeof reportDay>;

export const reportVenue = z.object({
  channelCode: z.string(),
  name: z.string(),
  category: z.string(),
  bets: z.number(),
  stake: z.number(),
  valid: z.number(),
  payout: z.number(),
  ggr: z.number(),
});
export type ReportVenue = z.infer<typeof reportVenue>;

const filters = {
  /** One brand; absent: every brand the staff member sees, summed. */
  siteCode: siteCode.optional(),
  /** Default: the 7 business days ending today. */
  from: businessDayField.optional(),
  to: businessDayField.optional(),
  /** Narrows the betting figures (bets, turnover, GGR, active players) to one venue or category. */
  channelCode: z
    .string()
    .trim()
    .min(2)
    .max(32)
    .regex(/^[A-Za-z0-9_]+$/)
    .optional(),
  category: z.enum(GAME_CATEGORIES).optional(),
};

export const reportDaily = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(reportDay),
  /** Sums over the range (activePlayers: the sum of each day's, a member counted once a day). */
  totals: reportDay,
  venues: z.array(reportVenue),
  /** When the newest roll-up row of the range was computed (null: none yet). */
  updatedAt: z.number().nullable(),
});

export const dashboardPending = z.object({
  /** Withdrawals waiting for review, and approved ones waiting for payout. */
  withdrawReview: z.number(),
  withdrawPayout: z.number(),
  depositPending: z.number(),
  promoFlagged: z.number(),
  feedbackPending: z.number(),
  supportWaiting: z.number(),
});

export const consoleReportsApi = {
  dashboard: consoleEndpoint({
    path: 'reports/dashboard',
    permission: 'dashboard.read',
    tag,
    summary: "Today against yesterday, the last 30 days' trend, the top venues by GGR and the pending work counts.",
    request: z.strictObject({ siteCode: siteCode.optional() }),
    response: z.object({
      today: reportDay,
      yesterday: reportDay,
      trend: z.array(reportDay),
      topVenues: z.array(reportVenue),
      pending: dashboardPending,
      updatedAt: z.number().nullable(),
    }),
  }),
  daily: consoleEndpoint({
    path: 'reports/daily',
    permission: 'reports.read',
    tag,
    summary: 'The daily report of a brand over a date range, filtered by venue or category, with totals and venues.',
    request: z.strictObject(filters),
    response: reportDaily,
  }),
  exportCsv: consoleEndpoint({
    path: 'reports/exportCsv',
    permission: 'reports.read',
    tag,
    summary: 'The daily report as CSV (UTF-8 with a byte-order mark, so Excel reads the Chinese headers).',
    request: z.strictObject(filters),
    response: z.object({ filename: z.string(), content: z.string() }),
  }),
};
