/**
 * The house lottery in Chromium against the REAL built server: a member funds the lottery venue (CRCP),
 * opens 极速快三 from the lottery page's draw card, bets 大 and 小 on the open draw, watches the draw revealed, and
 * finds the draw settled — in the history with its seed verified (验证通过) and in the bet record under 彩票.
 * Screenshots go to e2e/screenshots/lottery-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatAmount, parseAmount } from '@portal/rules';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberPage } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let member: { token: string; userId: string };
const errors: string[] = [];
let betIssue = '';

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `lottery-${name}.png`), fullPage: false });
/** Seconds left to 封盘 as the header shows them ('00:42'), or -1 when the draw is not open. */
async function closeLeft(): Promise<number> {
  const text = (await page.getByTestId('lottery-close-clock').locator('b').textContent()) ?? '';
  const m = /^(\d\d):(\d\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`lt${Date.now().toString(36).slice(-6)}a1`, PASSWORD);
  ({ page } = await memberPage(browser, member, errors));
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('house lottery in Chromium', () => {
  test('fund the lottery: deposit 500, transfer 200 into CRCP', async () => {
    await api.sandboxDeposit(member.token, '500.00');
    const t = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRCP', amount: '200.00', ty: 1 }, member.token, {
      'idempotency-key': `e2e-lottery-${Date.now()}`,
    });
    expect(t.status_code, JSON.stringify(t)).toBe(6000);
  }, 60_000);

  test('the lottery page’s draw cards, then 极速快三 from its card', async () => {
    await page.goto(`${server.baseUrl}/game/lottery`);
    const card = page.locator('[data-testid="lottery-card"][data-game="K3"]');
    await card.waitFor({ timeout: 30_000 });
    expect(await card.textContent()).toContain('极速快三');
    await expect.poll(() => card.getByTestId('lottery-card-clock').textContent()).toMatch(/距开奖 \d\d:\d\d/);
    await shot('cards');
    await card.click();
    await page.waitForURL(/\/cp\/game\?enName=crcp&gameCode=K3/i, { timeout: 15_000 });
    await page.getByTestId('lottery-board').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('lottery-rng').textContent()).toBe('本彩种由随机数生成器开奖，非真人开奖');
    await expect.poll(() => page.getByTestId('lottery-balance').textContent(), { timeout: 20_000 }).toBe('¥ 200');
  }, 90_000);

  test('bet 大 and 小 at ¥10 on the open draw: balance 180, both pending', async () => {
    // Enough of the window left to place the bet (else the next draw's).
    await expect.poll(closeLeft, { timeout: 70_000, interval: 500 }).toBeGreaterThan(12);
    betIssue = ((await page.getByTestId('lottery-issue').textContent()) ?? '').replace(/[^\d-]/g, '');
    await page.locator('[data-tab="sides"]').click();
    await page.locator('[data-spot="big"]').click();
    await page.locator('[data-spot="small"]').click();
    expect(await page.getByTestId('lottery-total').textContent()).toBe('合计 ¥ 20');
    await page.getByTestId('lottery-confirm').click();
    await page.getByText('投注成功').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('lottery-balance').textContent()).toBe('¥ 180');
    const mine = page.getByTestId('lottery-mybets');
    await expect.poll(() => mine.locator('li').count()).toBe(2);
    expect(await mine.textContent()).toContain('待开奖');
    await shot('bet');
  }, 90_000);

  test('the draw is revealed and settled: the history lists it, its seed verifies (验证通过)', async () => {
    const title = page.getByTestId('lottery-result').locator('h3');
    await expect.poll(() => title.textContent(), { timeout: 90_000, interval: 200 }).toContain(`第 ${betIssue} 期开奖`);
    await expect.poll(() => title.textContent(), { timeout: 30_000 }).toBe(`第 ${betIssue} 期开奖结果`);
    await shot('settled');
    const row = page.getByTestId('lottery-history').locator(`tr[data-row-key]`).filter({ hasText: betIssue });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: '公平性验证' }).click();
    await expect.poll(() => page.getByTestId('lottery-fair').first().textContent(), { timeout: 10_000 }).toContain('验证通过');
    // 大 or 小 won (its odds × 10), unless a triple took both.
    // Odds are a return per yuan: '1.98' read as fen is 198, so ¥10 returns 198 × 10 fen.
    const oddsFen = parseAmount((await page.locator('[data-spot="big"] .lottery-spot__odds').textContent()) ?? '')!;
    const balances = [`¥ ${formatAmount(18_000 + oddsFen * 10)}`, '¥ 180'];
    await expect
      .poll(async () => balances.includes((await page.getByTestId('lottery-balance').textContent()) ?? ''), { timeout: 20_000 })
      .toBe(true);
    await page.getByTestId('lottery-fair').first().scrollIntoViewIfNeeded();
    await shot('history');
  }, 150_000);

  test('the bet record lists the draw under 彩票', async () => {
    await page.goto(`${server.baseUrl}/mine/betRecord`);
    await page.getByTestId('record-categories').getByText('彩票', { exact: true }).click();
    const game = page.locator('[data-testid^="game-K3-"]').first();
    await game.waitFor({ timeout: 20_000 });
    // The venue and the game by name, then the draw's number and the bets on it by name.
    expect(await game.textContent()).toMatch(/^自营彩票 · 极速快三编号 \d{8}-\d{4} · 大 ¥10\.00 · 小 ¥10\.00$/);
    await shot('bet-record');
    expect(errors).toEqual([]);
  }, 60_000);
});
