/**
 * The phone part of `npm run bench:web` (issue 30). Against the real built server (as bench/lighthouse.mjs starts it):
 *   - the home route's JavaScript on a phone: Chromium emulating a 390 × 844 phone (touch, a phone's user agent) opens
 *     `/`, every script it loads until the network is quiet is summed at gzip level 9 (target ≤ 200 KB);
 *   - Lighthouse's mobile preset (its default: a mid-range phone, slow 4G, 4× CPU slowdown), performance and
 *     accessibility, on home, the sportsbook and a slot, each opened by a signed-in member (targets ≥ 90 and ≥ 95).
 */
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { HOST, apiClient, freePort, loadContract, startServer, stopServer, workDir } from './lib.mjs';

const TARGET_JS_KB = 200;
const TARGET_PERF = 90;
const TARGET_A11Y = 95;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};
const PAGES = [
  ['home', '/'],
  ['sport', '/game/sport/crty'],
  ['slot', '/dz/game?enName=CRDZ&gameCode=H5001'],
];
const kb = (n) => (n / 1024).toFixed(1);

/** The JS the home route loads on an emulated phone, gzip level 9, per file. */
async function homeJsOnPhone(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return;
      scripts.push(r.body().then((b) => ({ file: new URL(r.url()).pathname, gzip: gzipSync(b, { level: 9 }).length })));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

export async function runPhone() {
  const port = await freePort();
  const work = workDir('portal-bench-phone-');
  const server = await startServer({
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: `${work}/data`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  });
  const base = `http://${HOST}:${port}`;
  try {
    const files = await homeJsOnPhone(`${base}/`);
    const total = files.reduce((s, f) => s + f.gzip, 0);
    console.log(`\nPhone (390 × 844, touch, mobile user agent): JS the home route loads`);
    for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.file.padEnd(48)} ${kb(f.gzip).padStart(7)} KB gzip`);
    console.log(`  JS gzip: ${kb(total)} KB  (target ≤ ${TARGET_JS_KB} KB: ${total / 1024 <= TARGET_JS_KB ? 'MET' : 'NOT MET'})`);

    // A member, signed in in the browser Lighthouse drives (its storage is kept between the runs).
    const C = await loadContract(work);
    const member = await apiClient(C, base).createMember(7000);
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
      logLevel: 'silent',
    });
    try {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await cdp.contexts()[0].newPage();
      await page.goto(`${base}/loading`);
      await page.evaluate(
        ([t, u]) => (localStorage.setItem('token', t), localStorage.setItem('userId', u)),
        [member.token, String(member.userId)],
      );
      await page.close();
      console.log(`\nLighthouse, mobile preset (${CHROMIUM}), a signed-in member:`);
      for (const [name, path] of PAGES) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) {
          console.log(`  ${name.padEnd(6)} no result (${lhr?.runtimeError?.code ?? 'none'})`);
          continue;
        }
        const perf = Math.round((lhr.categories.performance.score ?? 0) * 100);
        const a11y = Math.round((lhr.categories.accessibility.score ?? 0) * 100);
        const lcp = lhr.audits['largest-contentful-paint']?.displayValue ?? '';
        const tbt = lhr.audits['total-blocking-time']?.displayValue ?? '';
        console.log(
          `  ${name.padEnd(6)} performance ${String(perf).padStart(3)} (≥ ${TARGET_PERF}: ${perf >= TARGET_PERF ? 'MET' : 'NOT MET'})  accessibility ${String(a11y).padStart(3)} (≥ ${TARGET_A11Y}: ${a11y >= TARGET_A11Y ? 'MET' : 'NOT MET'})  LCP ${lcp}  TBT ${tbt}`,
        );
        const failed = Object.values(lhr.audits).filter(
          (a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0),
        );
        if (failed.length) console.log(`         accessibility failures: ${failed.map((a) => a.id).join(', ')}`);
      }
      await cdp.close();
    } finally {
      await chrome.kill();
    }
  } finally {
    await stopServer(server);
  }
}
