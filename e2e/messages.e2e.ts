/**
 * Messages, notices and feedback in Chromium against the REAL built server. The
 * operator side runs the real CLI (apps/server/dist/ops.js) on the server's own database: a marquee
 * notice, a personal letter and a broadcast, a reply to the member's feedback. Screenshots go to
 * e2e/screenshots/messages-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { png } from '../apps/server/src/modules/uploads/fixtures.ts';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberPage } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let member: { token: string; userId: string; name: string };
const errors: string[] = [];

/** Dialogs animate in: wait for the end of the motion before a screenshot. */
const settle = () => page.waitForTimeout(500);
const shot = (name: string) => page.screenshot({ path: join(SHOTS, `messages-${name}.png`), fullPage: true });
const toast = (text: string | RegExp) => page.locator('.ant-message').getByText(text).last().waitFor({ timeout: 15_000 });

/** The operator CLI on the running server's database, as `npm run ops -- …` runs it. */
const ops = (...args: string[]) => server.ops(...args);

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`ms${Date.now().toString(36).slice(-6)}a1`, 'Wq7mZ2xp9');
  await ops('notice:publish', '7000', 'bulletin', '周二例行维护', '幻彩电子场馆周二 10:00-12:00 例行维护，期间暂停转入转出。', '--marquee');
  await ops('letter:send', '7000', `member:${member.name}`, 'fd', '提款已到账', '您申请的提款 500 元已到账，请注意查收。');
  await ops('letter:send', '7000', 'all', 'activity', '周末会员日', '本周六会员日，全天在线客服优先响应。');
  await ops('letter:send', '7000', `member:${member.name}`, 'notice', '账户安全提醒', '您已于新设备登录，如非本人操作请立即修改密码。');
  ({ page } = await memberPage(browser, member, errors));
}, 180_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('Messages and feedback in Chromium', () => {
  test('header: the marquee scrolls the notices; the member badge counts unread letters', async () => {
    await page.goto(`${server.baseUrl}/`);
    const marquee = page.getByTestId('notice-marquee');
    await marquee.getByText('【周二例行维护】').first().waitFor();
    await expect.poll(() => page.locator('.member-menu .ant-badge-count').first().textContent(), { timeout: 15_000 }).toBe('3');
    await page.screenshot({ path: join(SHOTS, 'messages-header.png'), clip: { x: 0, y: 0, width: 1920, height: 120 } });
    await page.getByTestId('member-menu').click();
    await page.locator('.ant-dropdown .member-menu__entry .ant-badge').first().waitFor();
    await settle();
    await page.screenshot({ path: join(SHOTS, 'messages-menu.png'), clip: { x: 1320, y: 0, width: 600, height: 520 } });
    await page.keyboard.press('Escape');
    await marquee.hover(); // hovering pauses the scroll, as for a reader
    await marquee.getByRole('button', { name: /周二例行维护/ }).click();
    await page.locator('.notice-list__item.is-focused').getByText('周二例行维护').waitFor();
    await settle();
    await shot('notice-dialog');
    await page.locator('.notice-dialog .ant-modal-close').click();
  }, 60_000);

  test('message centre: boxes with counts, open to read, one-key read, delete after confirming', async () => {
    await page.goto(`${server.baseUrl}/mine/message`);
    const letters = page.getByTestId('letter');
    await expect.poll(() => letters.count(), { timeout: 15_000 }).toBe(3);
    expect(await page.locator('[data-box="all"] .ant-badge').textContent()).toContain('3');
    await shot('letters');

    await letters.filter({ hasText: '提款已到账' }).getByRole('button').click();
    await page.getByText('您申请的提款 500 元已到账，请注意查收。').waitFor();
    await expect.poll(() => page.locator('[data-box="all"] .ant-badge').textContent()).toContain('2');
    await shot('letter-open');

    await page.locator('[data-box="brActivity"]').click();
    await expect.poll(() => letters.count()).toBe(1);
    await page.getByRole('button', { name: /一键已读/ }).click();
    await toast('已全部标记为已读');
    await page.locator('[data-box="all"]').click();
    await expect.poll(() => page.locator('[data-box="all"] .ant-badge').textContent()).toContain('1');

    await letters.filter({ hasText: '账户安全提醒' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: /删除所选/ }).click();
    await page.getByText('确定删除选中的 1 条消息吗？删除后不可恢复。').waitFor();
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await toast('删除成功');
    await expect.poll(() => letters.count()).toBe(2);
    const left = await api.call('/site/api/v1/site/letter/getUnreadForType', {}, member.token);
    expect(left.data).toMatchObject({ total: 0, fd: 0, brActivity: 0 });

    await page.getByRole('tab', { name: '网站公告' }).click();
    await page.locator('.notice-list').getByText('周二例行维护').waitFor();
    await shot('notices');
  }, 60_000);

  test("feedback: form rules, an uploaded image, the operator's reply marked new until opened", async () => {
    await page.goto(`${server.baseUrl}/mine/feedback`);
    await page.getByRole('button', { name: /提交反馈/ }).click();
    await page.getByText('反馈内容为10-500个字').waitFor();
    await page.locator('.feedback-form .ant-select').click();
    await page.locator('.ant-select-dropdown').getByText('存款问题').click();
    await page.getByPlaceholder(/请详细描述/).fill('昨晚 21:30 通过银行卡存款 300 元，余额至今未到账，麻烦核实。');
    await page
      .locator('.feedback-form input[type=file]')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png(320, 200, [40, 120, 200]) });
    await page
      .locator('.feedback-form .ant-upload-list-item-done, .feedback-form .ant-upload-list-item:not(.ant-upload-list-item-uploading)')
      .first()
      .waitFor();
    await shot('feedback-form');
    await page.getByRole('button', { name: /提交反馈/ }).click();
    await toast(/^提交成功，反馈编号 F\d{8}-\d{4}，我们会尽快回复您$/);
    await page.waitForURL('**/mine/feedback/list');
    await page.getByTestId('feedback-item').getByText('待回复').waitFor();

    const mine = await api.call('/site/api/v1/user/feedback/getFeedBackList', {}, member.token);
    expect(mine.data.list[0]).toMatchObject({ type: 'deposit', images: [{ url: expect.stringMatching(/^\/uploads\//) }] });
    // The member sees the readable number, never the internal id.
    expect(await page.getByTestId('feedback-no').first().textContent()).toBe(`编号 ${mine.data.list[0].ticketNo}`);
    await ops('feedback:reply', mine.data.list[0].id, '您好，已核实该笔存款，款项已于今日 10:12 入账，请查收。');
    await page.reload();
    const item = page.getByTestId('feedback-item');
    await item.getByText('新回复').waitFor();
    await expect.poll(() => page.locator('.member-menu .ant-badge-count').first().textContent(), { timeout: 15_000 }).toBe('1');
    await shot('feedback-list');
    await item.getByRole('button', { name: /查\s*看/ }).click();
    const detail = page.getByTestId('feedback-detail');
    await detail.getByText('您好，已核实该笔存款，款项已于今日 10:12 入账，请查收。').waitFor();
    await detail.locator('img').first().waitFor();
    await settle();
    await shot('feedback-detail');
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await expect.poll(() => item.getByText('新回复').count()).toBe(0);
    await expect.poll(async () => (await api.call('/site/api/v1/user/feedback/unreadNum', {}, member.token)).data.count).toBe(0);
    const audit = await ops('audit:list', 'feedback:reply');
    expect(audit).toContain('e2e-operator');
    expect(errors).toEqual([]);
  }, 90_000);

  test('在线客服 without an external address: a visitor reaches the built-in desk, writes, and reads the operator’s answer', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    const visitor = await context.newPage();
    visitor.on('pageerror', (e) => errors.push(e.message));
    await visitor.goto(`${server.baseUrl}/`);
    await visitor.locator('.site-footer').getByRole('button', { name: '在线客服' }).click();
    const [desk] = await Promise.all([context.waitForEvent('page'), visitor.getByRole('button', { name: /我已知晓，联系客服/ }).click()]);
    desk.on('pageerror', (e) => errors.push(e.message));
    await desk.waitForURL(/\/support$/);
    expect(new URL(desk.url()).origin).toBe(server.baseUrl);
    await desk.getByTestId('support-page').waitFor();
    await desk.getByRole('textbox', { name: /请输入您要咨询的问题/ }).fill('忘记密码，手机号也换了，怎么找回账号？');
    await desk.getByRole('button', { name: /发送/ }).click();
    await desk.getByTestId('support-msg-player').getByText('忘记密码，手机号也换了').waitFor();
    await desk
      .getByTestId('support-no')
      .getByText(/^会话编号 S\d{8}-\d{4}（联系客服时请提供）$/)
      .waitFor();
    const queue = await ops('support:list', '7000');
    const id = /'([A-Za-z0-9_-]{16})'/.exec(queue)?.[1];
    expect(id, queue).toBeTruthy();
    await ops('support:reply', id!, '您好，请提供注册时的用户名和最近一次存款记录，客服将为您人工核实身份。');
    await desk.getByTestId('support-msg-staff').getByText('请提供注册时的用户名').waitFor({ timeout: 15_000 });
    await desk.screenshot({ path: join(SHOTS, 'messages-support-desk.png'), fullPage: true });
    await context.close();
    expect(errors).toEqual([]);
  }, 90_000);
});
