/**
 * The operator console in Chromium against the real built server: the first sign-in enrols the
 * authenticator (QR code, secret, a code, the ten recovery codes confirmed once), a later sign-in with a code,
 * a replayed code refused, a role sees only its menu, and a staff account created through the staff screen —
 * which the audit screen then shows, with an intact hash chain. Screenshots: e2e/screenshots/console-auth-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser, modalsStill } from './browser.ts';
import { apiSignIn, consoleUrl, createStaff, enrolStaff, nextCode, signIn, staffCall, type Staff } from './consoleKit.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
let server: RunningServer;
let browser: Browser;
let admin: Staff;
let seq = 0;
/** Unique per try (a retried test must not meet the account of its first try). */
const uniq = (base: string) => `${base}${Date.now().toString(36).slice(-4)}${seq++}`;

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `console-auth-${name}.png`), fullPage: true });
const menuItems = (page: Page) => page.locator('.ant-layout-sider .ant-menu-item').allInnerTexts();

async function fresh(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, locale: 'zh-CN' });
  return context.newPage();
}

describeInBrowser('console: sign-in, 2FA, menus, staff', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    admin = await createStaff(server, 'admin', ['super_admin']);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('first sign-in enrols the authenticator: QR code, secret, a code, the recovery codes once', async () => {
    const page = await fresh();
    await page.goto(consoleUrl(server));
    await page.waitForURL(/\/console\/signin$/);
    await page.getByLabel('用户名').fill(admin.username);
    await page.getByLabel('密码', { exact: true }).fill(admin.password);
    await shot(page, 'signin');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => page.getByTestId('totp-qr').isVisible()).toBe(true);
    admin.secret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(admin.secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shot(page, 'enrol');
    // A wrong code first: the server's message, still on the step.
    await page.getByLabel('验证码').fill('000000');
    await page.getByRole('button', { name: '开启两步验证并登录' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).not.toBe('');
    await page.getByLabel('验证码').fill(await nextCode(admin));
    await page.getByRole('button', { name: '开启两步验证并登录' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    const confirm = page.getByRole('button', { name: /我已保存/ });
    expect(await confirm.isDisabled()).toBe(true);
    await shot(page, 'recovery-codes');
    await page.getByText('我已将恢复码保存在安全的地方').click();
    await confirm.click();
    await page.locator('.console-header').waitFor();
    // Every area adds its pages to the menu (the home page is the first the role may open): ours are there.
    expect(await menuItems(page)).toEqual(expect.arrayContaining(['员工账号', '审计日志']));
    expect(await page.getByTestId('staff-roles').innerText()).toContain('超级管理员');
    await page.waitForURL(/\/console\/dashboard$/);
    await shot(page, 'home-admin');
  });

  test('a later sign-in takes a code; the same code again is refused', async () => {
    const page = await fresh();
    await signIn(page, server, admin);
    const used = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(admin.secret!) }).generate({ timestamp: admin.lastStep * 30_000 });
    const again = await fresh();
    await again.goto(consoleUrl(server, 'signin'));
    await again.getByLabel('用户名').fill(admin.username);
    await again.getByLabel('密码', { exact: true }).fill(admin.password);
    await again.getByRole('button', { name: '下一步' }).click();
    await again.getByLabel('验证码').fill(used);
    await again.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => again.getByRole('alert').innerText()).toMatch(/验证码/);
    expect(again.url()).toMatch(/\/console\/signin$/);
    await shot(again, 'replay-refused');
  });

  test('a role sees only its menu; a page outside it is refused', async () => {
    const compliance = await enrolStaff(server, await createStaff(server, uniq('comp'), ['compliance']));
    const page = await fresh();
    await signIn(page, server, compliance);
    expect(await menuItems(page)).toEqual(expect.arrayContaining(['仪表盘', '会员列表', '日报表', '审计日志']));
    expect(await menuItems(page)).not.toContain('员工账号');
    await page.waitForURL(/\/console\/dashboard$/);
    await page.goto(consoleUrl(server, 'staff'));
    await expect.poll(() => page.getByText('无权访问').isVisible()).toBe(true);
    await shot(page, 'forbidden');
    const auditor = await enrolStaff(server, await createStaff(server, uniq('aud'), ['auditor']));
    const p2 = await fresh();
    await signIn(p2, server, auditor);
    expect(await menuItems(p2)).toEqual(expect.arrayContaining(['员工账号', '审计日志']));
    await p2.goto(consoleUrl(server, 'staff'));
    await p2.getByRole('cell', { name: 'admin', exact: true }).first().waitFor();
    // Read-only: no create button, no row actions.
    expect(await p2.getByRole('button', { name: '新建员工' }).count()).toBe(0);
    expect(await p2.getByRole('button', { name: '重置密码' }).count()).toBe(0);
  });

  test('a session ended on the server (the account disabled) sends the open console back to sign-in with the message', async () => {
    const cs = await enrolStaff(server, await createStaff(server, uniq('aud'), ['auditor']));
    const page = await fresh();
    await signIn(page, server, cs);
    await page.waitForURL(/\/console\/dashboard$/);
    const token = await apiSignIn(server, admin);
    const list = await staffCall<{ list: { id: number; username: string }[] }>(server, 'staff/list', { keyword: cs.username }, token);
    const id = list.data.list.find((r) => r.username === cs.username)!.id;
    expect((await staffCall(server, 'staff/update', { id, disabled: true }, token)).status_code).toBe(6000);
    // The next call finds the session gone (a background refresh of the open page may already have).
    await page
      .locator('.ant-layout-sider')
      .getByText('审计日志')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    // A page whose data is already cached may make no call on that click: a reload calls auth/me for sure.
    await page.waitForURL(/\/console\/signin$/, { timeout: 10_000 }).catch(async () => {
      await page.reload();
      await page.waitForURL(/\/console\/signin$/);
    });
    await expect.poll(() => page.locator('.ant-alert-warning').innerText()).not.toBe('');
    await shot(page, 'session-ended');
  });

  test('a staff account created on the staff screen; the audit screen shows it and verifies the chain', async () => {
    const page = await fresh();
    await signIn(page, server, admin);
    await page.goto(consoleUrl(server, 'staff'));
    await page.getByRole('button', { name: '新建员工' }).click();
    const dialog = page.getByRole('dialog');
    await modalsStill(page);
    const username = uniq('fin');
    await dialog.getByLabel('用户名').fill(username);
    await dialog.getByLabel('姓名').fill('财务小王');
    await dialog.getByLabel('初始密码').fill('Finance#Pass2026');
    // The selects filter by their Chinese labels: type, Enter picks the first match; a click elsewhere closes them.
    await dialog.getByLabel('角色').fill('财务');
    await page.keyboard.press('Enter');
    await dialog.getByLabel('品牌', { exact: true }).fill('7000');
    await page.keyboard.press('Enter');
    await dialog.getByText('品牌范围').click();
    expect(await dialog.locator('.ant-select-selection-item').allInnerTexts()).toEqual(['财务', '翡翠湾体育（7000）']);
    await dialog.getByLabel('IP白名单').fill('10.0.0.0/8\n127.0.0.1');
    await shot(page, 'staff-create');
    await dialog.getByRole('button', { name: '创建' }).click();
    await page.getByRole('cell', { name: username, exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: username });
    expect(await row.innerText()).toContain('财务小王');
    expect(await row.innerText()).toContain('未绑定两步验证');
    await shot(page, 'staff-list');

    await page.locator('.ant-layout-sider').getByText('审计日志').click();
    await page.waitForURL(/\/console\/audit$/);
    // The audit row of the creation: the staff screen's row of the same account may still be on screen a moment.
    const created = page.getByRole('row').filter({ hasText: username }).filter({ hasText: '新建员工' });
    await created.waitFor();
    expect(await created.innerText()).toMatch(/admin\s*后台/);
    await created.locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => page.getByText('变更后').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: '校验哈希链' }).click();
    await expect.poll(() => page.getByTestId('audit-verify-result').innerText()).toContain('哈希链完整');
    await shot(page, 'audit');
  });
});
