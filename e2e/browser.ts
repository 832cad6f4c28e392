/**
 * Debian's Chromium driven by playwright-core (no downloaded browser builds).
 *
 * Missing browser: under CI (CI=true) that is a failure, so a green CI run always means the browser
 * tests ran; on a developer machine the browser suites are skipped with the reason printed.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { beforeEach, describe, test } from 'vitest';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

export const isCi = process.env.CI === 'true' || process.env.CI === '1';

/** Why the browser tests cannot run here, or null when they can. */
export function chromiumMissingReason(): string | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  return `${CHROMIUM_PATH} not found; install it with \`apt-get update && apt-get install -y chromium\``;
}

/**
 * `describe` for suites that need the browser. Without Chromium: under CI the suite is one failing
 * test that names the problem; elsewhere it is skipped and the reason is printed.
 */
export function describeInBrowser(name: string, body: () => void): void {
  const reason = chromiumMissingReason();
  if (reason === null) {
    describe(name, () => {
      // A failed try leaves a picture of every open page (e2e/screenshots/failed-*.png): a flake is seen, not guessed.
      beforeEach((ctx) => {
        ctx.onTestFailed(async () => {
          const slug = `${ctx.task.name.replace(/[^\w]+/g, '-').slice(0, 60)}-try${ctx.task.result?.retryCount ?? 0}`;
          await screenshotOpenPages(`failed-${slug}`);
        });
      });
      body();
    });
  } else if (isCi) {
    describe(name, () => {
      test('Chromium is installed (required when CI=true)', () => {
        throw new Error(`CI=true but ${reason}`);
      });
    });
  } else {
    console.warn(`[e2e] "${name}" skipped: ${reason}`);
    describe.skip(name, body);
  }
}

const launched = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

async function screenshotOpenPages(prefix: string): Promise<void> {
  const dir = join(import.meta.dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  let n = 0;
  for (const browser of launched) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        const path = join(dir, `${prefix}-${n++}.png`);
        await page.screenshot({ path, timeout: 5_000 }).then(
          () => console.warn(`[e2e] failed: ${path}`),
          () => undefined,
        );
      }
    }
  }
}

/**
 * Waits until no antd dialog is moving. A dialog zooms in (and a second one, the captcha, over the first);
 * on a loaded machine Playwright's "stable" check can pass mid-zoom and a click lands where the target is
 * not yet — it misses (a flake seen twice in auth.e2e: the login button and the captcha's switch link).
 * Endless animations (spinners) are not movement.
 */
export async function modalsStill(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.ant-modal-root')].every((d) =>
        d.getAnimations({ subtree: true }).every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      ),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Opens an antd dropdown with `trigger` and clicks its menu item `item`. The menu zooms in: a click
 * while it is still moving (a loaded machine passes Playwright's "stable" check mid-animation) lands on
 * whatever is under the final position, e.g. the header's register button, and the menu closes. So
 * wait for the dropdown's animations to end before clicking, and start over (closing anything the
 * stray click opened) when the click still did not take.
 */
export async function chooseFromDropdown(page: Page, trigger: Locator, item: string | RegExp, done: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await trigger.click({ timeout: 10_000 });
      const entry = page.getByRole('menuitem', { name: item });
      await entry.waitFor({ state: 'visible', timeout: 10_000 });
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('.ant-dropdown')].every((d) =>
            d.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'),
          ),
        undefined,
        { timeout: 10_000 },
      );
      await entry.click({ timeout: 10_000 });
      await done();
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await page.keyboard.press('Escape');
      await page
        .locator('.ant-modal-wrap')
        .waitFor({ state: 'hidden', timeout: 5_000 })
        .catch(() => undefined);
    }
  }
}
