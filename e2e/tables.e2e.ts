/**
 * The house tables in Chromium against the REAL built server: a member funds the table venue (deposit
 * via the sandbox provider, transfer into CRZR), opens the realbet page's multi-table lobby, enters baccarat table
 * 1 from its card, bets on the banker in a betting window, watches the cards dealt and sees the round settled
 * (payout, balance), then finds the round in the bet record under 真人. The other tables (dragon tiger, sic bo,
 * roulette), the professional edition and zh-TW are looked at too. Screenshots go to e2e/screenshots/tables-*.png.
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
/** A round: 15 s window, the cards about a second apart, the result ~4 s: a minute covers the next one whole. */
const ROUND_MS = 60_000;

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let member: { token: string; userId: string };
const errors: string[] = [];
/** The page's game calls (resource methods) and the member's wallet pushes (realtime 30002), as they happen. */
const gameCalls: { at: number; method: string }[] = [];
const walletPushes: { at: number; data: { balance: string; result: { status: string; payout: string } | null } }[] = [];

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `tables-${name}.png`), fullPage: true });
const status = () => page.getByTestId('round-status').textContent();
const money = (fen: number) => `¥ ${formatAmount(fen)}`;
const balanceFen = async () => parseAmount(((await page.getByTestId('table-balance').textContent()) ?? '').replace(/[¥ ,]/g, ''))!;
const seconds = async () => Number((await page.getByTestId('countdown').locator('text').textContent()) || 0);

async function openTable(gameCode: string) {
  await page.goto(`${server.baseUrl}/zr/table?enName=crzr&gameCode=${gameCode}`);
  await page.getByTestId('table-game').waitFor({ timeout: 30_000 });
}

