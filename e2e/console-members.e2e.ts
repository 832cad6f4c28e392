/**
 * Console members in Chromium against the real built server: a risk officer finds a member by
 * phone, opens them, and disables them — the member's portal session is refused at once; a note and a risk flag are added; customer service sees the member without the actions they may not
 * use. Screenshots: e2e/screenshots/console-members-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser, modalsStill } from './browser.ts';
import { consoleUrl, createStaff, enrolStaff, signIn, type Staff } from './consoleKit.ts';
import { ApiClient } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
let server: RunningServer;
let browser: Browser;
let risk: Staff;
let api: ApiClient;
let member: { token: string; name: string; phone: string };
const PASSWORD = 'Abc12345xy';
let seq = 0;
const uniq = (base: string) => `${base}${Date.now().toString(36).slice(-4)}${seq++}`;

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `console-members-${name}.png`), fullPage: true });

async function fresh(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, locale: 'zh-CN' });
  return context.newPage();
}

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

describeInBrowser('console: members', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    risk = await enrolStaff(server, await createStaff(server, uniq('risk'), ['risk']));
    api = new ApiClient(server.baseUrl);
    const name = uniq('mem').toLowerCase();
    const m = await api.register(name, PASSWORD);
    const phone = `139${String(Date.now()).slice(-8)}`;
    await api.bindPhone(m.token, phone);
    member = { token: m.token, name, phone };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('find a member by phone and disable them: their portal session is refused at once', async () => {
    expect((await api.call('/site/api/v1/user/member/info', {}, member.token)).status_code).toBe(6000);
    const page = await fresh();
    await signIn(page, server, risk);
    await page.locator('.ant-layout-sider').getByText('会员列表').click();
    await page.waitForURL(/\/console\/members$/);
    await pick(page, '查询方式', '手机号');
    await page.getByLabel('关键字').fill(member.phone);
    await page.getByRole('button', { name: '查询' }).click();
    const link = page.getByRole('link', { name: member.name, exact: true });
    await link.waitFor();
    const row = page.getByRole('row').filter({ hasText: member.name });
    expect(await row.innerText()).toContain(`${member.phone.slice(0, 3)}****${member.phone.slice(-4)}`);
    expect(await row.innerText()).toContain('正常');
    await shot(page, 'search');

    await link.click();
    await page.waitForURL(new RegExp(`/console/members/7000/${member.name}$`));
    await page.getByRole('tab', { name: '资料' }).waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      '资料',
      '余额',
      '账变',
      '注单',
      '游戏记录',
      '登录记录',
      '关联账户',
      '备注',
      '风控标记',
      '棋牌对战信号',
    ]);
    await shot(page, 'detail');

    await page.getByRole('button', { name: '停用会员' }).click();
    const dialog = page.getByRole('dialog');
    await modalsStill(page);
    await dialog.getByLabel('停用原因').fill('多账户套利调查');
    await shot(page, 'disable-dialog');
    await dialog.getByRole('button', { name: '确认停用' }).click();
    await page.getByRole('button', { name: '启用会员' }).waitFor();
    expect(await page.locator('.ant-card').first().innerText()).toContain('已停用');
    await shot(page, 'disabled');

    // The member's portal session ends at once (the sign-in refusal, 6030, is covered by the server's tests).
    const info = await api.call('/site/api/v1/user/member/info', {}, member.token);
    expect(info.status_code).toBe(6001);

    // A note and a risk flag, kept with author and time.
    await page.getByRole('tab', { name: '备注' }).click();
    await page.getByLabel('备注内容').fill('会员来电称账户被盗，已停用待核实');
    await page.getByRole('button', { name: '添加备注' }).click();
    await page.getByRole('cell', { name: '会员来电称账户被盗，已停用待核实' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: '已停用待核实' }).innerText()).toContain(risk.username);
    await page.getByRole('tab', { name: '风控标记' }).click();
    await pick(page, '标记', '多账户');
    await page.getByLabel('说明').fill('与另一会员共用设备');
    await page.getByRole('button', { name: '添加标记' }).click();
    await page.getByRole('cell', { name: '与另一会员共用设备' }).waitFor();
    expect(await page.getByText('负责任博彩与实名认证（只读）').isVisible()).toBe(true);
    await shot(page, 'risk');
  });

  test('customer service sees the member and adds notes, without the actions its role lacks', async () => {
    const cs = await enrolStaff(server, await createStaff(server, uniq('cs'), ['customer_service']));
    const page = await fresh();
    await signIn(page, server, cs);
    await page.goto(consoleUrl(server, `members/7000/${member.name}`));
    await page.getByRole('tab', { name: '资料' }).waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['资料', '余额', '账变', '注单', '游戏记录', '登录记录', '备注']);
    for (const b of ['停用会员', '启用会员', '踢出登录', '重置提款密码', '调整 VIP'])
      expect(await page.getByRole('button', { name: b }).count(), b).toBe(0);
    await page.getByRole('tab', { name: '备注' }).click();
    expect(await page.getByRole('button', { name: '添加备注' }).count()).toBe(1);
    await page.getByRole('cell', { name: '会员来电称账户被盗，已停用待核实' }).waitFor();
    await page.waitForTimeout(400); // the tab's switch animation
    await shot(page, 'customer-service');
  });
});
