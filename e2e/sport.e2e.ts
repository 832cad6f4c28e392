/**
 * The house sportsbook in Chromium against the REAL built server: a member funds
 * the sportsbook (deposit via the sandbox pay page, venue transfer into 体育), opens /game/sport/crty,
 * places a single and a parlay (and builds a series slip), the operator sets the results
 * (`ops sport:result`), and the bets show settled on /mine/betRecord with the sportsbook balance
 * updated. Screenshots of the sport page (classic and professional), the slip in each mode and the
 * bet record go to e2e/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberPage } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ApiClient;
let member: { token: string; userId: string };
const errors: string[] = [];
/** Events bet on, for the operator's results. */
const events: string[] = [];

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `sport-${name}.png`), fullPage: false });
const toast = (text: string) => page.locator('.ant-message').getByText(text).waitFor({ timeout: 15_000 });
const ops = (...args: string[]) => server.ops(...args);

/** The odd buttons of one market selection, one per event row (data-testid odd-{gameId}-{w}). */
const oddsOf = (w: string) => page.locator(`.odds-row [data-testid$="-${w}"]`);
const gameOf = async (i: number, w: string) => (await oddsOf(w).nth(i).getAttribute('data-testid'))!.slice('odd-'.length, -(w.length + 1));

async function openSport() {
  await page.goto(`${server.baseUrl}/game/sport/crty`);
  await page.getByTestId('sport-page').waitFor();
  await page.locator('.odds-row').first().waitFor({ timeout: 30_000 });
}

/** Rows the bets below need (a single, a parlay of two, a series of three). */
const ROWS_NEEDED = 6;

/**
 * Today's board (the default view) thins out late in the business day (UTC+8): the simulator's slots then
 * left today may be fewer than the bets need. Early (早盘) always has the next days' fixtures.
 */
