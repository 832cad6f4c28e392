/**
 * The house slot game in Chromium against the REAL built server: a member funds the house slots
 * (deposit via the sandbox pay page, venue transfer into CRDZ), opens /dz/game?enName=CRDZ&gameCode=H5001, spins,
 * sees the win and the balance update, opens 公平性, rotates the seed and verifies the round (验证通过), then finds
 * the spin in the bet record under 电子. Screenshots (classic, professional, zh-TW) go to e2e/screenshots/slot-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatAmount, parseAmount } from '@portal/rules';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberPage } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';
const GAME_URL = '/dz/game?enName=CRDZ&gameCode=H5001';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ApiClient;
let member: { token: string; userId: string };
const errors: string[] = [];
let roundId = '';

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `slot-${name}.png`), fullPage: false });
const money = (fen: number) => `¥ ${formatAmount(fen)}`;
const balanceText = () => page.getByTestId('slot-balance').locator('strong').textContent();

async function openGame() {
  await page.goto(`${server.baseUrl}${GAME_URL}`);
  await page.getByTestId('slot-game').waitFor({ timeout: 30_000 });
}

/** One spin: click, wait for the reels to stand and the round to be listed; the new round's id and win (fen). */
async function spin(): Promise<{ id: string; winFen: number }> {
  const before = await page.locator('[data-testid^="slot-round-"]').count();
  await page.getByTestId('slot-spin').click();
  await expect.poll(() => page.getByTestId('slot-spin').isEnabled(), { timeout: 60_000 }).toBe(false);
  await expect.poll(() => page.getByTestId('slot-spin').isEnabled(), { timeout: 90_000 }).toBe(true);
  await expect.poll(() => page.locator('[data-testid^="slot-round-"]').count(), { timeout: 20_000 }).toBeGreaterThan(before);
  const row = page.locator('[data-testid^="slot-round-"]').first();
  const id = (await row.getAttribute('data-testid'))!.slice('slot-round-'.length);
  const text = (await row.textContent()) ?? '';
  const win = /赢得\s*¥\s*([\d,.]+)/.exec(text)?.[1] ?? '0';
  return { id, winFen: parseAmount(win.replace(/,/g, ''))! };
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`sl${Date.now().toString(36).slice(-6)}a1`, PASSWORD);
  ({ context, page } = await memberPage(browser, member, errors));
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('house slot game in Chromium', () => {
  test('fund the house slots: deposit 500, transfer 200 into CRDZ', async () => {
    await page.goto(`${server.baseUrl}/mine/savemoney`);
    await page.getByRole('radio', { name: /电子钱包/ }).click();
    await page.getByRole('button', { name: '¥ 500' }).click();
    const [payPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /立即存款/ }).click()]);
    await payPage.waitForLoadState();
    await payPage.getByRole('button', { name: '模拟支付成功' }).click();
    await payPage.getByText('支付已提交').waitFor();
    await payPage.close();
    await page.locator('.ant-result-title', { hasText: '存款已到账' }).waitFor({ timeout: 30_000 });
    const t = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRDZ', amount: '200.00', ty: 1 }, member.token, {
      'idempotency-key': `e2e-slot-${Date.now()}`,
    });
    expect(t.status_code, JSON.stringify(t)).toBe(6000);
  }, 90_000);

  test('from the 电子 lobby into the game: balance 200, spin, the win and the balance after it', async () => {
    // Entered as a player does: the lobby's card launches the title (launch → the slot host page).
    await page.goto(`${server.baseUrl}/game/egame`);
    await page
      .getByTestId('game-H5001')
      .getByRole('button', { name: /^开始游戏/ })
      .click();
    await page.waitForURL(/\/dz\/game\?enName=CRDZ&gameCode=H5001/, { timeout: 15_000 });
    await page.getByTestId('slot-game').waitFor({ timeout: 30_000 });
    await expect.poll(balanceText, { timeout: 20_000 }).toBe(money(20_000));
    await shot('page-classic');
    const first = await spin();
    roundId = first.id;
    await expect.poll(balanceText).toBe(money(20_000 - 20 + first.winFen));
    const lastWin = await page.getByTestId('slot-last-win').locator('strong').textContent();
    expect(lastWin).toBe(money(first.winFen));
    await shot('spin-result');
    expect(errors).toEqual([]);
  }, 120_000);

  test('paytable drawer', async () => {
    await page.getByTestId('slot-paytable-open').click();
    await page.getByTestId('slot-paytable').waitFor();
    expect(await page.getByTestId('slot-rtp').textContent()).toBe('96.01%');
    await shot('paytable');
    await page.keyboard.press('Escape');
    await page.getByTestId('slot-paytable').waitFor({ state: 'detached' });
  }, 30_000);

  test('公平性: rotate the seed, then the round verifies in the browser (验证通过)', async () => {
    await page.getByTestId('slot-fair-open').click();
    await page.getByTestId('slot-seed-hash').waitFor();
    const hash = await page.getByTestId('slot-seed-hash').textContent();
    await page.getByRole('textbox', { name: '局号' }).fill(roundId);
    await page.getByTestId('slot-verify').click();
    await expect.poll(() => page.getByTestId('slot-verify-result').textContent(), { timeout: 20_000 }).toContain('请先点击');
    await page.getByTestId('slot-rotate').click();
    await page.getByTestId('slot-revealed-now').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('slot-seed-hash').textContent()).not.toBe(hash);
    await page.getByTestId('slot-verify').click();
    await expect.poll(() => page.getByTestId('slot-verify-result').textContent(), { timeout: 20_000 }).toContain('验证通过');
    await shot('fairness-verified');
    await page.keyboard.press('Escape');
  }, 60_000);

  test('the professional edition and zh-TW', async () => {
    await page.evaluate(() => localStorage.setItem('edition', 'professional'));
    await openGame();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await spin();
    await shot('page-professional');
    await page.evaluate(() => {
      localStorage.setItem('edition', 'classic');
      localStorage.setItem('lang', 'zh-TW');
    });
    await openGame();
    await page.getByText('翠龍獻瑞').first().waitFor({ timeout: 20_000 });
    await shot('page-zh-TW');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  }, 120_000);

  test('the bet record lists the spin under 电子 with its 验证 link', async () => {
    await page.goto(`${server.baseUrl}/mine/betRecord`);
    await page.getByTestId('record-categories').getByText('电子', { exact: true }).click();
    await page.getByTestId(`game-${roundId}`).waitFor({ timeout: 20_000 });
    // Where, then what: the venue and the game by name.
    expect(await page.getByTestId(`game-${roundId}`).textContent()).toBe('自营电子 · 翠龙献瑞');
    await shot('bet-record');
    await page.getByTestId(`verify-${roundId}`).click();
    await page.waitForURL(/\/dz\/game\?/);
    await expect.poll(() => page.getByTestId('slot-verify-result').textContent(), { timeout: 30_000 }).toContain('验证通过');
    expect(errors).toEqual([]);
  }, 60_000);
});
