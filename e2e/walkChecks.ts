/**
 * The walk's checks (e2e/walk.e2e.ts): a page promising games the catalogue lacks, internal ids or
 * dotted keys in record text, a page address carrying a token, a scroll position kept across a navigation.
 */
import type { Page } from 'playwright-core';
import type { ApiClient } from './members.ts';

/** Game names and kinds a lobby might promise; a page may name one only when the brand's catalogue has it. */
const PROMISES = [
  '真人荷官',
  '斗地主',
  '麻将',
  '牛牛',
  '德州扑克',
  '英雄联盟',
  'DOTA2',
  'CS2',
  '王者荣耀',
  '时时彩',
  'PK10',
  '六合彩',
  '捕鱼',
  '联机',
];
/** The same in zh-TW. */
const PROMISES_TW = [
  '真人荷官',
  '鬥地主',
  '麻將',
  '牛牛',
  '德州撲克',
  '英雄聯盟',
  'DOTA2',
  'CS2',
  '王者榮耀',
  '時時彩',
  'PK10',
  '六合彩',
  '捕魚',
  '連線',
];

/** The word for a kind of game, by the catalogue's category, in both languages. */
const KIND_WORDS: Record<string, readonly string[]> = { BY: ['捕鱼', '捕魚'] };

/** Every game name the brand lists (both languages), from its catalogue, and the kinds its games are. */
export async function catalogueNames(api: ApiClient): Promise<string[]> {
  const r = await api.call<{ list: { names: Record<string, string>; category?: string }[] }>('/game/api/v1/gameList', {
    pageNum: 1,
    pageSize: 100,
  });
  if (r.status_code !== 6000) throw new Error(`gameList: ${r.message}`);
  // A kind of game is kept when the catalogue has a game of it (the fishing halls are named 浅海新手厅 …, not 捕鱼).
  return r.data.list.flatMap((g) => [...Object.values(g.names), ...(KIND_WORDS[g.category ?? ''] ?? [])]);
}

/**
 * The home page's promises: each category tile names only games of the catalogue, and no text on the page (banners,
 * hero, tiles) names a game or kind the catalogue lacks.
 */
export async function promiseFaults(page: Page, names: readonly string[]): Promise<string[]> {
  const faults: string[] = [];
  const tiles = await page.locator('[data-testid^="category-"][data-testid$="-desc"]').allInnerTexts();
  const ids = await page
    .locator('[data-testid^="category-"][data-testid$="-desc"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  tiles.forEach((line, i) => {
    if (ids[i] === 'category-TY-desc') return; // the sportsbook's line describes the book
    for (const name of line.split(' · ').filter((n) => n.trim() !== ''))
      if (!names.includes(name.trim())) faults.push(`tile ${ids[i]} names "${name}", which the catalogue lacks`);
  });
  // The page's own content (the header's sections are the spec's navigation); the tables say 非真人荷官 of themselves.
  const text = (await page.locator('#main').innerText()).replaceAll('非真人荷官', '');
  const alts = await page.locator('img[alt]').evaluateAll((els) => els.map((e) => e.getAttribute('alt') ?? ''));
  for (const word of [...PROMISES, ...PROMISES_TW])
    if ([text, ...alts].some((t) => t.includes(word)) && !names.some((n) => n.includes(word)))
      faults.push(`promises "${word}", which the catalogue lacks`);
  return faults;
}

/** Record pages (交易记录, 投注记录): no dotted keys, no aggregator-prefixed ids, no member id. */
export async function recordFaults(page: Page, memberId: string): Promise<string[]> {
  const text = await page.locator('#main').innerText();
  const faults: string[] = [];
  for (const m of text.matchAll(/\b[a-z]+(?:\.[a-z_]+)+\b/g)) faults.push(`dotted key "${m[0]}"`);
  for (const m of text.matchAll(/\b[A-Z][A-Z0-9_]*:[A-Za-z0-9_-]+/g)) faults.push(`internal id "${m[0]}"`);
  if (memberId && text.includes(memberId)) faults.push(`the member's internal id ${memberId}`);
  return faults;
}

/** The page's address (and its frames') carries no token: a one-time code at most. */
export function addressFaults(page: Page): string[] {
  return [page.url(), ...page.frames().map((f) => f.url())]
    .map((u) => decodeURIComponent(u))
    .filter((u) => /[?&](token|access_token|session)=/i.test(u))
    .map((u) => `the address carries a token: ${u.slice(0, 160)}`);
}

/** Scrolls the page to its bottom before a navigation; answers how far it went (0: nothing to scroll). */
export function scrollDown(page: Page): Promise<number> {
  return page.evaluate(() => {
    window.scrollTo({ top: document.documentElement.scrollHeight, left: 0, behavior: 'instant' });
    return window.scrollY;
  });
}

/** After a navigation to another page: it opens at its top (given a moment to render on a busy machine). */
export async function scrollFault(page: Page, before: number): Promise<string[]> {
  if (before === 0) return [];
  const top = await page
    .waitForFunction(() => window.scrollY === 0, null, { timeout: 5_000, polling: 100 })
    .then(
      () => true,
      () => false,
    );
  if (top) return [];
  const y = await page.evaluate(() => window.scrollY);
  return [`opened scrolled down at ${y}px (the last page was left at ${before}px)`];
}