async function boardWithEnoughRows() {
  if ((await oddsOf('OE:O').count()) >= ROWS_NEEDED) return;
  await page.locator('.ant-segmented').getByText('早盘', { exact: true }).click();
  await expect.poll(() => oddsOf('OE:O').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(ROWS_NEEDED);
}

async function confirmBet(stake: string) {
  await page.getByRole('textbox', { name: '投注金额' }).fill(stake);
  await page.getByRole('button', { name: '确认投注' }).click();
  const receipt = page.getByTestId('slip-receipt');
  await receipt.waitFor();
  await expect.poll(() => receipt.getAttribute('data-status'), { timeout: 20_000 }).toBe('accepted');
  return (await receipt.locator('dd').first().textContent())!;
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({ env: { SPORT_IN_PLAY_DELAY_MS: '1500' } });
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`sp${Date.now().toString(36).slice(-6)}a1`, PASSWORD);
  ({ context, page } = await memberPage(browser, member, errors));
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('house sportsbook in Chromium', () => {
  test('fund the sportsbook: deposit 500, transfer 300 into 体育', async () => {
    await page.goto(`${server.baseUrl}/mine/savemoney`);
    await page.getByRole('radio', { name: /电子钱包/ }).click();
    await page.getByRole('button', { name: '¥ 500' }).click();
    const [payPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /立即存款/ }).click()]);
    await payPage.waitForLoadState();
    await payPage.getByRole('button', { name: '模拟支付成功' }).click();
    await payPage.getByText('支付已提交').waitFor();
    await payPage.close();
    await page.locator('.ant-result-title', { hasText: '存款已到账' }).waitFor({ timeout: 30_000 });
    await page.goto(`${server.baseUrl}/mine/transfermoney`);
    await page.getByRole('radio', { name: /体育/ }).first().click();
    await page.getByRole('textbox', { name: '转账金额' }).fill('300');
    await page.getByRole('button', { name: /立即转账/ }).click();
    await toast('转账成功');
  }, 90_000);

  test("the home page's hot matches are the book's in-play events (or its honest empty state)", async () => {
    await page.goto(`${server.baseUrl}/`);
    const panel = page.getByTestId('home-matches');
    await panel.locator('[data-testid="sport-preview"], .empty-state').first().waitFor({ timeout: 20_000 });
    expect(await panel.getByText('登录后查看滚球赛事').count()).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await shot('home-hot-matches');
  }, 60_000);

  test('the TY page enters the sportsbook; the odds table in both editions', async () => {
    await page.goto(`${server.baseUrl}/game/sport`);
    await page.locator('.sport-entry__preview').locator('.sport-preview, .empty-state').first().waitFor({ timeout: 20_000 });
    await shot('entry');
    await page.getByTestId('sport-enter').click();
    await page.waitForURL(/\/game\/sport\/crty$/);
    await page.locator('.odds-row').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('sport-balance').textContent()).toBe('¥ 300.00');
    await shot('page-classic');
    await page.evaluate(() => localStorage.setItem('edition', 'professional'));
    await openSport();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await shot('page-professional');
    await page.evaluate(() => localStorage.setItem('edition', 'classic'));
    await openSport();
    // At 1366 wide every column, 单双 the last, fits the centre column: nothing cut off.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 1366, height: 768 });
    await openSport();
    const main = (await page.locator('.sport-main').boundingBox())!;
    const lastHead = (await page.locator('.odds-head > span').last().boundingBox())!;
    const lastCell = (await page.locator('.odds-row').first().locator('.odds-row__cell').last().boundingBox())!;
    expect(await page.locator('.odds-head > span').last().textContent()).toBe('单双');
    expect(lastHead.x + lastHead.width).toBeLessThanOrEqual(main.x + main.width);
    expect(lastCell.x + lastCell.width).toBeLessThanOrEqual(main.x + main.width);
    expect(await page.locator('.odds-table').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await shot('page-1366');
    await page.setViewportSize(wide);
  }, 90_000);

  test('a single: one odd, stake 10, accepted', async () => {
    await boardWithEnoughRows();
    events.push(await gameOf(0, 'OE:O'));
    await oddsOf('OE:O').nth(0).click();
    await expect.poll(() => page.getByTestId('slip-count').textContent()).toBe('1');
    await page.getByRole('textbox', { name: '投注金额' }).fill('10');
    await shot('slip-single');
    await confirmBet('10');
    await expect.poll(() => page.getByTestId('sport-balance').textContent()).toBe('¥ 290.00');
  }, 60_000);

  test('a parlay of two games in multiple mode, accepted; a series slip built', async () => {
    await page.getByTestId('slip-receipt').getByRole('button').click();
    await page.getByText('串关', { exact: true }).click();
    for (const i of [1, 2]) {
      events.push(await gameOf(i, 'OE:O'));
      await oddsOf('OE:O').nth(i).click();
    }
    await expect.poll(() => page.getByTestId('slip-count').textContent()).toBe('2');
    await page.getByRole('textbox', { name: '投注金额' }).fill('10');
    await shot('slip-multiple');
    await confirmBet('10');
    await expect.poll(() => page.getByTestId('sport-balance').textContent()).toBe('¥ 280.00');
    await page.getByTestId('slip-receipt').getByRole('button').click();
    await page.getByText('复式串关', { exact: true }).click();
    for (const i of [3, 4, 5]) await oddsOf('OE:E').nth(i).click();
    await expect.poll(() => page.getByTestId('slip-count').textContent()).toBe('3');
    await page.getByRole('textbox', { name: '投注金额' }).fill('10');
    await shot('slip-series');
    await page.getByRole('button', { name: /清空/ }).click();
    await page.getByText('单注', { exact: true }).click();
  }, 60_000);

  test('the operator sets the results; both bets show settled with the balance updated', async () => {
    for (const id of events) await ops('sport:result', id, '1', '0'); // one goal: the total is odd, OE:O wins
    const settled = await api.call('/game/api/v1/record/betRecordList', { status: 1 }, member.token);
    expect(settled.data.total).toBe(2);
    const payout = settled.data.list.reduce((s: number, b: { payout: string }) => s + Number(b.payout), 0);
    await page.goto(`${server.baseUrl}/mine/betRecord`);
    await page.getByText('已结算', { exact: true }).click();
    await expect.poll(() => page.locator('.bet-records .ant-table-row').count()).toBe(2);
    expect(await page.locator('.bet-records .ant-table-row').getByText('赢', { exact: true }).count()).toBe(2);
    await page.locator('.bet-records .ant-table-row-expand-icon').first().click();
    await shot('bet-record');
    await openSport();
    await expect.poll(() => page.getByTestId('sport-balance').textContent()).toBe(`¥ ${(280 + payout).toFixed(2)}`);
    expect(errors).toEqual([]);
  }, 60_000);

  test('the balance stays true: a transfer in the venue dialog shows on the sport page at once (no reload)', async () => {
    await openSport();
    const before = Number((await page.getByTestId('sport-balance').textContent())!.replace(/[^\d.]/g, ''));
    await page.locator('.sport-toolbar__right').getByRole('button', { name: /转入/ }).click();
    const dialog = page.getByTestId('venue-entry');
    await dialog.getByTestId('venue-entry-central').waitFor();
    await dialog.getByRole('textbox', { name: '转入金额' }).fill('50');
    await dialog.getByRole('button', { name: '立即转入' }).click();
    await toast('转账成功');
    // The page's balance follows without a reload (it once stayed ¥0.00 until one).
    await expect.poll(() => page.getByTestId('sport-balance').textContent(), { timeout: 10_000 }).toBe(`¥ ${(before + 50).toFixed(2)}`);
    await shot('balance-after-dialog');
    expect(errors).toEqual([]);
  }, 60_000);
});
