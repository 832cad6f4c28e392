/**
 * The house e-sports book in Chromium against the REAL built server (issue 32): a funded member opens the 电竞
 * lobby (/game/gaming: live and upcoming series of the five titles with their emblems), opens a live series, bets
 * on the live map's winner in play (the in-play delay confirms it), the operator records the series with its maps
 * (`ops sport:result … maps=`, as the sport test's results), and the bet shows settled — the match page's balance, the
 * bet record 赢. The lobby and the match page on a phone, and in zh-TW. Screenshots in
 * e2e/screenshots/esports-*.png.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberPage } from './members.ts';
import { layoutFaults, phoneContext } from './phoneKit.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let member: { token: string; userId: string };
const errors: string[] = [];
/** The series bet on, its map and the ticket. */
let bet: { gameId: string; map: number; ticket: string } | null = null;

const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, `esports-${name}.png`), fullPage: false });
const balanceText = () => page.getByTestId('sport-balance').textContent();

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({ env: { SPORT_IN_PLAY_DELAY_MS: '1500' } });
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`es${Date.now().toString(36).slice(-6)}a1`, PASSWORD);
  ({ page } = await memberPage(browser, member, errors));
}, 120_000);

afterAll(() => closeSuite(browser, server));

/** Live series in the lobby (their game ids), in lobby order. */
async function liveInLobby(): Promise<string[]> {
  await page.goto(`${server.baseUrl}/game/gaming`);
  await page.getByTestId('esports-cards').waitFor({ timeout: 30_000 });
  const ids = await page.locator('.esports-card--live').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid!));
  return ids.map((id) => id.slice('esports-card-'.length));
}

/** On the match page: the live map's open winner price of the home side, or null when the series is between maps. */
async function openMapWinner(gameId: string): Promise<{ map: number } | null> {
  await page.goto(`${server.baseUrl}/game/gaming/${gameId}`);
  await page.getByTestId('esports-board').waitFor({ timeout: 20_000 });
  const clock = page.getByTestId('map-clock');
  if ((await clock.count()) === 0 || !/^\d\d:\d\d$/.test((await clock.textContent()) ?? '')) return null;
  const odd = page.locator(`[data-testid^="odd-${gameId}-MW:"][data-testid$=":H"]`).first();
  if ((await odd.count()) === 0) return null;
  // A kill suspends the book for 10 s: wait for it to reopen.
  await expect.poll(() => odd.isEnabled(), { timeout: 30_000 }).toBe(true);
  const w = (await odd.getAttribute('data-testid'))!.slice(`odd-${gameId}-`.length);
  return { map: Number(w.split(':')[1]) };
}

