/**
 * The installable web app in Chromium against the production build: the page links the
 * brand's manifest (served with its content type and the brand's name, per Host), the service worker of
 * the build registers and caches the shell, the shell opens offline while the API is never cached, and the
 * download page shows the install steps and the QR code of the brand's address.
 */
import { get } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, describeInBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

let server: RunningServer;

/** GET with a Host of our choosing (a brand is chosen by its domain). */
function getAs(url: string, host: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describeInBrowser('installable web app in Chromium', () => {
  let context: BrowserContext;
  let profile: string;

  // A persistent profile, as a player's browser: Chromium offers no install in an incognito context.
  beforeAll(async () => {
    profile = await mkdtemp(join(tmpdir(), 'portal-pwa-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      isMobile: true,
    });
  });

  afterAll(async () => {
    await context?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  test('the manifest of the brand of the address: content type, name, icons', async () => {
    const port = new URL(server.baseUrl).port;
    for (const [host, name] of [
      ['127.0.0.1', '翡翠湾体育'],
      ['bluewhale.localhost', '蓝鲸娱乐'],
    ] as const) {
      const r = await getAs(`${server.baseUrl}/manifest.webmanifest`, `${host}:${port}`);
      expect(r.status).toBe(200);
      expect(r.type).toMatch(/^application\/manifest\+json/);
      const m = JSON.parse(r.body) as { name: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
      expect(m.name).toBe(name);
      expect(m.display).toBe('standalone');
      expect(m.icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable')).toBe(true);
    }
  });

  test('the service worker registers, caches the shell, and the shell opens offline (the API never cached)', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${server.baseUrl}/download`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
      expect(script).toBe(`${server.baseUrl}/sw.js`);
      const cached = await page.evaluate(async () => {
        const names = await caches.keys();
        const urls: string[] = [];
        for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
        return { names, urls };
      });
      expect(cached.names.some((n) => n.startsWith('portal-shell-'))).toBe(true);
      expect(cached.urls).toContain('/');
      expect(cached.urls.some((u) => /^\/assets\/.+\.js$/.test(u))).toBe(true);
      expect(cached.urls.some((u) => u.startsWith('/site/') || u.startsWith('/fd/') || u.startsWith('/game/api/'))).toBe(false);

      // The install steps and the QR code of the brand's address.
      await page.getByRole('heading', { level: 1, name: '安装到手机' }).waitFor({ timeout: 30_000 });
      const text = await page.locator('.info-page--download').innerText();
      expect(text).toContain('添加到主屏幕');
      expect(await page.locator('svg.qr-code').getAttribute('data-url')).toBe(server.baseUrl);

      // Chromium's own installability check (what Lighthouse's installable audit asks): no error.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      expect(errors).toEqual([]);

      // Offline: the page comes from the cached shell.
      await context.setOffline(true);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.locator('#root').waitFor({ state: 'attached' });
      expect(await page.title()).not.toBe('');
    } finally {
      await context.setOffline(false);
      await page.close();
    }
  }, 90_000);
});
