/**
 * Account flows in Chromium against the REAL built server: register → auto-login → logout → login
 * with the slider captcha (gap x from the dev outbox, dragged with the mouse), new-device verification
 * with the SMS code from the outbox, forgot password by phone and by e-mail. Screenshots of every
 * dialog go to e2e/screenshots/.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { encodeSliderOutput, makeTsToken } from '@portal/contract';
import { chooseFromDropdown, describeInBrowser, launchBrowser, modalsStill } from './browser.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const U = '/site/api/v1/user/';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

let server: RunningServer;
let browser: Browser;
let seq = 0;
const uniqueName = () => `e${Date.now().toString(36).slice(-5)}${seq++}`.replace(/^e(\d)/, 'ea$1').slice(0, 11) + '';

interface OutboxEntry {
  kind: string;
  to: string;
  code: string | null;
  codeId: string | null;
  text: string;
}

async function outbox(q: Record<string, string>): Promise<OutboxEntry[]> {
  const r = await fetch(`${server.baseUrl}/dev/outbox?${new URLSearchParams(q)}`);
  return ((await r.json()) as { data: OutboxEntry[] }).data;
}

/** Node-side API calls with the same headers as the browser (the device id is the caller's). */
async function api<T>(
  path: string,
  body: unknown,
  o: { token?: string; uuid?: string } = {},
): Promise<{ status_code: number; data: T; message: string }> {
  const pre = (await (
    await fetch(`${server.baseUrl}/site/api/v1/configuration/preInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as { data: { ip: string; siteBaseConfig: { clientKey: string } } };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-client': 'web',
    'x-uuid': o.uuid ?? 'e2e-node-device-0001',
    'x-ts-token': await makeTsToken(pre.data.siteBaseConfig.clientKey, pre.data.ip),
  };
  if (o.token) headers.token = o.token;
  const r = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await r.json()) as { status_code: number; data: T; message: string };
}

/** Register + auto-login through the API (slider solved from the outbox). */
async function apiMember(name: string, password: string): Promise<string> {
  const ch = await api<{ lot_number: string; pass_token: string; gen_time: string }>(`${U}member/geeChallenge`, { ktype: 1 });
  const x = Number((await outbox({ kind: 'captcha-slider' })).find((e) => e.codeId === ch.data.lot_number)!.code);
  const cap = await api<{ codeId: string; code: string }>(`${U}member/validateGeeCheck`, {
    lot_number: ch.data.lot_number,
    captcha_output: encodeSliderOutput(x, 600),
    pass_token: ch.data.pass_token,
    gen_time: ch.data.gen_time,
    validate_way: 0,
  });
  const reg = await api<{ codeId: string; code: string }>(`${U}register`, {
    name,
    password: md5(password),
    secondPassword: md5(password),
    kaptchcate: 0,
    ...cap.data,
  });
  expect(reg.status_code, reg.message).toBe(6000);
  const login = await api<{ token: string }>(`${U}login`, {
    isAgent: 0,
    name,
    password: md5(password),
    version: '1.0',
    kaptchcate: 99,
    codeId: reg.data.codeId,
    code: reg.data.code,
  });
  expect(login.status_code, login.message).toBe(6000);
  return login.data.token;
}

async function bindPhone(token: string, phone: string) {
  expect((await api(`${U}sendCode/two`, { type: '4', cate: '0', phone, areaCode: '+86' }, { token })).status_code).toBe(6000);
  const code = (await outbox({ to: `+86${phone}` }))[0]!.code!;
  expect((await api(`${U}bindPhone`, { phone, areaCode: '+86', code }, { token })).status_code).toBe(6000);
}

async function bindEmail(token: string, email: string) {
  expect((await api(`${U}sendCode/two`, { type: '5', cate: '1', email }, { token })).status_code).toBe(6000);
  const code = (await outbox({ to: email }))[0]!.code!;
  expect((await api(`${U}bindEmail`, { email, code }, { token })).status_code).toBe(6000);
}

/** Drag the slider handle to the gap the server recorded for the newest slider challenge. */
let lastLot: string | null = null;
async function solveSlider(page: Page) {
  const handle = page.getByTestId('slider-handle');
  await handle.waitFor();
  await page.locator('.slider-captcha__bg').waitFor();
  // The newest slider lot is this dialog's once it differs from the last one solved here.
  let lot = await outbox({ kind: 'captcha-slider', limit: '1' });
  for (let i = 0; i < 50 && lot[0]?.codeId === lastLot; i++) {
    await page.waitForTimeout(100);
    lot = await outbox({ kind: 'captcha-slider', limit: '1' });
  }
  lastLot = lot[0]!.codeId;
  await page.waitForTimeout(300); // the picture of that lot is painted
  const gapX = Number(lot[0]!.code);
  const stage = (await page.locator('.slider-captcha__stage').boundingBox())!;
  const imageWidth = await page.locator('.slider-captcha__bg').evaluate((img) => (img as HTMLImageElement).naturalWidth);
  const dx = (gapX * stage.width) / imageWidth;
  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(x0 + (dx * i) / 20, y);
    await page.waitForTimeout(15);
  }
  await page.mouse.up();
}

async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(server.baseUrl);
  return page;
}

const authDialog = (page: Page) => page.locator('.auth-modal');

/**
 * The register prompt opens 500 ms after start — later on a loaded machine, possibly just as the header's login
 * button is clicked (its mask then takes the click). Whichever comes first, end on the dialog's login tab.
 */
async function openLoginForm(page: Page) {
  await page.locator('.guest-area__login').waitFor();
  await expect
    .poll(
      async () => {
        if (!(await authDialog(page).isVisible()))
          await page
            .locator('.guest-area__login')
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        return authDialog(page).isVisible();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  await modalsStill(page);
  await authDialog(page).getByRole('tab', { name: '登录' }).click();
  await page.getByLabel('请输入密码').waitFor();
  await modalsStill(page);
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  // Members with a bound phone (and e-mail) made up front, so their 60 s resend window runs out while the
  // first tests run.
  spare.device = await boundMember('139', false);
  spare.forgot = await boundMember('138', true);
}, 120_000);

const PASSWORD = 'Kq7mZ2xp9';
interface BoundMember {
  name: string;
  phone: string;
  email: string;
  boundAt: number;
}
/** One unused member per flow that sends codes; a try takes it, so a retry makes its own. */
const spare: { device?: BoundMember; forgot?: BoundMember } = {};
let phoneSeq = 0;

async function boundMember(prefix: '138' | '139', withEmail: boolean): Promise<BoundMember> {
  const name = uniqueName();
  const phone = `${prefix}${String(Date.now() + phoneSeq++).slice(-8)}`;
  const email = withEmail ? `${name}@mail.example` : '';
  const token = await apiMember(name, PASSWORD);
  await bindPhone(token, phone);
  if (withEmail) await bindEmail(token, email);
  return { name, phone, email, boundAt: Date.now() };
}

/**
 * A member for a flow that sends codes to its phone / e-mail, past the 60 s resend window of its bind codes
 * (a code to the same destination within 60 s answers 6066). The first try takes the one made up front; a
 * retry gets a fresh member and phone — the first try's are inside their window again.
 */
async function takeMember(kind: 'device' | 'forgot'): Promise<BoundMember> {
  const m = spare[kind] ?? (await boundMember(kind === 'device' ? '139' : '138', kind === 'forgot'));
  spare[kind] = undefined;
  const wait = m.boundAt + 61_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return m;
}

/** Logs out from the member menu (the header may re-render under it: chooseFromDropdown retries). */
const logoutFromMenu = (page: Page) =>
  chooseFromDropdown(page, page.getByTestId('member-menu'), /退出/, () => page.locator('.guest-area__login').waitFor({ timeout: 10_000 }));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describeInBrowser('account dialogs in Chromium', () => {
  test('register → auto-login → logout → login with the slider captcha', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await openPage(context);
    // Register prompt 500 ms after start (site 7000 has the register flag on).
    await authDialog(page).getByRole('button', { name: '立即注册' }).waitFor();
    const name = uniqueName();
    await page.getByLabel('请输入用户名').fill(name);
    await page.getByLabel('请输入密码（8-12位字母+数字）').fill('Kq7mZ2xp9');
    await page.getByLabel('请再次输入密码').fill('Kq7mZ2xp9');
    await page.locator('.auth-agree input').check();
    await page.screenshot({ path: join(SHOTS, 'auth-register.png') });
    await modalsStill(page);
    await authDialog(page).getByRole('button', { name: '立即注册' }).click();
    await page.getByTestId('captcha-dialog').waitFor();
    await page.locator('.slider-captcha__bg').waitFor();
    await page.screenshot({ path: join(SHOTS, 'auth-captcha-slider.png') });
    await solveSlider(page);
    await page.getByText('注册成功').waitFor();
    await page.getByTestId('member-menu').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await expect.poll(() => page.getByTestId('member-menu').innerText()).toContain(name);

    // logout from the member menu
    await logoutFromMenu(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // login (site 7000 asks for the captcha always)
    await page.locator('.guest-area__login').click();
    await modalsStill(page);
    await page.getByLabel('请输入用户名').fill(name);
    await page.getByLabel('请输入密码').fill('Kq7mZ2xp9');
    await page.screenshot({ path: join(SHOTS, 'auth-login.png') });
    await authDialog(page)
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await solveSlider(page);
    await page.getByTestId('member-menu').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    // image captcha view, for the record
    await logoutFromMenu(page);
    await page.locator('.guest-area__login').click();
    await modalsStill(page);
    await page.getByLabel('请输入用户名').fill(name);
    await page.getByLabel('请输入密码').fill('Kq7mZ2xp9');
    await authDialog(page)
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await page.getByText('切换为图形验证').waitFor();
    await modalsStill(page);
    await page.getByText('切换为图形验证').click();
    await page.locator('.image-captcha__img img').waitFor();
    await page.screenshot({ path: join(SHOTS, 'auth-captcha-image.png') });
    const img = (await outbox({ kind: 'captcha-image', limit: '1' }))[0]!;
    await page.getByPlaceholder('请输入验证码').fill(img.code!);
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('member-menu').waitFor();
    await context.close();
  });

  test('new device: code from the outbox after the 4 middle digits, login with kaptchcate 99', async () => {
    const { name, phone } = await takeMember('device');

    const context = await browser.newContext({ locale: 'zh-CN' }); // fresh context: a new device id
    const page = await openPage(context);
    await openLoginForm(page);
    await page.getByLabel('请输入用户名').fill(name);
    await page.getByLabel('请输入密码').fill('Kq7mZ2xp9');
    await authDialog(page)
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await solveSlider(page);
    await page.getByText('登录异常，请验证身份').waitFor();
    await page.getByText(`验证码将发送至您绑定的手机 ${phone.slice(0, 3)}****${phone.slice(7)}`).waitFor();
    await page.screenshot({ path: join(SHOTS, 'auth-new-device.png') });
    await modalsStill(page);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('手机号中间4位数字').fill(phone.slice(3, 7));
    await page.screenshot({ path: join(SHOTS, 'auth-new-device-middle.png') });
    await page.getByRole('button', { name: '发送短信验证码' }).click();
    await page.getByText('获取手机验证码成功').waitFor();
    const sms = (await outbox({ to: `+86${phone}` }))[0]!;
    expect(sms.kind).toBe('sms');
    await page.getByLabel('请输入6位验证码').fill(sms.code!);
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.getByTestId('member-menu').waitFor();
    await context.close();
  }, 180_000); // a retry waits out a fresh member's 60 s resend window

  test('forgot password by phone and by e-mail, then login with the new password', async () => {
    const { name, phone, email } = await takeMember('forgot');

    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await openPage(context);
    await openLoginForm(page);
    await page.getByText('忘记密码？').click();
    await page.getByLabel('请输入用户名').fill(name);
    await page.getByLabel('请输入绑定的手机号码').fill(phone);
    await page.screenshot({ path: join(SHOTS, 'auth-forgot-phone.png') });
    await page.getByRole('button', { name: '下一步' }).click();
    await solveSlider(page);
    await page.getByText('获取手机验证码成功').waitFor();
    const sms = (await outbox({ to: `+86${phone}` }))[0]!;
    await page.getByLabel('请输入6位验证码').fill(sms.code!);
    await page.screenshot({ path: join(SHOTS, 'auth-forgot-code.png') });
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByLabel('请设置新密码').fill('Rt5vW8nb2');
    await page.getByLabel('请再次输入新密码').fill('Rt5vW8nb2');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('密码修改成功').waitFor();
    await page.screenshot({ path: join(SHOTS, 'auth-forgot-done.png') });
    // 3 s later: back on the login form with the name filled in (in the form from its first paint)
    await authDialog(page)
      .getByRole('button', { name: /登\s*录/ })
      .waitFor({ timeout: 6000 });
    expect(await page.getByLabel('请输入用户名').inputValue()).toBe(name);

    // by e-mail
    await page.getByText('忘记密码？').click();
    await page.getByRole('tab', { name: /邮箱找回/ }).click();
    await page.getByLabel('请输入用户名').fill(name);
    await page.getByLabel('请输入绑定的邮箱').fill(email);
    await page.screenshot({ path: join(SHOTS, 'auth-forgot-email.png') });
    await page.getByRole('button', { name: '下一步' }).click();
    await solveSlider(page);
    await page.getByText('获取邮箱验证码成功').waitFor();
    const mail = (await outbox({ to: email }))[0]!;
    await page.getByLabel('请输入6位验证码').fill(mail.code!);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByLabel('请设置新密码').fill('Hj3kL9qz4');
    await page.getByLabel('请再次输入新密码').fill('Hj3kL9qz4');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('密码修改成功').waitFor();
    await authDialog(page)
      .getByRole('button', { name: /登\s*录/ })
      .waitFor({ timeout: 6000 });

    const relog = await api<{ token: string }>(`${U}login`, {
      isAgent: 0,
      name,
      password: md5('Hj3kL9qz4'),
      version: '1.0',
      kaptchcate: 0,
    });
    expect(relog.status_code).not.toBe(6002); // the new password is the one in force (captcha still required on this site)
    await context.close();
  }, 180_000); // a retry waits out a fresh member's 60 s resend window
});
