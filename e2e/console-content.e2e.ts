/**
 * The console's content and desk screens in Chromium against the real built server: a content
 * operator publishes a marquee notice on 公告与跑马灯 and a player sees it scroll on the portal's home page; a
 * player writes to the built-in desk, customer service sees the menu badge, answers on 在线客服, and the player
 * reads the answer on /support. Screenshots: e2e/screenshots/console-content-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { consoleUrl, createStaff, enrolStaff, signIn, type Staff } from './consoleKit.ts';
import { ApiClient, closeSuite, memberPage } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
let server: RunningServer;
let browser: Browser;
let api: ApiClient;
let member: { token: string; userId: string; name: string };
let editor: Staff;
let agent: Staff;
let admin: Staff;
const errors: string[] = [];

const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: join(SHOTS, `console-content-${name}.png`), fullPage });
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).last().waitFor({ timeout: 15_000 });
/** antd spaces out a two-character button label (发 布). */
const label = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

async function staffPage(staff: Staff): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`console: ${e.message}`));
  await signIn(page, server, staff);
  return page;
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  member = await api.register(`cc${Date.now().toString(36).slice(-6)}a1`, 'Wq7mZ2xp9');
  editor = await enrolStaff(server, await createStaff(server, 'editor1', ['content'], '7000'));
  agent = await enrolStaff(server, await createStaff(server, 'agent1', ['customer_service'], '7000'));
  admin = await enrolStaff(server, await createStaff(server, 'chief1', ['super_admin']));
}, 180_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('console: content and the desk', () => {
  test('公告与跑马灯: a notice published in the console scrolls on the portal home page', async () => {
    const page = await staffPage(editor);
    await page.goto(consoleUrl(server, 'content/notices'));
    await page.getByRole('button', { name: /发布公告/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '发布公告' });
    await dialog.getByLabel('标题').fill('元旦存款加赠活动');
    await dialog.getByLabel('内容').fill('1 月 1 日全天存款加赠 10%，详情见优惠活动页面。');
    expect(await dialog.getByRole('switch').first().getAttribute('aria-checked')).toBe('true');
    await page.waitForTimeout(400);
    await shot(page, 'notice-form');
    await dialog.getByRole('button', { name: label('发布') }).click();
    await toast(page, '公告已发布');
    const row = page.locator('.ant-table-row').filter({ hasText: '元旦存款加赠活动' });
    await row.waitFor();
    expect(await row.innerText()).toContain('展示中');
    expect(await row.innerText()).toContain('跑马灯');
    await shot(page, 'notices');

    const { page: portal } = await memberPage(browser, member, errors);
    await portal.goto(`${server.baseUrl}/`);
    await portal.getByTestId('notice-marquee').getByText('【元旦存款加赠活动】').first().waitFor({ timeout: 20_000 });
    await portal.screenshot({ path: join(SHOTS, 'console-content-portal-marquee.png'), clip: { x: 0, y: 0, width: 1920, height: 140 } });

    // Taken down in the console: gone from the portal at its next load.
    await row.getByRole('button', { name: label('下架') }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: label('下架') })
      .click();
    await toast(page, '公告已下架');
    await portal.reload();
    await portal.getByTestId('notice-marquee').waitFor();
    await expect.poll(() => portal.getByTestId('notice-marquee').getByText('【元旦存款加赠活动】').count(), { timeout: 15_000 }).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  test('在线客服: the badge counts the waiting conversation; the answer reaches the player on /support', async () => {
    const sent = await api.call('/site/api/v1/support/send', { body: '提款申请两个小时了还没到账，请帮忙看看。' }, member.token);
    expect(sent.status_code).toBe(6000);
    const page = await staffPage(agent);
    const badge = page.getByTestId('support-badge');
    await expect.poll(() => badge.locator('.ant-badge-count').first().textContent(), { timeout: 15_000 }).toBe('1');
    await page.goto(consoleUrl(server, 'service/support'));
    const thread = page.getByTestId('support-thread').filter({ hasText: member.name });
    await thread.click();
    await page.getByTestId('support-messages').getByText('提款申请两个小时了还没到账').first().waitFor();
    await shot(page, 'support-waiting');
    await page.getByPlaceholder(/输入回复/).fill('您好，您的提款正在处理中，预计 30 分钟内到账，请耐心等待。');
    await page.getByRole('button', { name: /发\s*送/ }).click();
    await toast(page, '已回复');
    await page.getByTestId('support-messages').getByText('预计 30 分钟内到账').waitFor();
    await expect.poll(() => badge.locator('.ant-badge-count').count(), { timeout: 15_000 }).toBe(0);
    await shot(page, 'support-answered');

    const { page: portal } = await memberPage(browser, member, errors);
    await portal.goto(`${server.baseUrl}/support`);
    await portal.getByTestId('support-msg-staff').getByText('预计 30 分钟内到账').waitFor({ timeout: 15_000 });
    await portal.screenshot({ path: join(SHOTS, 'console-content-portal-support.png'), fullPage: true });
    expect(errors).toEqual([]);
  }, 120_000);
  test('轮播图, 站内信, 意见反馈, 繁体文本, 站点设置: each screen shows its brand; a reply and a setting reach the portal', async () => {
    const fb = await api.call(
      '/site/api/v1/user/feedback/addFeedBack',
      { type: 'withdraw', content: '提款一直显示处理中，已经超过两个小时。' },
      member.token,
    );
    expect(fb.status_code).toBe(6000);
    const page = await staffPage(admin);

    await page.goto(consoleUrl(server, 'content/banners'));
    await page.locator('.ant-table-row').first().waitFor();
    await page.waitForTimeout(800); // the banner images
    await shot(page, 'banners');

    await page.goto(consoleUrl(server, 'content/letters'));
    await page.getByRole('button', { name: /发送站内信/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '发送站内信' });
    await dialog.locator('#usernames').fill(`${member.name},`);
    await dialog.getByLabel('标题').fill('提款处理进度');
    await dialog.getByLabel('内容').fill('您的提款已进入财务审核，请留意资金消息。');
    await page.waitForTimeout(400);
    await shot(page, 'letter-form');
    await dialog.getByRole('button', { name: label('发送') }).click();
    await page.getByText('共送达 1 位会员').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-table-row').filter({ hasText: '提款处理进度' }).first().waitFor();
    await shot(page, 'letters');
    const box = await api.call('/site/api/v1/site/letter/list', { pageSize: 50 }, member.token);
    expect(box.data.list.map((l: { title: string }) => l.title)).toContain('提款处理进度');

    await page.goto(consoleUrl(server, 'service/feedback'));
    const row = page.locator('.ant-table-row').filter({ hasText: member.name }).first();
    await row.getByRole('button', { name: label('查看') }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('回复').fill('您好，已为您加急处理，请留意到账通知。');
    await drawer.getByRole('button', { name: /发送回复/ }).click();
    await toast(page, '回复已发送');
    await drawer.getByText('已回复·未读').waitFor();
    await shot(page, 'feedback');
    await expect.poll(async () => (await api.call('/site/api/v1/user/feedback/unreadNum', {}, member.token)).data.count).toBe(1);
    await page.keyboard.press('Escape');

    await page.goto(consoleUrl(server, 'content/zh-tw'));
    await page.getByLabel('简体原文').fill('元旦存款加赠活动');
    await page.getByRole('button', { name: /查询繁体版本/ }).click();
    await expect.poll(() => page.getByLabel('繁体版本').inputValue(), { timeout: 15_000 }).toBe('元旦存款加贈活動');
    await shot(page, 'zh-tw');

    await page.goto(consoleUrl(server, 'system/site'));
    await expect.poll(() => page.getByLabel('站点名称').inputValue(), { timeout: 15_000 }).toBe('翡翠湾体育');
    const skip = page.locator('#flags_skipSport');
    expect(await skip.getAttribute('aria-checked')).toBe('false');
    await skip.click();
    await shot(page, 'site-settings');
    await page.getByRole('button', { name: /保存设置/ }).click();
    await toast(page, '站点设置已保存');
    const pre = await api.call('/site/api/v1/configuration/preInfo');
    expect(pre.data.siteBaseConfig.flags.skipSport).toBe(true);
    expect(errors).toEqual([]);
  }, 150_000);
});
