/**
 * The game lobbies in Chromium against the REAL built server: /game/egame lists
 * the house venue's four titles with the jackpot ticker; a visitor's heart asks to log in; a member searches,
 * favourites a title and finds it under 我的收藏; both editions and zh-TW; an empty category shows its honest
 * empty state; a card launches the slot host page; the home page's hot games.
 * Screenshots: e2e/screenshots/lobby-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberPage } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
const errors: string[] = [];
/** The DZ titles as the catalogue answers them (zh-CN and zh-TW names). */
let titles: { gameCode: string; name: string; names: { 'zh-CN': string; 'zh-TW': string } }[] = [];

const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, `lobby-${name}.png`), fullPage: true });
const card = (p: Page, code: string) => p.getByTestId(`game-${code}`);

async function openLobby(p: Page, path = '/game/egame') {
  await p.goto(`${server.baseUrl}${path}`);
  await p.locator('.lobby__panel').waitFor();
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  const list = await api.call('/game/api/v1/gameList', { category: 'DZ' });
  titles = list.data.list;
  const member = await api.register(`lb${Date.now().toString(36).slice(-6)}a1`, PASSWORD);
  ({ page } = await memberPage(browser, member, errors));
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('game lobbies in Chromium', () => {
  test('a visitor sees the four house titles, the venue tabs and the jackpot ticker; the heart asks to log in', async () => {
    expect(titles.map((t) => t.gameCode)).toEqual(['H5001', 'H5002', 'H5003', 'H5004']);
    const visitor = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    const p = await visitor.newPage();
    p.on('pageerror', (e) => errors.push(e.message));
    await openLobby(p);
    // The shell's register prompt (the site's register flag, nobody logged in) opens over every page: close it.
    await p.locator('.ant-modal-wrap:visible').first().waitFor({ timeout: 10_000 });
    await p.keyboard.press('Escape');
    await p.locator('.ant-modal-wrap:visible').first().waitFor({ state: 'hidden', timeout: 10_000 });
    for (const t of titles) await card(p, t.gameCode).getByText(t.names['zh-CN'], { exact: true }).waitFor();
    await p.getByRole('tab', { name: /自营电子/ }).waitFor();
    await p
      .getByTestId('jackpot-ticker')
      .getByText(/¥ [\d,]+/)
      .waitFor();
    await shot(p, 'classic-visitor');
    await card(p, 'H5001').getByRole('button', { name: /^收藏/ }).click();
    await p.locator('.ant-modal').getByText('提示', { exact: true }).waitFor();
    await visitor.close();
  }, 60_000);

  test('a member searches by name, favourites a title and finds it under 我的收藏', async () => {
    await openLobby(page);
    const [first, second] = titles;
    await card(page, first!.gameCode).waitFor();
    await page.getByRole('textbox', { name: '搜索游戏名称' }).fill(second!.names['zh-CN'].slice(0, 2));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="game-grid"] .game-card').count(), { timeout: 15_000 }).toBe(1);
    await card(page, second!.gameCode).waitFor();
    await shot(page, 'search');
    await page.getByRole('textbox', { name: '搜索游戏名称' }).fill('');
    await expect.poll(() => page.locator('[data-testid="game-grid"] .game-card').count(), { timeout: 15_000 }).toBe(4);

    await card(page, second!.gameCode)
      .getByRole('button', { name: `收藏 ${second!.names['zh-CN']}` })
      .click();
    await page.locator('.ant-message').getByText('已加入我的收藏').waitFor({ timeout: 15_000 });
    await card(page, second!.gameCode)
      .getByRole('button', { name: `取消收藏 ${second!.names['zh-CN']}` })
      .waitFor();
    await page.getByRole('tab', { name: /我的收藏/ }).click();
    await expect.poll(() => page.locator('[data-testid="game-grid"] .game-card').count(), { timeout: 15_000 }).toBe(1);
    await card(page, second!.gameCode).waitFor();
    await shot(page, 'favourites');
    expect(errors).toEqual([]);
  }, 60_000);

  test('both editions and zh-TW render the lobby', async () => {
    await page.evaluate(() => localStorage.setItem('edition', 'professional'));
    await openLobby(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await card(page, 'H5004').waitFor();
    await shot(page, 'professional');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-TW'));
    await openLobby(page);
    await card(page, 'H5001').getByText(titles[0]!.names['zh-TW'], { exact: true }).waitFor();
    await page.getByRole('button', { name: '熱門' }).waitFor();
    await shot(page, 'professional-zh-TW');
    await page.evaluate(() => localStorage.setItem('edition', 'classic'));
    await openLobby(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await card(page, 'H5001').getByText(titles[0]!.names['zh-TW'], { exact: true }).waitFor();
    await shot(page, 'classic-zh-TW');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  }, 60_000);

  test('a venue without games shows the honest empty state; the sandbox aggregator faces no player outside development', async () => {
    // The sandbox aggregator's venues (蓝湾捕鱼 …) are not listed outside development: 捕鱼 shows the house halls only.
    await page.goto(`${server.baseUrl}/game/fishing`);
    await page.locator('[data-hall="BY1"]').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('tab', { name: /蓝湾捕鱼/ }).count()).toBe(0);
    expect(await page.getByText(/即将开放/).count()).toBe(0);
    await shot(page, 'fishing');
    // The transfer-wallet venue 星辰真人 has no game of its own: its tab says so, and nothing says "coming soon".
    await openLobby(page, '/game/realbet');
    await page.getByRole('tab', { name: /星辰真人/ }).click();
    await page.getByText('暂无游戏', { exact: true }).waitFor();
    expect(await page.getByText(/即将开放/).count()).toBe(0);
    await shot(page, 'empty-venue');
  }, 60_000);

  test('a card launches the house slot: the slot host page opens, and the game is first in 最近玩过', async () => {
    await openLobby(page);
    await card(page, 'H5001')
      .getByRole('button', { name: /^开始游戏/ })
      .click();
    await page.waitForURL(/\/dz\/game\?enName=CRDZ&gameCode=H5001/, { timeout: 15_000 });
    await shot(page, 'launch-host');
    await openLobby(page);
    await page.getByTestId('recent-games').getByText(titles[0]!.names['zh-CN']).waitFor();
  }, 60_000);

  test("the home page's hot games are the catalogue's hot titles", async () => {
    await page.goto(`${server.baseUrl}/`);
    const hot = page.getByTestId('hot-games');
    await hot.waitFor({ timeout: 20_000 });
    await hot.getByText(titles[0]!.names['zh-CN']).waitFor();
    await hot.scrollIntoViewIfNeeded();
    await page.getByTestId('home-games').screenshot({ path: join(SHOTS, 'lobby-home-hot.png') });
  }, 60_000);
});
