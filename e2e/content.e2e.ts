/**
 * Content pages in Chromium against the real server: the help centre (menu + page, the terms at
 * /app/help/gztk), the legal modal reachable from the shell, and the download page; screenshots of two
 * help pages and the download page at the 1920 design width.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SCREENSHOT_DIR = join(REPO_ROOT, 'e2e/screenshots');
const HELP_MENU = '帮助中心目录';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describeInBrowser('content pages in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${path}: ${error.message}`));
    await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
    return page;
  }

  /** The shell's register prompt (register flag 1, not logged in) opens over every page: close it. */
  async function dismissRegisterPrompt(page: Page): Promise<void> {
    const dialog = page.locator('.ant-modal-wrap:visible');
    try {
      await dialog.first().waitFor({ state: 'visible', timeout: 3_000 });
    } catch {
      return; // no prompt on this site
    }
    await page.keyboard.press('Escape');
    await dialog.first().waitFor({ state: 'hidden', timeout: 5_000 });
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.waitForTimeout(400); // let menu and modal transitions settle
    await page.screenshot({ path: join(SCREENSHOT_DIR, name), fullPage: false });
  }

  test('/app/help/kh shows the grouped menu and the registration guide', async () => {
    const page = await open('/app/help/kh');
    try {
      const menu = page.getByRole('navigation', { name: HELP_MENU });
      await menu.waitFor({ state: 'visible', timeout: 30_000 });
      const menuText = await menu.innerText();
      for (const label of [
        '新手指南',
        '存取款',
        '投注规则',
        '常见问题',
        '关于我们',
        '开户指南',
        '存款帮助',
        '取款帮助',
        '让球规则',
        '规则与条款',
        '隐私政策',
        '在线客服',
      ]) {
        expect(menuText).toContain(label);
      }
      const heading = page.getByRole('heading', { level: 1, name: '开户指南' });
      await heading.waitFor({ state: 'visible' });
      expect(await page.locator('section.cd-section').count()).toBeGreaterThan(2);
      await dismissRegisterPrompt(page);
      await screenshot(page, 'help-kh.png');
    } finally {
      await page.close();
    }
  });

  test('a menu click moves to another help page', async () => {
    const page = await open('/app/help/kh');
    try {
      const menu = page.getByRole('navigation', { name: HELP_MENU });
      await menu.waitFor({ state: 'visible', timeout: 30_000 });
      await dismissRegisterPrompt(page);
      await menu.getByText('让球规则', { exact: true }).click();
      await page.getByRole('heading', { level: 1, name: '让球规则' }).waitFor({ state: 'visible' });
      expect(new URL(page.url()).pathname).toBe('/app/help/rqgl');
      expect(await page.locator('.cd-table').first().innerText()).toContain('赢一半');
      await screenshot(page, 'help-rqgl.png');
    } finally {
      await page.close();
    }
  });

  test('/app/help/gztk shows the terms with the §9 figures', async () => {
    const page = await open('/app/help/gztk');
    try {
      await page.getByRole('heading', { level: 1, name: '规则与条款' }).waitFor({ state: 'visible', timeout: 30_000 });
      const text = await page.locator('article[data-doc="terms"]').innerText();
      for (const figure of [
        '18 周岁',
        '1,500,000 美元',
        '300,000 美元',
        '200,000 美元',
        '25,000 美元',
        '600,000 美元',
        '180,000 美元',
        '14 天',
        '5 年',
      ]) {
        expect(text, figure).toContain(figure);
      }
      await dismissRegisterPrompt(page);
      await screenshot(page, 'help-gztk.png');
    } finally {
      await page.close();
    }
  });

  test('/download shows the install steps (iOS Safari and Android: 添加到主屏幕) and the h5 address', async () => {
    const page = await open('/download');
    try {
      await page.getByRole('heading', { level: 1, name: '安装到手机' }).waitFor({ state: 'visible', timeout: 30_000 });
      const text = await page.locator('.info-page--download').innerText();
      expect(text).toContain('苹果手机安装说明');
      expect(text).toContain('安卓手机安装说明');
      expect(text).toContain('添加到主屏幕');
      expect(await page.locator('svg.qr-code').getAttribute('data-url')).toMatch(/^https?:\/\//);
      await dismissRegisterPrompt(page);
      await screenshot(page, 'download.png');
    } finally {
      await page.close();
    }
  });

  test('the terms / privacy modal opens from the register form and toggles', async () => {
    const page = await open('/');
    try {
      const prompt = page.locator('.ant-modal-wrap:visible').first();
      await prompt.waitFor({ state: 'visible', timeout: 30_000 });
      await prompt.getByText('《隐私政策》').first().click();
      const legal = page.locator('.legal-modal');
      await legal.getByRole('heading', { level: 2, name: '隐私政策' }).waitFor({ state: 'visible' });
      await legal.getByRole('button', { name: '查看《规则与条款》' }).click();
      await legal.getByRole('heading', { level: 2, name: '规则与条款' }).waitFor({ state: 'visible' });
      expect(await legal.innerText()).toContain('1,500,000 美元');
      await screenshot(page, 'legal-modal.png');
    } finally {
      await page.close();
    }
  });

  test('no script errors on the content pages', () => {
    expect(pageErrors).toEqual([]);
  });
});
