/**
 * What a player of each demo brand sees, in Chromium against the built server, at
 * 1920×1080 and 390×844: home (real banners, the brand's logo), wallet, transfer, deposit, a deposit's
 * wait page and the download page — no 沙盒, no operator note, no English brand text — with a
 * screenshot of each in e2e/screenshots/look-<brand>-<page>-<width>.png.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HEADERS } from '@portal/contract';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberContext } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const PASSWORD = 'Wq7mZ2xp9';
/** Text a player must never read: sandbox names, the operator's note, the English logo text of before. */
const FORBIDDEN = /沙盒|運營後台|运营后台|JADE BAY|BLUE WHALE|SANDBOX|pending/i;

/** The API client of one brand (the site header of its calls). */
class BrandClient extends ApiClient {
  constructor(
    baseUrl: string,
    readonly site: string,
  ) {
    super(baseUrl);
  }
  override call<T = any>(path: string, body: unknown = {}, token?: string, extra: Record<string, string> = {}) {
    return super.call<T>(path, body, token, { [HEADERS.SITE_ID]: this.site, ...extra });
  }
}

let server: RunningServer;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
}, 120_000);

afterAll(() => closeSuite(browser, server));

describeInBrowser('the demo brands as a player sees them', () => {
  test.each([
    ['7000', 'jade', '127.0.0.1'],
    ['7001', 'whale', 'bluewhale.localhost'],
  ])(
    'brand %s (%s): home, wallet, transfer, deposit, wait and download pages',
    async (site, brand, host) => {
      const base = `http://${host}:${new URL(server.baseUrl).port}`;
      const api = new BrandClient(server.baseUrl, site); // node resolves no *.localhost: the API by address, the brand by its header
      const member = await api.register(`lk${Date.now().toString(36).slice(-6)}${site.slice(-1)}a`, PASSWORD);
      await api.bindPhone(member.token, `136${String(Date.now()).slice(-8)}`);
      const order = await api.call('/fd/api/v1/payment/pay', { channelId: 'bank', amount: '300' }, member.token, {
        'idempotency-key': randomUUID(),
      });
      expect(order.status_code, order.message).toBe(6000);
      const pages: [string, string][] = [
        ['home', '/'],
        ['wallet', '/mine/wallet'],
        ['transfer', '/mine/transfermoney'],
        ['deposit', '/mine/savemoney'],
        ['wait', `/mine/transferWait?orderNo=${order.data.orderNo}`],
        ['download', '/download'],
      ];
      for (const [width, height] of [
        [1920, 1080],
        [390, 844],
      ] as const) {
        const context = await memberContext(browser, member);
        const page = await context.newPage();
        await page.setViewportSize({ width, height });
        page.on('pageerror', (e) => errors.push(`${brand} ${width}: ${e.message}`));
        for (const [name, path] of pages) {
          await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
          await page.locator('#root *').first().waitFor();
          if (name === 'home') {
            // The banners are the brand's own art: loaded images, not the empty frame.
            await page.locator('[data-testid="home-banner"][data-state="ready"] img').first().waitFor({ timeout: 15_000 });
            expect(
              await page
                .locator('.home-banner img')
                .first()
                .evaluate((img: HTMLImageElement) => img.naturalWidth),
            ).toBeGreaterThan(0);
            expect(await page.locator('header img.brand__mark').getAttribute('src')).toBe(`/brand-art/${site}/logo.svg`);
          }
          const text = await page.locator('body').innerText();
          expect(text, `${brand} ${name} ${width}`).not.toMatch(FORBIDDEN);
          await page.screenshot({ path: join(SHOTS, `look-${brand}-${name}-${width}.png`), fullPage: true });
        }
        if (width === 1920) {
          // The provider's pay page speaks Chinese; once paid, the wait page is titled by the result, not 转账确认中.
          await page.goto(`${base}${order.data.payUrl}`);
          expect((await page.locator('body').innerText()).replaceAll(order.data.orderNo, '')).not.toMatch(/[A-Za-z]{2,}|沙盒/);
          await page.screenshot({ path: join(SHOTS, `look-${brand}-paypage-${width}.png`) });
          await page.getByRole('button', { name: '模拟支付成功' }).click();
          await page.getByText('支付已提交').waitFor();
          await page.goto(`${base}/mine/transferWait?orderNo=${order.data.orderNo}`);
          await page.locator('.page-title__text', { hasText: site === '7000' ? '存款已到账' : '存款已到帳' }).waitFor({ timeout: 30_000 });
          expect(await page.title()).toMatch(/^存款已到[账帳] - /);
          await page.screenshot({ path: join(SHOTS, `look-${brand}-wait-paid-${width}.png`), fullPage: true });
        }
        await context.close();
      }
      expect(errors).toEqual([]);
    },
    240_000,
  );
});
