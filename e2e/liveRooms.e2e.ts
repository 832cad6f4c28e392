/**
 * Live rooms in Chromium against the REAL built server: an operator opens a room (ops CLI), two players in two
 * browser contexts find it on /live and enter it; they chat (each sees the other's message; markup stays text),
 * one sends a gift (paid from the central wallet) and the other sees it pop up and in the chat; a moderator deletes
 * a message (console API) and it disappears from both pages at once. Then the room on a phone, in zh-TW, and the
 * console's 直播间 screen. No fixed sleeps: every wait is for a condition. Screenshots: e2e/screenshots/live-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { apiSignIn, createStaff, enrolStaff, signIn, staffCall, consoleUrl, type Staff } from './consoleKit.ts';
import { ApiClient, closeSuite, memberContext, memberPage } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';

let server: RunningServer;
let browser: Browser;
let api: ApiClient;
let a: Page;
let b: Page;
let alice: { token: string; userId: string; name: string };
let bob: { token: string; userId: string; name: string };
let roomId = '';
let staff: Staff;
let staffToken = '';
const errors: string[] = [];
const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, `live-${name}.png`), fullPage: true });
const lines = (p: Page) => p.getByTestId('chat-list').getByTestId('chat-line');

async function enterRoom(p: Page) {
  await p.goto(`${server.baseUrl}/live`);
  await p.getByTestId('live-room-card').filter({ hasText: '英超焦点战' }).first().click();
  await p.getByTestId('live-room').waitFor({ timeout: 30_000 });
  await p.getByTestId('chat-input').waitFor({ timeout: 30_000 });
}
async function say(p: Page, text: string) {
  await p.getByTestId('chat-input').fill(text);
  await p.getByTestId('chat-send').click();
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  const tag = Date.now().toString(36).slice(-5);
  alice = await api.register(`la${tag}x1`, PASSWORD);
  bob = await api.register(`lb${tag}x2`, PASSWORD);
  const out = await server.ops('live:create', '7000', 'host-e2e', '小美', '英超焦点战');
  roomId = /r[0-9a-f]{12}/.exec(out)?.[0] ?? '';
  expect(roomId, out).not.toBe('');
  staff = await enrolStaff(server, await createStaff(server, `mod${tag}`, ['content']));
  staffToken = await apiSignIn(server, staff);
  ({ page: a } = await memberPage(browser, alice, errors));
  ({ page: b } = await memberPage(browser, bob, errors));
}, 180_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('live rooms in Chromium', () => {
  test('two players find the room on /live and chat: each sees the other, markup arrives as text', async () => {
    await api.sandboxDeposit(alice.token, '50.00');
    await enterRoom(a);
    await enterRoom(b);
    await expect.poll(() => a.getByTestId('live-poster').isVisible()).toBe(true); // no stream url: the poster state
    await say(a, '主队今晚必胜');
    await expect.poll(() => lines(b).filter({ hasText: '主队今晚必胜' }).count(), { timeout: 15_000 }).toBe(1);
    await say(b, '<b>客队</b><img src=x onerror="window.__xss=1">');
    await expect.poll(() => lines(a).filter({ hasText: '<b>客队</b>' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await a.locator('.live-chat__list img, .live-chat__list b:text("客队")').count()).toBe(0);
    expect(await a.evaluate(() => (window as { __xss?: number }).__xss ?? 0)).toBe(0);
    await shot(a, 'room-chat');
  }, 90_000);

  test('a gift: paid from the wallet, pops up for the other player and stays in the chat', async () => {
    await a.getByTestId('gift-ball').click();
    await expect.poll(() => a.getByText(/送礼成功，余额 ¥40(\.00)?/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => b.getByTestId('gift-pop').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await b.getByTestId('gift-pop').first().textContent()).toContain('金足球');
    await expect.poll(() => lines(b).filter({ hasText: '送出 金足球 ×1' }).count()).toBe(1);
    await shot(b, 'room-gift');
    const bal = await api.call('/fd/api/v1/transfer/getBalance', { withLockMoney: 1 }, alice.token);
    expect(bal.data.centerWalletBalance).toBe('40.00');
  }, 60_000);

  test('a moderator deletes a message: it disappears from both pages at once', async () => {
    const msgs = await staffCall<{ list: { id: number; text: string }[] }>(server, 'live/messages', { roomId }, staffToken);
    const target = msgs.data.list.find((m) => m.text === '主队今晚必胜')!;
    expect(target).toBeTruthy();
    expect((await staffCall(server, 'live/moderate', { roomId, action: 'delete', messageId: target.id }, staffToken)).status_code).toBe(
      6000,
    );
    await expect.poll(() => lines(b).filter({ hasText: '主队今晚必胜' }).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => lines(a).filter({ hasText: '主队今晚必胜' }).count(), { timeout: 15_000 }).toBe(0);
    // A timed mute: the muted player is told in words and the input goes.
    const mute = await staffCall(server, 'live/moderate', { roomId, action: 'mute', memberId: bob.userId, minutes: 10 }, staffToken);
    expect(mute.status_code).toBe(6000);
    await expect.poll(() => b.getByTestId('chat-gate').textContent(), { timeout: 15_000 }).toContain('您已被禁言');
    await shot(b, 'room-muted');
  }, 60_000);

  test('the room on a phone and in zh-TW; a guest reads (professional edition) and is asked to log in', async () => {
    const phone = await memberContext(browser, alice, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.addInitScript(() => localStorage.setItem('lang', 'zh-TW'));
    const p = await phone.newPage();
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(`${server.baseUrl}/live/${roomId}`);
    await p.getByTestId('chat-input').waitFor({ timeout: 30_000 });
    await expect.poll(() => p.getByText('主播正在解說，暫無影片畫面').count()).toBe(1);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(p, 'phone-zhTW');
    await phone.close();
    const guestCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    // The professional edition (dark), as a guest.
    await guestCtx.addInitScript(() => localStorage.setItem('edition', 'professional'));
    const g = await guestCtx.newPage();
    await g.goto(`${server.baseUrl}/live/${roomId}`);
    await expect.poll(() => g.getByTestId('chat-gate').textContent(), { timeout: 30_000 }).toContain('登录后即可发言');
    await expect.poll(() => lines(g).filter({ hasText: '送出 金足球' }).count()).toBe(1);
    await shot(g, 'guest-professional');
    await guestCtx.close();
  }, 90_000);

  test("the console's 直播间 screen lists the room with its gift income", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'zh-CN' });
    const p = await ctx.newPage();
    await signIn(p, server, staff);
    await p.goto(consoleUrl(server, 'live/rooms'));
    await expect.poll(() => p.getByText('英超焦点战').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => p.getByText('10.00').count()).toBeGreaterThan(0);
    await p.getByRole('button', { name: '管理' }).first().click();
    await expect.poll(() => p.getByText('已删（').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(p, 'console-rooms');
    await ctx.close();
    expect(errors).toEqual([]);
  }, 90_000);
});
