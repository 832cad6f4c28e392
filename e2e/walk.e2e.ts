/**
 * The browser walk: every page of the route table a visitor opens and every page a member opens, on
 * both demo brands (7000 翡翠湾 at 127.0.0.1, 7001 蓝鲸 at bluewhale.localhost) in both languages, at 1920×1080.
 * A page fails the walk on a simplified character in zh-TW, an English word a player reads, an address of this
 * machine or a `.invalid` one (text, links, sources, QR payloads), any 4xx/5xx answer, console error or page error.
 * The member has a history (a paid deposit, a venue transfer, a bank card, a feedback, a service-desk message).
 * Issue 29: it opens the house game pages, and fails on a home page naming a game the catalogue lacks, internal ids
 * or dotted keys in record text, a page address carrying a token, and a page opened scrolled down where the last
 * one was left (e2e/walkChecks.ts).
 * Screenshots: e2e/screenshots/walk-<brand>-<lang>-<page>.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import { describeInBrowser, launchBrowser } from './browser.ts';
import { ApiClient, closeSuite, memberContext } from './members.ts';
import { REPO_ROOT, startServer, type RunningServer } from './server.ts';
import {
  activeMember,
  BRANDS,
  memberPages,
  openInApp,
  pageFaults,
  promotionsOf,
  settle,
  visitorPages,
  watch,
  type Brand,
  type Lang,
  type MemberData,
  type Promotion,
  type WalkPage,
} from './walkKit.ts';
import { addressFaults, catalogueNames, promiseFaults, recordFaults, scrollDown, scrollFault } from './walkChecks.ts';

const SHOTS = join(REPO_ROOT, 'e2e/screenshots');
const LANGS: Lang[] = ['zh-CN', 'zh-TW'];

let server: RunningServer;
let browser: Browser;
const members = new Map<string, { session: { token: string; userId: string; name: string }; data: MemberData }>();
const promotions = new Map<string, Promotion[]>();
/** Each brand's game names (both languages): what a page may promise. */
const catalogues = new Map<string, string[]>();

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  // A member per brand and language: each walk has its own session.
  for (const [n, brand] of BRANDS.entries()) {
    const api = new ApiClient(server.baseUrl, brand.site);
    for (const [k, lang] of LANGS.entries()) members.set(`${brand.site} ${lang}`, await activeMember(api, server.baseUrl, n * 2 + k));
    promotions.set(brand.site, await promotionsOf(api));
    catalogues.set(brand.site, await catalogueNames(api));
  }
}, 120_000);

afterAll(() => closeSuite(browser, server));

/** Walks `pages` in one tab of `context` (the first by loading, the rest in-app); answers every fault found. */
async function walk(
  context: BrowserContext,
  brand: Brand,
  lang: Lang,
  who: 'visitor' | 'member',
  pages: WalkPage[],
  own: string[],
  memberId = '',
): Promise<string[]> {
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  const faults: string[] = [];
  let current = 'start';
  const { inflight } = watch(page, faults, () => `${who} ${current}`);
  await page.goto(`http://${brand.host}:${server.port}/`, { waitUntil: 'load' });
  await settle(page, inflight);
  const shown = await page.locator('html').getAttribute('lang');
  if (shown !== lang) faults.push(`${who}: the page is in ${shown}, not ${lang}`);
  // The member's walk is a member's: their name in the header, before and after (a session lost midway walks a visitor's pages).
  // Whichever shows first — the name (member/info answered) or the login button (the session ended) — with no time
  // budget of its own (a slow answer keeps the member signed in and is retried; the test's timeout bounds it).
  const signedIn = () => {
    const shows = (selector: ReturnType<typeof page.locator>, what: string) =>
      selector.waitFor({ timeout: 0 }).then(
        () => what,
        () => 'closed',
      );
    const name = page.locator('header').getByText(own[0]!).first();
    return Promise.race([shows(name, 'member'), shows(page.locator('header .guest-area__login'), 'visitor')]).then((w) => w === 'member');
  };
  if (who === 'member' && !(await signedIn())) faults.push(`member: not signed in at the start`);
  for (const [name, path] of pages) {
    current = name;
    // Left at its bottom: the next page must open at its top.
    const scrolled = await scrollDown(page);
    const from = new URL(page.url()).pathname;
    await openInApp(page, path, inflight, name !== 'loading');
    const at = `${who} ${name} ${path}`;
    faults.push(...(await pageFaults(page, lang, own)).map((f) => `${at}: ${f}`));
    faults.push(...addressFaults(page).map((f) => `${at}: ${f}`));
    if (new URL(page.url()).pathname !== from) faults.push(...(await scrollFault(page, scrolled)).map((f) => `${at}: ${f}`));
    if (name === 'home') faults.push(...(await promiseFaults(page, catalogues.get(brand.site)!)).map((f) => `${at}: ${f}`));
    if (name === 'mine-transRecord') faults.push(...(await recordFaults(page, memberId)).map((f) => `${at}: ${f}`));
    if (name === 'mine-betRecord')
      for (const tab of lang === 'zh-TW' ? ['電子', '真人'] : ['电子', '真人']) {
        await page.getByTestId('record-categories').getByText(tab, { exact: true }).click();
        await settle(page, inflight);
        faults.push(...(await recordFaults(page, memberId)).map((f) => `${at} ${tab}: ${f}`));
        await page.screenshot({ path: join(SHOTS, `walk-${brand.name}-${lang}-${who}-${name}-${tab}.png`) });
      }
    await page.screenshot({ path: join(SHOTS, `walk-${brand.name}-${lang}-${who}-${name}.png`) });
  }
  if (who === 'member' && !(await signedIn())) faults.push(`member: signed out by the end of the walk`);
  await context.close();
  if (faults.length) console.warn(`[walk] ${brand.name} ${lang} ${who}:\n${faults.join('\n')}`);
  return faults;
}

describeInBrowser('the walk: every visitor and member page, both brands, both languages', () => {
  // One walk at a time, its visitor's tab and member's tab side by side. (All four at once on a loaded 2-core machine
  // started the members' tabs signed out; one at a time they stay signed in.)
  const cases = BRANDS.flatMap((brand) => LANGS.map((lang): [string, Lang, Brand] => [brand.name, lang, brand]));
  // About a minute each on a machine busy with other suites.
  test.for(cases)('%s in %s', { timeout: 300_000 }, async ([, lang, brand], { expect }) => {
    const member = members.get(`${brand.site} ${lang}`)!;
    const promos = promotions.get(brand.site)!;
    const visitor = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: lang });
    const context = await memberContext(browser, member.session, { locale: lang });
    const walks = await Promise.all([
      walk(visitor, brand, lang, 'visitor', visitorPages(brand, promos), []),
      walk(context, brand, lang, 'member', memberPages(member.data, promos), member.data.own, member.session.userId),
    ]);
    expect(walks.flat()).toEqual([]);
  });
});
