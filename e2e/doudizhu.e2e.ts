/**
 * PvP 斗地主 between three browser contexts against the REAL built server (issue 31): three members fund the 棋牌
 * venue, see the level on the 棋牌 page, join it from the table page; the third seats the table; each page shows its
 * own 17 cards; the first bidder takes the landlord at 3 分 by the button, leads by 提示 + 出牌; the rest is left to the
 * disclosed auto-play (TABLE_SPEED=4 shortens the timer: 5 s a turn, an auto-played seat then 250 ms) — every page
 * shows 托管 and ends on the result with the rake. The hand is a real one: no scripted deal.
 * Screenshots: e2e/screenshots/ddz-*.png.
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
const pages: Page[] = [];
const errors: string[] = [];

let api: ApiClient;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({ env: { TABLE_SPEED: '4' } });
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
}, 180_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('PvP 斗地主 in Chromium', () => {
  test('three members fund the 棋牌 venue (deposit 200, transfer 100 into CRQP)', async () => {
    const tag = Date.now().toString(36).slice(-5);
    for (let i = 0; i < 3; i++) {
      const m = await api.register(`dz${tag}${i}a`, PASSWORD);
      await api.sandboxDeposit(m.token, '200.00');
      const t = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRQP', amount: '100.00', ty: 1 }, m.token, {
        'idempotency-key': `e2e-ddz-${tag}-${i}`,
      });
      expect(t.status_code, JSON.stringify(t)).toBe(6000);
      pages.push((await memberPage(browser, m, errors)).page);
    }
  }, 90_000);

  test('three players: the lobby, matching, bidding, a lead, auto-play marked, the result with the rake', async () => {
    const [a] = pages as [Page];
    await a.goto(`${server.baseUrl}/game/chess`);
    await a.getByTestId('pvp-level-DDZ1').waitFor({ timeout: 30_000 });
    expect(await a.getByTestId('pvp-level-DDZ1').textContent()).toContain('暂无玩家');
    await a.getByTestId('pvp-level-DDZ1').click();
    await a.waitForURL(/\/qp\/doudizhu\?level=DDZ1/, { timeout: 20_000 });
    await a.getByTestId('ddz-join').click();
    await a.getByTestId('ddz-matching').waitFor({ timeout: 20_000 });
    for (const p of pages.slice(1)) {
      await p.goto(`${server.baseUrl}/qp/doudizhu?level=DDZ1`);
      await p.getByTestId('ddz-join').click();
    }
    // Seated: each page its own 17 cards, the others as counts.
    for (const p of pages) {
      await p.getByTestId('ddz-hand').waitFor({ timeout: 30_000 });
      await expect.poll(() => p.getByTestId('ddz-hand').locator('[data-card]').count(), { timeout: 10_000 }).toBe(17);
    }
    await a.screenshot({ path: join(SHOTS, 'ddz-bidding.png') });
    // The first bidder (whose page shows 3 分) takes it.
    let landlord: Page | null = null;
    await expect
      .poll(
        async () => {
          for (const p of pages) if ((await p.getByTestId('ddz-bid-3').count()) > 0) landlord = p;
          return landlord !== null;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBe(true);
    await landlord!.getByTestId('ddz-bid-3').click();
    await expect.poll(() => landlord!.getByTestId('ddz-hand').locator('[data-card]').count(), { timeout: 10_000 }).toBe(20);
    expect(await landlord!.getByTestId('ddz-me').textContent()).toContain('地主');
    expect(await landlord!.getByTestId('ddz-bottom').locator('[data-card]').count()).toBe(3);
    // It leads by the hint.
    await landlord!.getByTestId('ddz-hint').click();
    await landlord!.getByTestId('ddz-play').click();
    await expect.poll(() => landlord!.getByTestId('ddz-hand').locator('[data-card]').count(), { timeout: 10_000 }).toBeLessThan(20);
    // Nobody else moves: the auto-play takes over and is shown as 托管 to the others.
    const other = pages.find((p) => p !== landlord)!;
    await expect.poll(async () => (await other.getByTestId('ddz-page').textContent())?.includes('托管'), { timeout: 20_000 }).toBe(true);
    await other.screenshot({ path: join(SHOTS, 'ddz-auto.png') });
    // The end: every page shows the result with the rake.
    for (const p of pages) await p.getByTestId('ddz-result').waitFor({ timeout: 50_000 });
    const rakes = await pages[0]!.getByTestId('ddz-rake').allTextContents();
    expect(rakes.some((r) => Number(r) > 0)).toBe(true);
    await landlord!.screenshot({ path: join(SHOTS, 'ddz-result.png') });
    expect(errors).toEqual([]);
  }, 120_000);
});
