/**
 * Issue 30, the player's journey on a phone (390 × 844, touch, a phone's user agent), every step by a tap: register
 * (the slider captcha dragged with a finger), deposit (channel, amount, the pay page, the wait page), a transfer into
 * the house slot's venue, a spin, a baccarat bet, a lottery bet, a withdrawal. Each screen is checked for the phone's
 * layout faults (e2e/phoneKit.ts). Then: the QR code's address (h5DomainUrl) opens the phone layout, and a phone
 * that opens the desktop address is served it too. Screenshots: e2e/screenshots/phone-journey-<step>.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser, modalsStill } from './browser.ts';
import { ApiClient, closeSuite } from './members.ts';
import { layoutFaults, phoneContext } from './phoneKit.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Kq7mZ2xp9';
const SECOND = 'Zt5kP8vn2';

let server: RunningServer;
let browser: Browser;
let api: ApiClient;
let page: Page;
const faults: string[] = [];

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
}, 120_000);

afterAll(() => closeSuite(browser, server));

/** The screen's layout faults (kept for the last test) and its screenshot. */
async function screen(step: string): Promise<void> {
  await modalsStill(page); // a dialog is measured once it stops zooming in
  const found = (await layoutFaults(page)).map((f) => `${step}: ${f}`);
  if (found.length) console.error(`[phone journey] ${found.join('\n')}`); // named as they happen, not only at the end
  faults.push(...found);
  await page.screenshot({ path: join(SHOTS, `phone-journey-${step}.png`) });
}

