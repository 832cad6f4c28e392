/**
 * Profile and security in Chromium against the REAL built server: personal data with
 * the 18+ birthday rule and the lock after confirmation, the avatar (preset and own upload), changing
 * the bound phone through re-verification of the old one, the second-password change, the security
 * level and the login history. Screenshots go to e2e/screenshots/profile-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BetterSqlite3 as Database } from '../apps/server/src/db/sqliteDriver.ts';
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
const errors: string[] = [];
const phone = `139${String(Date.now()).slice(-8)}`;
const newPhone = `137${String(Date.now() + 7).slice(-8)}`;

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `profile-${name}.png`), fullPage: true });
const toast = (text: string) => page.locator('.ant-message').getByText(text).last().waitFor({ timeout: 15_000 });
/** Runs `send`, then waits for the new code to reach the sandbox outbox (the sender delivers after a delay). */
async function codeSentBy(to: string, send: () => Promise<void>): Promise<string> {
  const before = (await api.outbox({ to })).length;
  await send();
  let list: Awaited<ReturnType<ApiClient['outbox']>> = [];
  await expect.poll(async () => (list = await api.outbox({ to })).length, { timeout: 15_000 }).toBeGreaterThan(before);
  return list[0]!.code!;
}
/** The binding code went out moments ago: move it a minute back, past the 60 s resend wait. */
function ageCodes() {
  const db = new Database(join(server.dataDir, 'portal.sqlite'));
  db.prepare('update verification_codes set created_at = created_at - 61000').run();
  db.close();
}
const ymd = (yearsAgo: number) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - yearsAgo);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  api = new ApiClient(server.baseUrl);
  const member = await api.register(`pf${Date.now().toString(36).slice(-6)}a1`, 'Wq7mZ2xp9');
  await api.bindRealName(member.token, '王小明');
  await api.bindPhone(member.token, phone);
  await api.setSecondPassword(member.token, 'Kd83nfa0s');
  ({ page } = await memberPage(browser, member, errors));
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('Profile and security in Chromium', () => {
  test('personal data: under 18 is refused with the spec message; confirmed data is locked', async () => {
    await page.goto(`${server.baseUrl}/mine/userinfo`);
    await page.getByTestId('security-level').getByText('高', { exact: true }).waitFor();
    await page.getByText('王小明').first().waitFor();
    await page.getByLabel('男').check();
    const picker = page.locator('.mine-form--inline .ant-picker input');
    await picker.fill(ymd(17));
    await picker.press('Enter');
    await page.getByText('您的年龄未满18，无法游戏哦').waitFor();
    await shot('under-18');
    await page.reload();
    await page.getByLabel('男').check();
    await picker.fill(ymd(30));
    await picker.press('Enter');
    await page.getByRole('button', { name: /保存资料/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast('资料已保存');
    await page.getByTestId('profile-locked').waitFor();
    expect(await page.locator('.mine-form--inline').count()).toBe(0);
    await shot('userinfo');
  }, 60_000);

  test('avatar: a preset, then an own uploaded image; the member card follows', async () => {
    await page.getByRole('button', { name: '更换头像' }).first().click();
    const modal = page.locator('.avatar-modal');
    await modal.locator('.avatar-grid__item').nth(3).click();
    await shot('avatar-modal');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await toast('头像已更新');
    await expect.poll(() => page.locator('.mine-card__avatar img').getAttribute('src')).toBe('/avatars/p04.svg');
    await page.getByRole('button', { name: '更换头像' }).first().click();
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(96, 96, [40, 120, 200]) });
    await modal.locator('.avatar-grid__item.is-selected img[src^="/uploads/"]').waitFor();
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await toast('头像已更新');
    await expect.poll(() => page.locator('.mine-card__avatar img').getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]{64}$/);
    // A file that is not an image is refused before it is sent.
    await page.getByRole('button', { name: '更换头像' }).first().click();
    await page.getByTestId('avatar-file').setInputFiles({ name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
    await toast('仅支持PNG、JPG、WEBP、GIF格式的图片');
    await page
      .locator('.avatar-modal')
      .getByRole('button', { name: /取\s*消/ })
      .click();
  }, 60_000);

  test('changing the bound phone: a code to the old phone first, then the new one', async () => {
    ageCodes();
    await page
      .locator('.security-list li', { hasText: '手机号码' })
      .getByRole('button', { name: /^更\s*换$/ })
      .click();
    const modal = page.locator('.ant-modal', { hasText: '更换手机号码' });
    await modal.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`).waitFor();
    const oldCode = await codeSentBy(`+86${phone}`, async () => {
      await modal.getByRole('button', { name: '获取验证码' }).click();
      await toast('获取手机验证码成功');
    });
    await modal.getByPlaceholder('请输入6位验证码').fill(oldCode);
    await shot('change-phone-old');
    await modal.getByRole('button', { name: /下一步/ }).click();
    await modal.getByTestId('phone-form').waitFor();
    await modal.getByPlaceholder('请输入手机号码').fill(newPhone);
    const newCode = await codeSentBy(`+86${newPhone}`, async () => {
      await modal.getByRole('button', { name: '获取验证码' }).click();
      await toast('获取手机验证码成功');
    });
    await modal.getByTestId('phone-form').getByPlaceholder('请输入6位验证码').fill(newCode);
    await modal.getByRole('button', { name: '绑定手机' }).click();
    await toast('手机号码已更换');
    await page
      .locator('.security-list')
      .getByText(`${newPhone.slice(0, 3)}****${newPhone.slice(7)}`)
      .waitFor();
  }, 60_000);

  test('second password change with the old one; the login history lists this login', async () => {
    const form = page.getByTestId('second-pwd-change');
    await form.getByPlaceholder('请输入原取款密码').fill('Kd83nfa0s');
    await form.getByPlaceholder(/新取款密码/).fill('Zx93kd02m');
    await form.getByPlaceholder('请再次输入取款密码').fill('Zx93kd02m');
    await form.getByRole('button', { name: '修改取款密码' }).click();
    await toast('取款密码修改成功');
    const history = page.getByTestId('login-history');
    await history.getByText('登录成功').first().waitFor();
    await history.getByText('127.0.0.1').first().waitFor();
    await shot('security');
    expect(errors).toEqual([]);
  }, 60_000);
});
