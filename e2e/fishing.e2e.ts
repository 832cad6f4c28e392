/**
 * Fishing in Chromium against the REAL built server: a member funds the fishing venue (deposit via the sandbox
 * provider, transfer into CRBY), opens 捕鱼 (/game/fishing: the halls with their cannon ranges and seated players),
 * enters the beginners' hall, shoots fish on the PixiJS canvas until one is caught — the win shows and the balance
 * moves by exactly the shots' stakes and wins the server answered — and finds the minute of play in the bet record
 * under 捕鱼. It reads the canvas's frame times (reported, p95) and checks the phone layouts: upright, a prompt to turn
 * the phone; on its side, the room. No fixed pauses: each step waits for its condition (a bullet landed and its shot
 * answered, a fish in the water, the canvas resized). Screenshots: e2e/screenshots/fishing-*.png.
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
/** The server's fishing minute in this file (FISHING_MINUTE_MS). */
const ROUND_MS = 4_000;

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let member: { token: string; userId: string };
const errors: string[] = [];
/** Every shot answer the page received. */
const answers: { killed: boolean; stake: string; win: string; balance: string }[] = [];
/** The room's pushes the page's socket received. */
const pushes: string[] = [];
/** Every shot's status (6000 or the refusal's code and message). */
const statuses: string[] = [];

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `fishing-${name}.png`) });
const fen = (yuan: string) => Math.round(Number(yuan) * 100);

/** Where on the screen the page draws a fish near the seat's cannon (the cheapest on screen, well inside). */
const targetOnScreen = () =>
  page.evaluate(() => {
    const w = window as unknown as {
      __fishScene?: {
        scene: { screenOf(p: { x: number; y: number }): { x: number; y: number }; mySeat: number };
        ocean: { timeAt(n: number): number; swimming(t: number): { f: { multiplier: number }; p: { x: number; y: number } }[] };
      };
    };
    const s = w.__fishScene;
    if (!s) return null;
    const t = s.ocean.timeAt(performance.now());
    const inside = s.ocean
      .swimming(t)
      .filter(({ p }) => p.x > 100 && p.x < 1180 && p.y > 120 && p.y < 600)
      .sort((a, b) => a.f.multiplier - b.f.multiplier);
    const pick = inside[0];
    return pick ? s.scene.screenOf(pick.p) : null;
  });

/** In the page: no bullet of the scene in flight and no shot of the seat waiting for its answer (or a resend). */
const settled = () => {
  const w = window as unknown as { __fishScene?: { scene: { bullets: Map<number, unknown> } }; __fishShots?: { size: number } };
  return !!w.__fishScene && w.__fishScene.scene.bullets.size === 0 && (w.__fishShots?.size ?? 0) === 0;
};

