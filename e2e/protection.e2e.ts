/**
 * Player protection in Chromium against the REAL built server: (a) a deposit limit set on 责任博彩
 * refuses a deposit above it with the server's exact message, and a raise waits for its cooling-off (pending,
 * 确认 off, 撤销); (b) the reality check appears at its interval (the smallest, 15 minutes: the session's start
 * is moved back in the database, as a faked browser clock fails the request timestamp check) with this
 * session's stakes and net result from the house slot rounds played; (c) after a self-exclusion the member is
 * logged out, can log in again, the 取款 page works and shows until when, while a deposit or a game launch is
 * refused with 6602's message. Screenshots: e2e/screenshots/protection-*.png (zh-CN and zh-TW, 1920×1080 and
 * 390×844).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BetterSqlite3 as Database } from '../apps/server/src/db/sqliteDriver.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatAmount, parseAmount } from '@portal/rules';
import { describeInBrowser, launchBrowser, modalsStill } from './browser.ts';
import { ApiClient, closeSuite, md5, memberContext, type Envelope } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';
const SECOND = 'Zt5kP8vn2';
const U = '/site/api/v1/user/';
const P = '/site/api/v1/protection/';

let server: RunningServer;
let browser: Browser;
let api: ApiClient;
const errors: string[] = [];

type Member = { token: string; userId: string; name: string };
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;
const yuan = (fen: number) => `¥ ${formatAmount(fen)}`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `protection-${name}.png`), fullPage: true });
}

/** A deposit through the sandbox provider, then wait until the balance shows it. */
const deposit = (member: Member, amount: string) => api.sandboxDeposit(member.token, amount);

/** Log in through the API with the image captcha (ktype 4) answered from the dev outbox; the same device as register. */
async function login(name: string): Promise<Envelope<{ token: string }>> {
  const cap = await api.call(`${U}register/defaultKaptcha`, { ktype: 4 });
  const codeId = cap.data['x-code'] as string;
  const code = (await api.outbox({ kind: 'captcha-image', limit: '20' })).find((e) => e.codeId === codeId)!.code!;
  return api.call(`${U}login`, { isAgent: 0, name, password: md5(PASSWORD), version: '1.0', kaptchcate: 1, codeId, code });
}

/**
 * The member's page, logged in, at the design width, in the brands' business time zone (UTC+8): the server
 * writes an exclusion's end in that time, the page in the member's own — a player of this market sees the same.
 */
