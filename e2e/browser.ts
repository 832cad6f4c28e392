/**
 * Debian's Chromium driven by playwright-core (no downloaded browser builds).
 *
 * Missing browser: under CI (CI=true) that is a failure, so a green CI run always means the browser
 * tests ran; on a developer machine the browser suites are skipped with the reason printed.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe, test } from 'vitest';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
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
    describe(name, body);
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
