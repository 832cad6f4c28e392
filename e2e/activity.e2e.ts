/**
 * Promotions in Chromium against the REAL built server: the promotions hall, applying
 * for the first-deposit bonus and the bonus arriving with the credited sandbox deposit, the daily
 * check-in, claiming betting-gift tiers, a wheel spin with its revealed seed, the gift records, the
 * friend invitation and the race board. Screenshots go to e2e/screenshots/activity-*.png.
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
/** Business days are UTC+8 (the server's turnover/repository.ts businessDay). */
const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let member: { token: string; userId: string; name: string };
const errors: string[] = [];

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `activity-${name}.png`), fullPage: true });
const toast = (text: string) => page.locator('.ant-message').getByText(text).last().waitFor({ timeout: 15_000 });
async function go(path: string, ready = '.promo-section, .promo-card, .gift-records') {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator(ready).first().waitFor();
}

async function deposit(amount: string) {
  const order = await api.call('/fd/api/v1/payment/pay', { channelId: 'bank', amount }, member.token, {
    'idempotency-key': `k-${randomUUID()}`,
  });
  expect(order.status_code, order.message).toBe(6000);
  expect((await fetch(`${server.baseUrl}/sandbox/pay/${order.data.orderNo}/pay`, { method: 'POST' })).status).toBe(200);
  await expect
    .poll(
      async () => (await api.call('/fd/api/v1/payment/getDepositOrderStatus', { orderNo: order.data.orderNo }, member.token)).data.status,
      { timeout: 30_000 },
    )
    .toBe('paid');
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`ac${Date.now().toString(36).slice(-6)}a1`, 'Wq7mZ2xp9');
  ({ page } = await memberPage(browser, member, errors));
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('promotions in Chromium', () => {
  test('the promotions hall: banners, category tabs and a card per promotion', async () => {
    await go('/activity/discount');
    await page.getByTestId('promo-first-deposit-7000').waitFor();
    expect(await page.locator('.promo-card').count()).toBe(8);
    await shot('hall');
    await page.getByText(/^新人专享/).click();
    await expect.poll(() => page.locator('.promo-card').count()).toBe(2);
  }, 60_000);

  test('first deposit: apply, then the credited deposit pays the 100% bonus once', async () => {
    await go('/activity/firstDeposit/first-deposit-7000');
    await page.getByRole('button', { name: '立即申请' }).click();
    await toast('报名成功，存款到账后自动发放红利');
    await page.getByRole('button', { name: '已报名' }).waitFor();
    await deposit('1000');
    await page.reload();
    await page.getByText('首存 1,000 元').waitFor({ timeout: 15_000 });
    const balance = await api.call('/fd/api/v1/transfer/getBalance', {}, member.token);
    expect(balance.data.centerWalletBalance).toBe('1888.00');
    await shot('first-deposit');
  }, 90_000);

  test('sign-in: the day is checked in once and marked on the calendar', async () => {
    await go('/activity/signGift/sign-in-7000');
    await page.getByRole('button', { name: '立即签到' }).click();
    await toast('领取成功，红利已到账');
    await page.getByRole('button', { name: '今日已签到' }).waitFor();
    await page.locator('.sign-day--signed').first().waitFor();
    await page.getByText('连续签到第 1 天').waitFor();
    await shot('sign-in');
  }, 60_000);

  test('betting gift: the reached tiers of the day are claimed', async () => {
    const db = new Database(join(server.dataDir, 'portal.sqlite'));
    db.prepare(
      'insert into bet_turnover_daily (member_id, day, channel_code, site_code, category, bets, stake, valid, payout) values (?, ?, ?, 7000, ?, 1, ?, ?, 0)',
    ).run(member.userId, today, 'CRTY', 'TY', 600_000, 600_000);
    db.close();
    await go('/activity/bettingGift/betting-gift-7000');
    await page.getByText('今日有效投注 ¥6,000').waitFor();
    await page.getByRole('button', { name: '领取彩金' }).click();
    await toast('领取成功，红利已到账');
    await expect.poll(() => page.locator('.tier .ant-tag').filter({ hasText: '已领取' }).count()).toBe(2);
    await shot('betting-gift');
  }, 60_000);

  test('lucky wheel: join, spin; the record reveals the seed', async () => {
    await go('/activity/drawGift/lucky-wheel-7000');
    const hub = page.locator('.wheel__hub');
    await hub.click();
    await expect.poll(() => hub.textContent()).toMatch(/^抽\s?奖$/);
    await page.getByText('剩余 10 次 / 今日获得 10 次').waitFor();
    await hub.click();
    await page.locator('.wheel-result').waitFor({ timeout: 15_000 });
    await page.locator('.spin-audit tbody tr.ant-table-row').first().waitFor();
    await page.getByText('剩余 9 次 / 今日获得 10 次').waitFor();
    await shot('wheel');
  }, 60_000);

  test('gift records list every reward', async () => {
    await go('/mine/giftRecord', '.gift-records');
    await page.getByText('首存 1,000 元').waitFor();
    expect(await page.locator('.gift-records tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(4);
    await shot('gift-records');
  }, 60_000);

  test('friend invitation and the race board', async () => {
    await go('/activity/friendInvitation');
    await expect.poll(async () => (await page.getByTestId('invite-code').textContent())?.trim().length ?? 0).toBeGreaterThanOrEqual(8);
    await shot('invite');
    await go('/activity/racePage/weekly-race-7000');
    await page.locator('.race-me').first().waitFor();
    await shot('race');
    expect(errors).toEqual([]);
  }, 60_000);
});
