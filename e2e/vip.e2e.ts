/**
 * VIP and welfare in Chromium against the REAL built server: a member with settled
 * bets and a credited sandbox deposit reaches VIP3 (the grade shows in the member card), sees the
 * progress to VIP4 and the ladder, claims the upgrade, birthday and weekly bonuses (balance in the
 * header), and the daily rebate paid by the operator command shows in the rebate records.
 * Screenshots go to e2e/screenshots/vip-*.png.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BetterSqlite3 as Database } from '../apps/server/src/db/sqliteDriver.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberPage } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const DAY_MS = 86_400_000;
/** Business days are UTC+8 (the server's turnover/repository.ts businessDay). */
const businessDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const today = businessDay(Date.now());
const yesterday = businessDay(Date.now() - DAY_MS);
const lastWeek = businessDay(Date.now() - 7 * DAY_MS);
/** On a Monday yesterday's bets belong to last week too. */
const lastWeekTurnover = new Date(`${today}T00:00:00Z`).getUTCDay() === 1 ? '¥ 160,000' : '¥ 60,000';

let server: RunningServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `vip-${name}.png`), fullPage: true });
const toast = (text: string) => page.locator('.ant-message').getByText(text).last().waitFor({ timeout: 15_000 });
const headerBalance = () => page.getByTestId('balance').first();
async function go(path: string) {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.mine__content .panel, .mine__content .vip-hero').first().waitFor();
}

/** Settled bets as the venues report them (bet_turnover_daily), written directly like the wallet suite does. */
function settledBets(memberId: string, rows: Array<[day: string, category: string, validYuan: number]>) {
  const db = new Database(join(server.dataDir, 'portal.sqlite'));
  const insert = db.prepare(
    'insert into bet_turnover_daily (member_id, day, channel_code, site_code, category, bets, stake, valid, payout) values (?, ?, ?, 7000, ?, 1, ?, ?, 0)',
  );
  for (const [day, category, yuan] of rows) insert.run(memberId, day, `SB${category}`, category, yuan * 100, yuan * 100);
  db.close();
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  const api = new ApiClient(server.baseUrl);
  const member = await api.register(`vp${Date.now().toString(36).slice(-6)}a1`, 'Wq7mZ2xp9');
  const birthday = `${Number(today.slice(0, 4)) - 28}-${today.slice(5, 7)}-01`;
  expect((await api.call('/site/api/v1/user/member/bindOther', { realName: '王小明', birthday }, member.token)).status_code).toBe(6000);
  // 160 000 valid turnover (60 000 of it last week, 100 000 yesterday), then a 20 000 deposit: VIP3.
  settledBets(member.userId, [
    [lastWeek, 'DZ', 60_000],
    [yesterday, 'TY', 60_000],
    [yesterday, 'DZ', 40_000],
  ]);
  const order = await api.call('/fd/api/v1/payment/pay', { channelId: 'bank', amount: '20000' }, member.token, {
    'idempotency-key': `k-${randomUUID()}`,
  });
  expect(order.status_code, order.message).toBe(6000);
  expect((await fetch(`${server.baseUrl}/sandbox/pay/${order.data.orderNo}/pay`, { method: 'POST' })).status).toBe(200);
  for (let i = 0; ; i++) {
    // the sandbox notifies a little later
    if ((await api.call('/fd/api/v1/payment/getDepositOrderStatus', { orderNo: order.data.orderNo }, member.token)).data.status === 'paid')
      break;
    if (i > 60) throw new Error('the sandbox deposit was never credited');
    await new Promise((r) => setTimeout(r, 500));
  }
  ({ page } = await memberPage(browser, member, errors));
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('VIP and welfare in Chromium', () => {
  test('the VIP page: VIP3 with the progress to VIP4, benefits, rates and the weekly reward; the member card shows the grade', async () => {
    await go('/mine/vip');
    await page.getByText('VIP3 会员').waitFor();
    await expect.poll(() => page.getByTestId('vip-next').textContent()).toBe('距离 VIP4 还需存款 ¥ 30,000、有效投注 ¥ 140,000');
    await page.getByTestId('vip-rates').getByText('0.58%').first().waitFor();
    await page.getByTestId('vip-week').getByText(lastWeekTurnover).waitFor();
    await expect.poll(() => page.locator('.mine-card__vip').textContent()).toBe('VIP3');
    await page.getByText('5 项福利待领取').waitFor();
    await shot('page');
  }, 60_000);

  test("the ladder marks the member's grade", async () => {
    await go('/mine/vip/detail');
    const mine = page.locator('.vip-ladder__mine');
    await mine.getByText('当前').waitFor();
    await mine.getByText('¥ 20,000').waitFor();
    expect(await page.getByTestId('vip-ladder').locator('tbody tr.ant-table-row').count()).toBe(11);
    await shot('detail');
  }, 60_000);

  test('welfare: upgrade, birthday and weekly bonuses claimed once each; the balance follows', async () => {
    await go('/mine/welfare');
    await page
      .getByTestId('welfare-upgrade:3')
      .getByRole('button', { name: /立即领取/ })
      .waitFor();
    await shot('welfare');
    await expect.poll(() => headerBalance().textContent()).toBe('¥ 20,000');
    for (const id of ['upgrade:3', 'upgrade:2', 'upgrade:1', `birthday:${today.slice(0, 4)}`]) {
      await page
        .getByTestId(`welfare-${id}`)
        .getByRole('button', { name: /立即领取/ })
        .click();
      await toast('领取成功，礼金已到账');
      await page.getByTestId(`welfare-${id}`).getByText('已领取').waitFor();
    }
    await page
      .locator('[data-testid^="welfare-weekly"]')
      .getByRole('button', { name: /立即领取/ })
      .click();
    await page.locator('[data-testid^="welfare-weekly"]').getByText('已领取').waitFor();
    // 128 + 58 + 18 upgrade, 88 birthday (VIP3), 38 weekly.
    await expect.poll(() => headerBalance().textContent()).toBe('¥ 20,330');
    expect(await page.getByRole('button', { name: /立即领取/ }).count()).toBe(0);
    await shot('welfare-claimed');
  }, 90_000);

  test('the daily rebate paid by `ops vip:rebate` shows in the rebate records and the balance', async () => {
    expect(await server.ops('vip:rebate', yesterday)).toContain('vip:rebate');
    await go('/mine/welfare');
    const records = page.getByTestId('rebate-records');
    // VIP3: TY 60 000 × 0.58 % + DZ 40 000 × 0.68 %.
    await records.getByText('¥ 620').waitFor();
    await records.locator('.ant-table-row-expand-icon').first().click();
    await records.getByText('¥ 60,000 × 0.58%').waitFor();
    await expect.poll(() => headerBalance().textContent()).toBe('¥ 20,950');
    await shot('rebates');
  }, 90_000);
});
