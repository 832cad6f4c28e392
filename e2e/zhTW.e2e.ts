/**
 * zh-TW is Traditional in the browser too: a member of brand 7000 who chose 繁體 opens the pages
 * whose content comes from the server — the home page (brand, marquee, notices, venues, hot games), the sportsbook
 * (leagues, teams, market labels, live pushes), the game lobby, promotions and VIP — and no page text may carry a
 * simplified character (the shared rule @portal/rules simplifiedLeft over OpenCC cn → tw, names mode).
 * Screenshots: e2e/screenshots/zhTW-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as OpenCC from 'opencc-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { simplifiedLeft } from '../packages/rules/src/traditional.ts';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberContext } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });

let server: RunningServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

/** Page paths and what shows they have loaded their server data. */
const PAGES: Array<[name: string, path: string, ready: string]> = [
  ['home', '/', '#root header'],
  ['sport', '/game/sport/crty', '.odds-row'],
  ['lobby', '/game/egame', '.lobby__panel'],
  ['activity', '/activity', '#root header'],
  ['vip', '/mine/vip', '#root header'],
];

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  const api = new ApiClient(server.baseUrl);
  const member = await api.register(`tw${Date.now().toString(36).slice(-6)}a1`, 'Wq7mZ2xp9');
  const context = await memberContext(browser, member);
  await context.addInitScript(() => localStorage.setItem('lang', 'zh-TW'));
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('zh-TW pages in Chromium', () => {
  test('pages with server data carry no simplified character', async () => {
    const found: string[] = [];
    for (const [name, path, ready] of PAGES) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(SHOTS, `zhTW-${name}.png`), fullPage: false });
      const text = await page.evaluate(() => document.body.innerText);
      for (const line of text.split('\n')) {
        const left = simplifiedLeft(line, toTaiwan, { names: true });
        if (left.length) found.push(`${name}: ${left.join(' ')} in "${line.slice(0, 50)}"`);
      }
    }
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-TW');
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);
});