/** In the page: no bullet of the scene in flight. */
const landed = () => {
  const w = window as unknown as { __fishScene?: { scene: { bullets: Map<number, unknown> } } };
  return !!w.__fishScene && w.__fishScene.scene.bullets.size === 0;
};

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  // Rounds of 4 s instead of the product's minute (FISHING_MINUTE_MS, test-only; refused in production): the bet
  // record's step waits for the play to close into its rounds, not for the wall clock's next minute.
  server = await startServer({ env: { FISHING_MINUTE_MS: String(ROUND_MS) } });
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`fs${Date.now().toString(36).slice(-6)}a1`, PASSWORD);
  ({ page } = await memberPage(browser, member, errors));
  // The room's pushes on the realtime socket (the hub's tables channel, kind 'fishing'): every committed shot of the room.
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"kind":"fishing"')) pushes.push(f.payload);
    }),
  );
  page.on('response', async (r) => {
    if (!r.url().endsWith('/game/api/v1/fishing/shoot')) return;
    const body = (await r.json().catch(() => null)) as { status_code: number; data: (typeof answers)[number] } | null;
    if (body?.status_code === 6000) answers.push(body.data);
    statuses.push(`${body?.status_code} ${(body as { message?: string } | null)?.message ?? ''}`);
  });
}, 180_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('fishing in Chromium', () => {
  test('fund the fishing venue: deposit 500, transfer 200 into CRBY', async () => {
    await api.sandboxDeposit(member.token, '500.00');
    const t = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRBY', amount: '200.00', ty: 1 }, member.token, {
      'idempotency-key': `e2e-fishing-${Date.now()}`,
    });
    expect(t.status_code, JSON.stringify(t)).toBe(6000);
  }, 60_000);

  test('the 捕鱼 lobby lists the halls by cannon range; 进入 seats the player in a room of the hall', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.baseUrl}/game/fishing`);
    const hall = page.locator('[data-hall="BY1"]');
    await hall.waitFor({ timeout: 30_000 });
    expect(await hall.textContent()).toContain('浅海新手厅');
    expect(await hall.textContent()).toContain('返还率 96.50%');
    await shot('lobby');
    await hall.getByRole('button').click();
    await page.waitForURL(/\/by\/game\?/, { timeout: 20_000 });
    await page.locator('.fish-page__ocean canvas').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.fish-page').getAttribute('data-room'), { timeout: 20_000 }).toMatch(/^BY1-\d{3}$/);
    await expect.poll(() => page.getByTestId('fish-balance').textContent(), { timeout: 20_000 }).toBe('余额 ¥200.00');
    expect(errors).toEqual([]);
  }, 90_000);

  test('shoots fish until one is caught: the win shows, the balance is the stakes and wins the server answered', async () => {
    const end = Date.now() + 90_000;
    while (!answers.some((a) => a.killed) && Date.now() < end) {
      const at = await targetOnScreen();
      if (!at) {
        // No fish well inside the screen yet: wait for one to swim in (a condition, not a pause).
        await page.waitForFunction(() => !!(window as unknown as { __fishScene?: unknown }).__fishScene, null, { timeout: 10_000 });
        await page.waitForFunction(
          () => {
            const s = (window as unknown as { __fishScene: { ocean: { timeAt(n: number): number; swimming(t: number): unknown[] } } })
              .__fishScene;
            return s.ocean.swimming(s.ocean.timeAt(performance.now())).length > 0;
          },
          null,
          { timeout: 10_000 },
        );
        continue;
      }
      await page.mouse.click(at.x, at.y);
      // The bullet has landed (on a fish: its shot sent, answered meanwhile) or flown out its life.
      await page.waitForFunction(landed, null, { timeout: 10_000 });
    }
    const kill = answers.find((a) => a.killed);
    expect(kill, `answers: ${answers.length}; statuses: ${statuses.join(', ')}`).toBeDefined();
    await expect.poll(() => page.getByTestId('fish-win').textContent(), { timeout: 10_000 }).toContain('赢得 ¥');
    await shot('caught');
    // Every bullet landed and every shot answered: the balance is 200 − stakes + wins, to the fen.
    await page.waitForFunction(settled, null, { timeout: 10_000 });
    const expected = 20_000 - answers.reduce((a, x) => a + fen(x.stake) - fen(x.win), 0);
    await expect
      .poll(() => page.getByTestId('fish-balance').textContent(), { timeout: 10_000 })
      .toBe(`余额 ¥${(expected / 100).toFixed(2)}`);
    // The room's shots came pushed on the socket (other seats' shots reach a page this way, not by polling).
    await expect.poll(() => pushes.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const frames = await page.evaluate(() =>
      (window as unknown as { __fishScene: { scene: { frameTimes: number[] } } }).__fishScene.scene.frameTimes.slice(),
    );
    const sorted = frames.slice(20).sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
    const fishNow = await page.evaluate(() => {
      const s = (window as unknown as { __fishScene: { ocean: { timeAt(n: number): number; swimming(t: number): unknown[] } } })
        .__fishScene;
      return s.ocean.swimming(s.ocean.timeAt(performance.now())).length;
    });
    console.log(
      `fishing canvas: ${sorted.length} frames, p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${fishNow} fish; ${answers.length} shots answered`,
    );
    expect(sorted.length).toBeGreaterThan(5); // the canvas draws (its speed is reported above, not asserted: a loaded box without a GPU)
    expect(errors).toEqual([]);
  }, 150_000);

  test('the minute of play is in the bet record under 捕鱼: its rounds hold every stake and win answered', async () => {
    // A minute becomes its round once it is over (and its grace): here ROUND_MS and 2 s after the last shot.
    const stakes = answers.reduce((a, x) => a + fen(x.stake), 0);
    const wins = answers.reduce((a, x) => a + fen(x.win), 0);
    const recorded = async () => {
      const list = ((await api.call('/game/api/v1/record/betRecordList', { category: 'BY', pageSize: 100 }, member.token)).data?.list ??
        []) as { category: string; channelCode: string; gameType: string; betAmount: string; payout: string }[];
      return {
        rounds: list.length > 0,
        games: [...new Set(list.map((r) => `${r.category} ${r.channelCode}`))],
        stake: list.reduce((a, r) => a + fen(r.betAmount), 0),
        win: list.reduce((a, r) => a + fen(r.payout), 0),
      };
    };
    await expect
      .poll(recorded, { timeout: ROUND_MS + 30_000, interval: 500 })
      .toEqual({ rounds: true, games: ['BY CRBY'], stake: stakes, win: wins });
    await page.goto(`${server.baseUrl}/mine/betRecord`);
    await page.getByTestId('record-categories').getByText('捕鱼', { exact: true }).click();
    await page.locator('[data-testid^="game-"]', { hasText: '浅海新手厅' }).first().waitFor({ timeout: 20_000 });
    await shot('bet-record');
    expect(errors).toEqual([]);
  }, 150_000);

  test('phones: upright, a prompt to turn the phone; on its side, the room', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/by/game?enName=CRBY&gameCode=BY1`);
    await page.locator('.fish-page__ocean canvas').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.fish-rotate').isVisible()).toBe(true);
    expect(await page.locator('.fish-rotate').textContent()).toContain('请将手机横屏游玩');
    await shot('phone-upright');
    await page.setViewportSize({ width: 844, height: 390 });
    await expect.poll(() => page.locator('.fish-rotate').isVisible()).toBe(false);
    // The canvas has followed the turn (resized to the landscape screen) before the picture is taken.
    await page.waitForFunction(
      () => (document.querySelector('.fish-page__ocean canvas') as HTMLCanvasElement | null)?.clientWidth === 844,
      null,
      {
        timeout: 10_000,
      },
    );
    await shot('phone-landscape');
    expect(errors).toEqual([]);
  }, 90_000);
});