/** Until a betting window with at least `min` seconds left. */
async function bettingWindow(min = 6) {
  await expect.poll(async () => (await status()) === '下注中' && (await seconds()) >= min, { timeout: ROUND_MS, interval: 250 }).toBe(true);
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`tb${Date.now().toString(36).slice(-6)}a1`, PASSWORD);
  ({ page } = await memberPage(browser, member, errors));
  page.on('request', (r) => {
    if (!r.url().endsWith('/game/api/v1/resource')) return;
    const method = (JSON.parse(r.postData() ?? '{}') as { method?: string }).method ?? '';
    gameCalls.push({ at: Date.now(), method });
  });
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      const m = JSON.parse(String(f.payload)) as { msgId: number; msgData: (typeof walletPushes)[number]['data'] };
      if (m.msgId === 30002) walletPushes.push({ at: Date.now(), data: m.msgData });
    }),
  );
}, 180_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('house tables in Chromium', () => {
  test('fund the tables: deposit 500, transfer 300 into CRZR', async () => {
    await api.sandboxDeposit(member.token, '500.00');
    const t = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRZR', amount: '300.00', ty: 1 }, member.token, {
      'idempotency-key': `e2e-tables-${Date.now()}`,
    });
    expect(t.status_code, JSON.stringify(t)).toBe(6000);
  }, 60_000);

  test('the realbet lobby: a card per table with its big road or last results; a card enters the table', async () => {
    await page.goto(`${server.baseUrl}/game/realbet`);
    await page.getByTestId('table-lobby').waitFor({ timeout: 30_000 });
    for (const code of ['BAC1', 'BAC2', 'BAC3', 'DT1', 'SB1', 'RL1']) await page.getByTestId(`lobby-table-${code}`).waitFor();
    expect(await page.getByTestId('table-lobby').textContent()).toContain('本桌由随机数生成器开奖，非真人荷官');
    await page.waitForTimeout(1500);
    await shot('lobby');
    await page.getByTestId('lobby-table-BAC1').click();
    await page.waitForURL(/\/zr\/table\?enName=CRZR&gameCode=BAC1/, { timeout: 20_000 });
    await page.getByTestId('table-game').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('table-balance').textContent(), { timeout: 20_000 }).toBe('¥ 300');
    expect(await page.getByTestId('rng-notice').textContent()).toContain('非真人荷官');
    expect(errors).toEqual([]);
  }, 90_000);

  test(
    'baccarat: 10 on the banker in the window, the cards dealt, the round settled with its payout',
    async () => {
      await bettingWindow();
      const before = await balanceFen();
      const seq = await page.getByTestId('table-game').getAttribute('data-seq');
      const issue = ((await page.getByTestId('table-issue').textContent()) ?? '').replace('局号 ', '');
      await page.getByTestId('chip-10').click();
      await page.getByTestId('spot-banker').click();
      await page.getByTestId('table-confirm').click();
      await expect.poll(() => page.getByTestId('placed-banker').textContent(), { timeout: 10_000 }).toBe('10');
      await expect.poll(() => page.getByTestId('table-balance').textContent()).toBe(money(before - 1_000));
      const afterBet = Date.now();
      await shot('baccarat-bet');
      await expect.poll(status, { timeout: ROUND_MS }).toBe('开奖中');
      await page.getByTestId('tcard').nth(3).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(900);
      await shot('baccarat-reveal');
      // The round's payout: while it shows settled, or (its settled moment short on a loaded box) as 上局 in the next window.
      const payoutText = async () => {
        if ((await page.getByTestId('table-game').getAttribute('data-seq')) === seq && (await page.getByTestId('round-payout').count()))
          return page.getByTestId('round-payout').textContent();
        const last = page.getByTestId('last-payout');
        const text = (await last.count()) ? await last.textContent() : '';
        return text?.includes(`上局 ${issue} `) ? text : null;
      };
      await expect.poll(payoutText, { timeout: ROUND_MS, interval: 200 }).not.toBeNull();
      const text = (await payoutText()) ?? '';
      const paid = /派彩 ¥ ([\d,.]+)/.exec(text)?.[1];
      const paidFen = paid ? parseAmount(paid.replace(/,/g, ''))! : 0;
      // Banker wins 9.50 (19.50 back), a tie gives the stake back, a player win loses it.
      expect([1_950, 1_000, 0]).toContain(paidFen);
      expect(paidFen === 0).toBe(text.includes('未中奖'));
      await expect.poll(() => page.getByTestId('table-balance').textContent(), { timeout: 20_000 }).toBe(money(before - 1_000 + paidFen));
      // The result and the balance came by the member's push (30002) — the page asked the server nothing after the bet.
      const push = walletPushes.find((p) => p.at >= afterBet && p.data.result);
      expect(push && parseAmount(push.data.balance)).toBe(before - 1_000 + paidFen);
      expect(gameCalls.filter((c) => c.at > afterBet && ['tableInfo', 'tableHistory', 'tableBets'].includes(c.method))).toEqual([]);
      await shot('baccarat-settled');
      // The roads carry the coup.
      expect(await page.getByTestId('road-bead').locator('.troad__cell').count()).toBeGreaterThan(0);
      await page.getByTestId('ask-banker').click();
      await page.waitForTimeout(300);
      await shot('baccarat-ask');
      expect(errors).toEqual([]);
    },
    3 * ROUND_MS,
  );

  test(
    'the other tables: dragon tiger, sic bo and roulette (their layouts and reveals)',
    async () => {
      for (const [code, reveal] of [
        ['DT1', 'reveal-cards'],
        ['SB1', 'reveal-dice'],
        ['RL1', 'reveal-wheel'],
      ] as const) {
        await openTable(code);
        await page.getByTestId(reveal).waitFor();
        await expect.poll(status, { timeout: ROUND_MS }).toBe('开奖中');
        await page.waitForTimeout(code === 'RL1' ? 4500 : 2500);
        await shot(code);
      }
      await page.getByText('公平性验证').click();
      await page.getByTestId('fair-verify').click();
      await expect
        .poll(() => page.getByTestId('fair-verdict').textContent(), { timeout: 10_000 })
        .toContain('由种子重新计算的结果与本桌开奖一致 · 一致');
      expect(await page.getByTestId('fair-verdict').textContent()).not.toContain('不一致');
      await shot('RL1-fairness');
      expect(errors).toEqual([]);
    },
    4 * ROUND_MS,
  );

  test('the professional edition and zh-TW', async () => {
    await page.evaluate(() => localStorage.setItem('edition', 'professional'));
    await openTable('BAC3');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await shot('BAC3-professional');
    await page.evaluate(() => {
      localStorage.setItem('edition', 'classic');
      localStorage.setItem('lang', 'zh-TW');
    });
    await openTable('BAC1');
    await page.getByText('本桌由隨機數產生器開獎，非真人荷官').waitFor({ timeout: 20_000 });
    await page.getByText('莊問路').waitFor();
    await shot('BAC1-zh-TW');
    await page.goto(`${server.baseUrl}/game/realbet`);
    await page.getByTestId('table-lobby').waitFor({ timeout: 30_000 });
    await shot('lobby-zh-TW');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  }, 120_000);

  test('the bet record lists the baccarat round under 真人', async () => {
    await page.goto(`${server.baseUrl}/mine/betRecord`);
    await page.getByTestId('record-categories').getByText('真人', { exact: true }).click();
    await page.locator('[data-testid^="game-"]', { hasText: '百家乐 1号桌' }).first().waitFor({ timeout: 20_000 });
    await shot('bet-record');
    expect(errors).toEqual([]);
  }, 60_000);
});
