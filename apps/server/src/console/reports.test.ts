/**
 * Report roll-ups and the report endpoints, on SQLite and PostgreSQL: the roll-ups equal an
 * independent aggregation of a generated data set; rebuilding is idempotent; a resettled old day is rolled up
 * again; a staff member of one brand cannot read another's report; the CSV's exact header and rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay, yuan } from '@portal/rules';
import { retractSettledBet, recordSettledBet } from '../modules/turnover/repository.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { CSV_BOM, CSV_HEADER } from './reports/csv.ts';
import { SITES, generate, modelKey, type Generated, type ModelDay } from './reports/fixture.ts';
import { dayOfRow } from './reports/queries.ts';
import { DAY_MS, dayStart, rebuildReports, reportJob } from './reports/rollup.ts';
import { staffSession, type StaffSession } from './testKit.ts';

const DAYS = ['2026-03-09', '2026-03-10', '2026-03-11'];
let h: Harness;
let g: Generated;
let all: StaffSession;
let only7000: StaffSession;

beforeAll(async () => {
  h = await createHarness();
  g = await generate(h.s.handle.db, DAYS);
  await rebuildReports(h.s.handle.db, DAYS[0]!, DAYS.at(-1)!);
  all = await staffSession(h, { roles: ['finance'] });
  only7000 = await staffSession(h, { roles: ['finance'], sites: [7000] });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const db = () => h.s.handle.db;

async function rolledUp(site: number, day: string): Promise<ModelDay> {
  const r = await db()
    .selectFrom('report_daily')
    .selectAll()
    .where('site_code', '=', site)
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  const { day: _day, ggr: _ggr, netRevenue: _net, ...figures } = dayOfRow(day, r);
  return figures;
}

async function snapshot() {
  const daily = await db().selectFrom('report_daily').selectAll().orderBy('site_code').orderBy('day').execute();
  const venues = await db()
    .selectFrom('report_daily_venue')
    .selectAll()
    .orderBy('site_code')
    .orderBy('day')
    .orderBy('category')
    .orderBy('channel_code')
    .execute();
  const strip = <T extends { updated_at: unknown }>(rows: T[]) => rows.map(({ updated_at: _u, ...x }) => x);
  return { daily: strip(daily), venues: strip(venues) };
}

describe('daily roll-ups', () => {
  it('equal a direct aggregation of the generated deposits, withdrawals, bets, rounds, promotions and rebates', async () => {
    let active = 0;
    for (const site of SITES)
      for (const day of DAYS) {
        const want = g.model.get(modelKey(site, day))!;
        expect(await rolledUp(site, day), `${site} ${day}`).toEqual(want);
        active += want.activePlayers + want.firstDepositCount + want.promoCost + want.withdrawCount;
      }
    expect(active, 'the data set exercises every figure').toBeGreaterThan(0);
  });

  it("each day's venue rows add up to the day, and each category's total row to its venues", async () => {
    for (const site of SITES)
      for (const day of DAYS) {
        const rows = await db().selectFrom('report_daily_venue').selectAll().where('site_code', '=', site).where('day', '=', day).execute();
        const venues = rows.filter((r) => r.channel_code !== '');
        const totals = rows.filter((r) => r.channel_code === '');
        const sum = (xs: typeof rows, k: 'bets' | 'stake' | 'payout') => xs.reduce((s, r) => s + Number(r[k]), 0);
        const want = g.model.get(modelKey(site, day))!;
        expect(sum(venues, 'stake')).toBe(want.stake);
        expect(sum(totals, 'payout')).toBe(want.payout);
        for (const t of totals) {
          const inCat = venues.filter((v) => v.category === t.category);
          expect(Number(t.bets)).toBe(sum(inCat, 'bets'));
          expect(Number(t.players)).toBeLessThanOrEqual(inCat.reduce((s, v) => s + Number(v.players), 0));
        }
      }
  });

  it('rebuilding is idempotent, and removes a venue row its day no longer has', async () => {
    const before = await snapshot();
    await db()
      .insertInto('report_daily_venue')
      .values({
        site_code: 7000,
        day: DAYS[1]!,
        category: 'DZ',
        channel_code: 'GHOST',
        players: 1,
        bets: 1,
        stake: 1,
        valid: 1,
        payout: 0,
        updated_at: 0,
      })
      .execute();
    await rebuildReports(db(), DAYS[0]!, DAYS.at(-1)!);
    await rebuildReports(db(), DAYS[1]!, DAYS[1]!);
    expect(await snapshot()).toEqual(before);
  });

  it('a resettlement of an old day marks it, and the job rolls that day up again', async () => {
    const m = g.members.find((x) => x.site === 7001)!;
    const at = dayStart(DAYS[0]!) + 3_600_000;
    await db()
      .transaction()
      .execute((tx) =>
        recordSettledBet(tx, {
          memberId: m.id,
          siteCode: 7001,
          channelCode: 'CRTY',
          category: 'TY',
          betRef: 'resettle-1',
          stakeFen: 5000,
          validFen: 5000,
          payoutFen: 0,
          settledAtMs: at,
        }),
      );
    await rebuildReports(db(), DAYS[0]!, DAYS[0]!);
    const counted = await rolledUp(7001, DAYS[0]!);
    await db()
      .transaction()
      .execute((tx) => retractSettledBet(tx, 'CRTY', 'resettle-1'));
    expect(await db().selectFrom('report_dirty_days').select('day').execute()).toEqual([{ day: DAYS[0] }]);
    const job = await reportJob(db());
    expect(job.days).toContain(DAYS[0]);
    const after = await rolledUp(7001, DAYS[0]!);
    expect(after.stake).toBe(counted.stake - 5000);
    expect(after).toEqual(g.model.get(modelKey(7001, DAYS[0]!)));
    expect(await db().selectFrom('report_dirty_days').select('day').execute()).toEqual([]);
  });
});

describe('report endpoints', () => {
  it("the daily report of one brand is its roll-up rows, with derived GGR and net revenue and the range's totals", async () => {
    const r = await all.call('reports/daily', { siteCode: 7000, from: DAYS[0], to: DAYS.at(-1) });
    expect(r.status_code).toBe(6000);
    expect(r.data.rows.map((x: { day: string }) => x.day)).toEqual(DAYS);
    for (const row of r.data.rows) {
      const want = g.model.get(modelKey(7000, row.day))!;
      expect(row).toMatchObject(want);
      expect(row.ggr).toBe(want.stake - want.payout);
      expect(row.netRevenue).toBe(want.stake - want.payout - want.promoCost - want.vipBonusCost - want.rebateCost);
    }
    expect(r.data.totals.stake).toBe(DAYS.reduce((s, d) => s + g.model.get(modelKey(7000, d))!.stake, 0));
    expect(r.data.venues.reduce((s: number, v: { stake: number }) => s + v.stake, 0)).toBe(r.data.totals.stake);
  });

  it('every brand the staff member sees is summed when no brand is named; a scoped staff member sees only theirs', async () => {
    const both = await all.call('reports/daily', { from: DAYS[1], to: DAYS[1] });
    const sum = SITES.reduce((s, c) => s + g.model.get(modelKey(c, DAYS[1]!))!.depositAmount, 0);
    expect(both.data.rows[0].depositAmount).toBe(sum);
    const mine = await only7000.call('reports/daily', { from: DAYS[1], to: DAYS[1] });
    expect(mine.data.rows[0].depositAmount).toBe(g.model.get(modelKey(7000, DAYS[1]!))!.depositAmount);
  });

  it("a staff member of brand 7000 cannot read 7001's report, dashboard or CSV (6003)", async () => {
    for (const action of ['reports/daily', 'reports/exportCsv', 'reports/dashboard']) {
      const r = await only7000.call(action, { siteCode: 7001 });
      expect(r.status_code, action).toBe(6003);
      expect(r.data).toBeNull();
    }
  });

  it('filters by venue and by category narrow the betting figures', async () => {
    const venue = await db()
      .selectFrom('report_daily_venue')
      .selectAll()
      .where('site_code', '=', 7000)
      .where('day', '=', DAYS[2]!)
      .where('channel_code', '!=', '')
      .executeTakeFirstOrThrow();
    const v = await all.call('reports/daily', { siteCode: 7000, from: DAYS[2], to: DAYS[2], channelCode: venue.channel_code });
    expect(v.data.rows[0]).toMatchObject({
      stake: Number(venue.stake),
      payout: Number(venue.payout),
      activePlayers: Number(venue.players),
    });
    expect(v.data.venues.map((x: { channelCode: string }) => x.channelCode)).toEqual([venue.channel_code]);
    const cat = await db()
      .selectFrom('report_daily_venue')
      .selectAll()
      .where('site_code', '=', 7000)
      .where('day', '=', DAYS[2]!)
      .where('category', '=', venue.category)
      .where('channel_code', '=', '')
      .executeTakeFirstOrThrow();
    const c = await all.call('reports/daily', { siteCode: 7000, from: DAYS[2], to: DAYS[2], category: venue.category });
    expect(c.data.rows[0]).toMatchObject({ stake: Number(cat.stake), activePlayers: Number(cat.players) });
    // Money outside the bets stays the brand's whole day.
    expect(c.data.rows[0].depositAmount).toBe(g.model.get(modelKey(7000, DAYS[2]!))!.depositAmount);
  });

  it('refuses a reversed or too long range (6007)', async () => {
    expect((await all.call('reports/daily', { from: DAYS[2], to: DAYS[0] })).status_code).toBe(6007);
    expect((await all.call('reports/daily', { from: '2024-01-01', to: '2026-01-01' })).status_code).toBe(6007);
    expect((await all.call('reports/daily', { from: '2026-02-30', to: '2026-03-01' })).status_code).toBe(6007);
    expect((await all.call('reports/daily', { category: 'XX' })).status_code).toBe(6007);
  });

  it('exports CSV: UTF-8 with BOM, the exact header, one row per day and the total', async () => {
    const r = await all.call('reports/exportCsv', { siteCode: 7000, from: DAYS[0], to: DAYS[1] });
    expect(r.status_code).toBe(6000);
    expect(r.data.filename).toBe(`daily-report-7000-${DAYS[0]}-${DAYS[1]}.csv`);
    const text: string = r.data.content;
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '品牌,日期,注册人数,存款笔数,存款金额,存款人数,首存人数,首存金额,提款笔数,提款金额,活跃玩家,注单数,投注额,有效投注,派彩,GGR,优惠成本,VIP礼金,返水成本,净收入',
    );
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(5); // header, 2 days, total, trailing ''
    const row = (label: string, d: ModelDay) => {
      const ggr = d.stake - d.payout;
      return [
        '7000',
        label,
        d.registrations,
        d.depositCount,
        yuan(d.depositAmount),
        d.depositors,
        d.firstDepositCount,
        yuan(d.firstDepositAmount),
        d.withdrawCount,
        yuan(d.withdrawAmount),
        d.activePlayers,
        d.bets,
        yuan(d.stake),
        yuan(d.valid),
        yuan(d.payout),
        yuan(ggr),
        yuan(d.promoCost),
        yuan(d.vipBonusCost),
        yuan(d.rebateCost),
        yuan(ggr - d.promoCost - d.vipBonusCost - d.rebateCost),
      ].join(',');
    };
    const d0 = g.model.get(modelKey(7000, DAYS[0]!))!;
    const d1 = g.model.get(modelKey(7000, DAYS[1]!))!;
    expect(lines[1]).toBe(row(DAYS[0]!, d0));
    expect(lines[2]).toBe(row(DAYS[1]!, d1));
    const total = Object.fromEntries(
      Object.keys(d0).map((k) => [k, d0[k as keyof ModelDay] + d1[k as keyof ModelDay]]),
    ) as unknown as ModelDay;
    expect(lines[3]).toBe(row('合计', total));
    expect(lines[4]).toBe('');
  });

  it("the dashboard: today against yesterday from the job's roll-up, 30 days of trend, top venues and pending work", async () => {
    const now = Date.now();
    const m = g.members.find((x) => x.site === 7000)!;
    await db()
      .transaction()
      .execute((tx) =>
        recordSettledBet(tx, {
          memberId: m.id,
          siteCode: 7000,
          channelCode: 'CRTY',
          category: 'TY',
          betRef: 'today-1',
          stakeFen: 12_300,
          validFen: 12_300,
          payoutFen: 0,
          settledAtMs: now,
        }),
      );
    await reportJob(db(), now);
    const r = await only7000.call('reports/dashboard', {});
    expect(r.status_code).toBe(6000);
    expect(r.data.today).toMatchObject({ day: businessDay(now), stake: 12_300, ggr: 12_300, activePlayers: 1 });
    expect(r.data.yesterday.day).toBe(businessDay(now - DAY_MS));
    expect(r.data.trend).toHaveLength(30);
    expect(r.data.trend.at(-1).day).toBe(businessDay(now));
    expect(r.data.topVenues[0]).toMatchObject({ channelCode: 'CRTY', ggr: 12_300 });
    const pending = await db()
      .selectFrom('withdraw_orders')
      .select('order_no')
      .where('site_code', '=', 7000)
      .where('status', '=', 'pending')
      .execute();
    expect(r.data.pending.withdrawReview).toBe(pending.length);
  });
});
