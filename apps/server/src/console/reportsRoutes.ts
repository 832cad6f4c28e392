/** Reports and the dashboard: every figure read from the daily roll-ups (console/reports/). */
import { StatusCode } from '@portal/contract';
import {
  DASHBOARD_TOP_VENUES,
  DASHBOARD_TOP_VENUE_DAYS,
  DASHBOARD_TREND_DAYS,
  REPORT_MAX_DAYS,
  consoleReportsApi as api,
} from '@portal/contract/console';
import { businessDay } from '@portal/rules';
import { fail } from '../lib/errors.ts';
import type { Services } from '../services.ts';
import { consoleRoute, type ConsoleContext, type ConsoleDeps, type ConsoleRoute } from './pipeline.ts';
import { reportCsv } from './reports/csv.ts';
import { dailyRows, emptyDay, pendingCounts, totalOf, venueTotals, type ReportFilter } from './reports/queries.ts';
import { DAY_MS, daysBetween, isDay } from './reports/rollup.ts';

interface FilterInput {
  siteCode?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  channelCode?: string | undefined;
  category?: string | undefined;
}

/** The brands of a call: the one asked for (the pipeline has checked it), else every brand the staff member sees. */
const sitesOf = (ctx: ConsoleContext, siteCode: number | undefined) => (siteCode === undefined ? ctx.sites : [siteCode]);

/** A valid range of at most REPORT_MAX_DAYS business days; default the 7 days ending today. */
function filterOf(ctx: ConsoleContext, i: FilterInput, now = Date.now()): ReportFilter {
  const to = i.to ?? businessDay(now);
  const from = i.from ?? businessDay(Date.parse(`${to}T12:00:00Z`) - 6 * DAY_MS);
  if (!isDay(from) || !isDay(to) || from > to || daysBetween(from, to).length > REPORT_MAX_DAYS)
    fail(StatusCode.INVALID_PARAMETER, { httpStatus: 400 });
  return { sites: sitesOf(ctx, i.siteCode), from, to, channelCode: i.channelCode?.toUpperCase(), category: i.category };
}

async function dailyReport(s: Services, f: ReportFilter) {
  const db = s.handle.db;
  const [{ rows, updatedAt }, venues] = await Promise.all([dailyRows(db, f), venueTotals(db, f)]);
  return { from: f.from, to: f.to, rows, totals: totalOf(rows, '合计'), venues, updatedAt };
}

export function reportsRoutes(s: Services, _d: ConsoleDeps): ConsoleRoute[] {
  const db = s.handle.db;
  return [
    consoleRoute(api.dashboard, async (i, ctx) => {
      const now = Date.now();
      const today = businessDay(now);
      const sites = sitesOf(ctx, i.siteCode);
      const back = (days: number) => businessDay(now - days * DAY_MS);
      const [trend, topVenues, pending] = await Promise.all([
        dailyRows(db, { sites, from: back(DASHBOARD_TREND_DAYS - 1), to: today }),
        venueTotals(db, { sites, from: back(DASHBOARD_TOP_VENUE_DAYS - 1), to: today }, DASHBOARD_TOP_VENUES),
        pendingCounts(db, sites),
      ]);
      const byDay = new Map(trend.rows.map((r) => [r.day, r]));
      return {
        today: byDay.get(today) ?? emptyDay(today),
        yesterday: byDay.get(back(1)) ?? emptyDay(back(1)),
        trend: trend.rows,
        topVenues,
        pending,
        updatedAt: trend.updatedAt,
      };
    }),
    consoleRoute(api.daily, async (i, ctx) => dailyReport(s, filterOf(ctx, i))),
    consoleRoute(api.exportCsv, async (i, ctx) => {
      const f = filterOf(ctx, i);
      const r = await dailyReport(s, f);
      const brand = i.siteCode === undefined ? '全部品牌' : String(i.siteCode);
      const scope = [i.siteCode ?? 'all', i.category, f.channelCode].filter(Boolean).join('-');
      return { filename: `daily-report-${scope}-${f.from}-${f.to}.csv`, content: reportCsv(brand, r.rows, r.totals) };
    }),
  ];
}
