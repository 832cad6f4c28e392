/**
 * The console's reports in Chromium against the real built server: two weeks of business written
 * into the database (members, deposits, withdrawals, settled bets per venue), the roll-ups rebuilt with the CLI
 * (`report:rebuild`); the dashboard (KPI cards, trend charts, top venues, pending work), the daily report (chart,
 * table with totals, category filter) and its CSV export (UTF-8 with BOM, Chinese header); a role without
 * reports.read sees the dashboard but no daily report. Screenshots: e2e/screenshots/console-reports-*.png.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BetterSqlite3 as Database } from '../apps/server/src/db/sqliteDriver.ts';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { consoleUrl, createStaff, enrolStaff, signIn, type Staff } from './consoleKit.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3_600_000;
const day = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
let server: RunningServer;
let browser: Browser;
let admin: Staff;

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `console-reports-${name}.png`), fullPage: true });
const menuItems = (page: Page) => page.locator('.ant-layout-sider .ant-menu-item').allInnerTexts();

async function fresh(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
  return context.newPage();
}

/** 14 days of brand 7000's business, straight into the tables (the server tests check the roll-up's arithmetic). */
function seedBusiness(file: string): { today: string; stakeToday: number } {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  const now = Date.now();
  const today0 = Date.parse(`${day(now)}T00:00:00Z`) - OFFSET_MS;
  const venues = db.prepare('select channel_code, category from venues order by sort').all() as {
    channel_code: string;
    category: string;
  }[];
  const member = db.prepare(
    `insert into members (id, site_code, name, name_lower, password_hash, profile_confirmed, status, register_ip, created_at, password_changed_at)
     values (?, 7000, ?, ?, 'x', 0, 'active', '10.0.0.1', ?, ?)`,
  );
  const deposit = db.prepare(
    `insert into deposit_orders (order_no, member_id, site_code, channel_id, provider, amount, fee, currency, status, created_at, expires_at, paid_at)
     values (?, ?, 7000, 'bank', 'sandbox', ?, 0, 'CNY', ?, ?, ?, ?)`,
  );
  const withdraw = db.prepare(
    `insert into withdraw_orders (order_no, member_id, site_code, method, target_id, target, amount, fee, status, hold_id, remark, created_at, updated_at)
     values (?, ?, 7000, 'bank', 'c', '6222', ?, 0, ?, ?, '', ?, ?)`,
  );
  const turnover = db.prepare(
    `insert into bet_turnover_daily (member_id, day, channel_code, site_code, category, bets, stake, valid, payout) values (?, ?, ?, 7000, ?, ?, ?, ?, ?)`,
  );
  let stakeToday = 0;
  db.transaction(() => {
    for (let d = 13; d >= 0; d--) {
      const start = today0 - d * DAY_MS;
      // Today only up to now: every row's time is in the past.
      const at = (i: number) => Math.min(start + ((i * 3_600_000 + 600_000) % DAY_MS), now - 1000);
      for (let i = 0; i < 6 + (d % 4); i++) {
        const id = `e2erpt${d}x${i}`;
        member.run(id, id, id, at(i), at(i));
        deposit.run(`E2D${d}x${i}`, id, (100 + i * 50 + d * 10) * 100, 'paid', at(i) - 1000, at(i) + 900_000, at(i));
        if (i % 3 === 0)
          withdraw.run(`E2W${d}x${i}`, id, (80 + d) * 100, i % 2 === 0 ? 'paid' : 'pending', `eh${d}${i}`, at(i) - 1000, at(i));
        const v = venues[(i + d) % venues.length]!;
        const stake = (200 + i * 30 + d * 7) * 100;
        const payout = Math.floor(stake * (0.7 + ((i * 7 + d) % 5) * 0.1));
        turnover.run(id, day(start), v.channel_code, v.category, 3 + i, stake, stake, payout);
        if (d === 0) stakeToday += stake;
      }
    }
  })();
  db.close();
  return { today: day(now), stakeToday };
}

describeInBrowser('console: dashboard, daily report, CSV export', () => {
  let seeded: { today: string; stakeToday: number };
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    seeded = seedBusiness(join(server.dataDir, 'portal.sqlite'));
    const now = Date.now();
    await server.ops('report:rebuild', day(now - 30 * DAY_MS), day(now));
    admin = await enrolStaff(server, await createStaff(server, 'repadmin', ['super_admin']));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the dashboard: KPI cards against yesterday, 30-day charts, top venues, pending work', async () => {
    const page = await fresh();
    await signIn(page, server, admin);
    await page.waitForURL(/\/console\/dashboard$/);
    const dash = page.getByTestId('dashboard');
    await dash.waitFor();
    await expect.poll(() => dash.locator('.recharts-surface').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const text = await dash.innerText();
    for (const label of [
      '今日存款金额',
      '今日GGR（输赢）',
      '今日活跃玩家',
      '较昨日',
      '近30日资金与输赢',
      '近7日场馆 GGR 排行',
      '提款待审核',
    ])
      expect(text).toContain(label);
    expect(text).toContain(seeded.today);
    // Today's stake as the card shows it (元, 2 decimals, grouped).
    const stake = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2 }).format(seeded.stakeToday / 100);
    expect(await dash.locator('.ant-card').filter({ hasText: '今日投注额' }).innerText()).toContain(stake);
    expect(text).not.toMatch(/undefined|NaN/);
    await shot(page, 'dashboard');
  });

  test('the daily report: chart, table with totals, category filter, CSV export with BOM', async () => {
    const page = await fresh();
    await signIn(page, server, admin);
    await page.locator('.ant-layout-sider').getByText('日报表').click();
    await page.waitForURL(/\/console\/reports\/daily$/);
    const report = page.getByTestId('daily-report');
    await expect.poll(() => report.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(7);
    await report.locator('.recharts-surface').first().waitFor({ timeout: 15_000 });
    expect(await report.locator('.ant-table-summary').innerText()).toContain('合计');
    await shot(page, 'daily');

    const before = await report.locator('.ant-table-summary').innerText();
    await report.getByLabel('类别').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '体育' }).click();
    await expect.poll(() => report.locator('.ant-table-summary').innerText()).not.toBe(before);
    await shot(page, 'daily-filtered');

    const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: '导出 CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^daily-report-7000-TY-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '品牌,日期,注册人数,存款笔数,存款金额,存款人数,首存人数,首存金额,提款笔数,提款金额,活跃玩家,注单数,投注额,有效投注,派彩,GGR,优惠成本,VIP礼金,返水成本,净收入',
    );
    expect(lines).toHaveLength(10); // header, 7 days, 合计, ''
    expect(lines[8]).toMatch(/^7000,合计,/);
  });

  test('a role without reports.read sees the dashboard and no daily report', async () => {
    const trader = await enrolStaff(server, await createStaff(server, 'reptrader', ['trader']));
    const page = await fresh();
    await signIn(page, server, trader);
    await page.waitForURL(/\/console\/dashboard$/);
    expect(await menuItems(page)).toContain('仪表盘');
    expect(await menuItems(page)).not.toContain('日报表');
    await page.goto(consoleUrl(server, 'reports/daily'));
    await expect.poll(() => page.getByText('无权访问').isVisible()).toBe(true);
  });
});
