/**
 * The finance desk in Chromium against the real built server: a member asks to withdraw through
 * the portal's API; a risk officer locks and approves it on 提款审核 (the review drawer shows the member's money,
 * turnover and risk hints); the same officer is not offered the payout; a finance officer locks and pays it; the
 * member's order is paid; 存款订单 shows the member's deposit; 会员账变 their statement; 平台账户与账本校验 a clean
 * check. Screenshots: e2e/screenshots/console-finance-*.png.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BetterSqlite3 as Database } from '../apps/server/src/db/sqliteDriver.ts';
import { describeInBrowser, launchBrowser, modalsStill } from './browser.ts';
import { consoleUrl, createStaff, enrolStaff, signIn, type Staff } from './consoleKit.ts';
import { ApiClient, md5 } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
let server: RunningServer;
let browser: Browser;
let api: ApiClient;
let risk: Staff;
let fin: Staff;
let admin: Staff;
const FUND = 'Fund8888x';

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `console-finance-${name}.png`), fullPage: true });
async function fresh(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  return context.newPage();
}

/** A member with a 1,000 yuan deposit (turnover marked done) who asks to withdraw 300 yuan: name and order number. */
async function memberWithdrawal(): Promise<{ name: string; token: string; orderNo: string; depositNo: string }> {
  const name = `fw${Math.floor(Math.random() * 90 + 10)}${Date.now().toString(36).slice(-5)}`; // letters and digits, 9 long
  const m = await api.register(name, 'Abc12345xy');
  await api.bindPhone(m.token, `139${String(Date.now()).slice(-8)}`);
  await api.bindRealName(m.token, '张三丰');
  await api.setSecondPassword(m.token, FUND);
  const card = await api.call(
    '/fd/api/v1/bankCard/add',
    { bankCode: 'ICBC', cardNo: '6222 0212 3456 7890 123', holderName: '张三丰' },
    m.token,
  );
  expect(card.status_code, card.message).toBe(6000);
  const order = await api.call('/fd/api/v1/payment/pay', { channelId: 'bank', amount: '1000' }, m.token, {
    'idempotency-key': randomUUID(),
  });
  expect(order.status_code, order.message).toBe(6000);
  await fetch(`${server.baseUrl}/sandbox/pay/${order.data.orderNo}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  await expect
    .poll(async () => (await api.call('/fd/api/v1/transfer/getBalance', { withLockMoney: 1 }, m.token)).data?.centerWalletBalance, {
      timeout: 30_000,
    })
    .not.toBe('0.00');
  // The venues report settled bets to the turnover; here it is written directly (as wallet.e2e does).
  const db = new Database(join(server.dataDir, 'portal.sqlite'));
  db.prepare('update member_turnover set done = required').run();
  db.close();
  const w = await api.call(
    '/fd/api/v1/withdraw/new',
    { amount: '300', method: 'bank', targetId: card.data.id, secondPassword: md5(FUND) },
    m.token,
    { 'idempotency-key': randomUUID() },
  );
  expect(w.status_code, w.message).toBe(6000);
  return { name, token: m.token, orderNo: w.data.orderNo, depositNo: order.data.orderNo };
}

async function openReview(page: Page, orderNo: string, tab: RegExp) {
  await page.goto(consoleUrl(server, 'finance/withdrawals'));
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('row').filter({ hasText: orderNo }).getByRole('button', { name: '审核' }).click();
  await page.locator('.ant-drawer').getByText('会员账号').waitFor();
}
const stageTag = (page: Page) => page.getByTestId('review-stage');

describeInBrowser('console: the finance desk', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    api = new ApiClient(server.baseUrl);
    risk = await enrolStaff(server, await createStaff(server, 'risk1', ['risk']));
    fin = await enrolStaff(server, await createStaff(server, 'fin1', ['finance']));
    admin = await enrolStaff(server, await createStaff(server, 'boss1', ['super_admin']));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("a withdrawal's full review: risk locks and approves, finance locks and pays; the member sees it paid", async () => {
    const m = await memberWithdrawal();
    const rp = await fresh();
    await signIn(rp, server, risk);
    await openReview(rp, m.orderNo, /待审核/);
    const drawer = rp.locator('.ant-drawer');
    expect(await drawer.innerText()).toContain(m.name);
    expect(await drawer.innerText()).toContain('700.00 元'); // central wallet after the 300 held
    await shot(rp, 'review-pending');
    await drawer.getByRole('button', { name: '锁定审核' }).click();
    await expect.poll(() => stageTag(rp).innerText()).toBe('风控审核中');
    await drawer.getByRole('button', { name: '审核通过' }).click();
    await expect.poll(() => stageTag(rp).innerText()).toBe('已通过');
    expect(await drawer.getByRole('button', { name: '锁定出款' }).count()).toBe(0); // risk holds no withdraw.pay
    await shot(rp, 'review-approved');

    const fp = await fresh();
    await signIn(fp, server, fin);
    await openReview(fp, m.orderNo, /已通过/);
    const fd = fp.locator('.ant-drawer');
    expect(await fd.getByRole('button', { name: '锁定审核' }).count()).toBe(0); // finance holds no withdraw.risk
    await fd.getByRole('button', { name: '锁定出款' }).click();
    await expect.poll(() => stageTag(fp).innerText()).toBe('出款处理中');
    await shot(fp, 'review-paying');
    await fd.getByRole('button', { name: '确认出款' }).click();
    await expect.poll(() => stageTag(fp).innerText()).toBe('已出款');
    await shot(fp, 'review-paid');
    const orders = await api.call('/fd/api/v1/withdraw/withdrawOrderInfo', {}, m.token);
    expect(orders.data.list.find((o: { orderNo: string }) => o.orderNo === m.orderNo).status).toBe('paid');

    // The queue's 已出款 tab lists it with who handled it.
    await fp.keyboard.press('Escape');
    await fp.getByRole('tab', { name: /已出款/ }).click();
    const row = fp.getByRole('row').filter({ hasText: m.orderNo });
    await row.waitFor();
    expect(await row.innerText()).toContain('fin1');
    await shot(fp, 'queue-paid');

    // Deposits, the statement, the house accounts and the ledger check.
    await fp.goto(consoleUrl(server, 'finance/deposits'));
    await fp.getByLabel('会员账号').fill(m.name);
    await fp.getByRole('button', { name: '查询' }).click();
    await fp.getByRole('row').filter({ hasText: m.depositNo }).getByText('已到账').waitFor();
    await shot(fp, 'deposits');
    await fp.goto(consoleUrl(server, 'finance/statement'));
    await fp.getByLabel('会员账号').fill(m.name);
    await fp.getByRole('button', { name: '查询' }).click();
    await fp.getByRole('cell', { name: '取款出款' }).waitFor();
    expect(await fp.getByRole('cell', { name: '存款到账' }).count()).toBe(1);
    await shot(fp, 'statement');
    await fp.goto(consoleUrl(server, 'finance/ledger'));
    await fp.getByRole('button', { name: '账本校验' }).click();
    await expect.poll(() => fp.getByTestId('ledger-verify-result').innerText()).toContain('账本校验通过');
    await shot(fp, 'ledger');
  });

  test('four eyes in the browser: who approved may not pay; a rejection needs a reason and returns the funds', async () => {
    const m = await memberWithdrawal();
    const page = await fresh();
    await signIn(page, server, admin);
    await openReview(page, m.orderNo, /待审核/);
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('button', { name: '锁定审核' }).click();
    await drawer.getByRole('button', { name: '审核通过' }).click();
    await expect.poll(() => stageTag(page).innerText()).toBe('已通过');
    await drawer.getByText('审核人不能为同一订单出款').waitFor();
    expect(await drawer.getByRole('button', { name: '锁定出款' }).count()).toBe(0);
    await drawer.getByRole('button', { name: '拒绝' }).click();
    const dialog = page.getByRole('dialog', { name: '拒绝提款' });
    await modalsStill(page);
    expect(await dialog.getByRole('button', { name: '确认拒绝' }).isDisabled()).toBe(true);
    await dialog.getByLabel('拒绝原因（会员可见）').fill('收款账户信息有误，请核对后重新提交');
    await shot(page, 'reject');
    await dialog.getByRole('button', { name: '确认拒绝' }).click();
    await expect.poll(() => stageTag(page).innerText()).toBe('已拒绝');
    expect(await drawer.innerText()).toContain('收款账户信息有误');
    await shot(page, 'rejected');
    const bal = await api.call('/fd/api/v1/transfer/getBalance', { withLockMoney: 1 }, m.token);
    expect(bal.data.centerWalletBalance).toBe('1000.00');
  });
});