describeInBrowser('house e-sports book in Chromium', () => {
  test('fund the sportsbook: a sandbox deposit of 500, 300 moved into 体育', async () => {
    await api.sandboxDeposit(member.token, '500');
    const t = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRTY', amount: '300', ty: 1 }, member.token, {
      'idempotency-key': randomUUID(),
    });
    expect(t.status_code, t.message).toBe(6000);
  }, 60_000);

  test('the 电竞 lobby lists live and upcoming series of the five titles with their emblems, the house book before the venues', async () => {
    await page.goto(`${server.baseUrl}/game/gaming`);
    const lobby = page.getByTestId('esports-lobby');
    await lobby.getByTestId('esports-cards').waitFor({ timeout: 30_000 });
    for (const code of ['EL', 'EK', 'ED', 'EC', 'EV']) expect(await lobby.getByTestId(`esports-icon-${code}`).count()).toBeGreaterThan(0);
    expect(await page.locator('.esports-card--live').count()).toBeGreaterThan(0);
    // The house book comes first: above the category's venue lobby.
    const book = (await lobby.boundingBox())!;
    const venues = page.locator('.lobby[data-category="DJ"]');
    await venues.waitFor({ timeout: 20_000 });
    expect((await venues.boundingBox())!.y).toBeGreaterThan(book.y);
    await shot(page, 'lobby');
  }, 60_000);

  test('a live series: bet on the live map winner in play, accepted after the delay', async () => {
    for (const gameId of await liveInLobby()) {
      const open = await openMapWinner(gameId);
      if (!open) continue;
      await shot(page, 'match');
      // A kill inside the in-play delay refuses the bet (the book moved): then try again at the new price.
      for (let attempt = 0; attempt < 4 && !bet; attempt++) {
        const odd = page.locator(`[data-testid="odd-${gameId}-MW:${open.map}:H"]`);
        await expect.poll(() => odd.isEnabled(), { timeout: 30_000 }).toBe(true);
        await odd.click();
        await expect.poll(() => page.getByTestId('slip-count').textContent()).toBe('1');
        await page.getByRole('textbox', { name: '投注金额' }).fill('10');
        await shot(page, 'slip');
        await page.getByRole('button', { name: '确认投注' }).click();
        const receipt = page.getByTestId('slip-receipt');
        await receipt.waitFor();
        await expect.poll(() => receipt.getAttribute('data-status'), { timeout: 20_000 }).not.toBe('pending');
        const status = await receipt.getAttribute('data-status');
        const ticket = (await receipt.locator('dd').first().textContent())!;
        if (status === 'accepted') bet = { gameId, map: open.map, ticket };
        await receipt.getByRole('button').first().click();
        if (!bet && (await page.getByTestId('slip-count').count()) > 0 && (await page.getByTestId('slip-count').textContent()) !== '0')
          await page.getByRole('button', { name: /清空/ }).click();
      }
      if (bet) break;
    }
    expect(bet, 'an in-play map-winner bet accepted').not.toBeNull();
    await expect.poll(balanceText).toBe('¥ 290.00');
  }, 180_000);

  test('the operator records the series with its maps: the bet settles won, the match page and the bet record show it', async () => {
    const { gameId, map } = bet!;
    // The maps before the one bet on as the feed had them, the one bet on won by the home side, then home wins to the end.
    const launch = await api.call('/game/api/v1/launch', { enName: 'CRTY', gameCode: 'sport' }, member.token);
    const game = await api.call(
      '/game/api/v1/resource',
      {
        method: 'game',
        enName: 'CRTY',
        Request: { timestamp: Date.now(), token: launch.data.data.token, langx: 'zh-cn', remoteip: '127.0.0.1', gameId },
      },
      member.token,
    );
    const es = game.data.esports as { bestOf: number; maps: { winner: 'H' | 'C'; h: number; c: number }[] };
    const maps = es.maps.slice(0, map - 1).map((m) => `${m.winner}:${m.h}-${m.c}`);
    const need = Math.ceil(es.bestOf / 2);
    const won = (side: string) => maps.filter((m) => m.startsWith(side)).length;
    maps.push('H:16-9');
    while (won('H') < need && won('C') < need) maps.push('H:14-8');
    await server.ops('sport:result', gameId, String(won('H')), String(won('C')), `maps=${maps.join(',')}`);
    const paid = await api.call('/game/api/v1/record/betRecordList', { status: 1 }, member.token);
    const row = paid.data.list.find((b: { legs: { result: string }[] }) => b.legs[0]?.result === 'W');
    expect(row, JSON.stringify(paid.data)).toBeDefined();
    const payout = Number(row.payout);
    // The operator CLI is another process (no Redis here): its settlement push does not reach this server's hub, so
    // the match page shows the new balance on its next visit.
    await page.goto(`${server.baseUrl}/game/gaming/${gameId}`);
    await expect.poll(balanceText, { timeout: 15_000 }).toBe(`¥ ${(290 + payout).toFixed(2)}`);
    await shot(page, 'settled');
    await page.goto(`${server.baseUrl}/mine/betRecord`);
    await page.getByText('已结算', { exact: true }).click();
    await expect.poll(() => page.locator('.bet-records .ant-table-row').count()).toBe(1);
    expect(await page.locator('.bet-records .ant-table-row').getByText('赢', { exact: true }).count()).toBe(1);
    await shot(page, 'bet-record');
    expect(errors).toEqual([]);
  }, 90_000);

  test('the professional edition: the lobby and the match page in its dark theme', async () => {
    await page.evaluate(() => localStorage.setItem('edition', 'professional'));
    await page.goto(`${server.baseUrl}/game/gaming`);
    await page.getByTestId('esports-cards').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await shot(page, 'lobby-professional');
    await page.goto(`${server.baseUrl}/game/gaming/${bet!.gameId}`);
    await page.getByTestId('esports-board').waitFor({ timeout: 20_000 });
    await shot(page, 'match-professional');
    await page.evaluate(() => localStorage.setItem('edition', 'classic'));
    expect(errors).toEqual([]);
  }, 60_000);

  test('on a phone, in zh-TW: the lobby and a match page fit the screen', async () => {
    const context = await phoneContext(browser, 'zh-TW', member);
    const phone = await context.newPage();
    phone.on('pageerror', (e) => errors.push(e.message));
    await phone.goto(`${server.baseUrl}/game/gaming`);
    await phone.getByTestId('esports-cards').waitFor({ timeout: 30_000 });
    await phone.getByText('電競賽事').first().waitFor();
    expect(await layoutFaults(phone)).toEqual([]);
    await shot(phone, 'phone-lobby');
    await phone.locator('.esports-card').first().click();
    await phone.getByTestId('esports-board').waitFor({ timeout: 20_000 });
    await phone.getByTestId('map-tabs').waitFor();
    expect(await layoutFaults(phone)).toEqual([]);
    await shot(phone, 'phone-match');
    // The book's odds table on a phone: an e-sports title's rows with their link to the match page.
    await phone.goto(`${server.baseUrl}/game/sport/crty`);
    await phone.getByTestId('gametype-EL').click();
    await phone.locator('[data-testid^="match-"]').first().waitFor({ timeout: 30_000 });
    expect(await layoutFaults(phone)).toEqual([]);
    await shot(phone, 'phone-book');
    await context.close();
    expect(errors).toEqual([]);
  }, 90_000);
});
