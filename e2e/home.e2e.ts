/**
 * The landing page served by the real server, seen by Chromium; plus the two non-page surfaces the
 * server must get right from day one (/docs and the not-found envelope).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';

const SCREENSHOT_DIR = join(REPO_ROOT, 'e2e/screenshots');
const PRE_INFO_PATH = '/site/api/v1/configuration/preInfo';

interface Envelope<T = unknown> {
  status_code: number;
  data: T;
  message: string;
}

interface PreInfo {
  ip: string;
  siteBaseConfig: { siteCode: number; title: string; theme: { primaryColor: string; logoText: string; logoUrl?: string } };
}

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

async function postJson<T>(path: string, body: unknown = {}): Promise<{ status: number; contentType: string; envelope: Envelope<T> }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const contentType = response.headers.get('content-type') ?? '';
  return { status: response.status, contentType, envelope: (await response.json()) as Envelope<T> };
}

describe('server surfaces', () => {
  test('GET /docs serves the OpenAPI UI as HTML', async () => {
    const response = await fetch(`${server.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type') ?? '').toMatch(/text\/html/);
    expect(await response.text()).toMatch(/<html/i);
  });

  test('an unknown API path answers the not-found envelope (6004) as JSON', async () => {
    const { contentType, envelope } = await postJson('/site/api/v1/nope');
    expect(contentType).toMatch(/application\/json/);
    expect(envelope.status_code).toBe(6004);
    expect(typeof envelope.message).toBe('string');
    expect(envelope.message.length).toBeGreaterThan(0);
    expect(envelope).toHaveProperty('data');
  });
});

describe('SPA fallback', () => {
  // Spec §2 public and login-required routes: a deep link or a reload must get the app, which then
  // routes (or shows its own not-found page). Only API prefixes answer the JSON envelope.
  const SPA_PATHS = [
    '/game/sport',
    '/game/realbet',
    '/game/sport/crty',
    '/activity/discount',
    '/sponsor',
    '/download',
    '/app/help/zxkf',
    '/mine/vip',
    '/no/such/page',
  ];

  test.each(SPA_PATHS)('GET %s serves the web app', async (path) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html' } });
    expect(response.status, `GET ${path}`).toBe(200);
    expect(response.headers.get('content-type') ?? '').toMatch(/text\/html/);
    expect(await response.text()).toContain('<div id="root">');
  });
});

describeInBrowser('home page in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let preInfo: PreInfo;
  const pageErrors: string[] = [];
  const preInfoRequests: Request[] = [];

  beforeAll(async () => {
    const { envelope } = await postJson<PreInfo>(PRE_INFO_PATH);
    expect(envelope.status_code).toBe(6000);
    preInfo = envelope.data;
    // One more banner on the home page (the operator CLI, as in production), linking inside the app.
    await server.ops(
      'ad:publish',
      String(preInfo.siteBaseConfig.siteCode),
      'banner',
      '新会员首存加赠',
      '/favicon.svg',
      '/activity/discount',
    );

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('request', (request) => {
      if (request.url().endsWith(PRE_INFO_PATH)) preInfoRequests.push(request);
    });
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'domcontentloaded' });
    await page.locator('.shell[data-route="home"] img.brand__mark').waitFor({ timeout: 30_000 });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  test('shows the brand title from preInfo, in a zh-CN document', async () => {
    const title = preInfo.siteBaseConfig.title;
    expect(title.length).toBeGreaterThan(0);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await heading.waitFor({ state: 'visible' });
    expect(await heading.isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await page.waitForFunction((t) => document.title === t, title);
    expect(await page.title()).toBe(title);
  });

  test('the header carries the brand logo image (no English logo text) and the section navigation', async () => {
    const header = page.locator('.site-header');
    expect(await header.locator('img.brand__mark').getAttribute('src')).toBe(preInfo.siteBaseConfig.theme.logoUrl);
    expect(await header.innerText()).not.toContain(preInfo.siteBaseConfig.theme.logoText);
    const nav = page.getByRole('navigation', { name: '主导航' });
    const navText = await nav.innerText();
    for (const label of ['首页', '体育', '真人', '棋牌', '电子', '电竞', '彩票', '捕鱼', '优惠', '赞助', '手机应用', '客服']) {
      expect(navText).toContain(label);
    }
    expect(await nav.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBe('page');
  });

  test('the preInfo call carries the client headers', async () => {
    expect(preInfoRequests.length).toBeGreaterThan(0);
    const request = preInfoRequests[0]!;
    expect(request.method()).toBe('POST');
    const headers = await request.allHeaders();
    const storage = await context.storageState();
    const storedUuid = storage.origins.find((o) => o.origin === server.baseUrl)?.localStorage.find((e) => e.name === 'uuid')?.value;
    expect(storedUuid).toBeTruthy();
    expect(headers['x-client']).toBe('web');
    expect(headers['x-client-version']).toBe('1.0.0');
    // The site id header is optional on preInfo (the server resolves the brand from the host).
    expect([undefined, '7000']).toContain(headers['x-site-id']);
    expect(headers['x-lang']).toBe('zh-CN');
    expect(headers['x-uuid']).toBe(storedUuid);
    expect(headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(headers.token).toBeUndefined();
  });

  test('the brand colour reaches the stylesheet', async () => {
    // A string expression: this tsconfig has no DOM lib, and the page is not this process anyway.
    const brand = await page.evaluate<string>("document.documentElement.style.getPropertyValue('--brand')");
    expect(brand).toBe(preInfo.siteBaseConfig.theme.primaryColor);
  });

  test('a deep link marks its section in the nav', async () => {
    const other = await context.newPage();
    try {
      await other.goto(`${server.baseUrl}/game/sport`, { waitUntil: 'domcontentloaded' });
      await other.locator('.frame[data-route="sport"]').waitFor({ timeout: 30_000 });
      const nav = other.getByRole('navigation', { name: '主导航' });
      expect(await nav.getByRole('link', { name: '体育' }).getAttribute('aria-current')).toBe('page');
      expect(await nav.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBeNull();
    } finally {
      await other.close();
    }
  });

  test('the banner from navigationList shows in its fixed frame and links inside the app; nothing shifted (CLS 0)', async () => {
    // The operator's banner rotates with the brand's seeded ones (messages/seed.ts): every one links inside the app.
    const slides = page.locator('[data-testid="home-banner"] a.home-banner__slide');
    await slides.first().waitFor({ timeout: 30_000 });
    const links = await slides.evaluateAll((all) => all.map((a) => [a.getAttribute('href'), a.getAttribute('target')]));
    expect(links.map(([href]) => href)).toContain('/activity/discount');
    for (const [href, target] of links) {
      expect(href).toMatch(/^\/activity\//);
      expect(target).toBeNull();
    }
    // The first slide's picture (eager) is drawn; the others load lazily as they come (polled from outside the page: no eval under its CSP).
    await expect
      .poll(
        () =>
          page.evaluate<boolean>(
            '((l) => l.length > 0 && l.every((i) => i.complete && i.naturalWidth > 0))([...document.querySelectorAll(\'.home-banner__img[loading="eager"]\')])',
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    const frame = await page.locator('[data-testid="home-banner"]').boundingBox();
    expect(frame && Math.round(frame.width / frame.height)).toBe(2);
    // Layout shifts recorded since the load (buffered): the banner arriving must not move anything.
    const shifts = JSON.parse(
      await page.evaluate<string>(`new Promise((resolve) => {
      const out = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) out.push({ value: e.value, at: Math.round(e.startTime), sources: e.sources.map((x) => (x.node && x.node.className) || '?') });
      }).observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => resolve(JSON.stringify(out)), 300);
    })`),
    ) as { value: number; at: number; sources: string[] }[];
    // Lighthouse shows CLS to 3 decimals: below 0.0005 is its 0. (Once, under load, a shift of 1.7e-5 was recorded; its source was not identified.)
    const cls = shifts.reduce((sum, e) => sum + e.value, 0);
    expect(cls, JSON.stringify(shifts)).toBeLessThan(0.0005);
  });

  test('on a slow link the first paint already carries the site (brand, flags): the header and hero never move', async () => {
    // 300 ms per request: the header was painted with the defaults, then the site's title and edition switch
    // arrived and moved the header and the hero (CLS 0.0076, seen in CI under load). The first paint waits for
    // preInfo now (apps/web/src/main.tsx).
    const slow = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    try {
      const p = await slow.newPage();
      const cdp = await slow.newCDPSession(p);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 300,
        downloadThroughput: 4_000_000,
        uploadThroughput: 1_000_000,
      });
      await p.addInitScript(`window.__shifts = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput)
        window.__shifts.push({ value: e.value, at: Math.round(e.startTime), sources: e.sources.map((x) => (x.node && x.node.className) || '?') }); })
        .observe({ type: 'layout-shift', buffered: true });`);
      await p.goto(`${server.baseUrl}/`, { waitUntil: 'load' });
      await p.locator('.edition-switch').waitFor({ timeout: 30_000 });
      await p.locator('[data-testid="home-banner"] a.home-banner__slide').first().waitFor({ timeout: 30_000 });
      await p.waitForTimeout(1_500);
      const shifts = JSON.parse(await p.evaluate<string>('JSON.stringify(window.__shifts)')) as { value: number }[];
      expect(
        shifts.reduce((sum, e) => sum + e.value, 0),
        JSON.stringify(shifts),
      ).toBeLessThan(0.0005);
    } finally {
      await slow.close();
    }
  });

  test('renders without script errors, screenshot at 1920x1080', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'home.png'), fullPage: false });
    expect(pageErrors).toEqual([]);
  });
});
