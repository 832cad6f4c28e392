/**
 * The wallet pages in Chromium against the REAL built server: deposit through the
 * sandbox pay page and see it credited on the wait page and in the header; transfer into a venue and
 * back (转账成功); recycle; bind a bank card; the withdrawal blocked by turnover, then made with the
 * second password (funds held); the trade records. Screenshots of each page go to e2e/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BetterSqlite3 as Database } from '../apps/server/src/db/sqliteDriver.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberPage } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';
const SECOND = 'Zt5kP8vn2';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `wallet-${name}.png`), fullPage: true });
const toast = (text: string) => page.locator('.ant-message').getByText(text).waitFor({ timeout: 15_000 });
const headerBalance = () => page.getByTestId('balance').first();
async function go(path: string) {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.mine__content .panel').first().waitFor();
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  const api = new ApiClient(server.baseUrl);
  const member = await api.register(`wl${Date.now().toString(36).slice(-6)}a1`, PASSWORD);
  await api.bindPhone(member.token, `137${String(Date.now()).slice(-8)}`);
  await api.bindRealName(member.token, '王小明');
  await api.setSecondPassword(member.token, SECOND);
  ({ context, page } = await memberPage(browser, member, errors));
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('wallet pages in Chromium', () => {
  test('deposit: the sandbox pay page, then the wait page shows it credited, and the header balance', async () => {
    await go('/mine/savemoney');
    await page.getByRole('radio', { name: /电子钱包/ }).click();
    await page.getByRole('button', { name: '¥ 500' }).click();
    await page.getByTestId('amount-upper').getByText('伍佰元整').waitFor();
    await shot('deposit');
    const [payPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /立即存款/ }).click()]);
    await page.waitForURL(/\/mine\/rechargeWait\?orderNo=D/);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待支付');
    await shot('wait-pending');
    await payPage.waitForLoadState();
    await payPage.getByRole('button', { name: '模拟支付成功' }).click();
    await payPage.getByText('支付已提交').waitFor();
    await payPage.close();
    await page.locator('.ant-result-title', { hasText: '存款已到账' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => headerBalance().textContent()).toBe('¥ 500');
    await shot('wait-credited');
  }, 90_000);

  test('transfer into a venue and back: 转账成功 each way', async () => {
    await go('/mine/transfermoney');
    await page
      .getByRole('radio', { name: /星辰|锦绣|幻彩/ })
      .first()
      .click();
    const amount = page.getByRole('textbox', { name: '转账金额' });
    await page.getByRole('button', { name: /立即转账/ }).click();
    await page.getByText('请输入转入金额').waitFor();
    await amount.fill('200');
    await page.getByTestId('amount-upper').getByText('贰佰元整').waitFor();
    await page.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    await shot('transfer');
    await page.getByRole('button', { name: /立即转账/ }).click();
    await toast('转账成功');
    await expect.poll(() => headerBalance().textContent()).toBe('¥ 300');
    await page.getByText('转出到中心钱包').click();
    await amount.fill('50.5');
    await page.getByRole('button', { name: /立即转账/ }).click();
    await toast('转账成功');
    await expect.poll(() => headerBalance().textContent()).toBe('¥ 350.50');
  }, 60_000);

  test('wallet: venue balances, recycle all back to the central wallet', async () => {
    await go('/mine/wallet');
    await expect.poll(() => page.getByTestId('wallet-total').textContent()).toBe('¥ 500');
    await expect.poll(() => page.getByTestId('wallet-venues').textContent()).toBe('¥ 149.50');
    await shot('wallet');
    await page.getByRole('button', { name: /一键回收/ }).click();
    await toast('已回收 ¥ 149.50 至中心钱包');
    await expect.poll(() => page.getByTestId('wallet-center').textContent()).toBe('¥ 500');
    await expect.poll(() => headerBalance().textContent()).toBe('¥ 500');
  }, 60_000);

  test("bind a bank card in the holder's real name", async () => {
    await go('/mine/addBankCard');
    await page.getByRole('combobox', { name: '开户银行' }).click();
    await page.getByTitle('招商银行').click();
    await page.getByLabel('银行卡号').fill('6225880112345678');
    await page.getByLabel('开户支行（选填）').fill('深圳南山支行');
    await shot('bank-card-form');
    await page
      .getByTestId('bank-card-form')
      .getByRole('button', { name: /添加银行卡/ })
      .click();
    await toast('银行卡添加成功');
    await page.getByText('**** **** **** 5678').waitFor();
    await shot('bank-cards');
  }, 60_000);

  test('withdraw: blocked until the turnover is done, then held with the second password', async () => {
    await go('/mine/takemoney');
    await page.getByText('还需完成有效投注 500 元才能取款').waitFor();
    await shot('withdraw-blocked');
    // The venues report settled bets to the turnover; here the sandbox's report is written directly.
    const db = new Database(join(server.dataDir, 'portal.sqlite'));
    db.prepare('update member_turnover set done = required').run();
    db.close();
    await go('/mine/takemoney');
    await page
      .getByTestId('turnover')
      .getByText(/剩余 0$/)
      .waitFor();
    await page.getByRole('textbox', { name: '取款金额' }).fill('200');
    await page.getByLabel('取款密码').fill('wrong12345');
    await page.getByRole('button', { name: /立即取款/ }).click();
    await page.getByRole('dialog').getByText('贰佰元整').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.locator('.ant-message-error').waitFor({ timeout: 15_000 }); // 6100: the server's message
    // The first confirmation dialog must be gone (it animates out), or the next click can land on it.
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    await page.getByLabel('取款密码').fill(SECOND);
    await shot('withdraw');
    await page.getByRole('button', { name: /立即取款/ }).click();
    await page.getByRole('dialog').getByText('贰佰元整').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByText('取款申请已提交').waitFor();
    await page.getByText('审核中').waitFor();
    await expect.poll(() => headerBalance().textContent()).toBe('¥ 300');
    await shot('withdraw-done');
    await go('/mine/wallet');
    await expect.poll(() => page.getByTestId('wallet-locked').textContent()).toBe('¥ 200');
  }, 90_000);

  test('trade records list every movement', async () => {
    await go('/mine/transRecord');
    for (const kind of ['存款到账', '转入场馆', '场馆转出', '取款冻结']) await page.getByText(kind).first().waitFor();
    await shot('records');
    expect(errors).toEqual([]);
  }, 60_000);
});