/** In-app navigation, as the app's links do. */
async function go(path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

const toast = (text: string | RegExp) => page.locator('.ant-message').getByText(text).first().waitFor({ timeout: 20_000 });

/** Drags the slider captcha's handle to the gap with a finger (touch events, as a phone sends them). */
async function solveSliderByTouch(): Promise<void> {
  const handle = page.getByTestId('slider-handle');
  await handle.waitFor();
  await page.locator('.slider-captcha__bg').waitFor();
  const lot = await api.outbox({ kind: 'captcha-slider', limit: '1' });
  await expect.poll(() => page.locator('.slider-captcha__bg').evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
  const gapX = Number(lot[0]!.code);
  const stage = (await page.locator('.slider-captcha__stage').boundingBox())!;
  const imageWidth = await page.locator('.slider-captcha__bg').evaluate((img) => (img as HTMLImageElement).naturalWidth);
  const dx = (gapX * stage.width) / imageWidth;
  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
  await touch('touchStart', x0);
  for (let i = 1; i <= 20; i++) {
    await touch('touchMove', x0 + (dx * i) / 20);
    await page.waitForTimeout(20);
  }
  await touch('touchEnd', x0 + dx);
  await cdp.detach();
}

describeInBrowser('the journey on a phone', () => {
  let token = '';

  test('register by touch: the dialog fills the screen, the slider is dragged with a finger, the header shows the balance', async () => {
    const context = await phoneContext(browser, 'zh-CN');
    page = await context.newPage();
    await page.goto(server.baseUrl);
    const dialog = page.locator('.auth-modal');
    await dialog.getByRole('button', { name: '立即注册' }).waitFor();
    // Full screen, not a floating modal (measured once its opening animation is over).
    await modalsStill(page);
    const box = (await page.locator('.auth-modal .ant-modal-container').boundingBox())!;
    expect(box.width).toBe(390);
    expect(box.height).toBeGreaterThanOrEqual(844);
    await page.getByLabel('请输入用户名').fill(`ph${Date.now().toString(36).slice(-7)}`);
    await page.getByLabel('请输入密码（8-12位字母+数字）').fill(PASSWORD);
    await page.getByLabel('请再次输入密码').fill(PASSWORD);
    await page.locator('.auth-agree').tap();
    await screen('register');
    await dialog.getByRole('button', { name: '立即注册' }).tap();
    await page.getByTestId('captcha-dialog').waitFor();
    await screen('captcha');
    await solveSliderByTouch();
    await page.getByText('注册成功').waitFor();
    await page.locator('header [data-testid=balance]').waitFor();
    token = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect(token).toBeTruthy();
    // What a withdrawal needs, bound through the API (their own pages are walked by e2e/phoneWalk.e2e.ts).
    await api.bindPhone(token, `136${String(Date.now()).slice(-8)}`);
    await api.bindRealName(token, '王小明');
    await api.setSecondPassword(token, SECOND);
    const card = await api.call(
      '/fd/api/v1/bankCard/add',
      { bankCode: 'CMB', cardNo: `62258801${String(Date.now()).slice(-8)}`, holderName: '王小明' },
      token,
    );
    expect(card.status_code, card.message).toBe(6000);
  }, 120_000);

  test('deposit from the header: channel, amount, the pay page, the wait page says 存款已到账', async () => {
    await page.locator('.member-area__deposit').tap();
    await page.getByRole('radio', { name: /电子钱包/ }).tap();
    await page.getByRole('button', { name: '¥ 500' }).tap();
    await screen('deposit');
    const [payPage] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /立即存款/ }).tap()]);
    await payPage.getByRole('button', { name: '模拟支付成功' }).tap();
    await payPage.getByText('支付已提交').waitFor();
    await payPage.close();
    await page.locator('.ant-result-title', { hasText: '存款已到账' }).waitFor({ timeout: 30_000 });
    await screen('deposit-wait');
    await expect.poll(() => page.locator('header [data-testid=balance]').textContent(), { timeout: 15_000 }).toBe('¥ 500');
  }, 120_000);

  test('transfer 200 into the house slots from the 钱包 tab, 100 each to the tables and the lottery', async () => {
    await page.getByTestId('phone-nav').getByRole('button', { name: '钱包' }).tap();
    await page.getByTestId('wallet-total').waitFor();
    await screen('wallet');
    await go('/mine/transfermoney');
    await page.getByRole('radio', { name: /自营电子/ }).tap();
    await page.getByRole('textbox', { name: '转账金额' }).fill('200');
    expect(await page.getByRole('textbox', { name: '转账金额' }).getAttribute('inputmode')).toBe('decimal');
    await page.getByTestId('amount-upper').getByText('贰佰元整').waitFor();
    await screen('transfer');
    await page.getByRole('button', { name: /立即转账/ }).tap();
    await toast('转账成功');
    for (const venue of [/自营娱乐场/, /自营彩票/]) {
      await page.getByRole('radio', { name: venue }).tap();
      await page.getByRole('textbox', { name: '转账金额' }).fill('100');
      await page.getByTestId('amount-upper').getByText('壹佰元整').waitFor();
      await page.getByRole('button', { name: /立即转账/ }).tap();
      await toast('转账成功');
    }
    await expect.poll(() => page.locator('header [data-testid=balance]').textContent()).toBe('¥ 100');
  }, 120_000);

  test('a spin: the spin button is big and on screen above the tab bar', async () => {
    await go('/dz/game?enName=CRDZ&gameCode=H5001');
    const spin = page.getByTestId('slot-spin');
    await spin.waitFor({ timeout: 30_000 });
    await expect.poll(() => spin.isEnabled(), { timeout: 30_000 }).toBe(true);
    const box = (await spin.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(300);
    expect(box.height).toBeGreaterThanOrEqual(52);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await screen('slot');
    await spin.tap();
    await expect.poll(() => spin.isEnabled(), { timeout: 60_000 }).toBe(false);
    await expect.poll(() => spin.isEnabled(), { timeout: 90_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('slot-balance').locator('strong').textContent()).not.toBe('¥ 200');
    await screen('slot-spun');
  }, 180_000);

  test('a baccarat bet: chip, 庄, 确认下注 — all on screen, the bet placed', async () => {
    await go('/zr/table?enName=crzr&gameCode=BAC1');
    await page.getByTestId('table-game').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('table-balance').textContent(), { timeout: 20_000 }).toBe('¥ 100');
    const status = () => page.getByTestId('round-status').textContent();
    const seconds = async () => Number((await page.getByTestId('countdown').locator('text').textContent()) || 0);
    await expect.poll(async () => (await status()) === '下注中' && (await seconds()) >= 6, { timeout: 90_000, interval: 250 }).toBe(true);
    for (const id of ['chip-10', 'table-confirm']) {
      const b = (await page.getByTestId(id).boundingBox())!;
      expect(b.y + b.height, `${id} within the screen`).toBeLessThanOrEqual(844);
    }
    await page.getByTestId('chip-10').tap();
    await page.getByTestId('spot-banker').scrollIntoViewIfNeeded();
    await page.getByTestId('spot-banker').tap();
    await page.getByTestId('table-confirm').tap();
    await expect.poll(() => page.getByTestId('placed-banker').textContent(), { timeout: 10_000 }).toBe('10');
    await screen('baccarat');
  }, 180_000);

  test('a lottery bet: 大 on 极速快三, confirmed from the slip', async () => {
    await go('/cp/game?enName=crcp&gameCode=K3');
    await page.getByTestId('lottery-board').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('lottery-balance').textContent(), { timeout: 20_000 }).toBe('¥ 100');
    const closeLeft = async () => {
      const m = /^(\d\d):(\d\d)$/.exec(((await page.getByTestId('lottery-close-clock').locator('b').textContent()) ?? '').trim());
      return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
    };
    await expect.poll(closeLeft, { timeout: 70_000, interval: 500 }).toBeGreaterThan(12);
    await page.locator('[data-tab="sides"]').tap();
    await page.locator('[data-spot="big"]').tap();
    await screen('lottery');
    await page.getByTestId('lottery-confirm').tap();
    await expect.poll(() => page.getByTestId('lottery-balance').textContent()).toBe('¥ 90');
    await screen('lottery-bet');
  }, 120_000);

  test('withdraw 100 with the second password: 取款申请已提交', async () => {
    // The deposit's turnover is met by the house venues' settled bets over time; here it is written done.
    const db = new Database(join(server.dataDir, 'portal.sqlite'));
    db.prepare('update member_turnover set done = required').run();
    db.close();
    await go('/mine/takemoney');
    await page
      .getByTestId('turnover')
      .getByText(/剩余 0$/)
      .waitFor({ timeout: 20_000 });
    await page.getByRole('textbox', { name: '取款金额' }).fill('100');
    await page.getByLabel('取款密码').fill(SECOND);
    await screen('withdraw');
    await page.getByRole('button', { name: /立即取款/ }).tap();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .tap();
    await page.getByText('取款申请已提交').waitFor();
    await screen('withdraw-done');
  }, 120_000);

  test('no screen of the journey had a layout fault', () => {
    expect(faults).toEqual([]);
  });

  test('the QR code opens the phone layout, and a phone at the desktop address is served it', async () => {
    const pre = await api.call<{ siteBaseConfig: { h5DomainUrl: string } }>('/site/api/v1/configuration/preInfo', {});
    const h5 = pre.data.siteBaseConfig.h5DomainUrl;
    expect(h5).toMatch(/^http/);
    // The download page's QR code carries h5DomainUrl.
    const context = await phoneContext(browser, 'zh-CN');
    const phone = await context.newPage();
    await phone.goto(`${server.baseUrl}/download`);
    const qr = phone.locator('svg.qr-code').first();
    await qr.waitFor();
    const url = (await qr.getAttribute('data-url'))!;
    expect(url.startsWith(h5.replace(/\/$/, ''))).toBe(true);
    await phone.goto(url);
    await phone.getByTestId('phone-nav').waitFor({ state: 'visible' });
    expect(await layoutFaults(phone)).toEqual([]);
    await phone.screenshot({ path: join(SHOTS, 'phone-journey-qr.png') });
    await context.close();
    // The desktop address opened at 1920 shows no tab bar; at a phone's width it does.
    const desk = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const dp = await desk.newPage();
    await dp.goto(server.baseUrl);
    await dp.locator('.site-header').waitFor();
    expect(await dp.getByTestId('phone-nav').isVisible()).toBe(false);
    await desk.close();
  }, 60_000);
});