async function memberPage(session: { token: string; userId: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await memberContext(browser, session, { timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page };
}

async function openProtection(page: Page) {
  await page.goto(`${server.baseUrl}/mine/protection`);
  await page.getByTestId('protection-page').waitFor({ timeout: 30_000 });
}

/** The four looks of the page: zh-CN and zh-TW at the design width and on a phone. */
async function shotsOfPage(page: Page, name: string) {
  for (const lang of ['zh-CN', 'zh-TW'] as const) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    for (const [w, h] of [
      [1920, 1080],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await openProtection(page);
      await page.getByRole('heading', { name: lang === 'zh-CN' ? '存款、亏损与投注限额' : '存款、虧損與投注限額' }).waitFor();
      await shot(page, `${name}-${lang}-${w}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openProtection(page);
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('player protection in Chromium', () => {
  test('(a) a deposit limit refuses a deposit above it with the exact message; a raise waits for its cooling-off', async () => {
    const member = await api.register(unique('pa'), PASSWORD);
    const { context, page } = await memberPage(member);
    await page.goto(`${server.baseUrl}/mine/savemoney`);
    await page.getByTestId('deposit-limit-card').waitFor({ timeout: 30_000 });
    await shot(page, 'deposit-offer');
    await page
      .getByTestId('deposit-limit-card')
      .getByRole('button', { name: /去设置/ })
      .click();
    await page.getByTestId('protection-page').waitFor();

    await page
      .getByTestId('limit-deposit-day')
      .getByRole('button', { name: /设\s*置/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: '限额金额（元）' }).fill('100');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByTestId('limit-deposit-day-amount').textContent()).toBe('¥ 100');
    await expect.poll(() => page.getByTestId('limit-deposit-day-used').textContent()).toBe('¥ 0 / ¥ 100');

    await page.goto(`${server.baseUrl}/mine/savemoney`);
    await page.getByRole('radio', { name: /电子钱包/ }).click();
    await page.getByRole('button', { name: '¥ 500' }).click();
    expect(await page.getByTestId('deposit-limit-card').count()).toBe(0);
    await page.getByRole('button', { name: /立即存款/ }).click();
    const refused = '本次存款将超出您设置的24小时存款限额100.00元，本期还可存款100.00元';
    await page.locator('.ant-message-error').getByText(refused, { exact: true }).waitFor({ timeout: 15_000 });
    await shot(page, 'deposit-refused');

    await openProtection(page);
    await page
      .getByTestId('limit-deposit-day')
      .getByRole('button', { name: /修\s*改/ })
      .click();
    await dialog.getByRole('textbox', { name: '限额金额（元）' }).fill('1000');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const pending = page.getByTestId('pending-deposit-day');
    await pending.getByText('待生效：¥ 1,000').waitFor();
    expect(await page.getByTestId('limit-deposit-day-amount').textContent()).toBe('¥ 100'); // the lower limit stays in force
    expect(await page.getByTestId('pending-deposit-day-left').textContent()).toMatch(/^剩余 2[34]小时\d+分\d+秒$/);
    expect(await pending.getByRole('button', { name: /确\s*认/ }).isDisabled()).toBe(true);
    await page.getByTestId('history').getByText('申请调高限额').waitFor();
    await shotsOfPage(page, 'pending');
    await pending.getByRole('button', { name: /撤\s*销/ }).click();
    await pending.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  test('(b) the reality check appears at its interval with this session’s stakes and net result', async () => {
    const member = await api.register(unique('pb'), PASSWORD);
    await deposit(member, '300.00');
    const { context, page } = await memberPage(member);
    await openProtection(page);
    await page.getByTestId('reality-interval').getByRole('combobox').click();
    await page.getByTitle('每 15 分钟').click();
    await page.locator('.ant-message-success').waitFor();

    // Rounds of the house slot in this login session (the page's token): their stakes and wins are the figures.
    const launch = await api.call('/game/api/v1/launch', { enName: 'CRDZ', gameCode: 'H5001' }, member.token);
    expect(launch.status_code, launch.message).toBe(6000);
    const t = await api.call('/fd/api/v1/transfer/utcTransfer', { channelCode: 'CRDZ', amount: '100.00', ty: 1 }, member.token, {
      'idempotency-key': randomUUID(),
    });
    expect(t.status_code, t.message).toBe(6000);
    let stakes = 0;
    let wins = 0;
    for (let i = 0; i < 3; i++) {
      const Request = {
        timestamp: Date.now(),
        token: launch.data.data.token,
        langx: 'zh-CN',
        remoteip: '',
        gameCode: 'H5001',
        bet: '2.00',
        idempotencyKey: randomUUID(),
      };
      const r = await api.call('/game/api/v1/resource', { method: 'spin', enName: 'CRDZ', Request }, member.token);
      expect(r.status_code, r.message).toBe(6000);
      stakes += parseAmount(r.data.round.bet)!;
      wins += parseAmount(r.data.round.win)! + parseAmount(r.data.round.jackpotWin)!;
    }

    // The clock: this session started 15 minutes ago less 20 s (the page's own clock cannot be moved: every
    // request carries a timestamp the server checks, and a faked browser clock is refused with 6008).
    const db = new Database(join(server.dataDir, 'portal.sqlite'));
    db.prepare('update sessions set created_at = ? where token_hash = ?').run(Date.now() - 15 * 60_000 + 20_000, sha256(member.token));
    db.close();
    const due = await api.call(`${P}realityCheck`, {}, member.token);
    expect(due.data.nextAt - (due.data.startedAt + due.data.elapsedMs)).toBeLessThanOrEqual(20_000);
    await openProtection(page);
    await page.waitForTimeout(8_000);
    expect(await page.getByTestId('reality-check').count()).toBe(0); // not before its interval
    const check = page.getByTestId('reality-check');
    await check.waitFor({ timeout: 30_000 });
    expect(await check.getByTestId('reality-elapsed').textContent()).toMatch(/^15分\d+秒$/);
    expect(await check.getByTestId('reality-stakes').textContent()).toBe(yuan(stakes));
    const net = wins - stakes;
    expect(await check.getByTestId('reality-net').textContent()).toBe(`${net > 0 ? '+' : ''}${yuan(net)}`);
    await modalsStill(page);
    await shot(page, 'reality-zh-CN-1920');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'reality-zh-CN-390');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByRole('button', { name: '继续游戏' }).click();
    await check.waitFor({ state: 'detached' });
    // The next check falls one interval later.
    const after = await api.call(`${P}realityCheck`, {}, member.token);
    expect(after.data.nextAt - after.data.startedAt).toBe(30 * 60_000);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  test('(c) self-exclusion: logged out; login works, 取款 works and says until when; a deposit or a game launch answers 6602', async () => {
    const member = await api.register(unique('pc'), PASSWORD);
    await api.bindPhone(member.token, `139${String(Date.now()).slice(-8)}`);
    await api.bindRealName(member.token, '王小明');
    await api.setSecondPassword(member.token, SECOND);
    await deposit(member, '200.00');
    const { context, page } = await memberPage(member);
    await openProtection(page);
    const panel = page.getByTestId('exclusion');
    await panel
      .getByRole('radio', { name: /^自我排除/ })
      .first()
      .check();
    await panel.getByText('6个月', { exact: true }).click();
    await panel.getByPlaceholder('请输入登录密码以确认').fill(PASSWORD);
    await shot(page, 'exclusion-form');
    await panel.getByRole('button', { name: /确认暂停/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '自我排除：6个月' });
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    const done = page.getByRole('dialog').filter({ hasText: '已生效' });
    await done.getByText(/^您已暂停游戏至\d{4}-\d\d-\d\d \d\d:\d\d，期间仅可登录取款$/).waitFor({ timeout: 15_000 });
    await page.locator('.guest-area__login').waitFor();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await page.getByText('请先登录账号，才能了解更多').count()).toBe(0); // left the member page before the session
    await shot(page, 'excluded-done');
    // Every session ended on the server: the old token is refused.
    expect((await api.call(`${P}state`, {}, member.token)).status_code).toBe(6001);

    const relog = await login(member.name);
    expect(relog.status_code, relog.message).toBe(6000);
    const token = relog.data.token;
    const refusedDeposit = await api.call('/fd/api/v1/payment/pay', { channelId: 'x', amount: '100.00' }, token, {
      'idempotency-key': randomUUID(),
    });
    expect(refusedDeposit.status_code).toBe(6602);
    const message = refusedDeposit.message;
    expect(message).toMatch(/^您已暂停游戏至\d{4}-\d\d-\d\d \d\d:\d\d，期间仅可登录取款$/);

    const again = await memberPage({ token, userId: member.userId });
    const p2 = again.page;
    await p2.goto(`${server.baseUrl}/mine/takemoney`);
    await p2.getByTestId('excluded-banner').waitFor({ timeout: 30_000 });
    await expect.poll(() => p2.getByTestId('withdraw-balance').textContent(), { timeout: 15_000 }).toBe('¥ 200');
    await shot(p2, 'excluded-withdraw');
    // The deposit page is not offered: the member lands on 取款, told why (the 6602 wording).
    await p2.goto(`${server.baseUrl}/mine/savemoney`);
    await p2.waitForURL(/\/mine\/takemoney$/);
    await p2.locator('.ant-message').getByText(message).waitFor();
    // A launch from the lobby: the server's 6602 message.
    await p2.goto(`${server.baseUrl}/game/egame`);
    await p2
      .getByTestId('game-H5001')
      .getByRole('button', { name: /^开始游戏/ })
      .click();
    await p2.locator('.ant-message-error').getByText(message).waitFor({ timeout: 15_000 });
    await shot(p2, 'excluded-launch');
    await shotsOfPage(p2, 'excluded');
    expect(errors).toEqual([]);
    await again.context.close();
    await context.close();
  }, 240_000);
});
